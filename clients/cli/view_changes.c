/* view_changes.c — see view_changes.h. */
#include "view_changes.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "view_render.h"

/* The board sections the patch touched (its paths under /board), in the
 * order the after-view has them, then any that are gone; whole: the patch
 * replaced the board itself. Also whether it touched the log. */
struct touched {
	json_t *sections; /* object used as a set */
	bool whole, log;
};

static void collect(const json_t *patch, struct touched *t)
{
	t->sections = json_object();
	size_t i;
	json_t *op;
	json_array_foreach(patch, i, op)
	{
		const char *path = json_string_value(json_object_get(op, "path"));
		if (!path)
			continue;
		if (!strncmp(path, "/log", 4) && (path[4] == '\0' || path[4] == '/'))
			t->log = true;
		if (strncmp(path, "/board", 6) != 0)
			continue;
		if (path[6] == '\0' || !strcmp(path + 6, "/")) {
			t->whole = true;
			continue;
		}
		if (path[6] != '/')
			continue;
		const char *name = path + 7, *end = strchr(name, '/');
		size_t len = end ? (size_t)(end - name) : strlen(name);
		char key[256];
		if (len >= sizeof key)
			continue;
		/* RFC 6901: ~1 is '/', ~0 is '~' */
		size_t k = 0;
		for (size_t j = 0; j < len; j++) {
			if (name[j] == '~' && j + 1 < len &&
			    (name[j + 1] == '0' || name[j + 1] == '1'))
				key[k++] = name[++j] == '0' ? '~' : '/';
			else
				key[k++] = name[j];
		}
		key[k] = '\0';
		json_object_set_new(t->sections, key, json_true());
	}
}

/* The log entries of after that before did not have: after the longest
 * run that ends before and starts after (the view's log is a window that
 * slides). A log that only shrank (an undo) has none. */
static size_t first_new_entry(const json_t *before, const json_t *after)
{
	size_t nb = json_array_size(before), na = json_array_size(after);
	for (size_t k = nb < na ? nb : na; k > 0; k--) {
		bool same = true;
		for (size_t j = 0; j < k && same; j++)
			same = json_equal(json_array_get(before, nb - k + j),
			                  json_array_get(after, j));
		if (same)
			return k;
	}
	return na <= nb ? na : 0;
}

static void print_log_entry(FILE *out, const json_t *e)
{
	const char *text = json_string_value(e);
	if (!text)
		text = json_string_value(json_object_get(e, "text"));
	char *line = text ? NULL : view_render_line(e);
	view_render_wrapped(out, "  ", text ? text : line ? line : "", 4);
	free(line);
}

/* Prints a line of a section's changes unless the section has had its
 * share; counts the rest. */
struct section_out {
	FILE *out;
	const char *name;
	int shown, more;
	bool headed;
};

static void change_line(struct section_out *o, const char *mark, const char *text)
{
	if (o->shown >= VIEW_CHANGES_PER_SECTION) {
		o->more++;
		return;
	}
	if (!o->headed) {
		fprintf(o->out, "  %s:\n", o->name);
		o->headed = true;
	}
	view_render_wrapped(o->out, mark, text, 8);
	o->shown++;
}

/* Two lists: every element of one whose line the other lacks (as many
 * times as it lacks it), gone ones first. */
static void list_changes(struct section_out *o, const json_t *before, const json_t *after)
{
	size_t nb = json_array_size(before), na = json_array_size(after);
	char **lb = calloc(nb + 1, sizeof *lb), **la = calloc(na + 1, sizeof *la);
	bool *used = calloc(nb + 1, sizeof *used);
	if (!lb || !la || !used)
		goto out;
	for (size_t i = 0; i < nb; i++)
		lb[i] = view_render_line(json_array_get(before, i));
	for (size_t i = 0; i < na; i++)
		la[i] = view_render_line(json_array_get(after, i));
	bool *kept = calloc(na + 1, sizeof *kept);
	if (!kept)
		goto out;
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; la[i] && j < nb; j++)
			if (!used[j] && lb[j] && !strcmp(la[i], lb[j])) {
				used[j] = kept[i] = true;
				break;
			}
	for (size_t j = 0; j < nb; j++)
		if (!used[j] && lb[j])
			change_line(o, "    - ", lb[j]);
	for (size_t i = 0; i < na; i++)
		if (!kept[i] && la[i])
			change_line(o, "    + ", la[i]);
	free(kept);
out:
	for (size_t i = 0; lb && i < nb; i++)
		free(lb[i]);
	for (size_t i = 0; la && i < na; i++)
		free(la[i]);
	free(lb);
	free(la);
	free(used);
}

/* Two objects: the members that differ, with their new values ("k=-" for
 * one now empty or gone). */
static void object_changes(struct section_out *o, const json_t *before, const json_t *after)
{
	json_t *diff = json_object();
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)after, k, v)
	{
		const json_t *was = json_object_get(before, k);
		if (json_equal(v, was))
			continue;
		if (json_is_object(v) && json_is_object(was)) {
			/* a member that is an object: only its own members that differ */
			json_t *sub = json_object();
			const char *sk;
			json_t *sv;
			json_object_foreach(v, sk,
			                    sv) if (!json_equal(sv, json_object_get(was, sk)))
			    json_object_set(sub, sk, view_blank(sv) ? json_false() : sv);
			json_object_foreach((json_t *)was, sk, sv) if (!json_object_get(v, sk))
			    json_object_set_new(sub, sk, json_false());
			json_object_set_new(diff, k, sub);
		} else
			json_object_set(diff, k, view_blank(v) ? json_null() : v);
	}
	json_object_foreach((json_t *)before, k, v)
	{
		if (!json_object_get(after, k))
			json_object_set_new(diff, k, json_null());
	}
	/* blank members are left out of a line: say "-" for them here */
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f) {
		bool first = true;
		json_object_foreach(diff, k, v)
		{
			fprintf(f, "%s%s", first ? "" : " ", k);
			first = false;
			if (json_is_object(v) && json_is_object(json_object_get(before, k))) {
				/* an object that changed: "k: sk=v ..." of its changed members */
				fputc(':', f);
				const char *sk;
				json_t *sv;
				json_object_foreach(v, sk, sv)
				{
					char *line = view_blank(sv) ? NULL : view_render_line(sv);
					fprintf(f, " %s=%s", sk, line ? line : "-");
					free(line);
				}
				continue;
			}
			char *line = json_is_null(v) ? NULL : view_render_line(v);
			bool wrap = json_is_object(v) || json_is_array(v);
			fprintf(f, "=%s%s%s", wrap ? "(" : "", line ? line : "-", wrap ? ")" : "");
			free(line);
		}
		fclose(f);
		if (len)
			change_line(o, "    ", buf);
		free(buf);
	}
	json_decref(diff);
}

static void section_changes(FILE *out, const char *name, const json_t *before, const json_t *after,
                            bool *headed)
{
	if (json_equal(before, after))
		return;
	if (!*headed) {
		fprintf(out, "Changed:\n");
		*headed = true;
	}
	struct section_out o = {.out = out, .name = name};
	if (json_is_array(before) && json_is_array(after))
		list_changes(&o, before, after);
	else if (json_is_object(before) && json_is_object(after))
		object_changes(&o, before, after);
	else { /* a plain value: on the section's line, as the board shows it */
		char *line = after ? view_render_line(after) : NULL;
		char lead[300];
		snprintf(lead, sizeof lead, "  %s:", name);
		view_render_wrapped(out, lead, line && *line ? line : "-", 4);
		free(line);
	}
	if (o.more)
		fprintf(out, "    ... %d more (type: b %s)\n", o.more, name);
}

void view_changes(FILE *out, const json_t *before, const json_t *after, const json_t *patch)
{
	struct touched t = {0};
	collect(patch, &t);
	if (!patch) /* a whole new view: compare all of it */
		t.whole = t.log = true;
	if (t.log) {
		const json_t *lb = json_object_get(before, "log"),
		             *la = json_object_get(after, "log");
		size_t from = first_new_entry(lb, la), n = json_array_size(la);
		if (from < n) {
			fprintf(out, "New events:\n");
			for (size_t i = from; i < n; i++)
				print_log_entry(out, json_array_get(la, i));
		} else if (json_array_size(lb) > n)
			fprintf(out, "(events taken back: %zu)\n", json_array_size(lb) - n);
	}
	const json_t *bb = json_object_get(before, "board"), *ba = json_object_get(after, "board");
	bool headed = false;
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)ba, k, v)
	{
		if (t.whole || json_object_get(t.sections, k))
			section_changes(out, k, json_object_get(bb, k), v, &headed);
	}
	json_object_foreach((json_t *)bb, k, v)
	{
		if (!json_object_get(ba, k) && (t.whole || json_object_get(t.sections, k)))
			section_changes(out, k, v, NULL, &headed);
	}
	json_decref(t.sections);
}
