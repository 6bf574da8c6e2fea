/* lw_admin.c — 7.0 the Administration phase: purchases (7.1.1 - 7.1.6),
 * draft promotions (7.2) and reinforcements (7.3). The initiative player
 * goes first (6.0); each ends with "end_admin". Naval purchases (7.1.7,
 * 7.1.8) and the Assassination Plot (7.1.9) are part 2. */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"

void lw_begin_admin(struct lw_state *s)
{
	s->phase = LW_PH_ADMIN;
	s->phasing = s->first;
	lw_naval_new_turn(s); /* 7.1.7/7.1.8 purchases are counted per turn */
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		s->side[side].admin_done = 0;
		s->side[side].draft_left = (uint8_t)lw_D()->turns[s->turn].draft[side];
	}
}

static const char *gname(const struct lw_state *s, int u, char *b, size_t n)
{
	return lw_unit_name(s, u, b, n);
}

/* ---- checks shared by the offer and the handler ----------------------------- */

static int check_promote(const struct lw_state *s, int side, int u, bool draft,
                         struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].gen < 0)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.2: choose one of your generals");
	const struct lw_unit *x = &s->unit[u];
	const struct lw_general *g = &lw_D()->generals[x->gen];
	if (x->where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL,
		               "7.1.2: only a general on the map may be promoted");
	if (x->flags & LW_UF_PROMOTED)
		return tg_fail(err, TG_E_ILLEGAL, "7.1: one promotion per general per turn");
	if (x->flags & LW_UF_OOS)
		return tg_fail(err, TG_E_ILLEGAL,
		               "7.1.2: an out-of-supply general may not be promoted");
	if (x->stars >= g->max_stars)
		return tg_fail(err, TG_E_ILLEGAL, "%s: %s has no %d-star counter",
		               x->stars == 2 ? "7.1.3" : "1.3.1", g->name, x->stars + 1);
	if (draft && x->stars != 1)
		return tg_fail(err, TG_E_ILLEGAL,
		               "7.2: only one-star generals receive draft promotions");
	if (!draft && s->side[side].pc < x->stars + 1)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.%d: promoting to %d stars costs %d PC",
		               x->stars + 1, x->stars + 1, x->stars + 1);
	/* 12.4 / 13.1.1: never a promotion that breaks stacking (the refusal
	 * names the rule broken: the star limit or a cavalry outranking) */
	struct tg_error why = {0};
	if (lw_stack_check_hex(s, x->hex, side, NULL, 0, u, x->stars + 1, &why) != 0)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.2: no promotion that breaks stacking: %s",
		               why.message);
	return 0;
}

/* Is hex in enemy hands for side: an enemy force or an enemy city (2.1)? */
static bool enemy_hex(const struct lw_state *s, int side, int hex)
{
	/* the city first: the force is a look at the units (issue 17) */
	int c = lw_city_at(hex);
	if (c >= 0 && lw_city_controller(s, c) == LW_OTHER(side))
		return true;
	int occ = lw_hex_owner_force(s, hex);
	return occ != LW_NOSIDE && occ != side;
}

static bool has_cavalry(const struct lw_state *s, int side, int hex)
{
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP && s->unit[i].hex == hex &&
		    s->unit[i].side == side && s->unit[i].cavalry)
			return true;
	return false;
}

#define ARRIVE_MAX 64

/* The friendly cities nearest to `from` that can take u (ties: all, in the
 * data's order); as lw_nearest_friendly_city. */
static int nearest_cities(const struct lw_state *s, int u, int from, int out[ARRIVE_MAX])
{
	const struct lw_data *d = lw_D();
	int side = s->unit[u].side;
	int best = lw_nearest_friendly_city(s, side, from, &u, 1), n = 0;
	if (best == LW_NO_HEX)
		return 0;
	if (!from) {
		out[n++] = best; /* no entry hex: the data's first city (README "Engine: the
		                    sequence of play and the actions") */
		return n;
	}
	int bestd = tg_hex_distance(&d->grid, from, best);
	for (size_t i = 0; i < d->n_cities && n < ARRIVE_MAX; i++) {
		int hex = d->cities[i].hex;
		/* the city's own questions first, the units' last: who holds the
		 * hex was a scan of every unit for every city (issue 17), and only
		 * the few friendly cities at the best distance need it */
		if (lw_city_controller(s, (int)i) != side ||
		    (side == LW_CONFEDERATE && d->cities[i].no_confederate_entry) ||
		    tg_hex_distance(&d->grid, from, hex) != bestd)
			continue;
		int occ = lw_hex_owner_force(s, hex);
		if ((occ != LW_NOSIDE && occ != side) ||
		    lw_stack_check_hex(s, hex, side, &u, 1, LW_NONE, 0, NULL) != 0)
			continue;
		out[n++] = hex;
	}
	return n;
}

/* Where general u may arrive on the map: a reinforcement at his entry hex
 * (7.3), a general bought back from disgrace at his starting hex (7.1.1).
 * 2.1 / 7.3: the hex if friendly and it can take him; a cavalry general
 * meeting a cavalry general there goes to an adjacent friendly hex ("This
 * also applies to purchased disgraced generals"); otherwise (enemy hands,
 * overstacking, no adjacent hex) the nearest friendly city. Where several
 * hexes qualify the owner places him (a prompt). Returns the count. */
static int arrival_options(const struct lw_state *s, int u, int hex, int out[ARRIVE_MAX])
{
	const struct lw_data *d = lw_D();
	int side = s->unit[u].side, n = 0;
	if (!hex)
		return nearest_cities(s, u, hex, out);
	bool enemy = enemy_hex(s, side, hex);
	if (!enemy && lw_stack_check_hex(s, hex, side, &u, 1, LW_NONE, 0, NULL) == 0) {
		out[n++] = hex;
		return n;
	}
	if (!enemy && s->unit[u].cavalry && has_cavalry(s, side, hex)) {
		int nb[6];
		int k = tg_hex_neighbours(&d->grid, hex, nb);
		for (int i = 0; i < k; i++) {
			const struct lw_hex *h = lw_data_hex(d, nb[i]);
			int cc = lw_city_at(nb[i]);
			if (h && h->terrain != LW_TERRAIN_OCEAN && !enemy_hex(s, side, nb[i]) &&
			    !(cc >= 0 && lw_city_controller(s, cc) != side) &&
			    !(lw_data_hexside_flags(d, hex, nb[i]) & LW_HS_IMPASSABLE) &&
			    lw_stack_check_hex(s, nb[i], side, &u, 1, LW_NONE, 0, NULL) == 0)
				out[n++] = nb[i];
		}
		if (n)
			return n;
	}
	return nearest_cities(s, u, hex, out);
}

static void arrival_offer(const struct lw_state *s, int side, struct tg_offers *list);

static int rehab_options(const struct lw_state *s, int u, int out[ARRIVE_MAX])
{
	const struct lw_general *g = &lw_D()->generals[s->unit[u].gen];
	return arrival_options(s, u, g->setup_hex ? g->setup_hex : g->entry_hex, out); /* 7.1.1 */
}

/* The hexes as "params" choices for a prompt, in l (opened in o's form). */
static void hex_choices(const struct tg_offers *o, struct tg_offer_list *l, const int *opt, int n)
{
	char hl[64];
	tg_offer_list_open(o, l);
	for (int i = 0; i < n; i++)
		tg_offer_list_choice_int(l, opt[i], lw_hex_label(opt[i], hl, sizeof hl));
}

/* The chosen destination `to` of action a among opt; 0 (and err) if absent
 * with several, or not among them. */
static int chosen_hex(const json_t *a, const int *opt, int n, const char *rule,
                      struct tg_error *err)
{
	int to = 0;
	if (!lw_a_int(a, "to", &to)) {
		if (n == 1)
			return opt[0];
		tg_fail(err, TG_E_ILLEGAL, "%s: several hexes can take him: choose one (\"to\")",
		        rule);
		return 0;
	}
	for (int i = 0; i < n; i++)
		if (opt[i] == to)
			return to;
	tg_fail(err, TG_E_ILLEGAL,
	        "%s: he arrives at his hex if friendly and it can take him; a cavalry general "
	        "meeting cavalry there goes to an adjacent friendly hex, otherwise the nearest "
	        "friendly city (2.1)",
	        rule);
	return 0;
}

static int check_rehab(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].where != LW_W_DISGRACED)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.1: choose a general in your Disgraced box");
	if (s->side[side].disgraced_bought)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.1: one disgraced general per turn");
	if (s->side[side].pc < 1)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.1: it costs one PC");
	int opt[ARRIVE_MAX];
	if (rehab_options(s, u, opt) == 0)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.1: no friendly hex can take him");
	return 0;
}

static int gic_cost(const struct lw_state *s, int side)
{
	int g = s->side[side].gic;
	return g != LW_NONE && (s->unit[g].flags & LW_UF_LOST_PREV) ? 2 : 4; /* 7.1.4 */
}

static int check_gic(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].where != LW_W_MAP ||
	    s->unit[u].gen < 0 || s->unit[u].cavalry)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.2.1: choose one of your generals on the map");
	if (s->unit[u].stars != 3)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.3: only three-star generals may be GiC");
	if (s->side[side].gic == u)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.4: he is already General in Chief");
	if (s->unit[u].flags & LW_UF_LOST_PREV)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "11.1.2.1: the new GiC may not have lost a battle the previous turn");
	if (s->side[side].pc < gic_cost(s, side))
		return tg_fail(err, TG_E_ILLEGAL, "7.1.4: appointing a GiC costs %d PC",
		               gic_cost(s, side));
	return 0;
}

static int check_co(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].where != LW_W_MAP ||
	    s->unit[u].cavalry)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.5: choose an infantry general on the map");
	/* 7.1.5 / 11.0.2 b: his own CO (a besieged force's, not the
	 * besiegers' on top of the siege hex, 16.9.5.2) */
	int co = lw_force_co_side(s, s->unit[u].hex, side);
	if (co == u)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.5: he already commands");
	if (s->side[side].gic == co)
		return tg_fail(err, TG_E_ILLEGAL, "11.1.3.1: the GiC commands any stack he is in");
	if (s->unit[co].stars != s->unit[u].stars)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.5: only a general of equal rank to the CO");
	if (s->side[side].pc < 1)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.5: it costs one PC");
	return 0;
}

/* ---- offers --------------------------------------------------------------------- */

/* The most stars a promotion gives (1.3.1: a one- and a two-star side and
 * maybe a three-star counter; the data loader refuses more). */
#define PROMOTE_TO 3

/* The generals u[0, n) as a param's choices {value: id, label: name}, in
 * l (opened in o's form). */
static void generals_list(const struct lw_state *s, const struct tg_offers *o,
                          struct tg_offer_list *l, const uint8_t *u, int n)
{
	char name[64], id[64];
	tg_offer_list_open(o, l);
	for (int i = 0; i < n; i++)
		tg_offer_list_choice(l, lw_unit_id(s, u[i], id, sizeof id),
		                     gname(s, u[i], name, sizeof name));
}

void lw_admin_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_player *p = &s->side[side];
	char name[64], id[64], hex[64];
	if (p->arrive_place) {
		arrival_offer(s, side, list); /* 7.3, 2.1: the owner places him */
		return;
	}
	if (side == LW_CONFEDERATE && lw_naval_admin_pending(s)) {
		lw_naval_admin_offer(s, side, list); /* 7.1.7: place the drawn Asset first */
		return;
	}
	/* Each purchase of many targets is one entry, the target its param
	 * (issue 17: an entry a general or an amount repeated the purchase's
	 * words, about 10 KB of an Administration Phase's offers); an entry
	 * only when it has a target (tg_offer_list_some). The generals are
	 * found first and named only when listed (issue 17: the lists were
	 * jansson arrays, and every general of the side was named, a third
	 * of this offer's instructions). */
	_Static_assert(LW_MAX_UNITS <= 256, "a unit's index in a uint8_t");
	uint8_t prom[PROMOTE_TO + 1][LW_MAX_UNITS], draft[LW_MAX_UNITS], co[LW_MAX_UNITS];
	int n_prom[PROMOTE_TO + 1] = {0}, n_draft = 0, n_co = 0;
	for (int u = 0; u < s->n_units; u++) {
		if (s->unit[u].side != side)
			continue;
		int to = s->unit[u].stars + 1;
		if (to <= PROMOTE_TO && check_promote(s, side, u, false, NULL) == 0)
			prom[to][n_prom[to]++] = (uint8_t)u;
		if (p->draft_left && check_promote(s, side, u, true, NULL) == 0)
			draft[n_draft++] = (uint8_t)u;
		if (check_co(s, side, u, NULL) == 0)
			co[n_co++] = (uint8_t)u;
	}
	struct tg_offer_list l;
	tg_offer_list_open(list, &l);
	for (int n = 1; n <= 10 - p->csp && n <= p->pc; n++)
		tg_offer_list_choice_int(&l, n, NULL);
	tg_offer_list_some(list, tg_act(list, "{s:s}", "type", "buy_csp"), "amount", "CSP to buy",
	                   &l, "Buy CSP for 1 PC each (7.1.6)");
	/* 7.1.2 and 7.2 promote the same generals to 2 stars: check_promote
	 * asks the same of both but the PC (the purchase's, for the entry) and
	 * the one star (the purchase's to 2 stars too). When both are offered,
	 * one entry lists the generals once, the action's type its first param
	 * (PROTOCOL.md, "Actions and their params": a param may name "type");
	 * issue 17: the two lists, about 0.9 KB each at a turn's start, were
	 * among the largest patches' bytes. The actions are the same. */
	bool once = n_prom[2] && n_draft == n_prom[2] &&
	            memcmp(prom[2], draft, (size_t)n_draft * sizeof *draft) == 0;
	for (int to = 0; to <= PROMOTE_TO; to++) {
		if (!n_prom[to])
			continue;
		generals_list(s, list, &l, prom[to], n_prom[to]);
		if (to == 2 && once) {
			char label[256];
			struct tg_offer_list how;
			tg_offer_list_open(list, &how);
			tg_offer_list_choice(&how, "promote", "For 2 PC (7.1.2)");
			tg_offer_list_choice(
			    &how, "draft",
			    tg_label(label, "By draft, free (7.2, %d left)", p->draft_left));
			tg_offer_begin(list, tg_act(list, "{s:s}", "type", "promote"),
			               "Promote a general to 2 stars: 2 PC or draft (7.1.2, 7.2)");
			tg_offer_param(list, "type", "How", NULL, &how, NULL);
			tg_offer_param(list, "general", "General to promote", NULL, &l, NULL);
			tg_offer_end(list);
			continue;
		}
		tg_offer_list_some(list, tg_act(list, "{s:s}", "type", "promote"), "general",
		                   "General to promote", &l,
		                   "Promote a general to %d stars for %d PC (7.1.%d)", to, to, to);
	}
	if (!once) {
		generals_list(s, list, &l, draft, n_draft);
		tg_offer_list_some(list, tg_act(list, "{s:s}", "type", "draft"), "general",
		                   "General to promote", &l,
		                   "Draft promotion to 2 stars (7.2, %d left)", p->draft_left);
	}
	/* then the purchases of one general each, general by general */
	for (int u = 0; u < s->n_units; u++) {
		if (s->unit[u].side != side)
			continue;
		if (check_rehab(s, side, u, NULL) == 0) {
			lw_unit_id(s, u, id, sizeof id);
			gname(s, u, name, sizeof name);
			int opt[ARRIVE_MAX], n = rehab_options(s, u, opt);
			if (n == 1)
				tg_offer(
				    list,
				    tg_act(list, "{s:s,s:s}", "type", "rehabilitate", "general",
				           id),
				    "Bring %s back from the Disgraced box for 1 PC, to %s (7.1.1)",
				    name, lw_hex_label(opt[0], hex, sizeof hex));
			else {
				hex_choices(list, &l, opt, n);
				tg_offer_list_some(
				    list,
				    tg_act(list, "{s:s,s:s}", "type", "rehabilitate", "general",
				           id),
				    "to", "Where he arrives", &l,
				    "Bring %s back from the Disgraced box for 1 PC, to a hex you "
				    "choose (7.1.1, 2.1)",
				    name);
			}
		}
		if (check_gic(s, side, u, NULL) == 0) {
			lw_unit_id(s, u, id, sizeof id);
			gname(s, u, name, sizeof name);
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "appoint_gic", "general", id),
			         "Appoint %s General in Chief for %d PC (7.1.4)", name,
			         gic_cost(s, side));
		}
	}
	generals_list(s, list, &l, co, n_co);
	tg_offer_list_some(list, tg_act(list, "{s:s}", "type", "appoint_co"), "general", "General",
	                   &l, "Make a general CO of his force for 1 PC (7.1.5)");
	lw_naval_admin_offer(s, side, list);     /* 7.1.7, 7.1.8 */
	lw_political_admin_offer(s, side, list); /* 7.1.9 */
	tg_offer(list, tg_act(list, "{s:s}", "type", "end_admin"), "End your administration (7.0)");
}

/* ---- 7.3 reinforcements ------------------------------------------------------- */

static bool arriving(const struct lw_state *s, int u)
{
	const struct lw_unit *x = &s->unit[u];
	return x->where == LW_W_PENDING && x->arrive_turn <= s->turn && x->gen >= 0;
}

static int entry_options(const struct lw_state *s, int u, int out[ARRIVE_MAX])
{
	return arrival_options(s, u, lw_D()->generals[s->unit[u].gen].entry_hex, out);
}

static void arrive(struct lw_state *s, int u, int at)
{
	char name[64], hex[64];
	s->unit[u].stars = 1;
	lw_unit_place(s, u, at);
	lw_log(s, "Reinforcement: %s arrives at %s (7.3).", lw_unit_name(s, u, name, sizeof name),
	       lw_hex_label(at, hex, sizeof hex));
}

/* The reinforcement whose owner is asked where he arrives: the first
 * arriving general with several legal hexes; LW_NONE if none. */
static int asked_arrival(const struct lw_state *s)
{
	int opt[ARRIVE_MAX];
	for (int u = 0; u < s->n_units; u++)
		if (arriving(s, u) && s->side[s->unit[u].side].arrive_place &&
		    entry_options(s, u, opt) > 1)
			return u;
	return LW_NONE;
}

/* 7.3: place the arrivals in unit order; one with several legal hexes
 * stops the placement and his owner is asked (arrive_place, the prompt
 * "place_arrival"). True when all are placed. */
static bool place_reinforcements(struct lw_state *s)
{
	char name[64];
	int opt[ARRIVE_MAX];
	for (int u = 0; u < s->n_units; u++) {
		if (!arriving(s, u))
			continue;
		int n = entry_options(s, u, opt); /* 7.3, 2.1 */
		if (n == 1)
			arrive(s, u, opt[0]);
		if (n > 1) {
			int side = s->unit[u].side;
			s->side[side].arrive_place = 1;
			s->phasing = (int8_t)side; /* the owner places him */
			return false;
		}
	}
	for (int u = 0; u < s->n_units; u++)
		if (arriving(s, u))
			lw_log(s, "%s cannot arrive: no friendly hex (7.3); he waits a turn.",
			       lw_unit_name(s, u, name, sizeof name));
	return true;
}

static void admin_over(struct lw_state *s, struct game_outcome *out)
{
	if (!place_reinforcements(s)) /* 7.3: after all purchases and promotions */
		return;
	if (lw_naval_begin(s, out)) /* 8.0 (3.3); false: ships to move first */
		lw_begin_draw(s, out);
}

static void arrival_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	int u = asked_arrival(s), opt[ARRIVE_MAX];
	if (u == LW_NONE || s->unit[u].side != side)
		return;
	int n = entry_options(s, u, opt);
	char name[64], id[48];
	struct tg_offer_list l;
	hex_choices(list, &l, opt, n);
	tg_offer_list_some(list,
	                   tg_act(list, "{s:s,s:s}", "type", "place_arrival", "general",
	                          lw_unit_id(s, u, id, sizeof id)),
	                   "to", "Where he arrives", &l,
	                   "Place the reinforcement %s: his entry hex cannot take him (7.3, 2.1)",
	                   lw_unit_name(s, u, name, sizeof name));
}

static int refuse_arrival(const struct lw_state *s, int side, const char *type,
                          struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "7.3: first place your arriving reinforcement (\"place_arrival\")");
}

static int arrival_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	int u = asked_arrival(s), opt[ARRIVE_MAX];
	if (u == LW_NONE || s->unit[u].side != side ||
	    lw_unit_by_id(s, lw_a_str(a, "general")) != u)
		return refuse_arrival(s, side, "place_arrival", err);
	int n = entry_options(s, u, opt);
	int to = chosen_hex(a, opt, n, "7.3", err);
	if (!to)
		return -1;
	s->side[side].arrive_place = 0;
	arrive(s, u, to);
	admin_over(s, out);
	return 0;
}

/* ---- the actions of the phase, declared once ------------------------------------ */

static int act_buy_plot(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)out;
	return lw_political_admin_act(s, side, a, err); /* 7.1.9 (lw_political.c) */
}

static int act_end_admin(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)a, (void)err;
	s->side[side].admin_done = 1;
	lw_log(s, "The %s player ends his administration.", lw_side_title(side));
	if (!s->side[LW_OTHER(side)].admin_done) {
		s->phasing = (int8_t)LW_OTHER(side);
		return 0;
	}
	admin_over(s, out);
	return 0;
}

static int act_buy_csp(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)out;
	struct lw_player *p = &s->side[side];
	int n;
	if (!lw_a_int(a, "amount", &n))
		return tg_fail(err, TG_E_MALFORMED, "buy_csp needs an integer \"amount\"");
	if (n < 1 || p->csp + n > 10)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.6: CSP may not exceed 10 (you have %d)",
		               p->csp);
	if (n > p->pc)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.6: one PC per CSP; you have %d PC", p->pc);
	p->pc = (int16_t)(p->pc - n);
	p->csp = (int16_t)(p->csp + n);
	lw_log(s, "The %s player buys %d CSP (7.1.6).", lw_side_title(side), n);
	return 0;
}

/* The general an action names: -1 MALFORMED when it names none. */
static int named_general(const struct lw_state *s, const json_t *a, int *u, struct tg_error *err)
{
	*u = lw_unit_by_id(s, lw_a_str(a, "general"));
	if (!lw_a_str(a, "general"))
		return tg_fail(err, TG_E_MALFORMED, "%s needs a \"general\"", lw_a_str(a, "type"));
	return 0;
}

static int promote(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                   struct tg_error *err, bool draft)
{
	struct lw_player *p = &s->side[side];
	char name[64];
	int u;
	if (named_general(s, a, &u, err) != 0)
		return -1;
	if (draft && !p->draft_left)
		return tg_fail(err, TG_E_ILLEGAL, "7.2: no draft promotion left this turn");
	if (check_promote(s, side, u, draft, err) != 0)
		return -1;
	int cost = draft ? 0 : s->unit[u].stars + 1;
	if (draft) {
		p->draft_left--;
		/* 7.2: from Spring 1864 the CS draft needs a 3-6 */
		if (side == LW_CONFEDERATE && lw_D()->turns[s->turn].cs_manpower_roll) {
			int die = tg_rng_die(&s->rng, 6);
			if (out)
				out->barrier = true;
			if (die <= 2) {
				s->unit[u].flags |= LW_UF_PROMOTED;
				lw_log(s, "Draft promotion of %s fails: manpower roll %d (7.2).",
				       lw_public_name(s, u, name, sizeof name), die);
				return 0;
			}
		}
	}
	p->pc = (int16_t)(p->pc - cost);
	lw_promote(s, u);
	lw_log(s, "%s is promoted to %d stars (%s).", lw_public_name(s, u, name, sizeof name),
	       s->unit[u].stars, draft ? "7.2 draft" : "7.1 purchase");
	return 0;
}

static int act_promote(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	return promote(s, side, a, out, err, false);
}

static int act_draft(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	return promote(s, side, a, out, err, true);
}

static int act_rehabilitate(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)out;
	struct lw_player *p = &s->side[side];
	char name[64];
	int u;
	if (named_general(s, a, &u, err) != 0 || check_rehab(s, side, u, err) != 0)
		return -1;
	int opt[ARRIVE_MAX], n = rehab_options(s, u, opt);
	int hex = chosen_hex(a, opt, n, "7.1.1", err);
	if (!hex)
		return -1;
	p->pc--;
	p->disgraced_bought = 1;
	s->unit[u].stars = 1;
	lw_unit_place(s, u, hex);
	s->unit[u].flags |= LW_UF_PROMOTED; /* 7.1.1: no promotion the same turn */
	char h[64];
	lw_log(s, "%s returns from disgrace at %s (7.1.1).", gname(s, u, name, sizeof name),
	       lw_hex_label(hex, h, sizeof h));
	return 0;
}

static int act_appoint_gic(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)out;
	struct lw_player *p = &s->side[side];
	char name[64];
	int u;
	if (named_general(s, a, &u, err) != 0 || check_gic(s, side, u, err) != 0)
		return -1;
	p->pc = (int16_t)(p->pc - gic_cost(s, side));
	p->gic_old = p->gic; /* 11.1.2.3: not the one replaced if a CO is chosen */
	p->gic = (int16_t)u;
	lw_log(s, "%s is appointed General in Chief (7.1.4).", gname(s, u, name, sizeof name));
	lw_gic_relocate(s, side, u, LW_GIC_PLACE_VOLUNTARY); /* 11.1.2.3 */
	return 0;
}

static int act_appoint_co(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)out;
	char name[64];
	int u;
	if (named_general(s, a, &u, err) != 0 || check_co(s, side, u, err) != 0)
		return -1;
	s->side[side].pc--;
	s->unit[u].cmd = ++s->cmd_seq;
	lw_log(s, "%s takes command of his force (7.1.5).", gname(s, u, name, sizeof name));
	return 0;
}

static int refuse_admin(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "7.0: in the administration phase: buy_csp, promote, draft, rehabilitate, "
	               "appoint_gic, appoint_co or end_admin");
}

static int refuse_asset(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "7.1.7: first place the Asset you drew");
}

/* 7.0: each side's purchases, promotions and appointments, then the end. */
static const struct lw_action admin_rows[] = {
    {"buy_csp", "7.1.6", act_buy_csp, 0},
    {"promote", "7.1.2", act_promote, 0},
    {"draft", "7.2", act_draft, 0},
    {"rehabilitate", "7.1.1", act_rehabilitate, 0},
    {"appoint_gic", "7.1.4", act_appoint_gic, 0},
    {"appoint_co", "7.1.5", act_appoint_co, 0},
    {"buy_asset", "7.1.7", lw_naval_buy_asset_act, 0},
    {"buy_raider", "7.1.7", lw_naval_buy_raider_act, 0},
    {"buy_fleet", "7.1.8", lw_naval_buy_fleet_act, 0},
    {"buy_assassination_plot", "7.1.9", act_buy_plot, 0},
    {"end_admin", "7.0", act_end_admin, 0},
};
/* 7.1.7: the Asset the Confederate drew goes to a port before anything else. */
static const struct lw_action asset_rows[] = {
    {"place_asset", "7.1.7", lw_naval_place_asset_act, 0},
};
/* 7.3, 2.1: a reinforcement with several legal hexes is placed by its owner. */
static const struct lw_action arrival_rows[] = {
    {"place_arrival", "7.3", arrival_act, 0},
};
const struct lw_actions lw_admin_main_actions = LW_ACTIONS("admin", admin_rows, refuse_admin);
const struct lw_actions lw_admin_asset_actions =
    LW_ACTIONS("admin.asset", asset_rows, refuse_asset);
const struct lw_actions lw_admin_arrival_actions =
    LW_ACTIONS("admin.arrival", arrival_rows, refuse_arrival);

const struct lw_actions *lw_admin_actions(const struct lw_state *s, int side)
{
	if (s->side[side].arrive_place)
		return &lw_admin_arrival_actions; /* 7.3, 2.1 */
	if (side == LW_CONFEDERATE && lw_naval_admin_pending(s))
		return &lw_admin_asset_actions; /* 7.1.7 (lw_naval_admin.c) */
	return &lw_admin_main_actions;
}

int lw_admin_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err)
{
	return lw_action_dispatch(lw_admin_actions(s, side), s, side, a, out, err);
}
