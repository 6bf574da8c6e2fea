/* test_param_many.c — the terminal client's answer to a param of several
 * choices ("many": true, PROTOCOL.md "Actions and their params";
 * clients/cli/param_many.c): numbers separated by spaces or commas, "a" for
 * all, an empty line for none; the values sent in the choices' order, each
 * once; anything else refused. And the choices open of a param "by"
 * another (param_open_choices, which the menu numbers). */
#include <stdlib.h>
#include <string.h>

#include "param_many.h"
#include "tap.h"

static void expect(const json_t *choices, const char *line, const char *want)
{
	json_t *v = param_many_pick(choices, line);
	char *got = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
	if (want)
		CHECKF(got && !strcmp(got, want), "\"%s\": got %s, want %s", line,
		       got ? got : "NULL", want);
	else
		CHECKF(!got, "\"%s\": got %s, want NULL", line, got ? got : "NULL");
	free(got);
	json_decref(v);
}

int main(void)
{
	json_t *choices = json_pack("[{s:s,s:s},{s:s,s:s},{s:i,s:s}]", "value", "johnson_inf",
	                            "label", "Johnson Infantry", "value", "anderson_art", "label",
	                            "Anderson Artillery", "value", 7, "label", "seven");
	expect(choices, "", "[]");
	expect(choices, "   ", "[]");
	expect(choices, "2", "[\"anderson_art\"]");
	expect(choices, "3 1", "[\"johnson_inf\",7]");
	expect(choices, "1,3,1", "[\"johnson_inf\",7]");
	expect(choices, " 2 , 1 ", "[\"johnson_inf\",\"anderson_art\"]");
	expect(choices, "a", "[\"johnson_inf\",\"anderson_art\",7]");
	expect(choices, "A ", "[\"johnson_inf\",\"anderson_art\",7]");
	expect(choices, "0", NULL);
	expect(choices, "4", NULL);
	expect(choices, "1 x", NULL);
	expect(choices, "1.2", NULL);
	expect(choices, "all", NULL);
	expect(choices, "-1", NULL);
	json_t *none = json_array();
	expect(none, "", "[]");
	expect(none, "1", NULL);
	json_decref(none);
	json_decref(choices);

	/* a param "by" another (PROTOCOL.md): the choices the other's value
	 * opens, "only" these indices or "except" them; every choice where it
	 * depends on none; none when the other's value is none of its own */
	json_error_t e;
	json_t *params = json_loads(
	    "[{\"name\":\"unit\",\"choices\":[{\"value\":\"grant\"},{\"value\":\"lee\"},"
	    "{\"value\":\"pope\"}]},"
	    "{\"name\":\"to\",\"by\":\"unit\",\"choices\":[{\"value\":102},{\"value\":203},"
	    "{\"value\":304},{\"value\":405}],"
	    "\"choices_by\":[{\"except\":[]},{\"only\":[1,3]},{\"except\":[0,2]}]}]",
	    0, &e);
	if (!CHECKF(params != NULL, "%s", e.text))
		return tap_done();
	const json_t *unit = json_array_get(params, 0), *to = json_array_get(params, 1);
	size_t idx[8];
	const char *units[] = {"grant", "lee", "pope", "hood"};
	const char *want[] = {"0123", "13", "13", ""};
	for (int u = 0; u < 4; u++) {
		json_t *a = json_pack("{s:s}", "unit", units[u]);
		size_t m = param_open_choices(params, to, a, idx);
		char got[8] = "";
		for (size_t k = 0; k < m && k < 7; k++)
			got[k] = (char)('0' + idx[k]);
		CHECKF(strcmp(got, want[u]) == 0, "%s: open %s, want %s", units[u], got, want[u]);
		json_decref(a);
	}
	json_t *a = json_object();
	CHECK_EQ_INT((int)param_open_choices(params, unit, a, idx), 3);
	json_decref(a);
	json_decref(params);
	return tap_done();
}
