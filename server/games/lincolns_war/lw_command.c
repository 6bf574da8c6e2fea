/* lw_command.c — the owner's command decisions that interrupt the automatic
 * procedures (lw_command.h): 11.0.3 the new CO after a loss of rank (and
 * 16.8.2 / 16.8.3, which name the same choice), 20.4 / 20.5 the Supply
 * Phase's IT demotions (the procedure itself is lw_supply.c's), and 10.7.9's
 * memory of battles lost to a one-star Confederate CO.
 *
 * Hidden information: a CO choice is offered whenever the top counter of a
 * force of several generals changes to a regular general (also when only he
 * can take command), so that the opponent, who sees the new top counter
 * anyway (12.7), learns nothing from the prompt about the generals below
 * it. A TCO left on top means no regular general of his rank is there. */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_ints.h"
#include "lw_move.h"
#include "lw_siege.h"
#include "lw_supply.h"

_Static_assert(LW_CMD_UNITS == LW_MAX_UNITS, "lw_command.h: LW_CMD_UNITS = LW_MAX_UNITS");
_Static_assert(sizeof(struct lw_command) == 242, "struct lw_command has no hidden padding");
_Static_assert(LW_CMD_SST == 2 * LW_MAX_SIEGES, "lw_command.h: one siege_star entry per force "
                                                "held in a siege");

/* ---- 11.0.3: who may take command ------------------------------------------- */

/* The generals of side at hex who may be chosen as CO: the infantry of the
 * highest rank there (never `not`; at least `min_stars`), regular generals
 * before TCO counters of the same rank (16.8.2). None while the GiC is there
 * (11.1.3.1: he always commands). */
static int co_candidates(const struct lw_state *s, int hex, int side, int not, int min_stars,
                         int out[LW_MAX_UNITS])
{
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, u), top = 0, regular_top = 0;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[u[i]];
		if (s->side[side].gic == u[i])
			return 0;
		if (x->cavalry || u[i] == not )
			continue;
		if (x->stars > top) {
			top = x->stars;
			regular_top = 0;
		}
		if (x->stars == top && x->gen >= 0)
			regular_top = 1;
	}
	if (top == 0 || top < min_stars)
		return 0;
	int k = 0;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[u[i]];
		if (!x->cavalry && u[i] != not &&x->stars == top && (x->gen >= 0 || !regular_top))
			out[k++] = u[i];
	}
	return k;
}

static int entry_candidates(const struct lw_state *s, int i, int out[LW_MAX_UNITS])
{
	const struct lw_command *c = &s->command;
	int not = c->co_not[i];
	int min = not >= 0 && not < s->n_units && s->unit[not ].where == LW_W_MAP &&
	                  s->unit[not ].hex == c->co_hex[i]
	              ? s->unit[not ].stars
	              : 0;
	return co_candidates(s, c->co_hex[i], c->co_side[i], not, min, out);
}

static void enqueue(struct lw_state *s, int hex, int side, int not )
{
	struct lw_command *c = &s->command;
	for (int i = 0; i < c->co_n; i++)
		if (c->co_hex[i] == hex && c->co_side[i] == side) {
			if (not != LW_NONE)
				c->co_not[i] = (int16_t) not ;
			return;
		}
	if (c->co_n >= LW_CMD_QUEUE)
		return; /* the default CO stays (docs/decisions.md "CO after a loss of rank
		           (11.0.3)") */
	c->co_hex[c->co_n] = (int16_t)hex;
	c->co_side[c->co_n] = (int8_t)side;
	c->co_not[c->co_n] = (int16_t) not ;
	c->co_n++;
}

static void dequeue(struct lw_command *c, int i)
{
	for (int k = i; k + 1 < c->co_n; k++) {
		c->co_hex[k] = c->co_hex[k + 1];
		c->co_side[k] = c->co_side[k + 1];
		c->co_not[k] = c->co_not[k + 1];
	}
	c->co_n--;
	c->co_hex[c->co_n] = 0;
	c->co_side[c->co_n] = 0;
	c->co_not[c->co_n] = 0;
}

int lw_command_co_before(const struct lw_state *s, int hex, int side)
{
	if (!hex)
		return LW_NONE;
	/* 11.0.3: the side's own CO; in a siege hex the besiegers are on top
	 * (16.9.5.2) and a besieged force keeps its own command */
	int co = lw_force_co_side(s, hex, side);
	return co != LW_NONE && s->unit[co].side == side ? co : LW_NONE;
}

void lw_command_co_after(struct lw_state *s, int hex, int side, int old_co)
{
	if (old_co == LW_NONE || !hex)
		return;
	int co = lw_force_co_side(s, hex, side); /* 11.0.3, a siege hex too */
	/* a TCO left on top: no regular general of his rank to choose (16.8.2) */
	if (co == LW_NONE || co == old_co || s->unit[co].side != side || s->unit[co].gen < 0)
		return;
	int c[LW_MAX_UNITS];
	/* a lone general: nothing to choose (and a force's kind is public, 12.7) */
	if (lw_units_at(s, hex, side, c) > 1 && co_candidates(s, hex, side, LW_NONE, 0, c) > 0)
		enqueue(s, hex, side, LW_NONE); /* 11.0.3: the owner chooses */
}

void lw_command_co_replace(struct lw_state *s, int hex, int side, int old_co)
{
	if (old_co == LW_NONE || s->unit[old_co].where != LW_W_MAP || s->unit[old_co].hex != hex)
		return;
	int c[LW_MAX_UNITS];
	int n = co_candidates(s, hex, side, old_co, s->unit[old_co].stars, c);
	if (n == 0)
		return; /* nobody can: he keeps command */
	/* the default until the owner answers: the most recent of them */
	int pick = c[0];
	for (int i = 1; i < n; i++)
		if (s->unit[c[i]].cmd > s->unit[pick].cmd)
			pick = c[i];
	s->unit[pick].cmd = ++s->cmd_seq;
	enqueue(s, hex, side, old_co);
}

/* ---- 12.4: who is displaced ------------------------------------------------------ */

void lw_command_note_displaced(struct lw_state *s, int hex, int u, int to)
{
	struct lw_command *c = &s->command;
	if (c->dsp_n >= LW_CMD_DISP || !hex || !to)
		return; /* the procedure's choice stays (docs/decisions.md "Overstacking after an
		           involuntary change (12.4)") */
	c->dsp_hex[c->dsp_n] = (int16_t)hex;
	c->dsp_unit[c->dsp_n] = (int16_t)u;
	c->dsp_to[c->dsp_n] = (int16_t)to;
	c->dsp_n++;
}

static void dsp_dequeue(struct lw_command *c, int i)
{
	for (int k = i; k + 1 < c->dsp_n; k++) {
		c->dsp_hex[k] = c->dsp_hex[k + 1];
		c->dsp_unit[k] = c->dsp_unit[k + 1];
		c->dsp_to[k] = c->dsp_to[k + 1];
	}
	c->dsp_n--;
	c->dsp_hex[c->dsp_n] = 0;
	c->dsp_unit[c->dsp_n] = 0;
	c->dsp_to[c->dsp_n] = 0;
}

/* Would side's stack at hex be legal with `in` back and `out` gone? */
static bool swap_legal(const struct lw_state *s, int hex, int side, int in, int out)
{
	struct lw_stack_unit su[LW_MAX_UNITS];
	int n = 0;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *x = &s->unit[i];
		bool here = (x->where == LW_W_MAP && x->hex == hex && x->side == side) || i == in;
		if (!here || i == out)
			continue;
		su[n].stars = x->stars;
		su[n].cavalry = x->cavalry;
		n++;
	}
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return lw_stack_check(su, n, h && h->terrain == LW_TERRAIN_MOUNTAIN, NULL) == 0;
}

/* Where general g may go for entry i (g the one displaced: from where he
 * was; another: with the first back in the hex). */
static int dsp_dests(const struct lw_state *s, int i, int g, int out[LW_DISPLACE_MAX])
{
	const struct lw_command *c = &s->command;
	return lw_displace_dests(s, c->dsp_hex[i], g, c->dsp_unit[i], out);
}

/* The generals the owner may displace for entry i: the one displaced
 * (keeping him out of the hex) first, then every other general of the hex
 * whose leaving makes it legal with him back and who has somewhere to go
 * (never the CO or the GiC: the procedures displace "stars from the stack"
 * under them, 11.1.2.3); 0 when stale or when there is nothing to choose
 * (one general with one hex). */
static int dsp_candidates(const struct lw_state *s, int i, int out[LW_MAX_UNITS])
{
	const struct lw_command *c = &s->command;
	int x = c->dsp_unit[i], hex = c->dsp_hex[i];
	if (x < 0 || x >= s->n_units)
		return 0;
	const struct lw_unit *ux = &s->unit[x];
	int side = ux->side;
	if (ux->where != LW_W_MAP || ux->hex != c->dsp_to[i] || lw_hex_owner_force(s, hex) != side)
		return 0;
	int to[LW_DISPLACE_MAX];
	int nx = dsp_dests(s, i, x, to);
	if (nx == 0)
		return 0;
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, u), k = 0, co = lw_force_co_side(s, hex, side);
	out[k++] = x;
	for (int j = 0; j < n; j++)
		if (s->side[side].gic != u[j] && u[j] != co && swap_legal(s, hex, side, x, u[j]) &&
		    dsp_dests(s, i, u[j], to) > 0)
			out[k++] = u[j];
	return k > 1 || nx > 1 ? k : 0;
}

static int first_dsp_entry(const struct lw_state *s)
{
	int c[LW_MAX_UNITS];
	for (int i = 0; i < s->command.dsp_n; i++)
		if (dsp_candidates(s, i, c) > 0)
			return i;
	return -1;
}

/* 12.4 / 11.1.2.3: one entry per general who may go; where he goes is the
 * owner's choice too ("to": in the action when there is one hex, else a
 * parameter). */
static void dsp_offer(const struct lw_state *s, int i, struct tg_offers *list)
{
	int c[LW_MAX_UNITS], to[LW_DISPLACE_MAX];
	int n = dsp_candidates(s, i, c), hex = s->command.dsp_hex[i];
	char name[64], other[64], id[48], hl[64], tl[64], lead[200];
	lw_hex_label(hex, hl, sizeof hl);
	lw_unit_name(s, c[0], name, sizeof name);
	for (int k = 0; k < n; k++) {
		int nt = dsp_dests(s, i, c[k], to);
		json_t *a = json_pack("{s:s,s:i,s:s}", "type", "displace", "hex", hex, "general",
		                      lw_unit_id(s, c[k], id, sizeof id));
		if (k == 0)
			snprintf(lead, sizeof lead, "Displace %s from %s", name, hl);
		else
			snprintf(lead, sizeof lead, "Displace %s from %s instead (%s comes back)",
			         lw_unit_name(s, c[k], other, sizeof other), hl, name);
		if (nt == 1) {
			json_object_set_new(a, "to", json_integer(to[0]));
			tg_offer(list, a, "%s to %s (12.4)", lead,
			         lw_hex_label(to[0], tl, sizeof tl));
			continue;
		}
		json_t *ch = json_array();
		for (int j = 0; j < nt; j++)
			json_array_append_new(ch, json_pack("{s:i,s:s}", "value", to[j], "label",
			                                    lw_hex_label(to[j], tl, sizeof tl)));
		tg_offer_choice(list, a, "to", "Where he goes", ch, "%s (12.4)", lead);
	}
}

static int refuse_displace(const struct lw_state *s, int side, const char *type,
                           struct tg_error *err)
{
	(void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "12.4: first choose who is displaced from %04d to meet the stacking limit, "
	               "and where (\"displace\")",
	               s->command.dsp_hex[first_dsp_entry(s)]);
}

static int act_displace(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)out;
	struct lw_command *c = &s->command;
	int i = first_dsp_entry(s);
	int hex = c->dsp_hex[i], h = 0, to = 0;
	if (!lw_a_int(a, "hex", &h) || h != hex)
		return refuse_displace(s, side, "displace", err);
	if (!lw_a_int(a, "to", &to))
		return tg_fail(err, TG_E_MALFORMED,
		               "12.4: \"displace\" needs the hex \"to\" the general goes to");
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	int cand[LW_MAX_UNITS], dests[LW_DISPLACE_MAX];
	int n = dsp_candidates(s, i, cand);
	bool ok = false;
	for (int k = 0; k < n; k++)
		ok |= cand[k] == u;
	if (!ok)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "12.4 / 11.1.2.3: displace a general of that hex whose leaving meets "
		    "the stacking limit and who has somewhere to go (not the CO or the GiC)");
	int nd = dsp_dests(s, i, u, dests);
	ok = false;
	for (int k = 0; k < nd; k++)
		ok |= dests[k] == to;
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.2.3: a displaced general goes to an adjacent space that can "
		               "take him, or only when there is none to the nearest friendly "
		               "city (12.4 stacking)");
	int x = c->dsp_unit[i];
	dsp_dequeue(c, i);
	if (u == x) {
		if (s->unit[x].hex != to)
			lw_displace_move(s, x, to);
		return 0;
	}
	char hl[64];
	lw_log(s, "The %s player displaces another general from %s instead (12.4).",
	       lw_side_title(side), lw_hex_label(hex, hl, sizeof hl));
	lw_unit_leave_it(s, x, 0);
	lw_unit_place(s, x, hex);
	lw_displace_move(s, u, to);
	return 0;
}

/* ---- 12.4 / 16.9.6: who of a force held in a siege loses a star ------------------ */

/* Entry i waits while that force is still held and overstacked. */
static bool sst_live(const struct lw_state *s, int i)
{
	const struct lw_command *c = &s->command;
	int hex = c->sst_hex[i], side = c->sst_side[i];
	return lw_displace_held(s, hex, side) &&
	       lw_stack_check_hex(s, hex, side, NULL, 0, LW_NONE, 0, NULL) != 0;
}

static void sst_dequeue(struct lw_command *c, int i)
{
	for (int k = i; k + 1 < c->sst_n; k++) {
		c->sst_hex[k] = c->sst_hex[k + 1];
		c->sst_side[k] = c->sst_side[k + 1];
	}
	c->sst_n--;
	c->sst_hex[c->sst_n] = 0;
	c->sst_side[c->sst_n] = 0;
}

/* Entries whose force is no longer held or no longer overstacked go. */
static void sst_prune(struct lw_state *s)
{
	for (int i = s->command.sst_n - 1; i >= 0; i--)
		if (!sst_live(s, i))
			sst_dequeue(&s->command, i);
}

static int sst_find(const struct lw_state *s, int hex, int side)
{
	const struct lw_command *c = &s->command;
	for (int i = 0; i < c->sst_n; i++)
		if (c->sst_hex[i] == hex && c->sst_side[i] == side)
			return i;
	return -1;
}

bool lw_command_note_siege_star(struct lw_state *s, int hex, int side)
{
	struct lw_command *c = &s->command;
	if (sst_find(s, hex, side) >= 0)
		return true; /* asked already: the stack waits for that answer */
	if (c->sst_n >= LW_CMD_SST)
		sst_prune(s); /* forces answered or freed meanwhile */
	if (c->sst_n >= LW_CMD_SST)
		return false; /* not reached: one entry per force held (docs/decisions.md
		                 "Overstacking in a siege (12.4, 16.9.5.2)") */
	/* asked in turn, after the forces overstacked before this one */
	c->sst_hex[c->sst_n] = (int16_t)hex;
	c->sst_side[c->sst_n] = (uint8_t)side;
	c->sst_n++;
	return true;
}

/* The entry asked now: the first that still waits, or -1. */
static int first_sst_entry(const struct lw_state *s)
{
	for (int i = 0; i < s->command.sst_n; i++)
		if (sst_live(s, i))
			return i;
	return -1;
}

bool lw_command_siege_star_waits(const struct lw_state *s, int hex, int side)
{
	int i = sst_find(s, hex, side);
	return i >= 0 && sst_live(s, i);
}

static void sst_offer(const struct lw_state *s, int i, struct tg_offers *list)
{
	const struct lw_command *c = &s->command;
	int cand[LW_MAX_UNITS];
	int n = lw_siege_star_candidates(s, c->sst_hex[i], c->sst_side[i], cand);
	char name[64], id[48], hl[64];
	lw_hex_label(c->sst_hex[i], hl, sizeof hl);
	for (int k = 0; k < n; k++)
		tg_offer(list,
		         tg_act(list, "{s:s,s:i,s:s}", "type", "siege_star", "hex",
		                (int)c->sst_hex[i], "general",
		                lw_unit_id(s, cand[k], id, sizeof id)),
		         "%s loses a star (%s): the force held in %s is overstacked (12.4, 16.9.6)",
		         lw_unit_name(s, cand[k], name, sizeof name),
		         s->unit[cand[k]].stars <= 1 ? "a one-star: disgraced" : "demoted", hl);
}

static int refuse_siege_star(const struct lw_state *s, int side, const char *type,
                             struct tg_error *err)
{
	(void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "12.4 / 16.9.6: first choose which general of your force held in the siege "
	               "at %04d loses a star to meet the stacking limit (\"siege_star\")",
	               s->command.sst_hex[first_sst_entry(s)]);
}

static int act_siege_star(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)out;
	struct lw_command *c = &s->command;
	int i = first_sst_entry(s);
	int hex = c->sst_hex[i], h = 0;
	if (!lw_a_int(a, "hex", &h) || h != hex)
		return refuse_siege_star(s, side, "siege_star", err);
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	int cand[LW_MAX_UNITS];
	int n = lw_siege_star_candidates(s, hex, side, cand);
	bool ok = false;
	for (int k = 0; k < n; k++)
		ok |= cand[k] == u;
	if (!ok && u >= 0 && u == lw_force_co_side(s, hex, side))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.6: subordinates must lose stars to satisfy stacking "
		               "restrictions before the CO loses stars");
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.4 / 16.9.6: the star is lost by a subordinate of the "
		               "overstacked force held in the siege (not the GiC)");
	char name[64], hl[64];
	lw_log(s,
	       "The %s player has %s of the force held in the siege of %s lose a star "
	       "(12.4, 16.9.5.2, 16.9.6).",
	       lw_side_title(side), lw_public_name(s, u, name, sizeof name),
	       lw_hex_label(hex, hl, sizeof hl));
	/* the entry stays first while the procedure runs: a stack still over
	 * the limit is asked again at once, before the forces queued after it */
	lw_demote(s, u);
	lw_fix_overstack(s, hex, side);
	i = sst_find(s, hex, side);
	if (i >= 0 && !sst_live(s, i))
		sst_dequeue(c, i);
	return 0;
}

/* ---- 10.7.9 ------------------------------------------------------------------ */

void lw_command_note_lost_to_one_star(struct lw_state *s, int u)
{
	struct lw_command *c = &s->command;
	if (u < 0 || u >= LW_CMD_UNITS)
		return;
	if (c->lost1_turn != s->turn + 1) {
		memset(c->lost1, 0, sizeof c->lost1);
		c->lost1_turn = (uint8_t)(s->turn + 1);
	}
	c->lost1[u / 8] |= (uint8_t)(1u << (u % 8));
}

bool lw_command_lost_to_one_star(const struct lw_state *s, int u)
{
	const struct lw_command *c = &s->command;
	return u >= 0 && u < LW_CMD_UNITS && c->lost1_turn == s->turn + 1 &&
	       (c->lost1[u / 8] & (1u << (u % 8)));
}

/* ---- the prompts -------------------------------------------------------------- */

/* The first CO choice that still has a candidate, or -1. */
static int first_co_entry(const struct lw_state *s)
{
	int c[LW_MAX_UNITS];
	for (int i = 0; i < s->command.co_n; i++)
		if (entry_candidates(s, i, c) > 0)
			return i;
	return -1;
}

bool lw_command_question_pending(const struct lw_state *s)
{
	return s->phase != LW_PH_OVER &&
	       (first_co_entry(s) >= 0 || first_dsp_entry(s) >= 0 || first_sst_entry(s) >= 0);
}

int lw_command_choice_side(const struct lw_state *s)
{
	if (s->phase == LW_PH_OVER)
		return LW_NOSIDE;
	int i = first_co_entry(s);
	if (i >= 0)
		return s->command.co_side[i];
	i = first_dsp_entry(s);
	if (i >= 0)
		return s->unit[s->command.dsp_unit[i]].side;
	i = first_sst_entry(s);
	if (i >= 0)
		return s->command.sst_side[i];
	int hex, side;
	if (lw_supply_choice_force(s, &hex, &side))
		return side;
	return LW_NOSIDE;
}

void lw_command_choice_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	char name[64], id[48], hl[64];
	int i = first_co_entry(s);
	if (i >= 0) {
		if (s->command.co_side[i] != side)
			return;
		int c[LW_MAX_UNITS];
		int n = entry_candidates(s, i, c), hex = s->command.co_hex[i];
		lw_hex_label(hex, hl, sizeof hl);
		for (int k = 0; k < n; k++)
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:s}", "type", "choose_co", "hex", hex,
			                "general", lw_unit_id(s, c[k], id, sizeof id)),
			         "%s takes command of the force at %s (11.0.3)",
			         lw_unit_name(s, c[k], name, sizeof name), hl);
		return;
	}
	i = first_dsp_entry(s);
	if (i >= 0) {
		if (s->unit[s->command.dsp_unit[i]].side == side)
			dsp_offer(s, i, list);
		return;
	}
	i = first_sst_entry(s);
	if (i >= 0) {
		if (s->command.sst_side[i] == side)
			sst_offer(s, i, list);
		return;
	}
	lw_supply_demote_offer(s, side, list);
}

static int refuse_co(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "11.0.3: first choose the new CO of your force at %04d (\"choose_co\")",
	               s->command.co_hex[first_co_entry(s)]);
}

static int act_choose_co(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)out;
	int i = first_co_entry(s);
	struct lw_command *c = &s->command;
	int hex = c->co_hex[i], h = 0;
	if (!lw_a_int(a, "hex", &h) || h != hex)
		return refuse_co(s, side, "choose_co", err);
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	int cand[LW_MAX_UNITS];
	int n = entry_candidates(s, i, cand);
	bool ok = false;
	for (int k = 0; k < n; k++)
		ok |= cand[k] == u;
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.0.3: the new CO must be one of the most senior infantry "
		               "generals left in the hex");
	int prev = lw_force_co_side(s, hex, side);
	s->unit[u].cmd = ++s->cmd_seq;
	dequeue(c, i);
	/* 16.8.2: a CO killed in the casualty checks was followed by the
	 * default CO (lw_battle_casualty.c, for the 16.6.4 / 16.9.5.4.2 steps): the
	 * one chosen follows him instead */
	if (s->battle.active && prev != u && prev != LW_NONE) {
		if (s->land.att_co == prev)
			s->land.att_co = (int16_t)u;
		if (s->land.def_co == prev)
			s->land.def_co = (int16_t)u;
	}
	char name[64], hl[64];
	lw_log(s, "%s takes command of the %s force at %s (11.0.3).",
	       lw_unit_name(s, u, name, sizeof name), lw_side_title(side),
	       lw_hex_label(hex, hl, sizeof hl));
	return 0;
}

/* 20.4 / 20.5 (lw_supply.c's question, asked here in the command's turn) */
static int refuse_supply_demote(const struct lw_state *s, int side, const char *type,
                                struct tg_error *err)
{
	(void)type;
	int hex, sd;
	if (!lw_supply_choice_force(s, &hex, &sd) || sd != side)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "20.4: no demotion of yours is waiting");
	return tg_fail(err, TG_E_ILLEGAL,
	               "20.4: first choose the general of your force at %04d demoted for its IT "
	               "(\"supply_demote\")",
	               hex);
}

/* ---- the questions' action types, one table a question -------------------------- */

static const struct lw_action co_rows[] = {
    {"choose_co", "11.0.3", act_choose_co, 0},
};
static const struct lw_action displace_rows[] = {
    {"displace", "12.4", act_displace, 0},
};
static const struct lw_action siege_star_rows[] = {
    {"siege_star", "16.9.6", act_siege_star, 0},
};
static const struct lw_action supply_demote_rows[] = {
    {"supply_demote", "20.4", lw_supply_demote_act, 0},
};
const struct lw_actions lw_command_co_actions = LW_ACTIONS("command_choice.co", co_rows, refuse_co);
const struct lw_actions lw_command_displace_actions =
    LW_ACTIONS("command_choice.displace", displace_rows, refuse_displace);
const struct lw_actions lw_command_siege_star_actions =
    LW_ACTIONS("command_choice.siege_star", siege_star_rows, refuse_siege_star);
const struct lw_actions lw_command_supply_demote_actions =
    LW_ACTIONS("command_choice.supply_demote", supply_demote_rows, refuse_supply_demote);

/* The question first in line: 11.0.3 new COs, then 12.4 displacements,
 * 16.9.6 stars lost in a siege, 20.4 / 20.5 supply demotions. */
const struct lw_actions *lw_command_actions(const struct lw_state *s)
{
	if (first_co_entry(s) >= 0)
		return &lw_command_co_actions;
	if (first_dsp_entry(s) >= 0)
		return &lw_command_displace_actions;
	if (first_sst_entry(s) >= 0)
		return &lw_command_siege_star_actions;
	return &lw_command_supply_demote_actions;
}

int lw_command_choice_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	return lw_action_dispatch(lw_command_actions(s), s, side, a, out, err);
}

const char *lw_command_prompt(const struct lw_state *s, char *buf, size_t n)
{
	char hl[64];
	int i = first_co_entry(s);
	if (i >= 0) {
		snprintf(buf, n,
		         "Your CO at %s lost his rank: choose who commands the force (11.0.3)",
		         lw_hex_label(s->command.co_hex[i], hl, sizeof hl));
		return buf;
	}
	i = first_dsp_entry(s);
	if (i >= 0) {
		snprintf(buf, n,
		         "A general was displaced from %s to meet the stacking limit: choose "
		         "who goes and where (12.4)",
		         lw_hex_label(s->command.dsp_hex[i], hl, sizeof hl));
		return buf;
	}
	i = first_sst_entry(s);
	if (i >= 0) {
		snprintf(buf, n,
		         "Your force held in the siege of %s is overstacked: choose the "
		         "subordinate who loses a star (12.4, 16.9.6)",
		         lw_hex_label(s->command.sst_hex[i], hl, sizeof hl));
		return buf;
	}
	int hex, side;
	if (lw_supply_choice_force(s, &hex, &side))
		snprintf(buf, n,
		         "Your force at %s carries five IT or more: choose the general demoted "
		         "(%s)",
		         lw_hex_label(hex, hl, sizeof hl),
		         s->command.supply_stage == LW_SS_FORAGE ? "20.5" : "20.4");
	else
		snprintf(buf, n, "Choose");
	return buf;
}

void lw_command_settle(struct lw_state *s)
{
	struct lw_command *c = &s->command;
	int cand[LW_MAX_UNITS];
	for (int i = c->co_n - 1; i >= 0; i--)
		if (entry_candidates(s, i, cand) == 0)
			dequeue(c, i);
	for (int i = c->dsp_n - 1; i >= 0; i--)
		if (dsp_candidates(s, i, cand) == 0)
			dsp_dequeue(c, i);
	sst_prune(s);
}

/* ---- save/load ---------------------------------------------------------------- */

#define CMD_INTS                                                                                   \
	(1 + 3 * LW_CMD_QUEUE + 1 + 3 * LW_CMD_DISP + 1 + LW_CMD_UNITS + 1 + LW_CMD_BITS + 1 +     \
	 2 * LW_CMD_SST)

static void command_ints(const struct lw_command *c, long long *v)
{
	int k = 0;
	v[k++] = c->co_n;
	for (int i = 0; i < LW_CMD_QUEUE; i++) {
		v[k++] = c->co_hex[i];
		v[k++] = c->co_side[i];
		v[k++] = c->co_not[i];
	}
	v[k++] = c->dsp_n;
	for (int i = 0; i < LW_CMD_DISP; i++) {
		v[k++] = c->dsp_hex[i];
		v[k++] = c->dsp_unit[i];
		v[k++] = c->dsp_to[i];
	}
	v[k++] = c->supply_stage;
	/* LW_CMD_UNITS zeros: a slot of save format 4 never used (an IT store
	 * for 16.9.5.4.3 that lw_siege.c does without); kept so saves load */
	for (int i = 0; i < LW_CMD_UNITS; i++)
		v[k++] = 0;
	v[k++] = c->lost1_turn;
	for (int i = 0; i < LW_CMD_BITS; i++)
		v[k++] = c->lost1[i];
	v[k++] = c->sst_n; /* save format 16: the queue (13: one question) */
	for (int i = 0; i < LW_CMD_SST; i++) {
		v[k++] = c->sst_hex[i];
		v[k++] = c->sst_side[i];
	}
}

json_t *lw_command_save(const struct lw_command *c)
{
	long long v[CMD_INTS];
	command_ints(c, v);
	return lw_ints_json(v, CMD_INTS);
}

void lw_command_save_text(struct tg_jw *w, const struct lw_command *c)
{
	long long v[CMD_INTS];
	command_ints(c, v);
	lw_ints_text(w, v, CMD_INTS);
}

int lw_command_load(struct lw_command *c, const json_t *saved, int n_units)
{
	memset(c, 0, sizeof *c);
	if (!saved)
		return 0;
	long long v[CMD_INTS];
	if (lw_ints_read(saved, v, CMD_INTS) != 0)
		return -1;
	struct lw_command n;
	memset(&n, 0, sizeof n);
	int k = 0;
	if (v[k] < 0 || v[k] > LW_CMD_QUEUE)
		return -1;
	n.co_n = (uint8_t)v[k++];
	for (int i = 0; i < LW_CMD_QUEUE; i++) {
		long long hex = v[k++], side = v[k++], not = v[k++];
		bool used = i < n.co_n;
		if (used ? (!lw_data_hex(lw_D(), (int)hex) ||
		            (side != LW_UNION && side != LW_CONFEDERATE) || not < LW_NONE ||
		            not >= n_units)
		         : (hex != 0 || side != 0 || not != 0))
			return -1;
		n.co_hex[i] = (int16_t)hex;
		n.co_side[i] = (int8_t)side;
		n.co_not[i] = (int16_t) not ;
	}
	if (v[k] < 0 || v[k] > LW_CMD_DISP)
		return -1;
	n.dsp_n = (uint8_t)v[k++];
	for (int i = 0; i < LW_CMD_DISP; i++) {
		long long hex = v[k++], u = v[k++], to = v[k++];
		bool used = i < n.dsp_n;
		if (used ? (!lw_data_hex(lw_D(), (int)hex) || !lw_data_hex(lw_D(), (int)to) ||
		            u < 0 || u >= n_units)
		         : (hex != 0 || u != 0 || to != 0))
			return -1;
		n.dsp_hex[i] = (int16_t)hex;
		n.dsp_unit[i] = (int16_t)u;
		n.dsp_to[i] = (int16_t)to;
	}
	if (v[k] < LW_SS_NONE || v[k] > LW_SS_SIEGE)
		return -1;
	n.supply_stage = (uint8_t)v[k++];
	for (int i = 0; i < LW_CMD_UNITS; i++) /* the unused slot: always 0 */
		if (v[k++] != 0)
			return -1;
	if (v[k] < 0 || v[k] > 7)
		return -1;
	n.lost1_turn = (uint8_t)v[k++];
	for (int i = 0; i < LW_CMD_BITS; i++) {
		if (v[k] < 0 || v[k] > 255)
			return -1;
		n.lost1[i] = (uint8_t)v[k++];
	}
	if (v[k] < 0 || v[k] > LW_CMD_SST)
		return -1;
	n.sst_n = (uint8_t)v[k++];
	for (int i = 0; i < LW_CMD_SST; i++) {
		long long sh = v[k++], ss = v[k++];
		if (i < n.sst_n ? (!lw_data_hex(lw_D(), (int)sh) ||
		                   (ss != LW_UNION && ss != LW_CONFEDERATE))
		                : (sh != 0 || ss != 0))
			return -1;
		n.sst_hex[i] = (int16_t)sh;
		n.sst_side[i] = (uint8_t)ss;
	}
	*c = n;
	return 0;
}
