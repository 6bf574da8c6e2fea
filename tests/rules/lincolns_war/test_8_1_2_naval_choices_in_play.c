/* 8.1.2.1 / 8.3.4 / 8.1.2.2 in play: the random legal-action bot of the
 * playouts answers the Confederate's escape choices after a port is
 * captured (naval_escape) and meets the voluntary Kentucky violation of an
 * ironclad on a border river (asset_move with violate_kentucky), through
 * the offers alone. Random play rarely takes a Confederate port holding
 * ships, so, as test_19_ep_bi_playouts does for the EP, the situations are
 * planted: in every Naval Phase while Kentucky is neutral an ironclad waits
 * in Fort Donelson; in every turn ironclads wait in the Mississippi ports
 * and a Raider in a Confederate ocean port, and one of those ports falls
 * to the Union in the middle of a battle (while both sides commit, 16.3) or
 * of a card play. Checked: every offered action is accepted, an awaited
 * role always has an action (no dead end), the game ends, the escape
 * prompts come before anything else and the battle then goes on, and
 * save/load keeps the waiting ships. Raid cavalry battles (13.2.2) are
 * counted as they come.
 *   test_8_1_2_naval_choices_in_play [games] */
#include <stdlib.h>

#include "lw_bot.h"
#include "lw_naval_fixture.h"

#define MAX_ACTIONS 20000

static int escapes, kentucky, kentucky_offered, cav_battles, captures, mid_battle;

static bool port_ok(const struct lw_state *s, const char *id)
{
	int c = nv_city(id);
	return s->city[c].owner == LW_CONFEDERATE &&
	       lw_hex_owner_force(s, nv_hex(id)) != LW_UNION &&
	       lw_naval_assets_at(s, nv_hex(id)) == 0;
}

/* A free asset / raider slot (in the pool or gone), or -1. */
static int free_asset(const struct lw_state *s)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (lw_naval_asset_kind(i) == LW_AK_IRONCLAD &&
		    (s->navy.asset[i].where == LW_NW_POOL || s->navy.asset[i].where == LW_NW_GONE))
			return i;
	return -1;
}

static int free_raider(const struct lw_state *s)
{
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		if (s->navy.raider[i].where == LW_NW_POOL || s->navy.raider[i].where == LW_NW_GONE)
			return i;
	return -1;
}

static void plant_river(struct lw_state *s, int *target)
{
	static const char *const ports[] = {"memphis", "natchez", "baton_rouge", "port_gibson"};
	*target = -1;
	for (int k = 0; k < 4; k++) {
		int i = free_asset(s);
		if (i < 0 || !port_ok(s, ports[k]))
			continue;
		nv_asset(s, i, nv_hex(ports[k]));
		if (*target < 0)
			*target = nv_city(ports[k]);
	}
	static const char *const ocean[] = {"new_orleans", "mobile", "savannah", "charleston"};
	for (int k = 0; k < 4; k++) {
		int r = free_raider(s);
		if (r >= 0 && port_ok(s, ocean[k])) {
			nv_raider_port(s, r, nv_hex(ocean[k]));
			if (*target < 0)
				*target = nv_city(ocean[k]);
			break;
		}
	}
}

static void play(int seed)
{
	struct game *g = tk_new("campaign", seed);
	struct lw_state *s = &g->s;
	const struct game_module *M = &lincolns_war_module;
	struct lw_bot bot;
	lw_bot_init(&bot, (uint64_t)seed * 104729u + 3);
	int planted_turn = -1, naval_turn = -1, target = -1;
	uint32_t logged = s->log_total;
	for (int n = 0; n < MAX_ACTIONS && s->phase != LW_PH_OVER; n++) {
		if (s->phase == LW_PH_NAVAL && naval_turn != s->turn &&
		    s->kentucky.violator == LW_NOSIDE && port_ok(s, "fort_donelson") &&
		    s->city[nv_city("nashville")].owner == LW_CONFEDERATE && free_asset(s) >= 0) {
			naval_turn = s->turn;
			nv_asset(s, free_asset(s), nv_hex("fort_donelson"));
		}
		if (s->phase == LW_PH_OPS && planted_turn != s->turn) {
			planted_turn = s->turn;
			plant_river(s, &target);
		}
		/* the port falls: in the middle of a battle when one comes, else
		 * late in the turn's card play */
		if (target >= 0 && s->phase == LW_PH_OPS && lw_naval_escape_side(s) == LW_NOSIDE &&
		    ((s->battle.active && s->step == LW_ST_COMMIT) || s->ops_round >= 6) &&
		    s->city[target].owner == LW_CONFEDERATE) {
			bool battle = s->battle.active;
			int step = s->step;
			lw_capture_city(s, LW_UNION, target, false);
			target = -1;
			captures++;
			if (lw_naval_escape_side(s) == LW_CONFEDERATE) {
				struct game_status st;
				M->status(g, &st);
				CHECK_EQ_INT(st.awaiting, LW_SIDE_BIT(LW_CONFEDERATE));
				mid_battle += battle;
				/* save/load keeps the waiting ships */
				json_t *sv = M->save(g);
				struct game *h = M->load(sv, &tk_err);
				CHECKF(h && memcmp(&h->s.navy, &s->navy, sizeof s->navy) == 0,
				       "save/load of waiting ships");
				if (h)
					M->free(h);
				json_decref(sv);
			}
			(void)step;
		} else if (target >= 0 && s->phase != LW_PH_OPS) {
			target = -1;
		}
		char role[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		int got = lw_bot_choose(&bot, M, g, role, &a);
		if (got <= 0) {
			CHECKF(got == 0, "seed %d: dead end", seed);
			break;
		}
		const char *type = json_string_value(json_object_get(a, "type"));
		bool esc = type && strcmp(type, "naval_escape") == 0;
		escapes += esc;
		if (lw_naval_escape_side(s) != LW_NOSIDE)
			CHECKF(esc, "seed %d: a ship waits and %s was chosen", seed, type);
		kentucky += json_is_true(json_object_get(a, "violate_kentucky"));
		if (s->phase == LW_PH_NAVAL && nv_offered(g, "confederate", "violate_kentucky"))
			kentucky_offered++;
		bool in_battle = s->battle.active && esc;
		struct game_outcome out = {0};
		int rc = M->act(g, role, a, &out, &tk_err);
		CHECKF(rc == 0, "seed %d: offered action refused: %s", seed, tk_err.message);
		json_decref(a);
		if (rc)
			break;
		if (in_battle && lw_naval_escape_side(s) == LW_NOSIDE)
			CHECKF(s->battle.active && s->step == LW_ST_COMMIT,
			       "seed %d: the battle goes on after the escape", seed);
		for (; logged < s->log_total; logged++)
			cav_battles +=
			    strstr(s->log[logged % LW_LOG_LINES], "Cavalry battle at") != NULL;
	}
	CHECKF(s->phase == LW_PH_OVER, "seed %d: the game did not end", seed);
	M->free(g);
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 12;
	for (int i = 0; i < games; i++)
		play(500 + i);
	printf("# %d captures (%d in a battle), %d naval_escape answers, Kentucky violation "
	       "offered %d times and chosen %d times, %d raid cavalry battles\n",
	       captures, mid_battle, escapes, kentucky_offered, kentucky, cav_battles);
	CHECK(escapes > 0);
	CHECK(mid_battle > 0);
	CHECK(kentucky_offered > 0);
	CHECK(kentucky > 0);
	return tap_done();
}
