/* test_view_render.c — the terminal client's view as text (clients/cli/
 * view_render.c): the board by its shape, lists cut in the summary and
 * whole on request, filters, blank members left out, lines wrapped. */
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "tap.h"
#include "view_render.h"

static char *render(void (*fn)(FILE *, const json_t *, void *), const json_t *view, void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	fn(f, view, arg);
	fclose(f);
	return buf;
}

static void summary(FILE *f, const json_t *v, void *arg)
{
	(void)arg;
	view_render(f, 7, 3, v);
}

struct board_args {
	const char *section, *filter;
	bool full;
	int printed;
};

static void board(FILE *f, const json_t *v, void *arg)
{
	struct board_args *a = arg;
	a->printed = view_render_board(f, v, a->section, a->filter, a->full);
}

static int count(const char *text, const char *part)
{
	int n = 0;
	for (const char *p = text; (p = strstr(p, part)); p++)
		n++;
	return n;
}

static int longest_line(const char *text)
{
	int best = 0, cur = 0;
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			cur = 0;
			continue;
		}
		/* count characters, not the bytes of UTF-8 ("—") */
		if (((unsigned char)*p & 0xC0) != 0x80 && ++cur > best)
			best = cur;
	}
	return best;
}

static json_t *sample_view(void)
{
	json_t *forces = json_array();
	for (int i = 0; i < VIEW_LIST_ITEMS + 2; i++)
		json_array_append_new(
		    forces, json_pack("{s:i, s:s, s:{s:s, s:s, s:i, s:b}, s:[], s:n}", "hex",
		                      1900 + i, "side", i % 2 ? "union" : "confederate", "co", "id",
		                      "g", "name", i == 3 ? "Irvin McDowell" : "Somebody Else",
		                      "stars", i % 3 + 1, "gic", i == 3, "subordinates", "battle"));
	json_t *long_list = json_array();
	for (int i = 0; i < 40; i++)
		json_array_append_new(long_list, json_sprintf("word%02d", i));
	json_t *b = json_object();
	json_object_set_new(b, "phase", json_string("operations"));
	json_object_set_new(b, "turn", json_integer(2));
	json_object_set_new(b, "players", json_pack("{s:i, s:b}", "pc", 20, "passed", 0));
	json_object_set_new(b, "river_used", json_pack("{s:b, s:n}", "union", 0, "x"));
	json_object_set_new(b, "forces", forces);
	json_object_set_new(b, "nothing", json_null());
	json_object_set_new(b, "hand", json_pack("{s:o}", "cards", long_list));
	return json_pack("{s:s, s:s, s:[s], s:b, s:s, s:[{s:s, s:o}], s:[s, s], s:o}", "game",
	                 "lincolns-war", "role", "union", "awaiting", "union", "finished", 0,
	                 "prompt", "Choose", "actions", "label", "Do it", "params", json_array(),
	                 "log", "first event", "second event", "board", b);
}

static void log_all(FILE *f, const json_t *v, void *arg)
{
	(void)arg;
	view_render_log(f, v, 0);
}

static void sections(FILE *f, const json_t *v, void *arg)
{
	(void)arg;
	view_render_sections(f, v);
}

/* The first control character (other than a line break) in text: C0, DEL,
 * or C1 as UTF-8 (U+0080-U+009F); NULL when there is none. */
static const char *control(const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if ((*p < 0x20 && *p != '\n') || *p == 0x7F ||
		    (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F))
			return (const char *)p;
	return NULL;
}

/* A hostile server's strings and keys must not reach the terminal as
 * control characters: ESC sequences rewrite the screen or the window title,
 * and worse. Found by fuzz/view_render (a DEL byte passed through). */
static void test_controls_left_out(void)
{
	json_t *v = json_loads(
	    "{\"game\": \"x\\u001b]0;title\\u0007\", \"role\": \"u\\u001b[2J\", "
	    "\"awaiting\": [\"a\\u009b31m\", 7], \"prompt\": \"p\\u007f\\r\\u001b[A\", "
	    "\"actions\": [{\"label\": \"\\u001b[31mred\"}], "
	    "\"log\": [\"l\\u0001nul\\u001b\", {\"text\": \"t\\u0008\"}, {\"x\": \"\\u001b\"}], "
	    "\"board\": {\"k\\u001b\": [\"e\\u001b\", {\"name\": \"n\\u0085\", \"m\\u0007\": "
	    "\"v\\t\"}], \"o\": {\"a\": \"\\u001b\", \"sub\": {\"b\\u001b\": 1}}, "
	    "\"s\": \"line\\nbreak\\u001b\"}}",
	    0, NULL);
	CHECK(v != NULL);
	struct board_args a = {.full = true};
	void (*fns[])(FILE *, const json_t *, void *) = {summary, board, log_all, sections};
	void *args[] = {NULL, &a, NULL, NULL};
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		char *s = render(fns[i], v, args[i]);
		const char *bad = control(s);
		CHECKF(bad == NULL, "output %zu holds byte 0x%02x: %s", i,
		       bad ? (unsigned char)*bad : 0, s);
		free(s);
	}
	/* the text around them is kept */
	char *s = render(summary, v, NULL);
	CHECKF(strstr(s, "red") && strstr(s, "title") && strstr(s, "nul"), "%s", s);
	/* an awaited role that is not a string: no NULL handed to printf's %s */
	CHECKF(strstr(s, "(null)") == NULL, "%s", s);
	free(s);
	json_decref(v);
}

/* The client's other printers of server text: an error reply (shown by
 * cli_fail and by play's "Refused:"), and chat or match lines, lobby lists
 * (view_clean copies). A player's chat reaches the opponent's terminal. */
static void test_server_text_cleaned(void)
{
	json_t *reply = json_pack("{s:s, s:s, s:s}", "op", "error", "code", "bad\x1b[0m", "message",
	                          "no\x1b]0;owned\x07 \xc2\x9b"
	                          "31m\r\n");
	char text[600];
	cli_error_text(reply, text, sizeof text);
	CHECKF(control(text) == NULL, "%s", text);
	CHECKF(strstr(text, "bad") && strstr(text, "owned"), "%s", text);
	json_decref(reply);

	json_t *chat = json_pack("{s:s, s:s, s:i, s:[s, i]}", "from", "ann\x1b", "text",
	                         "hi\x1b[2J\tthere", "id", 5, "list", "x\x7f", 3);
	json_t *c = view_clean(chat);
	CHECK_EQ_STR(json_string_value(json_object_get(c, "text")), "hi?[2J there");
	CHECK_EQ_STR(json_string_value(json_object_get(c, "from")), "ann?");
	CHECK_EQ_STR(json_string_value(json_array_get(json_object_get(c, "list"), 0)), "x?");
	CHECK_EQ_INT(json_integer_value(json_object_get(c, "id")), 5);
	CHECK(view_clean(NULL) == NULL);
	json_decref(c);
	json_decref(chat);
}

/* b forces 0703 / 703: a filter of digits is a hex or an id, matched as a
 * whole number (issue 15: "b forces 0703" found nothing while "b forces 703"
 * also matched 1703); other text is matched within words, ignoring case. */
static void test_number_filter(void)
{
	json_t *v = json_pack("{s:{s:[{s:i,s:s},{s:i,s:s},{s:s,s:s}]}}", "board", "forces", "hex",
	                      703, "co", "Lyon", "hex", 1703, "co", "Johnston", "at",
	                      "St. Louis (0703)", "co", "Sigel");
	struct board_args a = {.section = "forces", .filter = "0703", .full = true};
	char *s = render(board, v, &a);
	CHECKF(strstr(s, "hex=0703 co=Lyon") && !strstr(s, "1703") && strstr(s, "(0703) co=Sigel"),
	       "0703 finds hex 703 and (0703), not 1703: %s", s);
	free(s);
	a.filter = "703";
	s = render(board, v, &a);
	CHECKF(strstr(s, "hex=0703 co=Lyon") && !strstr(s, "1703") && strstr(s, "Sigel"),
	       "703 is the same hex: %s", s);
	free(s);
	a.filter = "1703";
	s = render(board, v, &a);
	CHECKF(strstr(s, "Johnston") && !strstr(s, "Lyon"), "1703 alone: %s", s);
	free(s);
	/* one spelling: the board writes a hex as the actions do, four digits */
	a.filter = NULL;
	s = render(board, v, &a);
	CHECKF(strstr(s, "hex=0703 co=Lyon") && strstr(s, "hex=1703 co=Johnston"),
	       "a hex is written with four digits: %s", s);
	free(s);
	a.filter = "john";
	s = render(board, v, &a);
	CHECKF(strstr(s, "Johnston") && !strstr(s, "Lyon"), "text still matches inside words: %s",
	       s);
	free(s);
	json_decref(v);
}

int main(void)
{
	test_number_filter();
	test_controls_left_out();
	test_server_text_cleaned();
	json_t *v = sample_view();

	/* the summary: scalars, objects, a list cut to VIEW_LIST_ITEMS elements */
	char *s = render(summary, v, NULL);
	CHECKF(strstr(s, "  phase: operations\n") != NULL, "%s", s);
	CHECK(strstr(s, "  turn: 2\n") != NULL);
	CHECKF(strstr(s, "  players: pc=20\n") != NULL, "%s", s); /* passed=false left out */
	CHECK(strstr(s, "river_used") == NULL); /* an object of nothing but false */
	CHECK(strstr(s, "nothing") == NULL);    /* a null section */
	CHECKF(strstr(s, "  forces (8):\n") != NULL, "%s", s);
	CHECK_EQ_INT(count(s, "    - hex="), VIEW_LIST_ITEMS);
	CHECK(strstr(s, "... 2 more (type: b forces)") != NULL);
	CHECK(strstr(s, "co=(Irvin McDowell stars=1 gic)") !=
	      NULL);                              /* name leads, id and false out */
	CHECK(strstr(s, "subordinates") == NULL); /* empty list left out */
	CHECK(strstr(s, "  1) Do it\n") != NULL);
	CHECK(strstr(s, "Waiting for: union  (your turn)") != NULL);
	CHECK(strstr(s, "  second event\n") != NULL);
	CHECKF(longest_line(s) <= VIEW_WIDTH, "longest %d", longest_line(s));
	CHECK(count(s, "word39") == 1); /* a long value wraps, nothing is cut */
	free(s);

	/* b forces: the whole list */
	struct board_args a = {.section = "forces", .full = true};
	s = render(board, v, &a);
	CHECK_EQ_INT(a.printed, 1);
	CHECK_EQ_INT(count(s, "    - hex="), VIEW_LIST_ITEMS + 2);
	CHECK(strstr(s, "more") == NULL);
	CHECK(strstr(s, "phase") == NULL);
	free(s);

	/* b forces mcdowell: the lines that contain it, ignoring case */
	a = (struct board_args){.section = "forces", .filter = "mcdowell", .full = true};
	s = render(board, v, &a);
	CHECK_EQ_INT(count(s, "    - hex="), 1);
	CHECK(strstr(s, "hex=1903") != NULL);
	free(s);
	a.filter = "Grant";
	s = render(board, v, &a);
	CHECK_EQ_INT(count(s, "    - hex="), 0);
	CHECK(strstr(s, "(none contains \"Grant\")") != NULL);
	free(s);

	/* no such section */
	a = (struct board_args){.section = "nope", .full = true};
	s = render(board, v, &a);
	CHECK_EQ_INT(a.printed, 0);
	CHECK_EQ_INT((int)strlen(s), 0);
	free(s);

	/* a finished match says so and offers nothing */
	json_object_set_new(v, "finished", json_true());
	json_object_set_new(v, "result",
	                    json_pack("{s:s, s:s}", "summary", "Union victory", "winner", "union"));
	s = render(summary, v, NULL);
	CHECK(strstr(s, "The match is over: Union victory — winner: union.") != NULL);
	CHECK(strstr(s, "1) Do it") == NULL);
	free(s);
	json_decref(v);
	return tap_done();
}
