/* lw_political_19.c — 19.0: the Emancipation Proclamation (19.1) and
 * British Intervention (19.2): triggers with the turn track's PC leads,
 * their effects, and the prompts they raise (the Confederate's free
 * promotion, whether to declare BI, the BI card exchange). */
#include <stdio.h>
#include <string.h>

#include "kit/json_text.h"
#include "kit/view_sections.h"
#include "lw_engine.h"
#include "lw_ints.h"

void lw_political_note_battle(struct lw_state *s, int att, int att_co_stars, int att_stars, int def,
                              int def_co_stars, int def_stars)
{
	struct lw_pol_note *n = &s->pol.note;
	memset(n, 0, sizeof *n);
	n->active = 1;
	n->co_stars[att] = (uint8_t)att_co_stars;
	n->stars[att] = (uint8_t)(att_stars > 255 ? 255 : att_stars);
	n->co_stars[def] = (uint8_t)def_co_stars;
	n->stars[def] = (uint8_t)(def_stars > 255 ? 255 : def_stars);
	n->side_hex[att] = (int16_t)s->battle.att_hex;
	n->side_hex[def] = (int16_t)s->battle.def_hex;
}

/* The CO's stars (11.0.1) and the force's size, its cavalry's stars not
 * counted (13.1.1), of side at hex. */
static void force_stars(const struct lw_state *s, int side, int hex, int *co_stars, int *stars)
{
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, u), co = lw_force_co(s, hex);
	*co_stars = co != LW_NONE ? s->unit[co].stars : 0;
	*stars = lw_army_size(s, u, n);
}

void lw_political_note_withdrawal(struct lw_state *s, int side, int hex)
{
	struct lw_pol_note *n = &s->pol.note;
	memset(n, 0, sizeof *n);
	int co, st;
	force_stars(s, side, hex, &co, &st);
	n->active = 2;
	n->side = (int8_t)side;
	n->hex = (int16_t)hex;
	n->co_stars[side] = (uint8_t)co;
	n->stars[side] = (uint8_t)(st > 255 ? 255 : st);
	n->side_hex[side] = (int16_t)hex;
}

static void reshuffle_discards(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	int tmp[2 * LW_DECK_CARDS];
	int n = 0;
	for (int i = 0; i < c->draw_n; i++)
		tmp[n++] = c->draw[i];
	for (int i = 0; i < c->discard_n; i++)
		tmp[n++] = c->discard[i];
	c->discard_n = 0;
	memset(c->discard, 0, sizeof c->discard);
	tg_rng_shuffle_int(&s->rng, tmp, (size_t)n);
	for (int i = 0; i < n && i < LW_DECK_CARDS; i++)
		c->draw[i] = (uint8_t)tmp[i];
	c->draw_n = (uint8_t)(n < LW_DECK_CARDS ? n : LW_DECK_CARDS);
}

static bool ep_promotion_ok(const struct lw_state *s, int u)
{
	const struct lw_unit *x = &s->unit[u];
	/* 20.5: "Out-of-supply generals may not be promoted except by absorbing
	 * TCO stars" */
	if (x->side != LW_CONFEDERATE || x->gen < 0 || x->where != LW_W_MAP ||
	    (x->flags & (LW_UF_PROMOTED | LW_UF_OOS)))
		return false;
	if (x->stars >= lw_D()->generals[x->gen].max_stars)
		return false;
	return lw_stack_check_hex(s, x->hex, LW_CONFEDERATE, NULL, 0, u, x->stars + 1, NULL) == 0;
}

static bool any_ep_promotion(const struct lw_state *s)
{
	for (int u = 0; u < s->n_units; u++)
		if (ep_promotion_ok(s, u))
			return true;
	return false;
}

void lw_political_declare_ep(struct lw_state *s)
{
	struct lw_politics *p = &s->pol;
	if (p->ep)
		return;
	p->ep = 1; /* 1-2: no PC for the Union (21.3 instead); BI no longer possible */
	lw_gain_pc(s, LW_CONFEDERATE, 2); /* 4 */
	int h = lw_unit_by_id(s, "hincks");
	if (h != LW_NONE && s->turn < s->last_turn) {
		/* 5: on the next turn's box, enters in Washington as a reinforcement */
		s->unit[h].where = LW_W_PENDING;
		s->unit[h].arrive_turn = (uint8_t)(s->turn + 1);
	}
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		reshuffle_discards(s, side);           /* RESULTS, 10.3.1 */
	p->ep_promotion = any_ep_promotion(s) ? 1 : 0; /* 3 */
	lw_log(s,
	       "EMANCIPATION PROCLAMATION (19.1): the Confederate gains 2 PC and a free "
	       "promotion, British Intervention is no longer possible, Hincks arrives next turn, "
	       "and both players reshuffle their discards into their decks.");
}

void lw_political_declare_bi(struct lw_state *s)
{
	struct lw_politics *p = &s->pol;
	if (p->bi || p->ep)
		return;
	p->bi = 1;
	lw_gain_pc(s, LW_CONFEDERATE, 5);
	const struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	p->bi_swap = c->hand_n > 0 && c->discard_n > 0 ? 1 : 0;
	lw_log(s, "BRITISH INTERVENTION (19.2): the Confederate gains 5 PC, may exchange a card "
	          "of his hand for one of his discards, and gains 3 PC at the start of every "
	          "later turn.");
}

/* 19.2 "British Intervention can be declared by the Confederate player if
 * ...": each trigger met offers it; a refusal is not final, the next
 * trigger offers it again (docs/political_optional.md "Decisions where the text is silent"). */
void lw_political_offer_bi(struct lw_state *s)
{
	struct lw_politics *p = &s->pol;
	if (p->bi || p->ep || p->bi_offer)
		return;
	p->bi_offer = 1;
	lw_log(s, "The conditions of British Intervention are met: the Confederate may declare it "
	          "(19.2).");
}

void lw_political_begin_turn(struct lw_state *s)
{
	if (!s->pol.bi)
		return;
	lw_gain_pc(s, LW_CONFEDERATE, 3);
	lw_log(s, "British Intervention: the Confederate gains 3 PC (19.2).");
}

static int lead(const struct lw_state *s, int side)
{
	return s->side[side].pc - s->side[LW_OTHER(side)].pc;
}

/* 19.2: north of the North/South border = in the Union's own territory. */
static bool north(int hex)
{
	return hex != LW_NO_HEX && lw_hex_in_territory(hex, LW_UNION);
}

void lw_political_settle(struct lw_state *s)
{
	struct lw_politics *p = &s->pol;
	if (s->phase == LW_PH_OVER || s->battle.active)
		return;
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	struct lw_pol_note n = p->note;
	memset(&p->note, 0, sizeof p->note);
	bool cs_defeat = false, us_defeat = false, us_early = false;
	/* 16.8.3: a Victory Reversal (result 3) "ignore[s] the normal combat
	 * results": nobody suffered a defeat (no victory PC, no LOST_BATTLE
	 * either); battle.winner only says who moves after it (docs/decisions.md "16.8.3
	 * disasters") */
	bool reversal = s->battle.result == 3;
	if (n.active == 1 && s->battle.winner != LW_NOSIDE && !reversal) {
		int loser = LW_OTHER(s->battle.winner);
		bool heavy = s->battle.result == 2 || s->battle.rout; /* Major Defeat, Rout */
		if (loser == LW_CONFEDERATE)
			cs_defeat = n.co_stars[loser] >= 2 && n.stars[loser] >= 6;
		else if (n.co_stars[loser] == 3 && heavy) {
			us_defeat = true;
			/* early BI: "a major defeat ... North of the North/South
			 * border"; a Rout is the greater defeat (16.9.5.1 ranks it
			 * above the Major Victory; issue 22, docs/decisions.md "19.2: a Rout in the
			 * early trigger") */
			us_early = north(n.side_hex[loser]);
		}
	} else if (n.active == 2) {
		int side = n.side;
		if (side == LW_CONFEDERATE)
			cs_defeat = n.co_stars[side] >= 2 && n.stars[side] >= 6;
		else if (side == LW_UNION && n.co_stars[side] == 3) {
			us_defeat = true;
			us_early = north(n.hex);
		}
	}
	/* 19.2: taking Washington is the trigger, so a capture offers BI once
	 * (a refusal holds while the city stays Confederate) */
	int wash = lw_city_at(lw_capital_hex(LW_UNION));
	bool washington = wash >= 0 && lw_city_controller(s, wash) == LW_CONFEDERATE;
	bool taken = washington && !p->bi_wash;
	p->bi_wash = washington ? 1 : 0;
	/* 19.1: the lead is checked after the battle's PC changes */
	if (cs_defeat && !p->ep && lead(s, LW_UNION) >= t->ep_union_lead)
		lw_political_declare_ep(s);
	if (p->ep || p->bi || p->bi_offer)
		return;
	if (t->bi_cs_lead < 0) {
		/* before Spring 1863: only the early conditions, no lead needed */
		if (us_early || taken)
			lw_political_offer_bi(s);
	} else if ((us_defeat && lead(s, LW_CONFEDERATE) >= t->bi_cs_lead) || taken) {
		lw_political_offer_bi(s);
	}
}

/* ---- prompts ------------------------------------------------------------------- */

int lw_political_choice_side(const struct lw_state *s)
{
	const struct lw_politics *p = &s->pol;
	if (p->retaliation)
		return LW_UNION;
	if (p->ep_promotion || p->bi_offer || p->bi_swap)
		return LW_CONFEDERATE;
	return LW_NOSIDE;
}

const char *lw_political_prompt(const struct lw_state *s)
{
	const struct lw_politics *p = &s->pol;
	if (p->retaliation)
		return "Davis's turn to fear: retaliate with the Assassination Plot? (7.1.9.3)";
	if (p->ep_promotion)
		return "Emancipation Proclamation: choose the general who gets a free promotion "
		       "(19.1)";
	if (p->bi_offer)
		return "British Intervention: declare it now or not (19.2)";
	return "British Intervention: exchange a card of your hand for one of your discards, or "
	       "keep your hand (19.2)";
}

void lw_political_choice_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_politics *p = &s->pol;
	char b[64], id[32];
	if (side != lw_political_choice_side(s))
		return;
	if (p->retaliation) {
		lw_political_retaliation_offer(s, list);
		return;
	}
	if (p->ep_promotion) {
		for (int u = 0; u < s->n_units; u++)
			if (ep_promotion_ok(s, u))
				tg_offer(list,
				         tg_act(list, "{s:s,s:s}", "type", "ep_promotion",
				                "general", lw_unit_id(s, u, id, sizeof id)),
				         "Promote %s to %d stars for free (19.1)",
				         lw_unit_name(s, u, b, sizeof b), s->unit[u].stars + 1);
		return;
	}
	if (p->bi_offer) {
		tg_offer(list, tg_act(list, "{s:s}", "type", "bi_declare"),
		         "Declare British Intervention (19.2): +5 PC now, +3 PC every turn, swap a "
		         "card from your discard pile");
		tg_offer(list, tg_act(list, "{s:s}", "type", "bi_decline"),
		         "Do not declare British Intervention (19.2)");
		return;
	}
	const struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	tg_offer(list, tg_act(list, "{s:s}", "type", "bi_keep"), "Keep your hand (19.2)");
	for (int i = 0; i < c->hand_n; i++)
		for (int j = 0; j < c->discard_n; j++) {
			const struct lw_card *g = lw_card(LW_CONFEDERATE, c->hand[i]);
			const struct lw_card *k = lw_card(LW_CONFEDERATE, c->discard[j]);
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:i}", "type", "bi_swap", "give",
			                c->hand[i], "take", c->discard[j]),
			         "Discard %s (%d) and take %s (%d) from your discards (19.2)",
			         g && g->name ? g->name : "a card", c->hand[i],
			         k && k->name ? k->name : "a card", c->discard[j]);
		}
}

static int act_promotion(struct lw_state *s, const json_t *a, struct tg_error *err)
{
	const char *id = lw_a_str(a, "general");
	int u = id ? lw_unit_by_id(s, id) : LW_NONE;
	if (u == LW_NONE || !ep_promotion_ok(s, u))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "19.1: choose a Confederate general on the map who may take one more "
		    "star (7.1: once a turn, 12.4 stacking, 20.5: in supply)");
	lw_promote(s, u);
	s->pol.ep_promotion = 0;
	char b[64];
	lw_log(s, "Emancipation Proclamation: %s is promoted to %d stars (19.1).",
	       lw_unit_name(s, u, b, sizeof b), s->unit[u].stars);
	return 0;
}

static int act_swap(struct lw_state *s, const json_t *a, struct tg_error *err)
{
	int give, take;
	struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	if (!lw_a_int(a, "give", &give) || !lw_a_int(a, "take", &take))
		return tg_fail(err, TG_E_MALFORMED, "19.2: bi_swap needs \"give\" and \"take\"");
	int hi = lw_hand_find(s, LW_CONFEDERATE, give), di = -1;
	for (int j = 0; j < c->discard_n; j++)
		if (c->discard[j] == take)
			di = j;
	if (hi < 0 || di < 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "19.2: give a card of your hand, take a card of your discard pile");
	memmove(&c->discard[di], &c->discard[di + 1], (size_t)(c->discard_n - di - 1));
	c->discard[--c->discard_n] = 0;
	c->hand[hi] = (uint8_t)take;
	lw_discard(s, LW_CONFEDERATE, give);
	s->pol.bi_swap = 0;
	/* the cards stay secret: the Union sees a card go to the discard pile
	 * and one come out of it, not which (discards are hidden, lw_view.c) */
	lw_log(s, "British Intervention: the Confederate exchanges a card of his hand for one of "
	          "his discards (19.2).");
	return 0;
}

static int act_ep_promotion(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)side, (void)out;
	return act_promotion(s, a, err);
}

static int act_bi_declare(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)side, (void)a, (void)out, (void)err;
	s->pol.bi_offer = 0;
	lw_political_declare_bi(s); /* the exchange prompt follows */
	return 0;
}

static int act_bi_decline(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)side, (void)a, (void)out, (void)err;
	s->pol.bi_offer = 0;
	lw_log(s, "The Confederate does not declare British Intervention (19.2).");
	return 0;
}

static int act_bi_keep(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)side, (void)a, (void)out, (void)err;
	s->pol.bi_swap = 0;
	lw_log(s, "British Intervention: the Confederate keeps his hand (19.2).");
	return 0;
}

static int act_bi_swap(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)side, (void)out;
	return act_swap(s, a, err);
}

static int refuse_promotion(const struct lw_state *s, int side, const char *type,
                            struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "19.1: first choose the general of your free promotion");
}

static int refuse_bi_offer(const struct lw_state *s, int side, const char *type,
                           struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "19.2: declare British Intervention (\"bi_declare\") or not "
	               "(\"bi_decline\")");
}

static int refuse_bi_swap(const struct lw_state *s, int side, const char *type,
                          struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "19.2: exchange a card (\"bi_swap\") or keep your hand (\"bi_keep\")");
}

/* 19.1: the EP's free promotion. */
static const struct lw_action promotion_rows[] = {
    {"ep_promotion", "19.1", act_ep_promotion, 0},
};
/* 19.2: the Confederate may declare British Intervention... */
static const struct lw_action bi_offer_rows[] = {
    {"bi_declare", "19.2", act_bi_declare, 0},
    {"bi_decline", "19.2", act_bi_decline, 0},
};
/* ...and, declared, exchange a card of his hand for one of his discards. */
static const struct lw_action bi_swap_rows[] = {
    {"bi_swap", "19.2", act_bi_swap, 0},
    {"bi_keep", "19.2", act_bi_keep, 0},
};
const struct lw_actions lw_political_promotion_actions =
    LW_ACTIONS("political_choice.promotion", promotion_rows, refuse_promotion);
const struct lw_actions lw_political_bi_offer_actions =
    LW_ACTIONS("political_choice.bi_offer", bi_offer_rows, refuse_bi_offer);
const struct lw_actions lw_political_bi_swap_actions =
    LW_ACTIONS("political_choice.bi_swap", bi_swap_rows, refuse_bi_swap);

const struct lw_actions *lw_political_actions(const struct lw_state *s)
{
	if (s->pol.retaliation)
		return &lw_political_retaliation_actions; /* 7.1.9.3 (lw_political.c) */
	if (s->pol.ep_promotion)
		return &lw_political_promotion_actions;
	if (s->pol.bi_offer)
		return &lw_political_bi_offer_actions;
	return &lw_political_bi_swap_actions;
}

int lw_political_choice_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	if (side != lw_political_choice_side(s))
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "19.0/7.1.9: the other player decides now");
	return lw_action_dispatch(lw_political_actions(s), s, side, a, out, err);
}

/* ---- 21.3, view, save ------------------------------------------------------------ */

int lw_political_vp(const struct lw_state *s, int kind, int side, int vp)
{
	const struct lw_politics *p = &s->pol;
	switch (kind) {
	case LW_VP_NO_EMANCIPATION: /* 19.1 step 1: the EP's award is the CS losing these */
		return p->ep ? 0 : vp;
	case LW_VP_NO_BRITISH_INTERVENTION:
		return p->bi ? 0 : vp;
	case LW_VP_ASSASSINATED_PRESIDENT:
		return p->president_vp[side] ? vp : 0;
	case LW_VP_ASSASSINATED_CO:
		return p->co_vp[side] ? vp : 0;
	default:
		return 0;
	}
}

/* The side whose purchase of the plot viewer sees (0: none shown): the
 * Confederate's is his secret until the Supply Phase. */
static int bought_shown(const struct lw_politics *p, int viewer)
{
	return p->plot_bought == LW_UNION ||
	               (p->plot_bought == LW_CONFEDERATE && viewer == LW_CONFEDERATE)
	           ? p->plot_bought
	           : 0;
}

uint64_t lw_political_stamp(const struct lw_state *s, int viewer, int holds, uint64_t h)
{
	const struct lw_politics *p = &s->pol;
	/* every value lw_political_view shows, as it shows it */
	const int32_t shown[] = {p->ep,
	                         p->bi,
	                         lw_plot_buyer(p),
	                         bought_shown(p, viewer),
	                         p->president_vp[LW_UNION],
	                         p->president_vp[LW_CONFEDERATE],
	                         p->co_vp[LW_UNION],
	                         p->co_vp[LW_CONFEDERATE],
	                         holds};
	return tg_stamp_bytes(h, shown, sizeof shown);
}

json_t *lw_political_view(const struct lw_state *s, int viewer)
{
	const struct lw_politics *p = &s->pol;
	bool bought = bought_shown(p, viewer) != 0;
	return json_pack("{s:b,s:b,s:s,s:s*,s:[b,b],s:[b,b],s:i}", "emancipation", p->ep,
	                 "british_intervention", p->bi, "plot_buyer",
	                 lw_plot_buyer(p) == LW_UNION         ? "union"
	                 : lw_plot_buyer(p) == LW_CONFEDERATE ? "confederate"
	                                                      : "nobody",
	                 "plot_bought", bought ? lw_side_name((enum lw_side)p->plot_bought) : NULL,
	                 "president_assassinated_by", p->president_vp[LW_UNION],
	                 p->president_vp[LW_CONFEDERATE], "capital_co_assassinated_by",
	                 p->co_vp[LW_UNION], p->co_vp[LW_CONFEDERATE], "union_holds_cs_cities",
	                 lw_plot_union_holds(s));
}

#define POL_INTS 22

static void political_ints(const struct lw_politics *p, int *v)
{
	const struct lw_pol_note *n = &p->note;
	const int a[POL_INTS] = {p->ep,
	                         p->bi,
	                         p->plot_stage,
	                         p->plot_bought,
	                         p->president_vp[1],
	                         p->president_vp[2],
	                         p->co_vp[1],
	                         p->co_vp[2],
	                         p->ep_promotion,
	                         p->bi_swap,
	                         p->retaliation,
	                         n->active,
	                         n->side,
	                         n->hex,
	                         n->co_stars[1],
	                         n->co_stars[2],
	                         n->stars[1],
	                         n->stars[2],
	                         n->side_hex[1],
	                         n->side_hex[2],
	                         p->bi_offer,
	                         p->bi_wash};
	memcpy(v, a, sizeof a);
}

json_t *lw_political_save(const struct lw_politics *p)
{
	int v[POL_INTS];
	political_ints(p, v);
	json_t *a = json_array();
	for (int i = 0; i < POL_INTS; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

void lw_political_save_text(struct tg_jw *w, const struct lw_politics *p)
{
	int v[POL_INTS];
	political_ints(p, v);
	LW_INTS_TEXT(w, v, POL_INTS);
}

int lw_political_load(struct lw_politics *p, const json_t *saved)
{
	memset(p, 0, sizeof *p);
	if (!saved)
		return 0; /* a save from before part 2: nothing political happened */
	if (!json_is_array(saved) || json_array_size(saved) != POL_INTS)
		return -1;
	int v[POL_INTS] = {0};
	static const int hi[POL_INTS] = {1, 1, 2,    2, 1, 1,   1,   1,    1,    1, 1,
	                                 2, 2, 9999, 3, 3, 255, 255, 9999, 9999, 1, 1};
	for (int i = 0; i < POL_INTS; i++) {
		const json_t *x = json_array_get(saved, (size_t)i);
		if (!json_is_integer(x) || json_integer_value(x) < 0 ||
		    json_integer_value(x) > hi[i])
			return -1;
		v[i] = (int)json_integer_value(x);
	}
	int k = 0;
	p->ep = (uint8_t)v[k++];
	p->bi = (uint8_t)v[k++];
	p->plot_stage = (uint8_t)v[k++];
	p->plot_bought = (int8_t)v[k++];
	p->president_vp[1] = (uint8_t)v[k++];
	p->president_vp[2] = (uint8_t)v[k++];
	p->co_vp[1] = (uint8_t)v[k++];
	p->co_vp[2] = (uint8_t)v[k++];
	p->ep_promotion = (uint8_t)v[k++];
	p->bi_swap = (uint8_t)v[k++];
	p->retaliation = (uint8_t)v[k++];
	p->note.active = (uint8_t)v[k++];
	p->note.side = (int8_t)v[k++];
	p->note.hex = (int16_t)v[k++];
	p->note.co_stars[1] = (uint8_t)v[k++];
	p->note.co_stars[2] = (uint8_t)v[k++];
	p->note.stars[1] = (uint8_t)v[k++];
	p->note.stars[2] = (uint8_t)v[k++];
	p->note.side_hex[1] = (int16_t)v[k++];
	p->note.side_hex[2] = (int16_t)v[k++];
	p->bi_offer = (uint8_t)v[k++];
	p->bi_wash = (uint8_t)v[k++];
	return 0;
}
