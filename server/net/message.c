#include "message.h"

#include <stdbool.h>
#include <stdio.h>

/* Nesting depth of the JSON text, counted outside strings: refuses deep
 * documents before the recursive parser sees them. */
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
			if (++depth > TG_NET_MAX_DEPTH)
				return true;
		} else if (ch == ']' || ch == '}') {
			depth--;
		}
	}
	return false;
}

json_t *tg_net_parse_message(const char *line, size_t len, char *why, size_t whylen)
{
	if (too_deep(line, len)) {
		snprintf(why, whylen, "JSON nested deeper than %d levels", TG_NET_MAX_DEPTH);
		return NULL;
	}
	json_error_t jerr;
	json_t *j = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!j) {
		snprintf(why, whylen, "not valid JSON at byte %d: %s", jerr.position, jerr.text);
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		snprintf(why, whylen, "a message must be a JSON object");
		return NULL;
	}
	return j;
}
