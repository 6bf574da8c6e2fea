/* test_net_message.c — the server's line parser (server/net/message.c) reads
 * plain messages without jansson's reader, and everything else exactly as
 * jansson did (issue 17: json_loadb cost the loop about 20,000
 * instructions for an act of 85 bytes).
 *
 *   - the messages a client sends in play (act, open, login, ping, with
 *     integers, strings, nested objects and arrays, spaces) are read
 *     without json_loadb (wrapped at link time and counted), into the same
 *     tree: the compact dump of what json_loadb makes of the text, keys in
 *     the text's order;
 *   - the edge cases of the plain reader (a duplicate key, a leading zero,
 *     a real, 18 and 19 digits, -0, a word run on, text after the object,
 *     escapes, UTF-8, a NUL byte, a top-level array) give what the old
 *     parser gave: the same tree, or NULL with the same sentence;
 *   - random trees of every kind of value (json_random.h), dumped compact
 *     and indented, then each mutated (a byte changed, cut short, a byte
 *     doubled): the parser and the old one agree on every text;
 *   - a message opened for the loop (tg_net_message_open, issue 17) is
 *     read into the thread's jansson region, one job a message: the tree
 *     is the same, what is made while it is open is malloc's and outlives
 *     its close (under ASan a block of the region used or freed after
 *     the close is reported), a text that is not a message closes the
 *     region at once. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/kit/json_arena.h"
#include "json_compact.h"
#include "json_random.h"
#include "net/message.h"
#include "tap.h"

json_t *__real_json_loadb(const char *buffer, size_t buflen, size_t flags, json_error_t *error);
static long loadb_calls;
json_t *__wrap_json_loadb(const char *buffer, size_t buflen, size_t flags, json_error_t *error)
{
	loadb_calls++;
	return __real_json_loadb(buffer, buflen, flags, error);
}

/* The parser before issue 17's reader: jansson alone (the depth check is
 * the same code in both and is left out: no text here is that deep). */
static json_t *old_parse(const char *line, size_t len, char *why, size_t whylen)
{
	json_error_t jerr;
	json_t *j = __real_json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
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

/* Whether both parsers give the same for text: the same compact dump (so
 * the same keys in the same order), or both NULL with the same sentence. */
static bool same_as_old(const char *text, size_t len)
{
	char why_new[256] = "", why_old[256] = "";
	json_t *a = tg_net_parse_message(text, len, why_new, sizeof why_new);
	json_t *b = old_parse(text, len, why_old, sizeof why_old);
	bool same;
	if (!a || !b) {
		same = !a && !b && strcmp(why_new, why_old) == 0;
	} else {
		char *da = json_dumps(a, JSON_COMPACT | JSON_ENCODE_ANY);
		char *db = json_dumps(b, JSON_COMPACT | JSON_ENCODE_ANY);
		same = da && db && strcmp(da, db) == 0 && json_equal(a, b);
		free(da);
		free(db);
	}
	json_decref(a);
	json_decref(b);
	return same;
}

static const char *const plain_msgs[] = {
    ("{\"op\":\"act\",\"match\":17,\"seq\":233,\"action\":{\"type\":\"move\",\"unit\":"
     "\"US-3\",\"to\":\"H0703\"},\"id\":4021}"),
    "{\"op\":\"act\",\"match\":1,\"seq\":0,\"action\":{\"type\":\"pass\"}}",
    "{\"op\":\"open\",\"match\":9,\"since\":120,\"since_chat\":0,\"id\":\"r-1\"}",
    "{\"op\":\"login\",\"user\":\"grant\",\"password\":\"hunter2 hunter2\",\"id\":1}",
    "{\"op\":\"ping\"}",
    "{}",
    " { \"op\" : \"act\" , \"match\" : -5 , \"x\" : [ 1 , [ ] , { } , true , false , null ] } ",
    "{\"a\":[\"x\",\"y\"],\"b\":{\"c\":{\"d\":[0,-0,123456789012345678,-123456789012345678]}}}",
    "{\"\":\"\",\"k\":\"!#$%&'()*+,-./:;<=>?@[]^_`{|}~\"}",
    "\t{\"op\":\"ping\"}\r",
};

/* Texts the plain reader must leave to jansson, or refuse with jansson's
 * sentence. */
static const char *const edge_msgs[] = {
    "{\"a\":1,\"a\":2}",
    "{\"a\":{\"b\":1,\"b\":1}}",
    "{\"n\":012}",
    "{\"n\":-012}",
    "{\"n\":1.5}",
    "{\"n\":1e3}",
    "{\"n\":2E-1}",
    "{\"n\":1234567890123456789}",
    "{\"n\":9223372036854775807}",
    "{\"n\":92233720368547758070}",
    "{\"n\":-}",
    "{\"n\":+1}",
    "{\"n\":1x}",
    "{\"t\":truex}",
    "{\"t\":nul}",
    "{\"t\":nulls}",
    "{\"t\":True}",
    "{\"op\":\"ping\"} x",
    "{\"op\":\"ping\"}{}",
    "{\"s\":\"a\\nb\"}",
    "{\"s\":\"\\u00e9\"}",
    "{\"s\":\"\xc3\xa9\"}",
    "{\"s\":\"\xc3\"}",
    "{\"s\":\"\x7f\"}",
    "{\"s\":\"\x01\"}",
    "{\"s\":\"tab\there\"}",
    "{\"a\":1,}",
    "{\"a\":1 \"b\":2}",
    "{\"a\" 1}",
    "{a:1}",
    "{\"a\":[1,]}",
    "{\"a\":[1 2]}",
    "{\"a\":",
    "{\"a\":\"",
    "{",
    "",
    "   ",
    "[1,2]",
    "\"op\"",
    "17",
    "null",
};

static long random_case(const json_t *v)
{
	static const size_t flags[] = {JSON_COMPACT, JSON_INDENT(1),
	                               JSON_COMPACT | JSON_ENSURE_ASCII};
	json_t *msg = json_is_object(v) ? json_incref((json_t *)v) : json_pack("{s:O}", "v", v);
	bool ok = true;
	for (size_t f = 0; f < sizeof flags / sizeof *flags; f++) {
		char *text = json_dumps(msg, flags[f] | JSON_ENCODE_ANY);
		if (!text)
			continue;
		size_t len = strlen(text);
		ok = ok && same_as_old(text, len);
		/* mutated: a byte changed, the text cut short, a byte doubled */
		static const char swaps[] = "{}[]\":,0-9.e\\ ta\x01\xc3";
		for (int m = 0; m < 4 && len; m++) {
			char *t = malloc(len + 2);
			memcpy(t, text, len + 1);
			size_t at = json_random_below((uint32_t)len);
			switch (json_random_below(3)) {
			case 0:
				t[at] = swaps[json_random_below(sizeof swaps - 1)];
				ok = ok && same_as_old(t, len);
				break;
			case 1:
				ok = ok && same_as_old(t, at);
				break;
			default:
				memmove(t + at + 1, t + at, len - at + 1);
				ok = ok && same_as_old(t, len + 1);
			}
			free(t);
		}
		free(text);
	}
	json_decref(msg);
	return ok;
}

static void opened_for_the_loop(void)
{
	tg_json_arena_install();
	static const char act[] = "{\"op\":\"act\",\"match\":7,\"seq\":12,\"action\":"
	                          "{\"type\":\"move\",\"params\":[\"a\",3]}}";
	struct tg_json_arena_stats st0, st;
	tg_json_arena_stats(&st0);
	char why[256] = "";
	unsigned token = 0;
	json_t *j = tg_net_message_open(act, sizeof act - 1, why, sizeof why, &token);
	CHECK(j != NULL);
	tg_json_arena_stats(&st);
	CHECKF(st.jobs == st0.jobs + 1, "a message is one job of the region (%lu jobs)",
	       st.jobs - st0.jobs);
	json_t *old = __real_json_loadb(act, sizeof act - 1, 0, NULL);
	CHECK(json_equal(j, old));
	json_decref(old);
	/* the handling makes what outlives the message */
	json_t *reply = json_pack("{s:s,s:O}", "op", "ok", "seq", json_object_get(j, "seq"));
	json_t *id = json_deep_copy(json_object_get(j, "match"));
	json_object_del(reply, "seq");
	tg_net_message_close(j, token);
	tg_json_arena_stats(&st);
	CHECKF(st.peak > 0, "the message's tree took %zu bytes of the region", st.peak);
	CHECK_EQ_INT(json_integer_value(id), 7);
	char *text = json_dumps(reply, JSON_COMPACT);
	CHECK_EQ_STR(text, "{\"op\":\"ok\"}");
	free(text); /* made outside the job: malloc's */
	json_decref(reply);
	json_decref(id);
	/* not a message: the region closed already, the next value malloc's */
	j = tg_net_message_open("[1]", 3, why, sizeof why, &token);
	CHECK(j == NULL);
	CHECK_EQ_STR(why, "a message must be a JSON object");
	json_t *after = json_string("after");
	char *t2 = json_dumps(after, JSON_ENCODE_ANY);
	CHECK_EQ_STR(t2, "\"after\"");
	free(t2); /* a bad free were the region still open */
	json_decref(after);
	tg_json_arena_release();
}

/* The compact dump the store writes (tg_json_compact_append) equals the
 * text given for value, if any; *given counts the texts given. */
static bool text_is_dump(const json_t *value, const char *line, size_t n, long *given)
{
	size_t len = 0;
	const char *text = tg_net_message_text(value, &len);
	if (!text)
		return true;
	++*given;
	struct tg_text t = {0};
	bool same = tg_json_compact_append(&t, value) == 0 && t.n == len &&
	            memcmp(t.p, text, len) == 0 && text >= line && text + len <= line + n;
	free(t.p);
	return same;
}

static void action_text_kept(void)
{
	static const struct {
		const char *msg;
		bool kept;
	} cases[] = {
	    {"{\"op\":\"act\",\"match\":7,\"seq\":12,\"action\":{\"type\":\"move\",\"params\":"
	     "[\"a\",3,-4,true,false,null,{},[]],\"o\":{\"k\":\"!#$%&'()*+,-./:;<=>?@[]^_`{|}~\"}},"
	     "\"id\":5}",
	     true},
	    {"{\"action\":{\"type\":\"pass\"},\"op\":\"act\"}", true},
	    {" { \"op\" : \"act\" , \"action\" : {\"type\":\"pass\"} , \"id\" : 1 } ", true},
	    {"{\"op\":\"act\",\"action\":\"pass\"}", true},
	    {"{\"op\":\"act\",\"action\":{\"type\": \"pass\"}}", false},
	    {"{\"op\":\"act\",\"action\":{\"type\":\"pass\" }}", false},
	    {"{\"op\":\"act\",\"action\":{\"n\":[1,\t2]}}", false},
	    {"{\"op\":\"act\",\"action\":{\"n\":-0}}", false},
	    {"{\"op\":\"act\",\"action\":{\"n\":[0,{\"m\":-0}]}}", false},
	    {"{\"op\":\"act\",\"action\":{\"n\":1.5}}", false},
	    {"{\"op\":\"act\",\"action\":{\"s\":\"\\u00e9\"}}", false},
	    {"{\"op\":\"act\",\"action\":{\"s\":\"\xc3\xa9\"}}", false},
	    {"{\"op\":\"act\",\"x\":{\"action\":{\"n\":1}}}", false},
	    {"{\"op\":\"act\",\"action\":{\"n\":1},\"action\":{\"n\":1}}", false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *line = cases[i].msg;
		size_t n = strlen(line);
		char why[256] = "";
		unsigned token = 0;
		json_t *j = tg_net_message_open(line, n, why, sizeof why, &token);
		json_t *action = json_object_get(j, "action");
		json_t *inner = json_object_get(json_object_get(j, "x"), "action");
		size_t len = 0;
		const char *text = tg_net_message_text(action ? action : inner, &len);
		CHECKF((text != NULL) == cases[i].kept, "%s: text %s", line,
		       text ? "given" : "not given");
		long given = 0;
		CHECKF(text_is_dump(action, line, n, &given), "%s: the text is the dump", line);
		json_t *copy = json_deep_copy(action);
		CHECKF(!copy || tg_net_message_text(copy, &len) == NULL, "%s: a copy has no text",
		       line);
		json_decref(copy);
		tg_net_message_close(j, token);
	}
	/* closed: the next message's action has its own text or none */
	static const char kept[] = "{\"op\":\"act\",\"action\":{\"n\":1}}",
	                  loose[] = "{\"op\":\"act\",\"action\":{\"n\": 1}}";
	unsigned token = 0;
	char why[256];
	size_t len = 0;
	json_t *a = tg_net_message_open(kept, sizeof kept - 1, why, sizeof why, &token);
	CHECK(tg_net_message_text(json_object_get(a, "action"), &len) != NULL);
	tg_net_message_close(a, token);
	json_t *b = tg_net_message_open(loose, sizeof loose - 1, why, sizeof why, &token);
	CHECK(tg_net_message_text(json_object_get(b, "action"), &len) == NULL);
	tg_net_message_close(b, token);
	/* parsed, not opened: no text */
	json_t *c = tg_net_parse_message(kept, sizeof kept - 1, why, sizeof why);
	CHECK(tg_net_message_text(json_object_get(c, "action"), &len) == NULL);
	json_decref(c);
}

static long random_given, random_checked;

/* A random tree as a message's action, dumped compact and indented: any
 * text given is the tree's compact dump. */
static long random_action(const json_t *v)
{
	static const size_t flags[] = {JSON_COMPACT, JSON_INDENT(1),
	                               JSON_COMPACT | JSON_ENSURE_ASCII};
	json_t *msg = json_pack("{s:s,s:O}", "op", "act", "action", v);
	bool ok = msg != NULL;
	for (size_t f = 0; ok && f < sizeof flags / sizeof *flags; f++) {
		char *text = json_dumps(msg, flags[f]);
		if (!text)
			continue;
		size_t n = strlen(text);
		char why[256];
		unsigned token = 0;
		json_t *j = tg_net_message_open(text, n, why, sizeof why, &token);
		if (j) {
			random_checked++;
			ok = text_is_dump(json_object_get(j, "action"), text, n, &random_given);
			tg_net_message_close(j, token);
		}
		free(text);
	}
	json_decref(msg);
	return ok;
}

int main(void)
{
	for (size_t i = 0; i < sizeof plain_msgs / sizeof *plain_msgs; i++) {
		const char *m = plain_msgs[i];
		char why[256] = "";
		loadb_calls = 0;
		json_t *j = tg_net_parse_message(m, strlen(m), why, sizeof why);
		CHECKF(j != NULL, "parsed: %s", m);
		CHECKF(loadb_calls == 0, "json_loadb called %ld times for %s", loadb_calls, m);
		json_decref(j);
		CHECKF(same_as_old(m, strlen(m)), "as before: %s", m);
	}

	for (size_t i = 0; i < sizeof edge_msgs / sizeof *edge_msgs; i++) {
		const char *m = edge_msgs[i];
		CHECKF(same_as_old(m, strlen(m)), "as before: %s", m);
	}
	/* a NUL byte inside a string, and one outside */
	static const char nul_in[] = "{\"s\":\"a\0b\"}", nul_out[] = "{\"s\":1}\0";
	CHECK(same_as_old(nul_in, sizeof nul_in - 1));
	CHECK(same_as_old(nul_out, sizeof nul_out - 1));
	/* 18 digits are read here, 19 are jansson's */
	json_t *eighteen = tg_net_parse_plain("{\"n\":999999999999999999}", 24);
	CHECK(eighteen != NULL);
	json_decref(eighteen);
	CHECK(tg_net_parse_plain("{\"n\":1000000000000000000}", 25) == NULL);

	/* Nesting: the plain reader reads objects up to its depth; deeper
	 * text gets the depth's sentence before jansson sees it (the depth is
	 * counted only for what the plain reader gives up on), and brackets in
	 * a string are not nesting. */
	for (int k = TG_NET_MAX_DEPTH - 1; k <= TG_NET_MAX_DEPTH + 1; k++) {
		char text[8 * (TG_NET_MAX_DEPTH + 2)], why[256] = "";
		size_t len = 0;
		for (int d = 0; d < k; d++)
			len += (size_t)snprintf(text + len, sizeof text - len, "{\"a\":");
		text[len++] = '1';
		for (int d = 0; d < k; d++)
			text[len++] = '}';
		loadb_calls = 0;
		json_t *j = tg_net_parse_message(text, len, why, sizeof why);
		if (k < TG_NET_MAX_DEPTH)
			CHECKF(j && loadb_calls == 0, "%d levels read by the plain reader", k);
		else if (k == TG_NET_MAX_DEPTH)
			CHECKF(j && loadb_calls == 1,
			       "%d levels: a value at the last level is jansson's", k);
		else
			CHECKF(!j && loadb_calls == 0 && strstr(why, "deeper"),
			       "%d levels refused before jansson: %s", k, why);
		json_decref(j);
	}
	char brackets[2 * TG_NET_MAX_DEPTH + 16] = "{\"s\":\"";
	size_t blen = strlen(brackets);
	for (int d = 0; d <= TG_NET_MAX_DEPTH; d++)
		brackets[blen++] = d % 2 ? '{' : '[';
	memcpy(brackets + blen, "\"}", 3);
	loadb_calls = 0;
	char bwhy[256] = "";
	json_t *bj = tg_net_parse_message(brackets, strlen(brackets), bwhy, sizeof bwhy);
	CHECKF(bj && loadb_calls == 0, "brackets in a string are not nesting: %s", bwhy);
	json_decref(bj);
	/* a duplicate key whose first value was a container, inside and out */
	static const char dup_outer[] = "{\"a\":{\"b\":[1]},\"a\":1}",
	                  dup_inner[] = "{\"x\":{\"a\":[],\"b\":2,\"a\":[]}}";
	CHECK(tg_net_parse_plain(dup_outer, strlen(dup_outer)) == NULL);
	CHECK(same_as_old(dup_outer, strlen(dup_outer)));
	CHECK(tg_net_parse_plain(dup_inner, strlen(dup_inner)) == NULL);

	json_random_seed(24);
	long n = 3000, ok = json_random_trees(n, random_case);
	CHECKF(ok == n, "%ld of %ld random trees and their mutations parsed as before", ok, n);
	opened_for_the_loop();
	action_text_kept();
	json_random_seed(31);
	long na = 2000, oka = json_random_trees(na, random_action);
	CHECKF(oka == na, "%ld of %ld random actions' texts are their compact dumps", oka, na);
	CHECKF(random_given > 0 && random_given < random_checked,
	       "texts given for some random actions, not all (%ld of %ld)", random_given,
	       random_checked);
	return tap_done();
}
