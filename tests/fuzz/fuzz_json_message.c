/* fuzz_json_message.c — parsing one protocol line as the server does:
 * refuse text nested deeper than the server's bound before parsing, then
 * jansson with JSON_REJECT_DUPLICATES, within the 64 KiB message limit.
 *
 * Properties (abort on violation): a parsed value survives a compact dump and
 * reparse (duplicates still rejected) unchanged; text that passed the depth check never parses into
 * a deeper value. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define MAX_MESSAGE 65536
#define MAX_DEPTH 64 /* server/net/conn.c: TG_NET_MAX_DEPTH */

/* The same scan as the server's: nesting counted outside strings. */
static bool too_deep(const char *s, size_t len)
{
	int depth = 0;
	bool in_string = false;
	for (size_t i = 0; i < len; i++) {
		char ch = s[i];
		if (in_string) {
			if (ch == '\\')
				i++;
			else if (ch == '"')
				in_string = false;
		} else if (ch == '"') {
			in_string = true;
		} else if (ch == '[' || ch == '{') {
			if (++depth > MAX_DEPTH)
				return true;
		} else if (ch == ']' || ch == '}') {
			depth--;
		}
	}
	return false;
}

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_MESSAGE)
		return 0;
	const char *line = (const char *)data;
	if (too_deep(line, size))
		return 0;
	json_error_t jerr;
	json_t *v = json_loadb(line, size, JSON_REJECT_DUPLICATES, &jerr);
	if (!v)
		return 0;
	if (depth_of(v) > MAX_DEPTH)
		abort();
	char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	if (!text)
		abort();
	json_t *again = json_loads(text, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
	if (!again || !json_equal(v, again))
		abort();
	free(text);
	json_decref(again);
	json_decref(v);
	return 0;
}
