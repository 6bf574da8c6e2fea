/* fuzz_json_message.c — the server's own line parser (server/net/message.c):
 * text nested deeper than its bound is refused before parsing, then jansson
 * with JSON_REJECT_DUPLICATES, within the 64 KiB message limit.
 *
 * Properties (abort on violation): a parsed value survives a compact dump and
 * reparse (duplicates still rejected) unchanged; an accepted message is an
 * object no deeper than the bound; every refusal has a sentence; the plain
 * reader tried first (tg_net_parse_plain) accepts only what json_loadb
 * accepts, as an equal tree; an opened message's "action" text, when the
 * reader gives one (tg_net_message_text: the log row stores it), is that
 * value's compact dump byte for byte. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json_compact.h"
#include "net/message.h"

#define MAX_MESSAGE 65536

static int depth_of(const json_t *v)
{
	int max = 0;
	size_t i;
	const char *k;
	json_t *c;
	if (json_is_array(v)) {
		json_array_foreach(v, i, c)
		{
			int d = depth_of(c);
			max = d > max ? d : max;
		}
		return max + 1;
	}
	if (json_is_object(v)) {
		json_object_foreach((json_t *)v, k, c)
		{
			int d = depth_of(c);
			max = d > max ? d : max;
		}
		return max + 1;
	}
	return 0;
}

/* The plain reader (tg_net_parse_plain, the loop's fast path) against
 * jansson itself: whatever the plain reader accepts, json_loadb with the
 * server's flags accepts as an equal tree, and the message parser answers
 * with that tree; whatever jansson refuses, the plain reader refuses. */
static void plain_agrees(const char *line, size_t size, const json_t *parsed)
{
	json_t *plain = tg_net_parse_plain(line, size);
	json_error_t jerr;
	json_t *ref = json_loadb(line, size, JSON_REJECT_DUPLICATES, &jerr);
	if (plain && (!ref || !json_equal(plain, ref) || !parsed || !json_equal(plain, parsed)))
		abort();
	if (!ref && plain)
		abort();
	json_decref(plain);
	json_decref(ref);
}

/* The text kept for the action's log row is what the store would have
 * written for the value (tg_json_compact_append). */
static void action_text_agrees(const char *line, size_t size)
{
	char why[256];
	unsigned token = 0;
	json_t *j = tg_net_message_open(line, size, why, sizeof why, &token);
	if (!j)
		return;
	const json_t *action = json_object_get(j, "action");
	size_t len = 0;
	const char *text = tg_net_message_text(action, &len);
	if (text) {
		struct tg_text t = {0};
		if (tg_json_compact_append(&t, action) != 0 || t.n != len ||
		    memcmp(t.p, text, len) != 0)
			abort();
		free(t.p);
	}
	tg_net_message_close(j, token);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_MESSAGE)
		return 0;
	const char *line = (const char *)data;
	action_text_agrees(line, size);
	char why[256];
	json_t *v = tg_net_parse_message(line, size, why, sizeof why);
	plain_agrees(line, size, v);
	if (!v) {
		if (!why[0])
			abort(); /* every refusal carries a sentence for the client */
		return 0;
	}
	if (!json_is_object(v) || depth_of(v) > TG_NET_MAX_DEPTH)
		abort();
	char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	if (!text)
		abort();
	json_error_t jerr;
	json_t *again = json_loads(text, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
	if (!again || !json_equal(v, again))
		abort();
	free(text);
	json_decref(again);
	json_decref(v);
	return 0;
}
