/* lw_resev_fixture.h — a battle played through the module's act(), for the
 * Resource card event tests (16.3): a Campaign game in the Summer 1862
 * Operations phase with the map cleared, a Union force at x that the Union
 * player activates by playing a card, and a Confederate force at y next to
 * it (clear terrain, no city, no river between); decks stacked with cards
 * without symbols so that no casualty star is drawn. */
#ifndef LW_RESEV_FIXTURE_H
#define LW_RESEV_FIXTURE_H

#include "lw_land_fixture.h"
#include "lw_testkit.h"

struct rv {
	struct game *g;
	struct lw_state *s;
	int x, y;
	int us[3], nus;
	int cs[3], ncs;
};

/* A non-cavalry general of `side` with a decisive `stars` counter (both
 * values printed) and activation at most 2, not in skip[0..nskip). */
static inline int rv_general(const struct lw_state *s, int side, int stars, const int *skip,
                             int nskip)
{
	const struct lw_data *d = lw_D();
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		bool skipped = false;
		for (int k = 0; k < nskip; k++)
			skipped |= skip[k] == i;
		if (skipped || u->gen < 0 || u->side != side)
			continue;
		const struct lw_general *gg = &d->generals[u->gen];
		if (gg->cavalry || gg->max_stars < stars)
			continue;
		const struct lw_rank *r = &gg->rank[stars - 1];
		if (r->stars != stars || r->attack < 0 || r->defense < 0 || r->activation > 2)
			continue;
		return i;
	}
	return LW_NONE;
}

/* An activation card of `side` that is neither a resource nor erratic,
 * worth at least 3 PC. */
static inline int rv_activation_card(int side)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k && k->kind == LW_KIND_ACTIVATION && k->pc >= 3 && !k->resource && !k->erratic)
			return n;
	}
	return 0;
}

static inline int rv_act(struct rv *r, int side, const char *json)
{
	int rc = tk_act(r->g, side == LW_UNION ? "union" : "confederate", json);
	if (rc)
		printf("# %s -> %s: %s\n", json, tk_err.code, tk_err.message);
	return rc;
}
#define RV_OK(r, side, json) CHECKF(rv_act((r), (side), (json)) == 0, "refused: %s", (json))
#define RV_FAILS(r, side, json) CHECKF(rv_act((r), (side), (json)) != 0, "accepted: %s", (json))

/* Sets up the two forces (stars of each general, the CO first), gives each
 * side its `card` (0: none) and has the Union attack y from x. Returns false
 * when the set-up could not be made. */
static inline bool rv_setup(struct rv *r, int seed, const int *us_stars, int nus,
                            const int *cs_stars, int ncs, int us_card, int cs_card)
{
	memset(r, 0, sizeof *r);
	r->g = tk_new("campaign", seed);
	tk_choose_gics(r->g);
	tk_goto_ops(r->g, 2, LW_UNION);
	struct lw_state *s = r->s = &r->g->s;
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP) {
			s->unit[i].where = LW_W_PENDING;
			s->unit[i].hex = LW_NO_HEX;
		}
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		s->side[side].gic = LW_NONE;
		s->side[side].pc = 10;
		s->side[side].csp = 0;
		tk_clear_hand(s, side);
		fx_stack_deck(s, side, 0, 0, 10);
	}
	if (!fx_plain_pair("TN", &r->x, &r->y))
		return false;
	int used[6], nu = 0;
	for (int i = 0; i < nus; i++) {
		int u = rv_general(s, LW_UNION, us_stars[i], used, nu);
		if (u == LW_NONE)
			return false;
		used[nu++] = r->us[r->nus++] =
		    fx_place(s, lw_D()->generals[s->unit[u].gen].id, r->x, us_stars[i]);
	}
	for (int i = 0; i < ncs; i++) {
		int u = rv_general(s, LW_CONFEDERATE, cs_stars[i], used, nu);
		if (u == LW_NONE)
			return false;
		used[nu++] = r->cs[r->ncs++] =
		    fx_place(s, lw_D()->generals[s->unit[u].gen].id, r->y, cs_stars[i]);
	}
	/* the CO first: every other general is his subordinate */
	for (int i = 1; i < r->nus; i++)
		s->unit[r->us[i]].cmd = 0;
	for (int i = 1; i < r->ncs; i++)
		s->unit[r->cs[i]].cmd = 0;
	int act = rv_activation_card(LW_UNION);
	tk_give(s, LW_UNION, act);
	tk_give_any(s, LW_UNION);
	tk_give_any(s, LW_CONFEDERATE);
	if (us_card)
		tk_give(s, LW_UNION, us_card);
	if (cs_card)
		tk_give(s, LW_CONFEDERATE, cs_card);
	char buf[160];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}", act,
	         lw_D()->generals[s->unit[r->us[0]].gen].id);
	if (rv_act(r, LW_UNION, buf) != 0)
		return false;
	snprintf(buf, sizeof buf, "{\"type\":\"attack\",\"target\":%d}", r->y);
	if (rv_act(r, LW_UNION, buf) != 0)
		return false;
	if (s->step == LW_ST_WITHDRAW && rv_act(r, LW_CONFEDERATE, "{\"type\":\"stand\"}") != 0)
		return false;
	return s->step == LW_ST_COMMIT;
}

/* The sum of the printed values (attack or defense) of units. */
static inline int rv_values(const struct lw_state *s, const int *u, int n, bool attack)
{
	int v = 0;
	for (int i = 0; i < n; i++)
		v += attack ? lw_unit_attack(s, u[i]) : lw_unit_defense(s, u[i]);
	return v;
}

static inline bool rv_log_has(const struct lw_state *s, const char *part)
{
	for (uint32_t i = 0; i < LW_LOG_LINES && i < s->log_total; i++)
		if (strstr(s->log[i], part))
			return true;
	return false;
}

/* The battle object of role's view ("observer" too; a new reference). */
static inline json_t *rv_battle_view(struct rv *r, const char *role)
{
	json_t *v = lincolns_war_module.view(r->g, role);
	json_t *b = json_incref(json_object_get(json_object_get(v, "board"), "battle"));
	json_decref(v);
	return b;
}

/* Plays the battle out: each awaited side takes its first offered action
 * (for a retreat or an advance: the first, i.e. "all"). Returns the number
 * of actions, -1 on a dead end or a refusal. */
static inline int rv_finish(struct rv *r)
{
	int n = 0;
	while (r->s->battle.active && n < 100) {
		struct game_status st;
		lincolns_war_module.status(r->g, &st);
		if (!st.awaiting)
			return -1;
		const char *role = st.awaiting & 1 ? "union" : "confederate";
		json_t *v = lincolns_war_module.view(r->g, role);
		json_t *a =
		    json_object_get(json_array_get(json_object_get(v, "actions"), 0), "action");
		char *txt = a ? json_dumps(a, JSON_COMPACT) : NULL;
		json_decref(v);
		if (!txt)
			return -1;
		int rc = tk_act(r->g, role, txt);
		if (rc)
			printf("# %s -> %s\n", txt, tk_err.message);
		free(txt);
		if (rc)
			return -1;
		n++;
	}
	return n;
}

#endif
