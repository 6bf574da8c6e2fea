/* action_menu.c — see action_menu.h. */
#include "action_menu.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *label_of(const json_t *actions, size_t i)
{
	const char *l = json_string_value(json_object_get(json_array_get(actions, i), "label"));
	return l ? l : "(action)";
}

/* The value of member key of entry i's action, as compact JSON ("" if none). */
static char *member(const json_t *actions, size_t i, const char *key)
{
	json_t *v = json_object_get(json_object_get(json_array_get(actions, i), "action"), key);
	return v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : strdup("");
}

/* The entries cut into groups by key, in the order each value first comes:
 * group[j] is the group of idx[j]. Returns the number of groups (-1 out of
 * memory). */
static int group_by(const json_t *actions, const size_t *idx, size_t n, const char *key,
                    size_t *group)
{
	char **vals = calloc(n, sizeof *vals);
	if (!vals)
		return -1;
	int groups = 0;
	for (size_t j = 0; j < n; j++) {
		vals[j] = member(actions, idx[j], key);
		if (!vals[j]) {
			groups = -1;
			break;
		}
		size_t g = (size_t)groups;
		for (size_t k = 0; k < j; k++)
			if (!strcmp(vals[k], vals[j])) {
				g = group[k];
				break;
			}
		group[j] = g;
		if (g == (size_t)groups)
			groups++;
	}
	for (size_t j = 0; j < n; j++)
		free(vals[j]);
	free(vals);
	return groups;
}

/* The key that cuts the entries into 2..n-1 groups: "type", else the first
 * member of the first entry's action that does. NULL when none does. */
static const char *grouping_key(const json_t *actions, const size_t *idx, size_t n, size_t *group,
                                int *groups)
{
	*groups = group_by(actions, idx, n, "type", group);
	if (*groups >= 2 && (size_t)*groups < n)
		return "type";
	const char *k;
	json_t *v;
	json_object_foreach(json_object_get(json_array_get(actions, idx[0]), "action"), k, v)
	{
		if (!strcmp(k, "type"))
			continue;
		*groups = group_by(actions, idx, n, k, group);
		if (*groups >= 2 && (size_t)*groups < n)
			return k;
	}
	return NULL;
}

/* ---- the name of a group: the words its labels share ---------------------- */

struct words {
	char *buf;
	const char *w[128];
	size_t n;
};

static void split(const char *text, struct words *ws)
{
	ws->buf = strdup(text);
	ws->n = 0;
	for (char *p = ws->buf ? strtok(ws->buf, " ") : NULL; p && ws->n < 128;
	     p = strtok(NULL, " "))
		ws->w[ws->n++] = p;
}

/* Does words[from..from+len) of a occur as a run in b? */
static bool has_run(const struct words *a, size_t from, size_t len, const struct words *b)
{
	for (size_t s = 0; s + len <= b->n; s++) {
		size_t k = 0;
		while (k < len && !strcmp(a->w[from + k], b->w[s + k]))
			k++;
		if (k == len)
			return true;
	}
	return false;
}

static char *join(const struct words *ws, size_t from, size_t len)
{
	size_t size = 1;
	for (size_t k = 0; k < len; k++)
		size += strlen(ws->w[from + k]) + 1;
	char *s = malloc(size);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (size_t k = 0; k < len; k++) {
		if (k)
			strcat(s, " ");
		strcat(s, ws->w[from + k]);
	}
	return s;
}

static char *group_name(const json_t *actions, const size_t *idx, size_t n)
{
	struct words *ws = calloc(n, sizeof *ws);
	if (!ws)
		return NULL;
	for (size_t j = 0; j < n; j++)
		split(label_of(actions, idx[j]), &ws[j]);
	/* the leading words all share */
	size_t prefix = ws[0].n;
	for (size_t j = 1; j < n; j++) {
		size_t k = 0;
		while (k < prefix && k < ws[j].n && !strcmp(ws[0].w[k], ws[j].w[k]))
			k++;
		prefix = k;
	}
	/* the longest run after them that every label has */
	size_t best_from = 0, best_len = 0;
	for (size_t from = prefix; from < ws[0].n; from++)
		for (size_t len = ws[0].n - from; len > best_len; len--) {
			bool all = true;
			for (size_t j = 1; j < n && all; j++)
				all = has_run(&ws[0], from, len, &ws[j]);
			if (all) {
				best_from = from;
				best_len = len;
				break;
			}
		}
	char *head = join(&ws[0], 0, prefix),
	     *run = best_len >= 3 ? join(&ws[0], best_from, best_len) : NULL;
	char *name = NULL;
	size_t words = prefix + (run ? best_len : 0);
	if (head && words >= 2) {
		size_t size = strlen(head) + (run ? strlen(run) : 0) + 16;
		name = malloc(size);
		if (name)
			snprintf(name, size, "%s%s%s%s", head, *head ? " … " : "", run ? run : "",
			         run && best_from + best_len < ws[0].n ? " …" : "");
	} else {
		/* nothing worth a name in common: the first, and that there are more */
		const char *first = label_of(actions, idx[0]);
		size_t size = strlen(first) + 16;
		name = malloc(size);
		if (name)
			snprintf(name, size, "%s, …", first);
	}
	free(head);
	free(run);
	for (size_t j = 0; j < n; j++)
		free(ws[j].buf);
	free(ws);
	return name;
}

/* ---- the items of a level ------------------------------------------------------ */

static int add_item(struct action_menu *m, const json_t *actions, const size_t *idx, size_t n)
{
	struct action_item *items = realloc(m->items, (m->n + 1) * sizeof *items);
	if (!items)
		return -1;
	m->items = items;
	struct action_item *it = &m->items[m->n];
	*it = (struct action_item){.count = n};
	it->idx = malloc(n * sizeof *it->idx);
	it->label = n == 1 ? strdup(label_of(actions, idx[0])) : group_name(actions, idx, n);
	if (!it->idx || !it->label) {
		free(it->idx);
		free(it->label);
		return -1;
	}
	memcpy(it->idx, idx, n * sizeof *idx);
	it->has_params =
	    n == 1 && json_array_size(json_object_get(json_array_get(actions, idx[0]), "params"));
	m->n++;
	return 0;
}

static void free_item(struct action_item *it)
{
	free(it->label);
	free(it->idx);
}

/* Replaces item i by the items of its own level, in place. */
static int open_in_place(struct action_menu *m, size_t i, struct action_menu *sub)
{
	size_t nn = m->n - 1 + sub->n;
	struct action_item *items = malloc(nn * sizeof *items);
	if (!items)
		return -1;
	memcpy(items, m->items, i * sizeof *items);
	memcpy(items + i, sub->items, sub->n * sizeof *items);
	memcpy(items + i + sub->n, m->items + i + 1, (m->n - i - 1) * sizeof *items);
	free_item(&m->items[i]);
	free(m->items);
	m->items = items;
	m->n = nn;
	free(sub->items);
	sub->items = NULL;
	sub->n = 0;
	return 0;
}

int action_menu_build(struct action_menu *m, const json_t *actions, const size_t *idx, size_t n)
{
	*m = (struct action_menu){0};
	size_t *all = NULL;
	if (!idx) {
		n = json_array_size(actions);
		all = malloc((n ? n : 1) * sizeof *all);
		if (!all)
			return -1;
		for (size_t j = 0; j < n; j++)
			all[j] = j;
		idx = all;
	}
	int rc = 0, groups = 0;
	size_t *group = malloc((n ? n : 1) * sizeof *group),
	       *sub = malloc((n ? n : 1) * sizeof *sub);
	const char *key = !group || !sub || n <= ACTION_MENU_MAX
	                      ? NULL
	                      : grouping_key(actions, idx, n, group, &groups);
	if (!group || !sub)
		rc = -1;
	else if (!key) {
		for (size_t j = 0; j < n && rc == 0; j++)
			rc = add_item(m, actions, &idx[j], 1);
	} else {
		for (size_t g = 0; g < (size_t)groups && rc == 0; g++) {
			size_t k = 0;
			for (size_t j = 0; j < n; j++)
				if (group[j] == g)
					sub[k++] = idx[j];
			rc = add_item(m, actions, sub, k);
		}
		/* open the groups that fit, the smallest first, while the level
		 * stays within ACTION_MENU_MAX */
		for (bool opened = true; opened && rc == 0;) {
			opened = false;
			size_t best = 0, best_n = 0;
			struct action_menu best_sub = {0};
			for (size_t i = 0; i < m->n && rc == 0; i++) {
				if (m->items[i].count < 2)
					continue;
				struct action_menu s;
				rc = action_menu_build(&s, actions, m->items[i].idx,
				                       m->items[i].count);
				if (rc == 0 && m->n - 1 + s.n <= ACTION_MENU_MAX &&
				    (!best_n || s.n < best_n)) {
					action_menu_free(&best_sub);
					best_sub = s;
					best = i;
					best_n = s.n;
				} else
					action_menu_free(&s);
			}
			if (rc == 0 && best_n) {
				rc = open_in_place(m, best, &best_sub);
				opened = rc == 0;
			}
			action_menu_free(&best_sub);
		}
	}
	free(group);
	free(sub);
	free(all);
	if (rc < 0)
		action_menu_free(m);
	return rc;
}

void action_menu_free(struct action_menu *m)
{
	for (size_t i = 0; i < m->n; i++)
		free_item(&m->items[i]);
	free(m->items);
	*m = (struct action_menu){0};
}

void action_menu_print(FILE *out, const struct action_menu *m)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct action_item *it = &m->items[i];
		if (it->count > 1)
			fprintf(out, "  %2zu) %s  [%zu choices]\n", i + 1, it->label, it->count);
		else
			fprintf(out, "  %2zu) %s%s\n", i + 1, it->label,
			        it->has_params ? " ..." : "");
	}
}
