/* view_render.c — see view_render.h. */
#include "view_render.h"

#include "action_menu.h"
#include "view_changes.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* s[0..len) as text a terminal shows and does not obey, into out (len + 1
 * bytes; it may be s itself): a tab or line break becomes a space (a member
 * is one line), every other control character (C0, DEL, and C1 as UTF-8,
 * U+0080-U+009F) a '?'. The server's strings are UTF-8 (jansson checks), so
 * only these need replacing. */
static void clean_into(char *out, const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\t' || c == '\n' || c == '\r')
			out[n++] = ' ';
		else if (c < 0x20 || c == 0x7F)
			out[n++] = '?';
		else if (c == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 &&
		         (unsigned char)s[i + 1] <= 0x9F)
			out[n++] = '?', i++;
		else
			out[n++] = (char)c;
	}
	out[n] = '\0';
}

static char *clean_text(const char *s, size_t len)
{
	char *out = malloc(len + 1);
	if (out)
		clean_into(out, s, len);
	return out;
}

void view_clean_text(char *s)
{
	clean_into(s, s, strlen(s));
}

/* A copy of the view with every string and key cleaned (clean_into), so that
 * a buggy or hostile server cannot drive the player's terminal with escape
 * sequences. Every public function renders such a copy; NULL stays NULL. */
json_t *view_clean(const json_t *v)
{
	if (json_is_string(v)) {
		char *t = clean_text(json_string_value(v), json_string_length(v));
		json_t *r = t ? json_string(t) : NULL;
		free(t);
		return r ? r : json_string("?");
	}
	if (json_is_array(v)) {
		json_t *r = json_array();
		for (size_t i = 0; i < json_array_size(v); i++)
			json_array_append_new(r, view_clean(json_array_get(v, i)));
		return r;
	}
	if (json_is_object(v)) {
		json_t *r = json_object();
		const char *k;
		json_t *m;
		json_object_foreach((json_t *)v, k, m)
		{
			char *ck = clean_text(k, strlen(k));
			if (ck)
				json_object_set_new(r, ck, view_clean(m));
			free(ck);
		}
		return r;
	}
	return json_incref((json_t *)v);
}

/* A log entry on one line: its "text" member when it has one. */
static void print_value(FILE *out, const json_t *v)
{
	if (json_is_string(v)) {
		fputs(json_string_value(v), out);
		return;
	}
	const char *text = json_string_value(json_object_get(v, "text"));
	if (text) {
		fputs(text, out);
		return;
	}
	char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	if (s) {
		fputs(s, out);
		free(s);
	}
}

/* Members that say nothing (null, false, empty, or an object of nothing
 * but those) are left out of a line: a force without a wound need not say
 * "reluctant: false". */
bool view_blank(const json_t *v)
{
	if (json_is_object(v)) {
		const char *k;
		json_t *m;
		json_object_foreach((json_t *)v, k, m) if (!view_blank(m)) return false;
		return true;
	}
	return json_is_null(v) || json_is_false(v) || (json_is_array(v) && !json_array_size(v));
}

static void fmt_value(FILE *f, const json_t *v);

/* The one spelling of a map hex (issue 15): the boards of hex-and-counter
 * games number hexes with four digits (0703), which is how the games' own
 * action labels write them; a member named "hex" or "..._hex" holding such
 * a number is written so too, not as 703. A naming convention of views,
 * not a rule of any game. */
static bool is_hex_member(const char *k, const json_t *v)
{
	size_t n = strlen(k);
	json_int_t x = json_integer_value(v);
	return json_is_integer(v) && x >= 0 && x <= 9999 &&
	       (!strcmp(k, "hex") || (n > 4 && !strcmp(k + n - 4, "_hex")));
}

/* An object's members as "k=v" words; a member that is true is its name
 * alone; a "name" member leads and stands for the "id" beside it. */
static void fmt_members(FILE *f, const json_t *o)
{
	const char *name = json_string_value(json_object_get(o, "name"));
	bool first = true;
	if (name) {
		fputs(name, f);
		first = false;
	}
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)o, k, v)
	{
		if ((name && (!strcmp(k, "name") || !strcmp(k, "id"))) || view_blank(v))
			continue;
		if (!first)
			fputc(' ', f);
		first = false;
		if (json_is_true(v)) {
			fputs(k, f);
			continue;
		}
		fprintf(f, "%s=", k);
		if (is_hex_member(k, v))
			fprintf(f, "%04d", (int)json_integer_value(v));
		else
			fmt_value(f, v);
	}
}

static void fmt_value(FILE *f, const json_t *v)
{
	if (json_is_string(v)) {
		fputs(json_string_value(v), f);
	} else if (json_is_object(v)) {
		fputc('(', f);
		fmt_members(f, v);
		fputc(')', f);
	} else if (json_is_array(v)) {
		fputc('[', f);
		for (size_t i = 0; i < json_array_size(v); i++) {
			if (i)
				fputs(", ", f);
			fmt_value(f, json_array_get(v, i));
		}
		fputc(']', f);
	} else if (json_is_true(v)) {
		fputs("yes", f);
	} else if (json_is_false(v)) {
		fputs("no", f);
	} else if (json_is_null(v)) {
		fputs("-", f);
	} else {
		char *s = json_dumps(v, JSON_ENCODE_ANY);
		if (s)
			fputs(s, f);
		free(s);
	}
}

/* One element of a list (or an object's members) as one string; the caller
 * frees it. */
char *view_render_line(const json_t *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	if (json_is_object(v))
		fmt_members(f, v);
	else
		fmt_value(f, v);
	fclose(f);
	return buf;
}

/* lead then text, broken at spaces to VIEW_WIDTH columns; the lines after
 * the first are indented by `indent`. */
void view_render_wrapped(FILE *out, const char *lead, const char *text, int indent)
{
	size_t ll = strlen(lead);
	int col = (int)ll;
	bool space = ll && lead[ll - 1] != ' '; /* a space before the next word */
	fputs(lead, out);
	for (const char *p = text; *p;) {
		if (*p == ' ') {
			p++;
			continue;
		}
		int w = (int)strcspn(p, " ");
		if (col > indent && col + space + w > VIEW_WIDTH) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
			space = false;
		}
		if (space)
			fputc(' ', out);
		fwrite(p, 1, (size_t)w, out);
		col += space + w;
		space = true;
		p += w;
	}
	fputc('\n', out);
}

/* The number a run of digits spells, leading zeros ignored; -1 when too
 * long to be an id. */
static long long digits_value(const char *p, size_t n)
{
	long long v = 0;
	for (size_t i = 0; i < n; i++) {
		if (v > 100000000000LL)
			return -1;
		v = v * 10 + (p[i] - '0');
	}
	return v;
}

/* Does text contain pat? A pat of digits only is a hex or an id: it matches
 * a whole run of digits of the same value (0703 is 703, and neither is
 * 1703, issue 15). Any other pat matches anywhere, ignoring case. */
static bool contains(const char *text, const char *pat)
{
	size_t n = strlen(pat);
	if (n && strspn(pat, "0123456789") == n) {
		long long want = digits_value(pat, n);
		for (const char *t = text; *t;) {
			size_t run = strspn(t, "0123456789");
			if (run && want >= 0 && digits_value(t, run) == want)
				return true;
			t += run ? run : 1;
		}
		return false;
	}
	for (const char *t = text; *t; t++) {
		size_t i = 0;
		while (i < n && t[i] &&
		       tolower((unsigned char)t[i]) == tolower((unsigned char)pat[i]))
			i++;
		if (i == n)
			return true;
	}
	return n == 0;
}

struct board_opts {
	bool full;          /* every element of every list */
	const char *filter; /* only the elements whose line contains it */
};

/* A list: its size, then an element a line (the summary shows the first
 * VIEW_LIST_ITEMS and says how to see the rest). */
static void print_list(FILE *out, const char *k, const json_t *v, const struct board_opts *o)
{
	size_t n = json_array_size(v), shown = 0, matched = 0;
	fprintf(out, "  %s (%zu):\n", k, n);
	for (size_t i = 0; i < n; i++) {
		char *line = view_render_line(json_array_get(v, i));
		if (!line)
			continue;
		if (o->filter && !contains(line, o->filter)) {
			free(line);
			continue;
		}
		matched++;
		if (o->full || shown < VIEW_LIST_ITEMS) {
			view_render_wrapped(out, "    - ", line, 6);
			shown++;
		}
		free(line);
	}
	if (matched > shown)
		fprintf(out, "    ... %zu more (type: b %s)\n", matched - shown, k);
	else if (o->filter && !matched)
		fprintf(out, "    (none contains \"%s\")\n", o->filter);
}

/* An object: its plain members on the first line, each member that is an
 * object or a list of objects on a line of its own below. */
static void print_object(FILE *out, const char *k, const json_t *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return;
	const char *mk;
	json_t *mv;
	bool first = true;
	json_object_foreach((json_t *)v, mk, mv)
	{
		if (view_blank(mv) || json_is_object(mv))
			continue;
		fprintf(f, first ? "%s=" : " %s=", mk);
		first = false;
		fmt_value(f, mv);
	}
	fclose(f);
	char lead[128];
	snprintf(lead, sizeof lead, "  %s:", k);
	view_render_wrapped(out, lead, buf, 4);
	free(buf);
	json_object_foreach((json_t *)v, mk, mv)
	{
		if (!json_is_object(mv) || view_blank(mv))
			continue;
		char *line = view_render_line(mv);
		snprintf(lead, sizeof lead, "    %s:", mk);
		view_render_wrapped(out, lead, line ? line : "", 6);
		free(line);
	}
}

static void print_section(FILE *out, const char *k, const json_t *v, const struct board_opts *o)
{
	if (json_is_array(v)) {
		print_list(out, k, v, o);
	} else if (json_is_object(v)) {
		print_object(out, k, v);
	} else {
		char *line = view_render_line(v);
		char lead[128];
		snprintf(lead, sizeof lead, "  %s:", k);
		view_render_wrapped(out, lead, line ? line : "", 4);
		free(line);
	}
}

static int render_board(FILE *out, const json_t *view, const char *section, const char *filter,
                        bool full)
{
	json_t *board = json_object_get(view, "board");
	if (!json_is_object(board))
		return 0;
	struct board_opts o = {.full = full, .filter = filter};
	int printed = 0;
	const char *k;
	json_t *v;
	json_object_foreach(board, k, v)
	{
		if (section ? strcmp(k, section) != 0 : view_blank(v))
			continue;
		if (!printed++ && !section)
			fprintf(out, "Board:\n");
		print_section(out, k, v, &o);
	}
	return printed;
}

static void render_sections(FILE *out, const json_t *view)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return;
	const char *k;
	json_t *v;
	json_object_foreach(json_object_get(view, "board"), k, v) fprintf(f, " %s", k);
	fclose(f);
	view_render_wrapped(out, "Board sections:", buf, 2);
	free(buf);
}

static void render_log(FILE *out, const json_t *view, size_t last)
{
	json_t *log = json_object_get(view, "log");
	size_t n = json_array_size(log);
	for (size_t i = last && n > last ? n - last : 0; i < n; i++) {
		fputs("  ", out);
		print_value(out, json_array_get(log, i));
		fputc('\n', out);
	}
}

/* role -> what the seat plays (PROTOCOL.md: the open reply's seat_texts),
 * cleaned for the terminal */
static json_t *seat_texts;

void view_render_seat_texts(const json_t *texts)
{
	json_decref(seat_texts);
	seat_texts = json_is_object(texts) ? view_clean(texts) : NULL;
}

void view_render_seats_of_match(const json_t *match)
{
	json_t *texts = json_object();
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(match, "seats"), i, seat)
	{
		json_t *role = json_object_get(seat, "role"), *text = json_object_get(seat, "text");
		if (json_is_string(role) && json_is_string(text))
			json_object_set(texts, json_string_value(role), text);
	}
	if (json_object_size(texts))
		view_render_seat_texts(texts);
	json_decref(texts);
}

const char *view_render_seat(const char *role)
{
	const char *t = role ? json_string_value(json_object_get(seat_texts, role)) : NULL;
	return t && *t ? t : role ? role : "?";
}

static void render_header(FILE *out, long long match, long long seq, const json_t *view)
{
	const char *game = json_string_value(json_object_get(view, "game"));
	const char *role = json_string_value(json_object_get(view, "role"));
	if (role && strcmp(role, "observer") != 0)
		fprintf(out, "\n=== Match %lld (%s) — you play %s — seq %lld ===\n", match,
		        game ? game : "?", view_render_seat(role), seq);
	else
		fprintf(out, "\n=== Match %lld (%s) — you watch — seq %lld ===\n", match,
		        game ? game : "?", seq);
}

static void render_turn(FILE *out, const json_t *view);

static void render(FILE *out, long long match, long long seq, const json_t *view)
{
	render_header(out, match, seq, view);
	if (render_board(out, view, NULL, NULL, false))
		fprintf(out, "(b: the whole board; b SECTION [TEXT]: one part, or its lines with "
		             "TEXT; l: the log)\n");
	if (json_array_size(json_object_get(view, "log"))) {
		fprintf(out, "Recent events:\n");
		render_log(out, view, VIEW_LOG_LINES);
	}
	render_turn(out, view);
}

static void render_turn(FILE *out, const json_t *view)
{
	const char *role = json_string_value(json_object_get(view, "role"));
	if (json_is_true(json_object_get(view, "finished"))) {
		json_t *res = json_object_get(view, "result");
		const char *summary = json_string_value(json_object_get(res, "summary"));
		const char *winner = json_string_value(json_object_get(res, "winner"));
		fprintf(out, "The match is over: %s%s%s.\n", summary ? summary : "finished",
		        winner ? " — winner: " : "", winner ? view_render_seat(winner) : "");
		return;
	}
	json_t *awaiting = json_object_get(view, "awaiting");
	int mine = 0;
	fprintf(out, "Waiting for:");
	size_t i;
	json_t *a;
	json_array_foreach(awaiting, i, a)
	{
		const char *who = json_string_value(a); /* NULL for a role that is not a string */
		fprintf(out, "%s %s", i ? "," : "", view_render_seat(who));
		if (role && who && !strcmp(role, who))
			mine = 1;
	}
	fprintf(out, "%s\n", json_array_size(awaiting) ? (mine ? "  (your turn)" : "") : " nobody");
	const char *prompt = json_string_value(json_object_get(view, "prompt"));
	if (prompt)
		fprintf(out, "%s\n", prompt);
	/* a long list as a short menu of groups (action_menu.h) */
	struct action_menu menu;
	if (action_menu_build(&menu, json_object_get(view, "actions"), NULL, 0) == 0) {
		action_menu_print(out, &menu);
		action_menu_free(&menu);
	}
}

int view_render_board(FILE *out, const json_t *view, const char *section, const char *filter,
                      bool full)
{
	json_t *v = view_clean(view);
	int n = render_board(out, v, section, filter, full);
	json_decref(v);
	return n;
}

void view_render_sections(FILE *out, const json_t *view)
{
	json_t *v = view_clean(view);
	render_sections(out, v);
	json_decref(v);
}

void view_render_log(FILE *out, const json_t *view, size_t last)
{
	json_t *v = view_clean(view);
	render_log(out, v, last);
	json_decref(v);
}

void view_render_update(FILE *out, long long match, long long seq, const json_t *before,
                        const json_t *after, const json_t *patch)
{
	json_t *b = view_clean(before), *a = view_clean(after), *p = view_clean(patch);
	render_header(out, match, seq, a);
	view_changes(out, b, a, p);
	render_turn(out, a);
	json_decref(b);
	json_decref(a);
	json_decref(p);
}

void view_render(FILE *out, long long match, long long seq, const json_t *view)
{
	json_t *v = view_clean(view);
	render(out, match, seq, v);
	json_decref(v);
}
