/* test_action_menu.c — a long list of legal actions as a short menu chosen
 * step by step (clients/cli/action_menu.c, issue 15): a card play of 44
 * entries becomes one line per card, each opening to what to do with it; a
 * naval phase of 31 one line per fleet; every level fits ACTION_MENU_MAX;
 * every entry is reached exactly once; a short list is left as it is. */
#include <stdlib.h>
#include <string.h>

#include "action_menu.h"
#include "tap.h"

static const char *const generals[] = {
    "George B. McClellan", "Irvin McDowell",      "John C. Fremont",
    "Franz Sigel",         "Ulysses S. Grant",    "Benjamin F. Butler",
    "Nathaniel P. Banks",  "Ambrose E. Burnside", "George Stoneman"};

/* Lincoln's War's card play as the server offers it (labels as it writes them). */
static json_t *card_play(void)
{
	static const struct {
		int card;
		const char *name;
	} cards[] = {{20, "George G. Meade [3 PC]"},
	             {10, "Andrew G. Curtin [4 PC]"},
	             {50, "George B. McClellan [2 PC]"},
	             {4, "David G. Farragut [6 PC]"}};
	json_t *a = json_array();
	char label[300];
	for (size_t c = 0; c < 4; c++) {
		snprintf(label, sizeof label, "Play card %d %s for its PC (10.6)", cards[c].card,
		         cards[c].name);
		json_array_append_new(a, json_pack("{s:s,s:{s:s,s:i,s:s},s:[]}", "label", label,
		                                   "action", "type", "play", "card", cards[c].card,
		                                   "use", "pc", "params"));
		for (size_t g = 0; g < 9; g++) {
			snprintf(label, sizeof label,
			         "Activate %s at Cairo (0805) (cost %zu) with card %d %s",
			         generals[g], 1 + g % 3, cards[c].card, cards[c].name);
			json_array_append_new(a, json_pack("{s:s,s:{s:s,s:i,s:s,s:s}}", "label",
			                                   label, "action", "type", "play", "card",
			                                   cards[c].card, "use", "activate",
			                                   "general", generals[g]));
		}
	}
	json_array_append_new(
	    a, json_pack("{s:s,s:{s:s}}", "label",
	                 "Discard the Committee card (counts as a card play, 10.7.9)", "action",
	                 "type", "committee_discard"));
	return a;
}

/* Walks every group down to its entries: each entry reached once, each
 * level within the bound. */
static void walk(const json_t *actions, const size_t *idx, size_t n, int *seen, int depth)
{
	struct action_menu m;
	CHECK_EQ_INT(action_menu_build(&m, actions, idx, n), 0);
	CHECKF(m.n <= ACTION_MENU_MAX, "a level of %zu items", m.n);
	CHECKF(depth < 6, "no end to the levels");
	for (size_t i = 0; i < m.n && depth < 6; i++) {
		if (m.items[i].count == 1)
			seen[m.items[i].idx[0]]++;
		else
			walk(actions, m.items[i].idx, m.items[i].count, seen, depth + 1);
	}
	action_menu_free(&m);
}

static char *printed(const struct action_menu *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	action_menu_print(f, m);
	fclose(f);
	return buf;
}

static void test_card_play(void)
{
	json_t *a = card_play();
	struct action_menu m;
	CHECK_EQ_INT(action_menu_build(&m, a, NULL, 0), 0);
	char *text = printed(&m);
	CHECKF(m.n == 5, "one line per card and the committee: %zu\n%s", m.n, text);
	CHECKF(strstr(text, "card 20 George G. Meade [3 PC]") && strstr(text, "[10 choices]") &&
	           strstr(text, "Discard the Committee card"),
	       "groups named by what their labels share:\n%s", text);
	free(text);
	/* open card 20: play it for its PC, or activate (a group of 9) */
	struct action_menu sub;
	CHECK_EQ_INT(action_menu_build(&sub, a, m.items[0].idx, m.items[0].count), 0);
	text = printed(&sub);
	CHECKF(sub.n == 10 && strstr(text, " 1) Play card 20") &&
	           strstr(text, "Activate Irvin McDowell"),
	       "card 20 opens to its ten uses:\n%s", text);
	free(text);
	action_menu_free(&sub);
	int seen[64] = {0};
	walk(a, NULL, json_array_size(a), seen, 0);
	for (size_t i = 0; i < json_array_size(a); i++)
		CHECKF(seen[i] == 1, "entry %zu reached %d times", i, seen[i]);
	action_menu_free(&m);
	json_decref(a);
}

static void test_fleets(void)
{
	json_t *a = json_array();
	const char *ports[] = {"Philadelphia (2002)", "Washington (1903)"};
	char label[300], from[32], to[32];
	for (int p = 0; p < 2; p++)
		for (int t = 0; t < 15; t++) {
			snprintf(label, sizeof label,
			         "Move a Fleet from the port of %s to the blockade space of Port "
			         "%d (8.1)",
			         ports[p], t);
			snprintf(from, sizeof from, "port:%d", p);
			snprintf(to, sizeof to, "blockade:%d", t);
			json_array_append_new(a, json_pack("{s:s,s:{s:s,s:s,s:s}}", "label", label,
			                                   "action", "type", "fleet_move", "from",
			                                   from, "to", to));
		}
	json_array_append_new(a, json_pack("{s:s,s:{s:s}}", "label", "End your naval moves (8.1)",
	                                   "action", "type", "end_naval"));
	struct action_menu m;
	CHECK_EQ_INT(action_menu_build(&m, a, NULL, 0), 0);
	char *text = printed(&m);
	CHECKF(m.n == 3 &&
	           strstr(text, "Move a Fleet from the port of Philadelphia (2002) to the blockade "
	                        "space of Port") &&
	           strstr(text, "[15 choices]"),
	       "one line per fleet:\n%s", text);
	free(text);
	action_menu_free(&m);
	json_decref(a);
}

static void test_short_list_as_is(void)
{
	json_t *a = json_array();
	for (int i = 0; i < ACTION_MENU_MAX; i++)
		json_array_append_new(a, json_pack("{s:s,s:{s:s,s:i}}", "label", "Move", "action",
		                                   "type", "move", "to", i));
	struct action_menu m;
	CHECK_EQ_INT(action_menu_build(&m, a, NULL, 0), 0);
	CHECK_EQ_INT(m.n, ACTION_MENU_MAX);
	for (size_t i = 0; i < m.n; i++)
		CHECK(m.items[i].count == 1 && m.items[i].idx[0] == i);
	action_menu_free(&m);
	json_decref(a);
}

int main(void)
{
	test_card_play();
	test_fleets();
	test_short_list_as_is();
	return tap_done();
}
