/* lw_cavalry.c — 13.2.2 raids and 13.2.3 rail interdiction over the state,
 * by a cavalry general activated normally (13.2.1, the MOVE step) or by
 * foray (13.2.4, the SPEND step). Harassment is lw_harass.c.
 *
 * Hidden information: whether an enemy force holds cavalry is secret
 * (12.7). The offers therefore never look at enemy cavalry; a raid or an
 * RIT that meets it learns so only when tried (13.2.2 "ask if enemy
 * cavalry is present"), and the cavalry of both sides is then revealed; a
 * raid that meets it fights the cavalry battle of lw_cav_battle.c first. */
#include <string.h>

#include "lw_campaign.h"
#include "lw_cavalry.h"
#include "lw_engine.h"
#include "lw_march.h"

_Static_assert(LW_CAV_UNITS == LW_MAX_UNITS, "lw_cav bit sets must cover every unit");

static bool bit(const uint8_t *set, int u)
{
	return u >= 0 && u < LW_MAX_UNITS && (set[u / 8] & (1u << (u % 8)));
}

static void set_bit(uint8_t *set, int u)
{
	if (u >= 0 && u < LW_MAX_UNITS)
		set[u / 8] |= (uint8_t)(1u << (u % 8));
}

static bool across_river(int a, int b)
{
	return (lw_data_hexside_flags(lw_D(), a, b) & LW_HS_RIVER) != 0;
}

static bool adjacent(int a, int b)
{
	return a != b && tg_hex_adjacent(&lw_D()->grid, a, b);
}

static bool enemy_units_at(const struct lw_state *s, int side, int hex)
{
	int us[LW_MAX_UNITS];
	return lw_units_at(s, hex, LW_OTHER(side), us) > 0;
}

/* The cavalry general of `side` in hex (one at most, 13.1.1), or LW_NONE. */
static int cavalry_at(const struct lw_state *s, int hex, int side)
{
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, us);
	for (int i = 0; i < n; i++)
		if (s->unit[us[i]].cavalry)
			return us[i];
	return LW_NONE;
}

static void reveal(struct lw_state *s, int u)
{
	if (u != LW_NONE)
		s->unit[u].flags |= LW_UF_REVEALED; /* until the supply phase, as 16.3 */
}

/* ---- RIT ---------------------------------------------------------------------------- */

bool lw_rit_at(const struct lw_state *s, int hex)
{
	for (int i = 0; i < s->cav.rit_n; i++)
		if (s->cav.rit[i] == hex)
			return true;
	return false;
}

void lw_rit_set(struct lw_state *s, int hex, bool on)
{
	struct lw_cav *c = &s->cav;
	for (int i = 0; i < c->rit_n; i++)
		if (c->rit[i] == hex) {
			if (!on) {
				c->rit[i] = c->rit[c->rit_n - 1];
				c->rit[--c->rit_n] = 0; /* unused slots stay zero (saved state) */
			}
			return;
		}
	if (on && c->rit_n < LW_RIT_MAX)
		c->rit[c->rit_n++] = (int16_t)hex;
}

void lw_rit_clear(struct lw_state *s)
{
	memset(s->cav.rit, 0, sizeof s->cav.rit);
	s->cav.rit_n = 0;
}

int lw_rit_check(const struct lw_state *s, int u, int hex, bool remove, bool foray,
                 struct tg_error *err)
{
	if (u < 0 || u >= s->n_units || !s->unit[u].cavalry || s->unit[u].where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.3: only a cavalry general interdicts rail");
	const struct lw_unit *x = &s->unit[u];
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	if (!h || !h->rail)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.3: an RIT goes on a rail hex");
	if (hex != x->hex && !adjacent(hex, x->hex))
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.3: the hex must be the cavalry's own or adjacent to it");
	if (foray && hex == x->hex)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.4: a foray goes into an adjacent hex");
	if (hex != x->hex && across_river(hex, x->hex))
		return tg_fail(err, TG_E_ILLEGAL, "13.2.3: no rail interdiction across a river");
	if (enemy_units_at(s, x->side, hex))
		return tg_fail(err, TG_E_ILLEGAL, "13.2.3: the hex is occupied by the enemy");
	if (remove && foray)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.4: a foray may not remove an RIT");
	/* 10.6.6: "When a player has zero PC ... He may not place RIT" */
	if (!remove && s->side[x->side].pc <= 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.6: with zero PC a side may not place RIT");
	if (remove != lw_rit_at(s, hex))
		return tg_fail(err, TG_E_ILLEGAL,
		               remove ? "13.2.3: there is no RIT to remove"
		                      : "13.2.3: the hex already holds an RIT");
	/* 13.2.3 "place or remove a Rail Interdiction Token", "one RIT per
	 * activation": one RIT action (placed, removed or denied) per
	 * activation; only an RIT laid bars combat and raids (lw_raid_check,
	 * lw_attack_target_check; docs/rail_cavalry.md "What an RIT action spends") */
	if (!foray && (s->cav.act_rit || s->cav.act_raid))
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.3: one RIT per activation, and not with a raid");
	return 0;
}

/* 13.2.3: "unless the hex ... is adjacent to enemy cavalry of equal or
 * greater rank"; "If contested by another cavalry CO (i.e. the enemy also
 * has a cavalry unit adjacent to the same hex), the higher ranking unit will
 * either allow or deny RIT placement. If the opposing cavalry generals are
 * of equal rank, the RIT is not placed." The contest, found out only now,
 * reveals the cavalry of both sides taking part (the contest is declared at
 * the table; docs/rail_cavalry.md "Allow or deny (13.2.3)"). The highest-ranking enemy cavalry
 * decides (its owner commands every contester): higher than the placer, its owner is asked
 * (RIT_ASK); equal, the RIT is not placed (RIT_DENIED); lower, or nobody,
 * it goes (RIT_FREE). Cavalry across a river from the hex does not contest
 * it: "You may not interdict across any rivers", and 13.2.6's contest in
 * the same words ("the enemy also has a cavalry unit adjacent to the same
 * hex") stops at rivers (lw_supply.c cav_cut; docs/rail_cavalry.md "An RIT contested across a
 * river"). `met` is set when any enemy cavalry contested (something was revealed). */
enum rit_contest { RIT_FREE, RIT_DENIED, RIT_ASK };

static enum rit_contest rit_contested(struct lw_state *s, int u, int hex, bool *met)
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	int best = -1;
	/* the six neighbours from lw_activation.c's index (issue 17: a scan of
	 * every unit each); reveal changes flags, no unit moves while held */
	bool held = lw_units_hold(s);
	for (int i = 0; i < n; i++) {
		int e = cavalry_at(s, nb[i], LW_OTHER(s->unit[u].side));
		if (e == LW_NONE || across_river(hex, nb[i]))
			continue;
		reveal(s, e);
		reveal(s, u);
		*met = true;
		if (s->unit[e].stars > best)
			best = s->unit[e].stars;
	}
	lw_units_release(held);
	return best > (int)s->unit[u].stars    ? RIT_ASK
	       : best == (int)s->unit[u].stars ? RIT_DENIED
	                                       : RIT_FREE;
}

static void rit_apply(struct lw_state *s, int u, int hex, bool remove)
{
	char hl[64];
	lw_hex_label(hex, hl, sizeof hl);
	lw_rit_set(s, hex, !remove);
	lw_log(s, "%s cavalry %s a Rail Interdiction Token at %s (13.2.3).",
	       lw_side_title(s->unit[u].side), remove ? "removes" : "places", hl);
}

/* What became of an RIT action (do_rit). */
enum rit_done { RIT_NOT_DONE, RIT_DONE, RIT_ASKED };

/* Places or removes the RIT unless denied, or holds for the question of
 * 13.2.3 (step LW_ST_RIT_ASK, answered by lw_cav_rit_ask_act). */
static enum rit_done do_rit(struct lw_state *s, int u, int hex, bool remove, bool foray,
                            struct game_outcome *out)
{
	char hl[64];
	lw_hex_label(hex, hl, sizeof hl);
	int side = s->unit[u].side;
	bool met = false;
	enum rit_contest c = rit_contested(s, u, hex, &met);
	if (met && out)
		out->barrier = true; /* hidden cavalry revealed */
	if (c == RIT_DENIED) {
		lw_log(s,
		       "%s cavalry tries to %s an RIT at %s: enemy cavalry of equal rank "
		       "contests it, and it is not %s (13.2.3).",
		       lw_side_title(side), remove ? "remove" : "place", hl,
		       remove ? "removed" : "placed");
		return RIT_NOT_DONE;
	}
	if (c == RIT_ASK) {
		/* 13.2.3 "the higher ranking unit will either allow or deny": its
		 * owner's choice, asked now; the activation (or the card play of a
		 * foray) holds until he answers */
		s->cav.ask = (uint8_t)(LW_RIT_ASK_PENDING | (remove ? LW_RIT_ASK_REMOVE : 0) |
		                       (foray ? LW_RIT_ASK_FORAY : 0));
		s->cav.ask_unit = (int16_t)u;
		s->cav.ask_hex = (int16_t)hex;
		s->step = LW_ST_RIT_ASK;
		s->awaiting_side = (int8_t)LW_OTHER(side);
		lw_log(s,
		       "%s cavalry tries to %s an RIT at %s: higher-ranking %s cavalry contests "
		       "it and will allow or deny it (13.2.3).",
		       lw_side_title(side), remove ? "remove" : "place", hl,
		       lw_side_title(LW_OTHER(side)));
		return RIT_ASKED;
	}
	rit_apply(s, u, hex, remove);
	return RIT_DONE;
}

void lw_cav_rit_ask_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_cav *c = &s->cav;
	if (s->step != LW_ST_RIT_ASK || !(c->ask & LW_RIT_ASK_PENDING) || side != s->awaiting_side)
		return;
	char hl[64];
	lw_hex_label(c->ask_hex, hl, sizeof hl);
	const char *what = c->ask & LW_RIT_ASK_REMOVE ? "removal" : "placement";
	const char *enemy = lw_side_title(LW_OTHER(side));
	tg_offer(list, tg_act(list, "{s:s}", "type", "allow"), "Allow the %s RIT %s at %s (13.2.3)",
	         enemy, what, hl);
	tg_offer(list, tg_act(list, "{s:s}", "type", "deny"), "Deny the %s RIT %s at %s (13.2.3)",
	         enemy, what, hl);
}

static int rit_answer(struct lw_state *s, int side, bool allow, struct game_outcome *out)
{
	struct lw_cav *c = &s->cav;
	int u = c->ask_unit, hex = c->ask_hex;
	bool remove = (c->ask & LW_RIT_ASK_REMOVE) != 0, foray = (c->ask & LW_RIT_ASK_FORAY) != 0;
	c->ask = 0;
	c->ask_unit = 0;
	c->ask_hex = 0;
	s->awaiting_side = LW_NOSIDE;
	s->step = foray ? LW_ST_SPEND : LW_ST_MOVE; /* the card play or the move goes on */
	if (out)
		out->barrier = true; /* the owner's answer */
	char hl[64];
	lw_hex_label(hex, hl, sizeof hl);
	if (!allow) {
		lw_log(s, "The %s denies the RIT %s at %s (13.2.3).", lw_side_title(side),
		       remove ? "removal" : "placement", hl);
		return 0; /* the activation's RIT action stays spent (LW_ACT_RIT_TRIED) */
	}
	lw_log(s, "The %s allows the RIT %s at %s (13.2.3).", lw_side_title(side),
	       remove ? "removal" : "placement", hl);
	rit_apply(s, u, hex, remove);
	/* 13.2.3 "may not lay an RIT and conduct combat or Raid on the same
	 * activation": an RIT laid by activation (not by foray) bars them */
	if (!foray && !remove)
		c->act_rit = LW_ACT_RIT_LAID;
	return 0;
}

static int act_allow(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	(void)a, (void)err;
	return rit_answer(s, side, true, out);
}

static int act_deny(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	(void)a, (void)err;
	return rit_answer(s, side, false, out);
}

static int refuse_rit_ask(const struct lw_state *s, int side, const char *type,
                          struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "13.2.3: \"allow\" or \"deny\" the RIT");
}

/* 13.2.3: the owner of the higher-ranking cavalry allows or denies an RIT. */
static const struct lw_action rit_ask_rows[] = {
    {"allow", "13.2.3", act_allow, 0},
    {"deny", "13.2.3", act_deny, 0},
};
const struct lw_actions lw_cav_rit_ask_actions =
    LW_ACTIONS("ops.rit_ask", rit_ask_rows, refuse_rit_ask);

int lw_cav_rit_ask_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	struct lw_cav *c = &s->cav;
	if (s->step != LW_ST_RIT_ASK || !(c->ask & LW_RIT_ASK_PENDING))
		return tg_fail(err, TG_E_ILLEGAL, "13.2.3: no RIT question is pending");
	if (side != s->awaiting_side)
		return tg_fail(
		    err, TG_E_NOT_YOUR_TURN,
		    "13.2.3: the higher-ranking cavalry's owner allows or denies the RIT");
	return lw_action_dispatch(&lw_cav_rit_ask_actions, s, side, a, out, err);
}

/* ---- raids ------------------------------------------------------------------------- */

int lw_raid_modified(const struct lw_state *s, int u, int die)
{
	const struct lw_raid_table *t = &lw_D()->tables.raid;
	const struct lw_unit *x = &s->unit[u];
	int m = die;
	if (x->stars >= 2)
		m += t->mod_two_star;
	if (x->flags & LW_UF_OOS)
		m += t->mod_out_of_supply;
	m += t->mod_per_it * x->it;
	return m;
}

bool lw_raid_table_succeeds(int modified_die)
{
	int d = modified_die < 1 ? 1 : modified_die > 6 ? 6 : modified_die;
	return lw_D()->tables.raid.success[d];
}

bool lw_co_raided(const struct lw_state *s, int u)
{
	return bit(s->cav.raided, u);
}

void lw_raided_clear(struct lw_state *s)
{
	memset(s->cav.raided, 0, sizeof s->cav.raided);
	memset(s->cav.foray, 0, sizeof s->cav.foray);
}

/* 10.6.8.2: a Union raid by standard activation into the Eastern Theater. */
static bool raid_eastern(const struct lw_state *s, int u, int target, bool foray)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), target);
	return h && h->region == LW_REGION_EASTERN && s->unit[u].side == LW_UNION && !foray;
}

int lw_raid_check(const struct lw_state *s, int u, int target, bool foray, struct tg_error *err)
{
	if (u < 0 || u >= s->n_units || !s->unit[u].cavalry || s->unit[u].where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.2: only a cavalry general raids");
	const struct lw_unit *x = &s->unit[u];
	if (!adjacent(x->hex, target))
		return tg_fail(err, TG_E_ILLEGAL, "13.2.2: the raided hex must be adjacent");
	if (across_river(x->hex, target))
		return tg_fail(err, TG_E_ILLEGAL, "13.2.2: no raid across a river");
	/* 10.6.6: "He may not order cavalry Raids or Forays" */
	if (s->side[x->side].pc <= 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.6: with zero PC a side may not raid");
	if (!foray && (s->cav.act_raid || s->cav.act_rit == LW_ACT_RIT_LAID))
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.3: one raid per activation, and not with an RIT laid");
	/* 2.3: bracketed regions "cannot be the target of raids". The raid's
	 * target is the hex (13.2.2 "raids against any hex containing an enemy
	 * Force or city"), so neither the region nor a force in it is raided
	 * (our reading, docs/rail_cavalry.md "Bracketed regions are never raided"). */
	int bc = lw_city_at(target);
	if (bc >= 0 && lw_D()->cities[bc].bracketed)
		return tg_fail(err, TG_E_ILLEGAL,
		               "2.3: a bracketed region cannot be the target of raids");
	/* 2.3 / 10.2: on the first turn the capital "and any forces within may
	 * not be attacked", and 10.7.8.2 counts a raid among the attacks
	 * (issue 22, docs/decisions.md "2.3 / 10.2 with 13.2.2: raids on the first-turn capital"):
	 * no raid on it, by activation or foray */
	if (bc >= 0 && lw_D()->cities[bc].capital && s->turn == 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.2 / 2.3: %s and any force in it may not be raided in the first "
		               "turn (a raid is an attack, 10.7.8.2)",
		               lw_D()->cities[bc].name);
	int co = lw_force_co(s, target);
	if (co != LW_NONE && s->unit[co].side == LW_OTHER(x->side)) {
		if (lw_co_raided(s, co))
			return tg_fail(err, TG_E_ILLEGAL,
			               "13.2.2.1: that CO was already raided this turn");
		return 0;
	}
	if (co != LW_NONE)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.2: raid an enemy force or city");
	int c = lw_city_at(target);
	if (c < 0 || lw_city_controller(s, c) != LW_OTHER(x->side))
		return tg_fail(err, TG_E_ILLEGAL, "13.2.2: raid an enemy force or city");
	int sv = lw_D()->cities[c].supply;
	if (sv != 1 && sv != 2)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.2: only a city with a supply value of 1 or 2 may be raided");
	if (s->city[c].raided)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.2.1: the city was already raided this turn");
	return 0;
}

bool lw_raid(struct lw_state *s, int u, int target, bool foray, struct game_outcome *out)
{
	int side = s->unit[u].side;
	char hl[64], name[64], en[64];
	lw_hex_label(target, hl, sizeof hl);
	/* a raid by standard activation is an attack for 10.7.8.2: one PC. For
	 * 10.7.8.1 an attack into Virginia from outside counts only if it
	 * succeeds and the force advances, which a raid never does; a raider
	 * activated in Virginia fulfils it by ending there (lw_march_finish). */
	if (raid_eastern(s, u, target, foray)) {
		lw_gain_pc(s, LW_UNION, 1);
		lw_log(s, "The Union raids into the Eastern Theater: +1 PC (10.6.8.2).");
	}
	/* 13.2.2: "ask if enemy cavalry is present" */
	int e = cavalry_at(s, target, LW_OTHER(side));
	if (e == LW_NONE) {
		lw_raid_roll(s, u, target, foray);
		return false;
	}
	reveal(s, e);
	reveal(s, u);
	lw_log(s, "%s raids %s: enemy cavalry is present (%s): a cavalry battle (13.2.2).",
	       lw_unit_name(s, u, name, sizeof name), hl, lw_unit_name(s, e, en, sizeof en));
	/* lw_cav_battle.c: the raid goes on (lw_cav_battle_end) only if the
	 * raider wins */
	lw_cav_raid_battle(s, u, e, foray, out);
	return true;
}

void lw_raid_roll(struct lw_state *s, int u, int target, bool foray)
{
	int side = s->unit[u].side;
	char hl[64], name[64];
	lw_hex_label(target, hl, sizeof hl);
	int die = tg_rng_die(&s->rng, 6);
	int m = lw_raid_modified(s, u, die);
	bool ok = lw_raid_table_succeeds(m);
	/* 12.7: a raider the enemy cannot see (a foray from under his CO) is
	 * not named, and the die is not shown: with the modifiers (+1 two
	 * stars, -1 OOS, -1 an IT) it would give his rank away (docs/decisions.md "The public log
	 * says no more than the views") */
	bool seen = lw_unit_seen(s, u);
	lw_public_name(s, u, name, sizeof name);
	char roll[48] = "";
	if (seen)
		snprintf(roll, sizeof roll, ": die %d, modified %d", die, m);
	if (!ok) {
		lw_log(s, "%s %sraids %s%s: the raid fails (13.2.2.1).", name,
		       foray ? "forays and " : "", hl, roll);
		return;
	}
	int co = lw_force_co(s, target);
	int pc;
	if (co != LW_NONE) {
		pc = s->unit[co].stars;
		set_bit(s->cav.raided, co);
	} else {
		int c = lw_city_at(target);
		pc = lw_D()->cities[c].supply;
		s->city[c].raided = 1; /* 20.0: supply value 0 until the Supply Phase ends */
	}
	lw_gain_pc(s, side, pc);
	lw_log(s, "%s %sraids %s%s: success, +%d PC (13.2.2.1).", name, foray ? "forays and " : "",
	       hl, roll, pc);
}

/* ---- the MOVE step ------------------------------------------------------------------ */

static bool forayed(const struct lw_state *s, int u)
{
	return s->cav.foray_card == s->ops_round && bit(s->cav.foray, u);
}

bool lw_cav_forayed(const struct lw_state *s, int u)
{
	return forayed(s, u);
}

void lw_cav_activation_begin(struct lw_state *s)
{
	s->cav.act_rit = 0;
	s->cav.act_raid = 0;
}

/* 13.2.2: "Cavalry activated out of a major army may attack or raid an
 * adjacent hex even after moving two hexes": a raid obeys the movement
 * limit of an attack (16.1, 12.3, 15.0). Cavalry moving with its Major Army
 * raids after one hex at most, as the army would attack; cavalry activated
 * alone out of it (11.2.2) or leaving it in its activation (lw_march.c,
 * 12.8) moves as a single-general force: it raids after two. */
static int raid_move_check(const struct lw_state *s, struct tg_error *err)
{
	struct lw_move_track t;
	lw_march_track(s, &t);
	if (t.crossed_river)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.3.1: the Major Army used its activation to cross the river: "
		               "no raid with it now");
	if (t.moved > lw_move_max_before_attack(&t))
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.2 / 16.1: a %s that has moved %d hexes may not raid "
		               "(cavalry activated out of a Major Army raids even after two)",
		               t.major_limits ? "Major Army" : "force", t.moved);
	return 0;
}

/* The activated cavalry among the movers (one at most per hex), or LW_NONE. */
static int moving_cavalry(const struct lw_state *s)
{
	for (int i = 0; i < s->play.movers_n; i++)
		if (s->unit[s->play.movers[i]].cavalry)
			return s->play.movers[i];
	return LW_NONE;
}

void lw_cav_march_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (s->step != LW_ST_MOVE || side != s->play.side || s->play.attacked)
		return;
	int u = moving_cavalry(s);
	if (u == LW_NONE || forayed(s, u)) /* 13.2.4: his action of the card play */
		return;
	int hex = s->unit[u].hex;
	int hexes[7];
	hexes[0] = hex;
	int n = 1 + tg_hex_neighbours(&lw_D()->grid, hex, hexes + 1);
	char name[64], hl[64];
	lw_unit_name(s, u, name, sizeof name);
	bool raid_ok = raid_move_check(s, NULL) == 0;
	for (int i = 0; i < n; i++) {
		lw_hex_label(hexes[i], hl, sizeof hl);
		if (i > 0 && raid_ok && lw_raid_check(s, u, hexes[i], false, NULL) == 0 &&
		    lw_campaign_stop_check(s, NULL) == 0) /* 10.7.3: a raid ends the move */
			tg_offer(list,
			         tg_act(list, "{s:s,s:i}", "type", "raid", "target", hexes[i]),
			         "%s raids %s (13.2.2)", name, hl);
		for (int r = 0; r < 2; r++)
			if (lw_rit_check(s, u, hexes[i], r == 1, false, NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:i,s:b}", "type", "rit", "hex",
				                hexes[i], "remove", r == 1),
				         "%s %s a Rail Interdiction Token at %s (13.2.3)", name,
				         r ? "removes" : "places", hl);
	}
}

/* The moving cavalry general may raid or lay/remove an RIT now: u set. */
static int march_cavalry(const struct lw_state *s, int side, int *u, struct tg_error *err)
{
	*u = moving_cavalry(s);
	if (side != s->play.side || s->step != LW_ST_MOVE || *u == LW_NONE)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.1: no activated cavalry general is moving");
	if (s->play.attacked)
		return tg_fail(err, TG_E_ILLEGAL, "16.1: the force has attacked");
	if (forayed(s, *u))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "13.2.4: the cavalry forayed in this card play: no raid or RIT again "
		    "in it");
	return 0;
}

int lw_cav_raid_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	int u, hex;
	if (march_cavalry(s, side, &u, err) != 0)
		return -1;
	if (!lw_a_int(a, "target", &hex))
		return tg_fail(err, TG_E_MALFORMED, "a raid needs an integer \"target\"");
	if (raid_move_check(s, err) != 0 || lw_raid_check(s, u, hex, false, err) != 0 ||
	    lw_campaign_stop_check(s, err) != 0)
		return -1;
	s->cav.act_raid = 1;
	if (out)
		out->barrier = true; /* dice were rolled */
	/* a raid ends the activation like an attack (our reading of 13.2.2);
	 * after its cavalry battle, if any (lw_cav_battle_end) */
	if (!lw_raid(s, u, hex, false, out))
		lw_march_finish(s, out);
	return 0;
}

int lw_cav_rit_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                   struct tg_error *err)
{
	int u, hex;
	if (march_cavalry(s, side, &u, err) != 0)
		return -1;
	const json_t *r = json_object_get(a, "remove");
	if (!lw_a_int(a, "hex", &hex) || !json_is_boolean(r))
		return tg_fail(err, TG_E_MALFORMED,
		               "rit needs an integer \"hex\" and a boolean \"remove\"");
	if (lw_rit_check(s, u, hex, json_is_true(r), false, err) != 0)
		return -1;
	/* 13.2.3 "Cavalry may not lay an RIT and conduct combat or Raid on the
	 * same activation": LW_ACT_RIT_LAID bars them; a removal, or a
	 * placement denied by enemy cavalry, lays nothing (LW_ACT_RIT_TRIED:
	 * the activation's RIT action is spent, combat and raids stay open) */
	bool laid = do_rit(s, u, hex, json_is_true(r), false, out) == RIT_DONE && !json_is_true(r);
	s->cav.act_rit = laid ? LW_ACT_RIT_LAID : LW_ACT_RIT_TRIED; /* an answer may lay it */
	return 0;
}

/* ---- forays (13.2.4) --------------------------------------------------------------- */

static int foray_check(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	if (s->step != LW_ST_SPEND || side != s->play.side)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.4: forays cost PC from your card play");
	if (u < 0 || u >= s->n_units || s->unit[u].side != side || !s->unit[u].cavalry ||
	    s->unit[u].where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.4: forays are by cavalry units only");
	if (s->play.pc_left < 1)
		return tg_fail(err, TG_E_ILLEGAL, "13.2.4: a foray costs 1 PC from the card play");
	/* 10.6.6: "He may not order cavalry Raids or Forays" (the PC on his
	 * track, not the card's) */
	if (s->side[side].pc <= 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.6: with zero PC a side may not foray");
	if (s->unit[u].flags & LW_UF_ACTIVATED)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.4: a cavalry unit activated this card play may not foray");
	if (forayed(s, u))
		return tg_fail(err, TG_E_ILLEGAL, "13.2.4: one foray per unit per card play");
	return 0;
}

/* 13.2.4: one entry per cavalry unit and kind of foray, the hex its
 * param "target" (issue 17: not one entry per unit, hex and kind). */
void lw_cav_foray_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	char name[64], hl[64], id[48];
	for (int u = 0; u < s->n_units; u++) {
		if (foray_check(s, side, u, NULL) != 0)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&lw_D()->grid, s->unit[u].hex, nb);
		lw_unit_name(s, u, name, sizeof name);
		lw_unit_id(s, u, id, sizeof id);
		/* the targets as lists, not jansson arrays built by json_pack,
		 * written and freed (issue 17: 0.75 M of bench_views 300's
		 * fan-out); a hex labelled only when it is a target */
		struct tg_offer_list raid, rit;
		tg_offer_list_open(list, &raid);
		tg_offer_list_open(list, &rit);
		for (int i = 0; i < n; i++) {
			bool to_raid = lw_raid_check(s, u, nb[i], true, NULL) == 0;
			bool to_rit = lw_rit_check(s, u, nb[i], false, true, NULL) == 0;
			if (to_raid || to_rit)
				lw_hex_label(nb[i], hl, sizeof hl);
			if (to_raid)
				tg_offer_list_choice_int(&raid, nb[i], hl);
			if (to_rit)
				tg_offer_list_choice_int(&rit, nb[i], hl);
		}
		tg_offer_list_some(
		    list, tg_act(list, "{s:s,s:s,s:s}", "type", "foray", "unit", id, "do", "raid"),
		    "target", "Hex to raid", &raid, "Foray: %s raids for 1 PC (13.2.4)", name);
		tg_offer_list_some(
		    list, tg_act(list, "{s:s,s:s,s:s}", "type", "foray", "unit", id, "do", "rit"),
		    "target", "Hex for the RIT", &rit, "Foray: %s places an RIT for 1 PC (13.2.4)",
		    name);
	}
}

int lw_cav_foray_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	int u = lw_unit_by_id(s, lw_a_str(a, "unit")), target;
	const char *what = lw_a_str(a, "do");
	if (u == LW_NONE || !lw_a_int(a, "target", &target) || !what)
		return tg_fail(err, TG_E_MALFORMED,
		               "a foray needs \"unit\", an integer \"target\" and \"do\"");
	if (foray_check(s, side, u, err) != 0)
		return -1;
	bool raid = strcmp(what, "raid") == 0;
	if (!raid && strcmp(what, "rit") != 0)
		return tg_fail(err, TG_E_MALFORMED, "13.2.4: a foray raids or places an RIT");
	if (raid ? lw_raid_check(s, u, target, true, err) != 0
	         : lw_rit_check(s, u, target, false, true, err) != 0)
		return -1;
	if (s->cav.foray_card != s->ops_round) {
		memset(s->cav.foray, 0, sizeof s->cav.foray);
		s->cav.foray_card = s->ops_round;
	}
	set_bit(s->cav.foray, u);
	s->play.pc_left--;
	if (raid) {
		if (out)
			out->barrier = true; /* dice were rolled */
		lw_raid(s, u, target, true, out);
	} else
		do_rit(s, u, target, false, true, out);
	return 0;
}

json_t *lw_cav_view(const struct lw_state *s, int side)
{
	json_t *o = json_object();
	json_t *rit = json_array();
	for (int i = 0; i < s->cav.rit_n; i++)
		json_array_append_new(rit, json_integer(s->cav.rit[i]));
	json_object_set_new(o, "rit", rit);
	/* Raided markers sit on COs (public counters); a raided general now
	 * hidden in another force is shown to his owner only. */
	json_t *raided = json_array();
	char id[48];
	for (int u = 0; u < s->n_units; u++)
		if (lw_co_raided(s, u) && s->unit[u].where == LW_W_MAP &&
		    (s->unit[u].side == side ||
		     lw_force_co_side(s, s->unit[u].hex, s->unit[u].side) == u))
			json_array_append_new(raided, json_string(lw_unit_id(s, u, id, sizeof id)));
	json_object_set_new(o, "raided_cos", raided);
	return o;
}
