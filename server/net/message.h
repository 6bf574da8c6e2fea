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

/* A message read for the loop (issue 17, session 29): its tree's blocks
 * come from this thread's jansson region (games/kit/json_arena.h), not
 * malloc, and are dropped at once when the message is closed, not freed
 * node by node. tg_net_message_open parses as tg_net_parse_message and
 * leaves the region paused while the caller handles the message: what the
 * handling makes is malloc's, so it may outlive the message; no part of
 * the tree may (a value kept is copied, as the queued lines' ids are;
 * under ASan a kept node is a use after free or a bad free). On NULL the
 * region is already closed. tg_net_message_close takes the tree (NULL
 * too) and closes the region. Without the region installed (json_arena =
 * 0) it is the parse and a json_decref. */
json_t *tg_net_message_open(const char *line, size_t len, char *why, size_t whylen,
                            unsigned *token);
void tg_net_message_close(json_t *msg, unsigned token);

/* The text of the open message's top-level "action" member (value is that
 * member, json_object_get's), exactly as the line holds it, when that text
 * is what tg_json_compact_append writes for the value: the plain reader
 * read the whole message, and the value's text has no space and no -0.
 * NULL otherwise, for any other value (a copy of it too), and once the
 * message is closed. The action's log row stores this text instead of
 * serialising the tree again (issue 17, session 31: 1.2 K instructions an
 * act on the loop). Valid until tg_net_message_close. */
const char *tg_net_message_text(const json_t *value, size_t *len);

/* The reader tg_net_parse_message tries first (issue 17): an object of
 * plain JSON only (strings of printable ASCII without escapes, integers of
 * up to 18 digits, true, false, null, objects, arrays; no duplicate key),
 * as json_loadb would make it, keys in the text's order; NULL for anything
 * else, which json_loadb then reads. No depth check of its own beyond
 * TG_NET_MAX_DEPTH. */
json_t *tg_net_parse_plain(const char *line, size_t len);

#endif
