/* lw_view.c — what each role may see (game.h view; README "Hidden
 * information").
 *
 * Everyone sees: the turn, phase and step; both PC/CSP tracks; card counts
 * (hand, deck, discards); cards as they are played; chosen Special Campaign
 * cards (10.7.3.1); cities and garrisons; reinforcement, disgraced and
 * deceased boxes; every force's hex, side, CO (the top counter), kind
 * (single general / minor / major army, 12.7), the IT, Out-of-Supply (20.6)
 * and Reluctant (10.7.4) markers on it; battles
 * and, once both sides committed, the face-down cards. Only the owner sees
 * his hand, his discards, his subordinates (their identity, rank, wounds
 * and flags) and his own pending face-down commitment. Nobody sees deck
 * order, the other side's discards or the generator. Enemy subordinates
 * become visible while LW_UF_REVEALED is set (16.3 reveal). */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_theater.h"

static const char *const phase_names[] = {
    [LW_PH_GIC] = "gic_choice",
    [LW_PH_INITIATIVE] = "initiative",
    [LW_PH_ADMIN] = "administration",
    [LW_PH_DRAW] = "card_draw",
    [LW_PH_OPS] = "operations",
    [LW_PH_SUPPLY] = "supply",
    [LW_PH_OVER] = "over",
    [LW_PH_RAIL] = "rail",
    [LW_PH_NAVAL] = "naval",
};

/* clang-format off */
static const char *const step_names[] = {
    [LW_ST_CARD] = "play_card",      [LW_ST_SPEND] = "spend_pc",  [LW_ST_MOVE] = "move",
    [LW_ST_WITHDRAW] = "withdraw",   [LW_ST_COMMIT] = "commit",   [LW_ST_CASUALTY] = "casualty",
    [LW_ST_RETREAT] = "retreat",     [LW_ST_ADVANCE] = "advance", [LW_ST_PEACE] = "peace_talks",
    [LW_ST_SEDITIOUS] = "seditious", [LW_ST_DEMOTE] = "demote", [LW_ST_HARASS] = "harass",
    [LW_ST_STEAL_MARCH] = "steal_a_march", [LW_ST_HUNLEY] = "hunley",
    [LW_ST_RIT_ASK] = "rit_contest",
    [LW_ST_SIEGE_OFFER] = "siege_offer", [LW_ST_SIEGE_ANSWER] = "siege_answer",
};
/* clang-format on */

static json_t *jside(int side)
{
	return side == LW_UNION || side == LW_CONFEDERATE ? json_string(lw_side_name(side))
	                                                  : json_null();
}

static json_t *card_json(int side, int n)
{
	const struct lw_card *k = lw_card(side, n);
	if (!k)
		return json_null();
	return json_pack("{s:i,s:s,s:i,s:b,s:s}", "number", n, "name", k->name ? k->name : "", "pc",
	                 k->pc, "resource", k->resource, "text", k->text ? k->text : "");
}

static json_t *unit_json(const struct lw_state *s, int u, bool full)
{
	const struct lw_unit *x = &s->unit[u];
	char id[64], name[64];
	json_t *o = json_pack("{s:s,s:s,s:i,s:b}", "id", lw_unit_id(s, u, id, sizeof id), "name",
	                      lw_unit_name(s, u, name, sizeof name), "stars", x->stars, "cavalry",
	                      x->cavalry);
	json_object_set_new(o, "gic", json_boolean(s->side[x->side].gic == u));
	json_object_set_new(o, "wounds", json_integer(x->wounds));
	/* tokens on the counter, in plain sight (20.6, 10.7.4; README) */
	json_object_set_new(o, "out_of_supply", json_boolean(x->flags & LW_UF_OOS));
	json_object_set_new(o, "reluctant", json_boolean(x->flags & LW_UF_RELUCTANT));
	if (full) {
		json_object_set_new(o, "activation", json_integer(lw_activation_cost(s, u)));
		json_object_set_new(o, "attack", json_integer(lw_unit_attack(s, u)));
		json_object_set_new(o, "defense", json_integer(lw_unit_defense(s, u)));
		json_object_set_new(o, "promoted", json_boolean(x->flags & LW_UF_PROMOTED));
	}
	return o;
}

/* One force: the units of `side` at hex (a siege hex holds two, 16.9.5.2). */
static json_t *force_json(const struct lw_state *s, int viewer, int hex, int side)
{
	int co = lw_force_co_side(s, hex, side);
	bool own = side == viewer;
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, us);
	int inf = 0, stars = 0, it = 0;
	bool oos = false;
	for (int k = 0; k < n; k++) {
		it += s->unit[us[k]].it;
		oos |= (s->unit[us[k]].flags & LW_UF_OOS) != 0;
		if (!s->unit[us[k]].cavalry) {
			inf++;
			stars += s->unit[us[k]].stars;
		}
	}
	const char *kind = stars >= 7 ? "major" : inf >= 2 ? "minor" : "single"; /* 12.7 */
	json_t *f = json_pack("{s:i,s:o,s:s,s:i,s:o}", "hex", hex, "side", jside(side), "kind",
	                      kind, "it", it, "co", unit_json(s, co, own));
	/* 20.6: the Out-of-Supply token is the force's, on the stack (12.7
	 * hides what is under it, not the token) */
	json_object_set_new(f, "out_of_supply", json_boolean(oos));
	if (lw_siege_besieged(s, hex, side))
		json_object_set_new(f, "besieged", json_true());
	if (lw_siege_besieging(s, hex, side))
		json_object_set_new(f, "besieging", json_true());
	json_t *subs = json_array();
	bool revealed = false;
	for (int k = 0; k < n; k++) {
		if (us[k] == co)
			continue;
		bool show = own || (s->unit[us[k]].flags & LW_UF_REVEALED);
		revealed |= show && !own;
		if (show)
			json_array_append_new(subs, unit_json(s, us[k], own));
	}
	if (own || revealed) {
		json_object_set_new(f, "subordinates", subs);
		if (own)
			json_object_set_new(f, "stars", json_integer(stars));
	} else {
		json_decref(subs);
	}
	return f;
}

/* Forces by hex, in hex order (then Union before Confederate where a siege
 * puts both in one hex), so the listing never depends on hidden state. */
static json_t *forces_json(const struct lw_state *s, int viewer)
{
	json_t *arr = json_array();
	int hexes[LW_MAX_UNITS];
	int nh = 0;
	for (int u = 0; u < s->n_units; u++) {
		if (s->unit[u].where != LW_W_MAP)
			continue;
		bool seen = false;
		for (int i = 0; i < nh && !seen; i++)
			seen = hexes[i] == s->unit[u].hex;
		if (!seen)
			hexes[nh++] = s->unit[u].hex;
	}
	for (int i = 0; i < nh; i++)
		for (int j = i + 1; j < nh; j++)
			if (hexes[j] < hexes[i]) {
				int t = hexes[i];
				hexes[i] = hexes[j];
				hexes[j] = t;
			}
	for (int i = 0; i < nh; i++)
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			int us[LW_MAX_UNITS];
			if (lw_units_at(s, hexes[i], side, us) > 0)
				json_array_append_new(arr, force_json(s, viewer, hexes[i], side));
		}
	return arr;
}

static json_t *box_json(const struct lw_state *s, int where)
{
	json_t *arr = json_array();
	char id[64];
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->where != where || x->gen < 0)
			continue;
		json_t *o = json_pack("{s:s,s:o}", "id", lw_unit_id(s, u, id, sizeof id), "side",
		                      jside(x->side));
		if (where == LW_W_PENDING) {
			json_object_set_new(o, "turn", json_integer(x->arrive_turn));
			json_object_set_new(o, "entry",
			                    json_integer(lw_D()->generals[x->gen].entry_hex));
		}
		json_array_append_new(arr, o);
	}
	return arr;
}

static json_t *player_json(const struct lw_state *s, int side, int viewer)
{
	const struct lw_player *p = &s->side[side];
	const struct lw_cards *c = &p->cards;
	json_t *o = json_object();
	json_object_set_new(o, "pc", json_integer(p->pc));
	json_object_set_new(o, "csp", json_integer(p->csp));
	json_object_set_new(o, "hand_count", json_integer(c->hand_n + p->committee_hand));
	json_object_set_new(o, "deck_count", json_integer(c->draw_n));
	json_object_set_new(o, "discard_count", json_integer(c->discard_n));
	json_object_set_new(o, "passed", json_boolean(p->passed));
	json_object_set_new(o, "campaign_card",
	                    p->campaign_card ? card_json(side, p->campaign_card) : json_null());
	json_object_set_new(o, "campaign_used", json_boolean(p->campaign_used));
	json_object_set_new(o, "committee_in_pool", json_boolean(p->committee));
	json_object_set_new(o, "committee_in_hand", json_boolean(p->committee_hand));
	char id[64];
	json_object_set_new(o, "gic",
	                    p->gic != LW_NONE ? json_string(lw_unit_id(s, p->gic, id, sizeof id))
	                                      : json_null());
	json_object_set_new(o, "eastern_theater_done", json_boolean(p->eastern_done));
	if (side == viewer) {
		json_t *hand = json_array();
		for (int i = 0; i < c->hand_n; i++)
			json_array_append_new(hand, card_json(side, c->hand[i]));
		json_object_set_new(o, "hand", hand);
		json_t *disc = json_array();
		for (int i = 0; i < c->discard_n; i++)
			json_array_append_new(disc, json_integer(c->discard[i]));
		json_object_set_new(o, "discards", disc);
	}
	return o;
}

static json_t *battle_json(const struct lw_state *s, int viewer)
{
	const struct lw_battle *b = &s->battle;
	if (!b->active)
		return json_null();
	json_t *o = json_pack("{s:o,s:i,s:i,s:b}", "attacker", jside(b->attacker), "from",
	                      b->att_hex, "hex", b->def_hex, "empty_city", b->empty_city);
	bool both = b->committed[LW_UNION] && b->committed[LW_CONFEDERATE];
	json_t *com = json_object();
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		json_t *c = json_pack("{s:b}", "committed", b->committed[side]);
		if (b->committed[side] && (both || side == viewer)) {
			json_object_set_new(c, "resource",
			                    b->res_card[side] &&
			                            b->res_card[side] != LW_CARD_ZERO_RESOURCE
			                        ? card_json(side, b->res_card[side])
			                        : json_null());
			json_object_set_new(c, "csp", json_integer(b->csp[side]));
		}
		json_object_set_new(com, lw_side_name(side), c);
	}
	json_object_set_new(o, "commitments", com);
	if (both)
		lw_resev_view(s, o); /* 16.3 the cards' events (lw_resource_events.c) */
	if (both && s->step != LW_ST_COMMIT && s->step != LW_ST_STEAL_MARCH) {
		json_object_set_new(o, "strength",
		                    json_pack("{s:i,s:i}", "union", b->strength[LW_UNION],
		                              "confederate", b->strength[LW_CONFEDERATE]));
		json_object_set_new(o, "winner", jside(b->winner));
		json_object_set_new(o, "result", json_integer(b->result));
	}
	return o;
}

static json_t *play_json(const struct lw_state *s)
{
	const struct lw_play *p = &s->play;
	if (!p->side)
		return json_null();
	char id[64];
	json_t *o =
	    json_pack("{s:o,s:o,s:i,s:i,s:i}", "side", jside(p->side), "card",
	              p->card ? card_json(p->side, p->card) : json_null(), "pc_left", p->pc_left,
	              "campaign", p->campaign, "activations_left", p->activations_left);
	json_object_set_new(o, "co",
	                    p->co != LW_NONE ? json_string(lw_unit_id(s, p->co, id, sizeof id))
	                                     : json_null());
	json_object_set_new(o, "moving_from",
	                    p->movers_n ? json_integer(s->unit[p->movers[0]].hex) : json_null());
	json_object_set_new(o, "moved", json_integer(p->moved));
	/* 10.7.3: the region each designated campaign force must end in (the
	 * card's, or the theaters named for a Dual-Theater campaign): public */
	json_object_set_new(o, "campaign_regions", lw_theater_view(s));
	return o;
}

json_t *lw_view_json(const struct lw_state *s, int side)
{
	const struct lw_data *d = lw_D();
	json_t *v = json_object();
	json_object_set_new(v, "game", json_string("lincolns-war"));
	json_object_set_new(v, "role",
	                    json_string(side == LW_NOSIDE ? "observer" : lw_side_name(side)));
	unsigned aw = lw_awaiting(s);
	json_t *awaiting = json_array();
	for (int r = LW_UNION; r <= LW_CONFEDERATE; r++)
		if (aw & LW_SIDE_BIT(r))
			json_array_append_new(awaiting, json_string(lw_side_name(r)));
	json_object_set_new(v, "awaiting", awaiting);
	bool over = s->phase == LW_PH_OVER;
	json_object_set_new(v, "finished", json_boolean(over));
	json_object_set_new(
	    v, "result",
	    over ? json_pack("{s:o,s:s}", "winner", jside(s->winner), "summary", s->result)
	         : json_null());
	char buf[256];
	const char *prompt = side != LW_NOSIDE ? lw_prompt(s, side, buf, sizeof buf) : NULL;
	json_object_set_new(v, "prompt", prompt ? json_string(prompt) : json_null());
	json_object_set_new(v, "actions",
	                    side != LW_NOSIDE ? lw_legal_actions(s, side) : json_array());
	json_t *log = json_array();
	uint32_t n = s->log_total < LW_LOG_LINES ? s->log_total : LW_LOG_LINES;
	for (uint32_t i = s->log_total - n; i < s->log_total; i++)
		json_array_append_new(log, json_string(s->log[i % LW_LOG_LINES]));
	json_object_set_new(v, "log", log);

	json_t *b = json_object();
	json_object_set_new(b, "scenario", json_integer(s->scenario));
	json_object_set_new(b, "turn",
	                    json_pack("{s:i,s:s,s:b}", "index", s->turn, "name",
	                              d->turns[s->turn].name, "last", s->turn == s->last_turn));
	/* phases and steps added later (part 2) without a name here show as "other" */
	const char *ph =
	    s->phase < sizeof phase_names / sizeof *phase_names ? phase_names[s->phase] : NULL;
	const char *st =
	    s->step < sizeof step_names / sizeof *step_names ? step_names[s->step] : NULL;
	json_object_set_new(b, "phase", json_string(ph ? ph : "other"));
	json_object_set_new(b, "step",
	                    s->phase == LW_PH_OPS ? json_string(st ? st : "other") : json_null());
	json_object_set_new(b, "initiative", jside(s->initiative));
	json_object_set_new(b, "first", jside(s->first));
	json_object_set_new(b, "phasing", jside(s->phasing));
	json_t *players = json_object();
	for (int p = LW_UNION; p <= LW_CONFEDERATE; p++)
		json_object_set_new(players, lw_side_name(p), player_json(s, p, side));
	json_object_set_new(b, "players", players);
	json_object_set_new(b, "forces", forces_json(s, side));
	json_t *cities = json_array();
	for (int c = 0; c < s->n_cities; c++)
		json_array_append_new(cities, json_pack("{s:s,s:i,s:o,s:b,s:i}", "id",
		                                        d->cities[c].id, "hex", d->cities[c].hex,
		                                        "owner", jside(s->city[c].owner),
		                                        "garrison", s->city[c].garrison, "defense",
		                                        lw_city_defense(s, c)));
	json_object_set_new(b, "cities", cities);
	json_object_set_new(b, "reinforcements", box_json(s, LW_W_PENDING));
	json_object_set_new(b, "disgraced", box_json(s, LW_W_DISGRACED));
	json_object_set_new(b, "deceased", box_json(s, LW_W_DECEASED));
	json_object_set_new(b, "kentucky_violator", jside(s->kentucky.violator));
	json_object_set_new(b, "navy", lw_naval_view(s, side)); /* face-down assets: lw_naval.c */
	/* RIT and Raided markers are on the map; the rail capacity used is the
	 * owner's (it counts hidden subordinates): lw_cavalry.c, lw_rail_phase.c */
	json_object_set_new(b, "cavalry", lw_cav_view(s, side));
	json_object_set_new(b, "political", lw_political_view(s, side)); /* 7.1.9 secret */
	json_object_set_new(b, "optional", lw_optional_view(s));         /* 23.2: public counters */
	json_t *rail = lw_rail_view(s, side);
	json_object_set_new(b, "rail", rail ? rail : json_null());
	json_object_set_new(b, "amphib",
	                    lw_amphib_view(s, side)); /* PCSA, siege: lw_amphib_save.c */
	json_object_set_new(b, "play", play_json(s));
	json_object_set_new(b, "battle", battle_json(s, side));
	json_object_set_new(v, "board", b);
	return v;
}
