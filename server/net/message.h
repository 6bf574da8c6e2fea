/* message.h — one framed line to one protocol message, exactly as every
 * connection parses it; kept apart from conn.c so that the fuzzer exercises
 * the server's own code (tests/fuzz/fuzz_json_message.c). */
#ifndef TG_NET_MESSAGE_H
#define TG_NET_MESSAGE_H

#include <jansson.h>
#include <stddef.h>

/* Deepest nesting of arrays/objects a message may have. */
#define TG_NET_MAX_DEPTH 64

/* A JSON object (caller owns it), or NULL with a sentence for the client in
 * why: too deeply nested (refused before the recursive parser sees it), not
 * JSON, a duplicate member name, or JSON that is not an object. */
json_t *tg_net_parse_message(const char *line, size_t len, char *why, size_t whylen);

/* The reader tg_net_parse_message tries first (issue 17): an object of
 * plain JSON only (strings of printable ASCII without escapes, integers of
 * up to 18 digits, true, false, null, objects, arrays; no duplicate key),
 * as json_loadb would make it, keys in the text's order; NULL for anything
 * else, which json_loadb then reads. No depth check of its own beyond
 * TG_NET_MAX_DEPTH. */
json_t *tg_net_parse_plain(const char *line, size_t len);

#endif
