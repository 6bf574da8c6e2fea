/* mail_in_choose (server/core/mail_in.c): the action an email reply names
 * among the view's actions, one number per param in order (issue 17: an
 * entry offered as a product of choices has several params, N.K.L; a
 * "many" param's choices as 1+3, none as 0; a param "by" another, one of
 * the choices the other's chosen one opens). */
#include <string.h>

#include "core/mail_in.h"
#include "tap.h"

static json_t *acts;
static char why[300];

/* The compact text of the action the line names, or NULL. */
static char *chosen(const char *line)
{
	const char *label = NULL;
	why[0] = 0;
	json_t *a = mail_in_choose(acts, line, why, sizeof why, &label);
	if (!a)
		return NULL;
	char *t = json_dumps(a, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(a);
	return t;
}

static void expect(const char *line, const char *want)
{
	char *got = chosen(line);
	if (want)
		CHECKF(got && strcmp(got, want) == 0, "%s: %s, want %s (%s)", line,
		       got ? got : "NULL", want, why);
	else
		CHECKF(!got && why[0], "%s: %s, want a refusal", line, got ? got : "NULL");
	free(got);
}

int main(void)
{
	json_error_t e;
	acts = json_loads(
	    "[{\"label\":\"Pass\",\"action\":{\"type\":\"pass\"},\"params\":[]},"
	    "{\"label\":\"Rail\",\"action\":{\"type\":\"rail\"},\"params\":["
	    " {\"name\":\"to\",\"label\":\"Destination\",\"choices\":[{\"value\":102,\"label\":"
	    "\"A\"},"
	    "  {\"value\":203,\"label\":\"B\"}]}]},"
	    "{\"label\":\"Rail two\",\"action\":{\"type\":\"rail\"},\"params\":["
	    " {\"name\":\"unit\",\"label\":\"General\",\"choices\":[{\"value\":\"grant\",\"label\":"
	    "\"G\"},"
	    "  {\"value\":\"lee\",\"label\":\"L\"},{\"value\":\"pope\",\"label\":\"P\"}]},"
	    " {\"name\":\"to\",\"label\":\"Destination\",\"choices\":[{\"value\":102,\"label\":"
	    "\"A\"},"
	    "  {\"value\":203,\"label\":\"B\"}]}]},"
	    "{\"label\":\"Assault\",\"action\":{\"type\":\"assault\",\"area\":3},\"params\":["
	    " {\"name\":\"point\",\"label\":\"Point "
	    "Unit\",\"choices\":[{\"value\":\"a\",\"label\":\"A\"},"
	    "  {\"value\":\"b\",\"label\":\"B\"}]},"
	    " {\"name\":\"units\",\"label\":\"Others\",\"many\":true,\"choices\":["
	    "  {\"value\":\"a\",\"label\":\"A\"},{\"value\":\"b\",\"label\":\"B\"},"
	    "  {\"value\":\"c\",\"label\":\"C\"}]}]},"
	    "{\"label\":\"Rail by\",\"action\":{\"type\":\"rail\"},\"params\":["
	    " {\"name\":\"unit\",\"label\":\"General\",\"choices\":[{\"value\":\"grant\"},"
	    "  {\"value\":\"lee\"},{\"value\":\"pope\"}]},"
	    " {\"name\":\"to\",\"label\":\"Destination\",\"by\":\"unit\",\"choices\":["
	    "  {\"value\":102},{\"value\":203},{\"value\":304}],"
	    "  \"choices_by\":[{\"except\":[]},{\"only\":[1]},{\"except\":[0,2]}]}]}]",
	    0, &e);
	if (!CHECKF(acts != NULL, "%s", e.text))
		return tap_done();
	expect("1", "{\"type\":\"pass\"}");
	expect("pass", "{\"type\":\"pass\"}");
	expect("1.1", NULL); /* no params */
	expect("2.2", "{\"to\":203,\"type\":\"rail\"}");
	expect("2", NULL);     /* its param unchosen */
	expect("2.3", NULL);   /* outside its choices */
	expect("2.1.1", NULL); /* one number too many */
	/* two params: one number each, in order */
	expect("3.3.1", "{\"to\":102,\"type\":\"rail\",\"unit\":\"pope\"}");
	expect("3.1.2 Grant to B", "{\"to\":203,\"type\":\"rail\",\"unit\":\"grant\"}");
	expect("3.1", NULL);
	CHECK(strstr(why, "3.K.L") != NULL);
	expect("3.4.1", NULL);
	expect("3.1.3", NULL);
	expect("3.1+2.1", NULL); /* several for a param that is not many */
	expect("3.0.1", NULL);
	/* a many param: several joined by '+', in the choices' order, or none */
	expect("4.2.3+1",
	       "{\"area\":3,\"point\":\"b\",\"type\":\"assault\",\"units\":[\"a\",\"c\"]}");
	expect("4.1.0", "{\"area\":3,\"point\":\"a\",\"type\":\"assault\",\"units\":[]}");
	expect("4.1.2", "{\"area\":3,\"point\":\"a\",\"type\":\"assault\",\"units\":[\"b\"]}");
	expect("4.1.4", NULL);
	/* a param "by" another (kit/param_by.h): the destination one that the
	 * general's list opens */
	expect("5.1.3", "{\"to\":304,\"type\":\"rail\",\"unit\":\"grant\"}");
	expect("5.2.2", "{\"to\":203,\"type\":\"rail\",\"unit\":\"lee\"}");
	expect("5.3.2", "{\"to\":203,\"type\":\"rail\",\"unit\":\"pope\"}");
	expect("5.2.1", NULL); /* only 2 for lee */
	CHECK(strstr(why, "not open") != NULL);
	expect("5.3.3", NULL); /* all but 1 and 3 for pope */
	expect("5.2.4", NULL);
	expect("6", NULL);
	json_decref(acts);
	return tap_done();
}
