/* kit/offer.h: an entry {label, action, params} built member by member
 * (issue 17: json_pack read its format string again for every entry) is
 * byte for byte what json_pack built before: the same members in the same
 * order, the label cut at 255 bytes; and where json_pack failed (a label
 * that is not UTF-8, no action, no choices) nothing is appended. The same
 * calls on a list written as text (tg_offers_text: the offers sent without
 * a tree) give exactly the bytes json_dumps gives for the tree, refused
 * entries, filters and strings to escape included. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_compact.h"
#include "json_random.h"
#include "kit/offer.h"
#include "kit/scratch.h"
#include "printf_random.h"
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

#define DUMP_FLAGS (JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY)

static void same_text(const json_t *got, const json_t *want, const char *what)
{
	char *a = json_dumps(got, DUMP_FLAGS), *b = json_dumps(want, DUMP_FLAGS);
	CHECKF(a && b && strcmp(a, b) == 0, "%s: %s, want %s", what, a ? a : "(null)",
	       b ? b : "(null)");
	free(a);
	free(b);
}

static bool not_decline(const char *type, const void *ctx)
{
	(void)ctx;
	return !type || strcmp(type, "decline") != 0;
}

static bool not_rail(const char *type, const void *ctx)
{
	(void)ctx;
	return !type || strcmp(type, "rail") != 0;
}

/* An entry of two params, the second by the first (tg_offer_begin ...
 * tg_offer_end), as Lincoln's War's rail move writes it; bad: a string of
 * it not UTF-8 in one place or another (1-4), refused. */
static void several(struct tg_offers *o, const char *label, int bad)
{
	struct tg_offer_list units, dests, by;
	tg_offer_list_open(o, &units);
	tg_offer_list_open(o, &dests);
	tg_offer_list_open(o, &by);
	tg_offer_list_choice(&units, "grant", "Ulysses S. Grant (2 stars)");
	tg_offer_list_choice(&units, bad == 1 ? "sherman \xff" : "sherman", NULL);
	tg_offer_list_add(&units, json_pack("{s:s,s:s}", "value", "x\"y", "label", "tab\t"));
	tg_offer_list_choice_int(&dests, 1203, "Cairo \"(1203)\"");
	tg_offer_list_choice_int(&dests, -7, NULL);
	tg_offer_list_choice_int(&dests, 805, bad == 2 ? "\xfe" : "Caf\xc3\xa9");
	int idx[] = {0, 2};
	tg_offer_list_by(&by, true, idx, 2);
	tg_offer_list_by(&by, false, idx, 0);
	tg_offer_list_by(&by, false, idx + 1, 1);
	tg_offer_begin(o, tg_act(o, "{s:s,s:b}", "type", "rail", "force", 1), label);
	tg_offer_param(o, "unit", bad == 3 ? "\xff" : "General", NULL, &units, NULL);
	tg_offer_param(o, "to", "Destination", bad == 4 ? "\xff" : "unit", &dests, &by);
	tg_offer_end(o);
}

/* The same entry as json_pack built it (before tg_offer_begin). */
static json_t *several_packed(const char *label)
{
	return json_pack(
	    "{s:s,s:{s:s,s:b},s:[{s:s,s:s,s:[{s:s,s:s},{s:s},{s:s,s:s}]},"
	    "{s:s,s:s,s:s,s:[{s:i,s:s},{s:i},{s:i,s:s}],s:[{s:[i,i]},{s:[]},{s:[i]}]}]}",
	    "label", label, "action", "type", "rail", "force", 1, "params", "name", "unit", "label",
	    "General", "choices", "value", "grant", "label", "Ulysses S. Grant (2 stars)", "value",
	    "sherman", "value", "x\"y", "label", "tab\t", "name", "to", "label", "Destination",
	    "by", "unit", "choices", "value", 1203, "label", "Cairo \"(1203)\"", "value", -7,
	    "value", 805, "label", "Caf\xc3\xa9", "choices_by", "only", 0, 2, "except", "except",
	    2);
}

/* One list's calls: every kind of entry, refused ones and a filter. */
static void calls(struct tg_offers *o, const char *long_label)
{
	tg_offer(o, json_pack("{s:s,s:i}", "type", "play", "card", 7), "Play card %d %s", 7,
	         "Grant \xc3\xa9");
	tg_offer(o, json_pack("{s:s}", "type", "pass"), "%s", long_label);
	tg_offer_choice(
	    o, json_pack("{s:s}", "type", "rail"), "to", "Destination",
	    json_pack("[{s:i,s:s},{s:i}]", "value", 1203, "label", "Cairo \"\\\t", "value", 609),
	    "Rail %s", "Grant");
	/* refused: nothing appended, in either form */
	tg_offer(o, json_pack("{s:s}", "type", "bad"), "%s", "not UTF-8 \xff");
	tg_offer(o, NULL, "%s", "no action");
	tg_offer_choice(o, json_pack("{s:s}", "type", "x"), "to", "To", NULL, "no choices");
	tg_offer_choice(o, json_pack("{s:s}", "type", "x"), "to", "not UTF-8 \xfe", json_array(),
	                "a param label not UTF-8");
	tg_offer_choice(o, json_pack("{s:s}", "type", "x"), "not UTF-8 \xfe", "To", json_array(),
	                "a param name not UTF-8");
	tg_offer_choice(o, json_pack("{s:s}", "type", "x"), "to", "To", json_array(), "%s",
	                "not UTF-8 \xff");
	tg_offer_labelled(o, json_pack("{s:s}", "type", "x"), NULL);
	tg_offer_entry(o, NULL);
	/* a label as it is, past 255 bytes; an entry built whole */
	tg_offer_labelled(o, json_pack("{s:s,s:b}", "type", "screen", "use", 1), long_label);
	tg_offer_entry(o, json_pack("{s:s,s:{s:s},s:[{s:s},{s:s}]}", "label", "Two \x01", "action",
	                            "type", "two", "params", "name", "a", "name", "b"));
	/* a filter on the action's type, then off again */
	struct tg_offers_keep was;
	tg_offers_filter(o, not_decline, NULL, &was);
	tg_offer(o, json_pack("{s:s}", "type", "decline"), "Decline");
	tg_offer(o, json_pack("{s:s}", "type", "advance"), "Advance");
	json_t *more =
	    json_pack("[{s:s,s:{s:s},s:[]},{s:s,s:{s:s},s:[]}]", "label", "D", "action", "type",
	              "decline", "params", "label", "S", "action", "type", "stay", "params");
	tg_offers_extend(o, more);
	tg_offers_unfilter(o, &was);
	tg_offers_extend(o, more);
	json_decref(more);
	tg_offer(o, json_pack("{s:s,s:f}", "type", "real", "x", 0.5), "A real %s", "\xe2\x82\xac");
	/* actions by tg_act: written as text where flat, json_pack's otherwise */
	tg_offer(o,
	         tg_act(o, "{s:s,s:i,s:b,s:s}", "type", "move", "to", -1203, "force", 1, "who",
	                "J\xc3\xa9"
	                "b \"\\\x7f"),
	         "Move");
	tg_offer(o, tg_act(o, " { s : s , s:b } ", "type", "x", "no", 0), "Spaced");
	tg_offer_choice(o, tg_act(o, "{s:s}", "type", "pick"), "to", "To",
	                json_pack("[{s:i}]", "value", 3), "Pick");
	tg_offer(o, tg_act(o, "{s:s,s:[i,i]}", "type", "list", "xs", 1, 2), "Not flat");
	/* flat as far as a member of another kind, or past the end */
	tg_offer(o, tg_act(o, "{s:s,s:o}", "type", "obj", "x", json_pack("{s:i}", "n", 1)),
	         "Not flat at its second member");
	tg_offer(o, tg_act(o, "{s:s}x", "type", "junk"), "Refused: json_pack's error");
	tg_offer(o, tg_act(o, "{s:s,s:i} ", "type", "sp", "n", 2), "A space after it");
	/* names and values to escape, or not ASCII */
	tg_offer(o, tg_act(o, "{s:s,s:s}", "type", "quoted", "who", "Grant \"U.S.\" \\ \t"),
	         "Escaped");
	tg_offer(o, tg_act(o, "{s:s,s:s}", "type", "quoted", "who", "\"U.S.\" Grant"), "Quoted");
	tg_offer(o, tg_act(o, "{s:s,s:i,s:s}", "type", "named", "n\xc3\xa9", 3, "t\x7fpe", "x"),
	         "Names not plain");
	tg_offer(o, tg_act(o, "{s:s,s:s}", "type", "bad", "x", "\xff"), "Refused: not UTF-8");
	tg_offer(o, tg_act(o, "{s:s,s:s}", "type", "bad", "x", NULL), "Refused: NULL");
	tg_offer(o, tg_act(o, "{s:s}", "type", "bad"), "%s", "Refused label \xff");
	tg_offer_choice(o, tg_act(o, "{s:s}", "type", "bad"), NULL, "To", json_array(), "No name");
	tg_offer_labelled(o, tg_act(o, "{s:s}", "type", "bad"), NULL);
	tg_offers_filter(o, not_decline, NULL, &was);
	tg_offer(o, tg_act(o, "{s:s,s:i}", "type", "decline", "n", 1), "Filtered");
	tg_offer(o, tg_act(o, "{s:i,s:s}", "n", 1, "type", "stay"), "Kept");
	tg_offer(o, tg_act(o, "{s:s,s:s}", "unit", "grant", "type", "decline"),
	         "Filtered: its type second");
	tg_offers_unfilter(o, &was);
	/* an entry only if its param has a choice (tg_offer_some) */
	tg_offer_some(o, tg_act(o, "{s:s}", "type", "none"), "to", "To", json_array(), "Empty");
	tg_offer_some(o, json_pack("{s:s}", "type", "none"), "to", "To", NULL, "No list");
	tg_offer_some(o, tg_act(o, "{s:s,s:s}", "type", "some", "to", "raid"), "column", "Column",
	              json_pack("[{s:i,s:s}]", "value", 2, "label", "RAID 3"), "Some %d", 1);
	/* entries of several params: one, four refused, one filtered out */
	several(o, "Rail a general and his force (9.1)", 0);
	for (int bad = 1; bad <= 4; bad++)
		several(o, "Refused", bad);
	several(o, "Refused \xff", 0);
	struct tg_offers_keep was2;
	tg_offers_filter(o, not_rail, NULL, &was2);
	several(o, "Filtered", 0);
	tg_offers_unfilter(o, &was2);
	several(o, "Again", 0);
}

/* tg_offer_some's entries (listed false: choices as json_pack built them)
 * or tg_offer_list_some's (listed: the same choices as a list), which
 * must be the same bytes in both forms (issue 17: Lincoln's War's
 * Administration wrote its purchases' choices as jansson arrays). */
static void some_calls(struct tg_offers *o, bool listed)
{
	struct tg_offer_list l;
	/* generals by id and name, one name to escape */
	if (listed) {
		tg_offer_list_open(o, &l);
		tg_offer_list_choice(&l, "grant", "Ulysses S. Grant");
		tg_offer_list_choice(&l, "lee", "Robert E. \"Bobby\" Lee");
		tg_offer_list_choice(&l, "tco-7", "TCO (2 stars) Caf\xc3\xa9");
		tg_offer_list_some(o, tg_act(o, "{s:s}", "type", "promote"), "general",
		                   "General to promote", &l,
		                   "Promote a general to %d stars for %d PC (7.1.%d)", 2, 2, 2);
	} else {
		tg_offer_some(o, tg_act(o, "{s:s}", "type", "promote"), "general",
		              "General to promote",
		              json_pack("[{s:s,s:s},{s:s,s:s},{s:s,s:s}]", "value", "grant",
		                        "label", "Ulysses S. Grant", "value", "lee", "label",
		                        "Robert E. \"Bobby\" Lee", "value", "tco-7", "label",
		                        "TCO (2 stars) Caf\xc3\xa9"),
		              "Promote a general to %d stars for %d PC (7.1.%d)", 2, 2, 2);
	}
	/* amounts without a label; hexes by number, a label with a tab */
	if (listed) {
		tg_offer_list_open(o, &l);
		for (int n = 1; n <= 3; n++)
			tg_offer_list_choice_int(&l, n, NULL);
		tg_offer_list_some(o, tg_act(o, "{s:s}", "type", "buy_csp"), "amount", "CSP to buy",
		                   &l, "Buy CSP for 1 PC each (7.1.6)");
		tg_offer_list_open(o, &l);
		tg_offer_list_choice_int(&l, 1203, "Cairo\t(1203)");
		tg_offer_list_choice_int(&l, -4, "RAID hex 1");
		tg_offer_list_some(o, tg_act(o, "{s:s,s:s}", "type", "buy_raider", "to", "port"),
		                   "hex", "Port", &l, "Buy a Raider for %d PC into a port (7.1.7)",
		                   3);
	} else {
		tg_offer_some(o, tg_act(o, "{s:s}", "type", "buy_csp"), "amount", "CSP to buy",
		              json_pack("[{s:i},{s:i},{s:i}]", "value", 1, "value", 2, "value", 3),
		              "Buy CSP for 1 PC each (7.1.6)");
		tg_offer_some(o, tg_act(o, "{s:s,s:s}", "type", "buy_raider", "to", "port"), "hex",
		              "Port",
		              json_pack("[{s:i,s:s},{s:i,s:s}]", "value", 1203, "label",
		                        "Cairo\t(1203)", "value", -4, "label", "RAID hex 1"),
		              "Buy a Raider for %d PC into a port (7.1.7)", 3);
	}
	/* nothing to choose, a label not UTF-8, a filtered type, no name:
	 * nothing appended */
	if (listed) {
		tg_offer_list_open(o, &l);
		tg_offer_list_some(o, tg_act(o, "{s:s}", "type", "draft"), "general", "General", &l,
		                   "Draft promotion to 2 stars (7.2, %d left)", 1);
		tg_offer_list_open(o, &l);
		tg_offer_list_choice_int(&l, 1, "x");
		tg_offer_list_some(o, tg_act(o, "{s:s}", "type", "bad"), "general", "General", &l,
		                   "%s", "not UTF-8 \xff");
		tg_offer_list_open(o, &l);
		tg_offer_list_choice_int(&l, 1, "x");
		tg_offer_list_some(o, tg_act(o, "{s:s}", "type", "bad"), NULL, "General", &l,
		                   "No name");
		tg_offer_list_open(o, &l);
		tg_offer_list_choice(&l, "grant", "Grant");
		struct tg_offers_keep was;
		tg_offers_filter(o, not_decline, NULL, &was);
		tg_offer_list_some(o, tg_act(o, "{s:s}", "type", "decline"), "general", "General",
		                   &l, "Filtered");
		tg_offers_unfilter(o, &was);
	} else {
		tg_offer_some(o, tg_act(o, "{s:s}", "type", "draft"), "general", "General",
		              json_array(), "Draft promotion to 2 stars (7.2, %d left)", 1);
	}
	/* the label cut at 255 bytes, as tg_offer_some's */
	char long_label[300];
	memset(long_label, 'y', sizeof long_label - 1);
	long_label[sizeof long_label - 1] = 0;
	if (listed) {
		tg_offer_list_open(o, &l);
		tg_offer_list_choice(&l, "a", NULL);
		tg_offer_list_some(o, tg_act(o, "{s:s}", "type", "long"), "p", "P", &l, "%s",
		                   long_label);
	} else {
		tg_offer_some(o, tg_act(o, "{s:s}", "type", "long"), "p", "P",
		              json_pack("[{s:s}]", "value", "a"), "%s", long_label);
	}
}

/* A list's refusals: a choice's label not UTF-8 refuses the entry (the
 * list failed), where tg_offer_some appended the entry without that
 * choice (json_pack's NULL not appended): a list is all or nothing. */
static void list_some_checks(void)
{
	json_t *tree = json_array(), *listed_tree = json_array();
	struct tg_offers a, b, c;
	tg_offers_tree(&a, tree);
	some_calls(&a, false);
	CHECK_EQ_INT(tg_offers_close(&a), 0);
	CHECK_EQ_INT((int)a.n, 4);
	tg_offers_tree(&b, listed_tree);
	some_calls(&b, true);
	CHECK_EQ_INT(tg_offers_close(&b), 0);
	same_text(listed_tree, tree, "tg_offer_list_some's entries, tree form");
	struct tg_text t = {0};
	tg_text_put(&t, "x", 1); /* written after text already there */
	tg_offers_text(&c, &t);
	some_calls(&c, true);
	CHECK_EQ_INT(tg_offers_close(&c), 0);
	char *dump = json_dumps(tree, DUMP_FLAGS);
	CHECKF(dump && t.p && strcmp(t.p + 1, dump) == 0, "tg_offer_list_some's text %s, want %s",
	       t.p ? t.p + 1 : "(null)", dump ? dump : "(null)");
	CHECK_EQ_INT((int)c.n, 4);
	free(dump);
	free(t.p);
	json_decref(tree);
	json_decref(listed_tree);

	/* a choice refused: the whole entry refused, in both forms */
	for (int text = 0; text <= 1; text++) {
		json_t *arr = json_array();
		struct tg_text tt = {0};
		struct tg_offers o;
		if (text)
			tg_offers_text(&o, &tt);
		else
			tg_offers_tree(&o, arr);
		struct tg_offer_list l;
		tg_offer_list_open(&o, &l);
		tg_offer_list_choice(&l, "grant", "Grant");
		tg_offer_list_choice(&l, "lee", "Lee \xff");
		tg_offer_list_some(&o, tg_act(&o, "{s:s}", "type", "promote"), "general", "General",
		                   &l, "Promote");
		CHECK_EQ_INT(tg_offers_close(&o), 0);
		CHECKF(o.n == 0 && json_array_size(arr) == 0 && (!text || strcmp(tt.p, "[]") == 0),
		       "%s form: an entry of a refused choice appended", text ? "text" : "tree");
		free(tt.p);
		json_decref(arr);
	}
	tg_scratch_release();
}

/* ---- a label is printf's text of its format ------------------------------ */

/* tg_offer's and tg_offer_choice's labels against vsnprintf's, in both
 * forms: the same text, or no entry when vsnprintf's is not UTF-8. The
 * formats and arguments: printf_random.h (with test_kit_text_format). */
static void labels_as_printf(void)
{
	static const char *const lits[] = {"Take card ", " as your last card (10.7.3.1)",
	                                   "%%",         "100%% ",
	                                   "\"\\\t\x01", "\xc3\xa9\xe2\x82\xac",
	                                   ": ",         "(",
	                                   ")",          ""};
	json_random_seed(27);
	for (int round = 0; round < 3000; round++) {
		char fmt[1024], want[256];
		bool other;
		printf_random_format(fmt, sizeof fmt, lits, sizeof lits / sizeof *lits, 4, &other);
		struct printf_random_args a;
		printf_random_args(&a);
		const char *s1 = a.s1, *s2 = a.s2;
		int d1 = a.d1, d2 = a.d2;
		printf_want(want, sizeof want, fmt, s1, d1, s2, d2);
		char got[256];
		memset(got, 'z', sizeof got);
		CHECKF(tg_label(got, fmt, s1, d1, s2, d2) == got && strcmp(got, want) == 0,
		       "format \"%s\": tg_label %s, want %s", fmt, got, want);
		bool choice = round % 4 == 3;
		json_t *want_l = json_array(), *label = json_string(want);
		if (label)
			json_array_append_new(
			    want_l, choice
			                ? packed_choice(want, json_pack("{s:s}", "type", "x"), "to",
			                                "To", json_pack("[{s:i}]", "value", 1))
			                : packed(want, json_pack("{s:s}", "type", "x")));
		json_decref(label);
		json_t *tree = json_array();
		struct tg_offers o;
		struct tg_text t = {0};
		for (int form = 0; form < 2; form++) {
			if (form == 0)
				tg_offers_tree(&o, tree);
			else
				tg_offers_text(&o, &t);
			if (choice)
				tg_offer_choice(&o, tg_act(&o, "{s:s}", "type", "x"), "to", "To",
				                json_pack("[{s:i}]", "value", 1), fmt, s1, d1, s2,
				                d2);
			else
				tg_offer(&o, tg_act(&o, "{s:s}", "type", "x"), fmt, s1, d1, s2, d2);
			CHECK_EQ_INT(tg_offers_close(&o), 0);
		}
		char *w = json_dumps(want_l, DUMP_FLAGS), *g = json_dumps(tree, DUMP_FLAGS);
		CHECKF(w && g && strcmp(g, w) == 0, "format \"%s\": tree %s, want %s", fmt,
		       g ? g : "(null)", w ? w : "(null)");
		CHECKF(w && t.p && strcmp(t.p, w) == 0, "format \"%s\": text %s, want %s", fmt,
		       t.p ? t.p : "(null)", w ? w : "(null)");
		free(w);
		free(g);
		free(t.p);
		json_decref(tree);
		json_decref(want_l);
	}
	/* %c of 0: vsnprintf's label ends at the NUL it writes */
	char want[256];
	printf_want(want, sizeof want, "a%cb %s", 0, "x");
	json_t *tree = json_array();
	struct tg_offers o;
	tg_offers_tree(&o, tree);
	tg_offer(&o, json_pack("{s:s}", "type", "x"), "a%cb %s", 0, "x");
	CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(tree, 0), "label")), want);
	json_decref(tree);
	tg_scratch_release();
}

int main(void)
{
	json_t *got = json_array(), *want = json_array();
	char long_label[400];
	memset(long_label, 'x', sizeof long_label - 1);
	long_label[sizeof long_label - 1] = '\0';
	struct tg_offers o;
	tg_offers_tree(&o, got);
	tg_offer(&o, json_pack("{s:s,s:i}", "type", "play", "card", 7), "Play card %d %s", 7,
	         "Grant \xc3\xa9");
	json_array_append_new(want, packed("Play card 7 Grant \xc3\xa9",
	                                   json_pack("{s:s,s:i}", "type", "play", "card", 7)));
	tg_offer(&o, json_pack("{s:s}", "type", "pass"), "%s", long_label);
	char cut[256];
	memcpy(cut, long_label, sizeof cut - 1);
	cut[sizeof cut - 1] = '\0';
	json_array_append_new(want, packed(cut, json_pack("{s:s}", "type", "pass")));
	tg_offer_choice(&o, json_pack("{s:s}", "type", "rail"), "to", "Destination",
	                json_pack("[{s:i,s:s}]", "value", 1203, "label", "Cairo"), "Rail %s",
	                "Grant");
	json_array_append_new(
	    want,
	    packed_choice("Rail Grant", json_pack("{s:s}", "type", "rail"), "to", "Destination",
	                  json_pack("[{s:i,s:s}]", "value", 1203, "label", "Cairo")));
	same_text(got, want, "entries");
	CHECK_EQ_INT((int)o.n, 3);

	/* json_pack refused these: nothing appended (and nothing leaked) */
	size_t n = json_array_size(got);
	tg_offer(&o, json_pack("{s:s}", "type", "bad"), "%s", "not UTF-8 \xff");
	tg_offer(&o, NULL, "%s", "no action");
	tg_offer_choice(&o, json_pack("{s:s}", "type", "x"), "to", "To", NULL, "no choices");
	tg_offer_choice(&o, json_pack("{s:s}", "type", "x"), "to", "not UTF-8 \xfe", json_array(),
	                "a param label not UTF-8");
	tg_offer_choice(&o, json_pack("{s:s}", "type", "x"), "to", "To", json_array(), "%s",
	                "not UTF-8 \xff");
	CHECKF(json_array_size(got) == n, "%zu entries appended where json_pack failed",
	       json_array_size(got) - n);

	/* tg_offer_some: nothing for no choices, else tg_offer_choice's entry */
	tg_offer_some(&o, json_pack("{s:s}", "type", "x"), "to", "To", json_array(), "empty");
	tg_offer_some(&o, json_pack("{s:s}", "type", "x"), "to", "To", NULL, "none");
	CHECKF(json_array_size(got) == n, "%zu entries offered without a choice",
	       json_array_size(got) - n);
	tg_offer_some(&o, json_pack("{s:s}", "type", "buy"), "amount", "Amount",
	              json_pack("[{s:i}]", "value", 1), "Buy %s", "CSP");
	json_array_append_new(want,
	                      packed_choice("Buy CSP", json_pack("{s:s}", "type", "buy"), "amount",
	                                    "Amount", json_pack("[{s:i}]", "value", 1)));
	same_text(got, want, "tg_offer_some's entry");
	/* an entry of several params: json_pack's tree; refused, nothing */
	several(&o, "Rail \xc3\xa9", 0);
	for (int bad = 1; bad <= 4; bad++)
		several(&o, "Refused", bad);
	json_array_append_new(want, several_packed("Rail \xc3\xa9"));
	same_text(got, want, "an entry of several params");
	CHECK_EQ_INT(tg_offers_close(&o), 0);
	json_decref(got);
	json_decref(want);

	/* the text form: the tree's bytes, entry for entry */
	json_t *tree = json_array();
	struct tg_offers a, b;
	tg_offers_tree(&a, tree);
	calls(&a, long_label);
	CHECK_EQ_INT(tg_offers_close(&a), 0);
	struct tg_text t = {0};
	tg_text_put(&t, "x", 1); /* written after text already there */
	tg_offers_text(&b, &t);
	calls(&b, long_label);
	CHECK_EQ_INT(tg_offers_close(&b), 0);
	char *dump = json_dumps(tree, DUMP_FLAGS);
	CHECKF(dump && t.p && strcmp(t.p + 1, dump) == 0, "text %s, want %s",
	       t.p ? t.p + 1 : "(null)", dump ? dump : "(null)");
	CHECK_EQ_INT((int)a.n, (int)json_array_size(tree));
	CHECK_EQ_INT((int)b.n, (int)a.n);
	CHECK_EQ_INT((int)a.n, 23);
	free(dump);
	free(t.p);
	json_decref(tree);

	/* the text form's lists are written in this thread's kept buffers
	 * (scratch.h): one given back by tg_offer_param is the next list's */
	const void *kept = tg_scratch_peek(TG_SCRATCH_LIST0);
	CHECKF(kept != NULL, "no list buffer kept after the text form's entries");
	struct tg_text lt = {0};
	tg_offers_text(&b, &lt);
	struct tg_offer_list l1, l2;
	tg_offer_list_open(&b, &l1);
	tg_offer_list_open(&b, &l2);
	CHECKF(l1.t.p == kept, "the first list open is not on the kept buffer");
	CHECKF(l2.t.p && l2.t.p != l1.t.p, "two open lists share a buffer");
	CHECKF(tg_scratch_peek(TG_SCRATCH_LIST0) == NULL, "the taken buffer is still kept");
	tg_offer_list_choice_int(&l1, 3, NULL);
	tg_offer_list_free(&l1);
	CHECKF(tg_scratch_peek(TG_SCRATCH_LIST0) == kept, "the freed list's buffer not kept again");
	tg_offer_list_open(&b, &l1);
	CHECKF(l1.t.p == kept && strcmp(l1.t.p, "[") == 0, "a reopened list %s",
	       l1.t.p ? l1.t.p : "(null)");
	tg_offer_list_free(&l1);
	tg_offer_list_free(&l2);
	CHECK_EQ_INT(tg_offers_close(&b), 0);
	free(lt.p);
	tg_scratch_release();

	/* an empty list */
	struct tg_text e = {0};
	tg_offers_text(&b, &e);
	CHECK_EQ_INT(tg_offers_close(&b), 0);
	CHECKF(e.p && strcmp(e.p, "[]") == 0, "empty list %s", e.p ? e.p : "(null)");
	free(e.p);

	list_some_checks();
	labels_as_printf();
	return tap_done();
}
