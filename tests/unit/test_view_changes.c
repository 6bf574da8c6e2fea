/* test_view_changes.c — after a move the terminal client shows what the
 * patch changed (clients/cli/view_changes.c), not the whole board again:
 * the new log lines, the list elements added, changed or gone, the object
 * members that differ; untouched sections say nothing, and a long change is
 * cut with the command that shows all of it. */
#include <stdlib.h>
#include <string.h>

#include "json_patch.h"
#include "tap.h"
#include "view_changes.h"
#include "view_render.h"

static json_t *J(const char *text)
{
	json_error_t je;
	json_t *v = json_loads(text, 0, &je);
	if (!v)
		fprintf(stderr, "bad JSON in the test: %s: %s\n", je.text, text);
	return v;
}

/* The changes the patch makes to before, as printed. */
static char *changes(const char *before_text, const char *patch_text)
{
	json_t *before = J(before_text), *patch = J(patch_text);
	char err[200];
	json_t *after = tg_json_patch_apply(before, patch, err, sizeof err);
	CHECKF(after != NULL, "the test's patch applies: %s", err);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	view_changes(f, before, after, patch);
	fclose(f);
	json_decref(before);
	json_decref(patch);
	json_decref(after);
	return buf;
}

static const char *view =
    "{\"log\":[\"Turn 1\",\"Grant moves to 0805\"],"
    "\"board\":{\"turn\":{\"name\":\"Spring 1862\",\"phase\":\"ops\"},"
    "\"forces\":[{\"id\":\"grant\",\"name\":\"Grant\",\"hex\":\"0805\",\"stars\":2},"
    "{\"id\":\"lee\",\"name\":\"Lee\",\"hex\":\"1904\",\"stars\":3},"
    "{\"id\":\"jackson\",\"name\":\"Jackson\",\"hex\":\"1805\",\"stars\":2}],"
    "\"cards\":[1,2,3,4,5,6,7,8,9,10,11,12]}}";

static void test_move(void)
{
	char *out = changes(view, "[{\"op\":\"replace\",\"path\":\"/board/forces/0/hex\","
	                          "\"value\":\"0806\"},"
	                          "{\"op\":\"add\",\"path\":\"/log/-\","
	                          "\"value\":\"Grant moves to Columbus (0806)\"}]");
	CHECKF(strstr(out, "New events:\n  Grant moves to Columbus (0806)\n") != NULL, "%s", out);
	CHECKF(strstr(out, "Changed:\n  forces:\n    - Grant hex=0805 stars=2\n"
	                   "    + Grant hex=0806 stars=2\n") != NULL,
	       "%s", out);
	CHECKF(!strstr(out, "Lee") && !strstr(out, "turn") && !strstr(out, "cards"),
	       "untouched elements and sections say nothing: %s", out);
	CHECKF(!strstr(out, "Turn 1"), "old events are not repeated: %s", out);
	free(out);
}

static void test_object_and_removal(void)
{
	char *out = changes(view, "[{\"op\":\"replace\",\"path\":\"/board/turn/phase\","
	                          "\"value\":\"rail\"},"
	                          "{\"op\":\"remove\",\"path\":\"/board/forces/2\"}]");
	CHECKF(strstr(out, "  turn:\n    phase=rail\n") != NULL, "only the member changed: %s",
	       out);
	CHECKF(strstr(out, "  forces:\n    - Jackson hex=1805 stars=2\n") != NULL, "%s", out);
	CHECKF(!strstr(out, "New events"), "no log change, no events: %s", out);
	free(out);
}

static void test_long_change_cut(void)
{
	char *out = changes(view, "[{\"op\":\"replace\",\"path\":\"/board/cards\","
	                          "\"value\":[21,22,23,24,25,26,27,28,29,30,31,32]}]");
	CHECKF(strstr(out, "... 16 more (type: b cards)") != NULL, "cut after %d lines: %s",
	       VIEW_CHANGES_PER_SECTION, out);
	free(out);
}

static void test_sliding_log_and_undo(void)
{
	/* the view keeps a window of the log: the first entry goes */
	char *out = changes(view, "[{\"op\":\"remove\",\"path\":\"/log/0\"},"
	                          "{\"op\":\"add\",\"path\":\"/log/-\",\"value\":\"Lee waits\"}]");
	CHECKF(strstr(out, "New events:\n  Lee waits\n") != NULL && !strstr(out, "Grant moves"),
	       "only the entry that is new: %s", out);
	free(out);
	out = changes(view, "[{\"op\":\"remove\",\"path\":\"/log/1\"}]");
	CHECKF(strstr(out, "(events taken back: 1)") != NULL && !strstr(out, "New events"),
	       "an undo takes events back: %s", out);
	free(out);
	out = changes(view, "[{\"op\":\"replace\",\"path\":\"/board/forces/1/stars\","
	                    "\"value\":3}]");
	CHECKF(!*out, "a patch that changes nothing shown prints nothing: \"%s\"", out);
	free(out);
}

static void test_nested_object(void)
{
	char *out = changes("{\"board\":{\"players\":{\"union\":{\"pc\":20,\"csp\":0,"
	                    "\"gic\":null},\"confederate\":{\"pc\":15}}}}",
	                    "[{\"op\":\"replace\",\"path\":\"/board/players/union/pc\","
	                    "\"value\":15},{\"op\":\"replace\",\"path\":"
	                    "\"/board/players/union/gic\",\"value\":\"mcdowell\"}]");
	CHECKF(strstr(out, "  players:\n    union: pc=15 gic=mcdowell\n") != NULL,
	       "only the members that changed, of the member that changed: %s", out);
	free(out);
}

int main(void)
{
	test_nested_object();
	test_move();
	test_object_and_removal();
	test_long_change_cut();
	test_sliding_log_and_undo();
	return tap_done();
}
