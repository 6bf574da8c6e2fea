/* kit/offer.h: an entry {label, action, params} built member by member
 * (issue 17: json_pack read its format string again for every entry) is
 * byte for byte what json_pack built before: the same members in the same
 * order, the label cut at 255 bytes; and where json_pack failed (a label
 * that is not UTF-8, no action, no choices) nothing is appended. */
#include <stdlib.h>
#include <string.h>

#include "kit/offer.h"
#include "tap.h"

/* What tg_offer and tg_offer_choice appended with json_pack (before d6f683d). */
static json_t *packed(const char *label, json_t *action)
{
	return json_pack("{s:s,s:o,s:[]}", "label", label, "action", action, "params");
}
static json_t *packed_choice(const char *label, json_t *action, const char *param,
                             const char *param_label, json_t *choices)
{
	return json_pack("{s:s,s:o,s:[{s:s,s:s,s:o}]}", "label", label, "action", action, "params",
	                 "name", param, "label", param_label, "choices", choices);
}

static void same_text(const json_t *got, const json_t *want, const char *what)
{
	char *a = json_dumps(got, JSON_COMPACT), *b = json_dumps(want, JSON_COMPACT);
	CHECKF(a && b && strcmp(a, b) == 0, "%s: %s, want %s", what, a ? a : "(null)",
	       b ? b : "(null)");
	free(a);
	free(b);
}

int main(void)
{
	json_t *got = json_array(), *want = json_array();
	char long_label[400];
	memset(long_label, 'x', sizeof long_label - 1);
	long_label[sizeof long_label - 1] = '\0';
	tg_offer(got, json_pack("{s:s,s:i}", "type", "play", "card", 7), "Play card %d %s", 7,
	         "Grant \xc3\xa9");
	json_array_append_new(want, packed("Play card 7 Grant \xc3\xa9",
	                                   json_pack("{s:s,s:i}", "type", "play", "card", 7)));
	tg_offer(got, json_pack("{s:s}", "type", "pass"), "%s", long_label);
	char cut[256];
	memcpy(cut, long_label, sizeof cut - 1);
	cut[sizeof cut - 1] = '\0';
	json_array_append_new(want, packed(cut, json_pack("{s:s}", "type", "pass")));
	tg_offer_choice(got, json_pack("{s:s}", "type", "rail"), "to", "Destination",
	                json_pack("[{s:i,s:s}]", "value", 1203, "label", "Cairo"), "Rail %s",
	                "Grant");
	json_array_append_new(
	    want,
	    packed_choice("Rail Grant", json_pack("{s:s}", "type", "rail"), "to", "Destination",
	                  json_pack("[{s:i,s:s}]", "value", 1203, "label", "Cairo")));
	same_text(got, want, "entries");

	/* json_pack refused these: nothing appended (and nothing leaked) */
	size_t n = json_array_size(got);
	tg_offer(got, json_pack("{s:s}", "type", "bad"), "%s", "not UTF-8 \xff");
	tg_offer(got, NULL, "%s", "no action");
	tg_offer_choice(got, json_pack("{s:s}", "type", "x"), "to", "To", NULL, "no choices");
	tg_offer_choice(got, json_pack("{s:s}", "type", "x"), "to", "not UTF-8 \xfe", json_array(),
	                "a param label not UTF-8");
	tg_offer_choice(got, json_pack("{s:s}", "type", "x"), "to", "To", json_array(), "%s",
	                "not UTF-8 \xff");
	CHECKF(json_array_size(got) == n, "%zu entries appended where json_pack failed",
	       json_array_size(got) - n);
	json_decref(got);
	json_decref(want);
	return tap_done();
}
