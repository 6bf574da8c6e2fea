/* test_param_many.c — the terminal client's answer to a param of several
 * choices ("many": true, PROTOCOL.md "Actions and their params";
 * clients/cli/param_many.c): numbers separated by spaces or commas, "a" for
 * all, an empty line for none; the values sent in the choices' order, each
 * once; anything else refused. */
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
	return tap_done();
}
