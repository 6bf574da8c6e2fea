/* action_menu.h — a long list of legal actions as a short menu of groups,
 * chosen step by step (issue 15: 55 entries at one card play scrolled the
 * heading off). Knows no game: entries are grouped by their action's
 * "type", then by the first member whose value differs among them (in the
 * action's member order: by card, then what to do with it; by fleet, then
 * where), while a level would hold more than ACTION_MENU_MAX items; small
 * groups are opened in place while the level stays within it. A group is
 * named by the words its entries' labels share (the leading ones, then the
 * longest run of the rest). A list of at most ACTION_MENU_MAX entries is
 * shown as it is. */
#ifndef TG_CLI_ACTION_MENU_H
#define TG_CLI_ACTION_MENU_H

#include <jansson.h>
#include <stddef.h>

#define ACTION_MENU_MAX 12

struct action_item {
	char *label;    /* the entry's label, or the group's name */
	size_t *idx;    /* indices into the actions array */
	size_t count;   /* 1: one entry (a leaf); more: a group to open */
	int has_params; /* a leaf whose action asks for params */
};

struct action_menu {
	struct action_item *items;
	size_t n;
};

/* The items of one level for the entries idx[0..n) of actions (the view's
 * "actions", cleaned for the terminal); idx NULL: all of them. 0, or -1 out
 * of memory. */
int action_menu_build(struct action_menu *m, const json_t *actions, const size_t *idx, size_t n);
void action_menu_free(struct action_menu *m);

/* "  3) label" lines; a group says how many choices it holds. */
void action_menu_print(FILE *out, const struct action_menu *m);

#endif
