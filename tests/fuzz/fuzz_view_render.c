/* fuzz_view_render.c — the terminal client's renderer (clients/cli/
 * view_render.c) on whatever JSON a server sends as a view: a buggy or
 * hostile server must not crash the client nor write to the player's
 * terminal what is not plain text.
 *
 * The input is one JSON text (any type, parsed as the client parses a line,
 * with jansson); it is given to every public function of view_render.h: the
 * summary, the board whole, in full and filtered, each of its first sections
 * alone (filtered and not), an absent section, the section list, and the log
 * whole and cut.
 *
 * Properties (abort on violation):
 * - no crash (and no leak, under the sanitizers);
 * - every output is text for a terminal: NUL-free (its length is its
 *   strlen), valid UTF-8, no control character but '\n' (no ESC, DEL or
 *   C1 control, which would let a server drive the terminal);
 * - the output is bounded as view_render.h says: the summary shows at most
 *   VIEW_LIST_ITEMS elements of each board list and the last VIEW_LOG_LINES
 *   log lines, so doubling every longer board list and log changes the
 *   summary only in its counts (digits); every output is at most linear in
 *   the input (16 bytes a byte, plus a constant);
 * - view_clean (which the client's other printers of server text use) keeps
 *   the shape and leaves no control character in a string or key, nor does
 *   cli_error_text (an error reply as a sentence);
 * - view_render_board prints no more sections than the board has, exactly
 *   one when a section is named by a name a player can type, and nothing
 *   for an absent one. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "client.h"
#include "view_render.h"

struct out {
	FILE *f;
	char *buf;
	size_t len;
};

static void open_out(struct out *o)
{
	o->buf = NULL;
	o->len = 0;
	o->f = open_memstream(&o->buf, &o->len);
	if (!o->f)
		abort();
}

/* Closes o and checks it is terminal text within the linear bound. */
static void close_out(struct out *o, size_t size)
{
	if (fclose(o->f) != 0 || !o->buf)
		abort();
	if (strlen(o->buf) != o->len || o->len > 16 * size + 4096)
		abort();
	const unsigned char *p = (const unsigned char *)o->buf, *end = p + o->len;
	while (p < end) {
		unsigned c = *p;
		size_t n = c < 0x80             ? 1
		           : (c & 0xE0) == 0xC0 ? 2
		           : (c & 0xF0) == 0xE0 ? 3
		           : (c & 0xF8) == 0xF0 ? 4
		                                : 0;
		if (!n || (size_t)(end - p) < n)
			abort();
		unsigned cp = n == 1 ? c : c & (0x7F >> n);
		for (size_t i = 1; i < n; i++) {
			if ((p[i] & 0xC0) != 0x80)
				abort();
			cp = cp << 6 | (p[i] & 0x3F);
		}
		static const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
		if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			abort(); /* overlong, out of range or a surrogate */
		if ((cp < 0x20 && cp != '\n') || (cp >= 0x7F && cp <= 0x9F))
			abort(); /* a control character reaching the terminal */
		p += n;
	}
}

static void digits_to_hash(char *s)
{
	char *w = s;
	for (const char *r = s; *r;) {
		if (isdigit((unsigned char)*r)) {
			while (isdigit((unsigned char)*r))
				r++;
			*w++ = '#';
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
}

static char *summary(const json_t *v, size_t size)
{
	struct out o;
	open_out(&o);
	view_render(o.f, 12, 34, v);
	close_out(&o, size);
	return o.buf;
}

/* Appends a copy of every element of a: it doubles. */
static void doubled(json_t *a)
{
	size_t n = json_array_size(a);
	for (size_t i = 0; i < n; i++)
		json_array_append(a, json_array_get(a, i));
}

/* The summary must not grow with lists it shows only the start of. */
static void check_summary_cut(const json_t *v, size_t size)
{
	json_t *board = json_object_get(v, "board"), *log = json_object_get(v, "log");
	if (!json_is_object(v))
		return;
	json_t *big = json_copy((json_t *)v); /* shallow: board and log are copied below */
	bool changed = false;
	if (json_is_object(board)) {
		json_t *b2 = json_copy(board);
		const char *k;
		json_t *m;
		json_object_foreach(board, k, m)
		{
			if (json_array_size(m) > VIEW_LIST_ITEMS) {
				json_t *m2 = json_copy(m);
				doubled(m2);
				json_object_set_new(b2, k, m2);
				changed = true;
			}
		}
		json_object_set_new(big, "board", b2);
	}
	if (json_array_size(log) >= VIEW_LOG_LINES) {
		json_t *l2 = json_copy(log);
		doubled(l2);
		json_object_set_new(big, "log", l2);
		changed = true;
	}
	if (changed) {
		char *a = summary(v, size), *b = summary(big, 2 * size);
		digits_to_hash(a);
		digits_to_hash(b);
		if (strcmp(a, b) != 0)
			abort();
		free(a);
		free(b);
	}
	json_decref(big);
}

/* Is s free of control characters (a section name a player can type)? */
static bool plain(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7F || (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F))
			return false;
	return true;
}

/* view_clean's copy: the same shape, no control character in a string or key. */
static void check_clean(const json_t *raw, const json_t *c)
{
	if (json_typeof(raw) != json_typeof(c))
		abort();
	if (json_is_string(c) && !plain(json_string_value(c)))
		abort();
	if (json_is_array(c)) {
		if (json_array_size(c) != json_array_size(raw))
			abort();
		for (size_t i = 0; i < json_array_size(c); i++)
			check_clean(json_array_get(raw, i), json_array_get(c, i));
	}
	if (json_is_object(c)) {
		const char *k;
		json_t *m;
		json_object_foreach((json_t *)c, k, m) if (!plain(k)) abort();
		if (json_object_size(c) > json_object_size(raw))
			abort();
	}
}

static int board(const json_t *v, size_t size, const char *section, const char *filter, bool full)
{
	struct out o;
	open_out(&o);
	int n = view_render_board(o.f, v, section, filter, full);
	close_out(&o, size);
	json_t *b = json_object_get(v, "board");
	if (n < 0 || (size_t)n > json_object_size(b) || (section && n > 1) ||
	    (n == 0 && o.len != 0))
		abort();
	free(o.buf);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_error_t je;
	json_t *v = json_loadb((const char *)data, size, JSON_DECODE_ANY, &je);
	if (!v)
		return 0;
	free(summary(v, size));
	check_summary_cut(v, size);

	board(v, size, NULL, NULL, false);
	board(v, size, NULL, NULL, true);
	board(v, size, NULL, "e", true);
	board(v, size, NULL, "zz-nowhere", false);
	if (board(v, size, "no such section", NULL, true) != 0)
		abort();
	const char *k;
	json_t *m;
	int sections = 0;
	json_object_foreach(json_object_get(v, "board"), k, m)
	{
		if (sections++ == 4)
			break;
		/* a section named is shown, even when blank */
		int want = plain(k) ? 1 : -1;
		if ((board(v, size, k, NULL, true) != want && want > 0) ||
		    (board(v, size, k, "A", false) != want && want > 0) ||
		    (board(v, size, k, "", true) != want && want > 0))
			abort();
	}

	struct out o;
	open_out(&o);
	view_render_sections(o.f, v);
	close_out(&o, size);
	free(o.buf);
	size_t lasts[] = {0, 1, VIEW_LOG_LINES};
	for (size_t i = 0; i < sizeof lasts / sizeof lasts[0]; i++) {
		open_out(&o);
		view_render_log(o.f, v, lasts[i]);
		close_out(&o, size);
		free(o.buf);
	}
	/* the client's other printers of server text */
	json_t *c = view_clean(v);
	check_clean(v, c);
	json_decref(c);
	char text[600];
	cli_error_text(v, text, sizeof text);
	if (!memchr(text, '\0', sizeof text) || !plain(text))
		abort();
	json_decref(v);
	return 0;
}
