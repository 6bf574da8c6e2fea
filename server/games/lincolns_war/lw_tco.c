/* lw_tco.c — 17.0 TCO (see lw_tco.h). */
#include "lw_tco.h"

#include "lw_move.h"

int lw_tco_roll_modifier(int stars)
{
	return stars >= 2 ? stars - 1 : 0; /* 17.1: +1 two-star, +2 three-star */
}

/* 12.4 after the absorption: the general one star up, the TCO one down.
 * A cavalry TCO's stars do not count for stacking (12.4) but the infantry
 * general's new star does, so absorbing one may overstack the hex. The text
 * is silent; decision: an absorption that would break 12.4 is not allowed. */
static int stack_after(const struct lw_state *s, int tco, int gen, struct tg_error *err)
{
	const struct lw_unit *g = &s->unit[gen];
	struct lw_stack_unit su[LW_MAX_UNITS];
	int n = 0;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->where != LW_W_MAP || u->hex != g->hex || u->side != g->side)
			continue;
		int stars = u->stars + (i == gen) - (i == tco);
		if (stars <= 0)
			continue;
		su[n].stars = stars;
		su[n].cavalry = u->cavalry;
		n++;
	}
	const struct lw_hex *h = lw_data_hex(lw_D(), g->hex);
	return lw_stack_check(su, n, h && h->terrain == LW_TERRAIN_MOUNTAIN, err);
}

int lw_tco_absorb_check(const struct lw_state *s, int tco, int gen, struct tg_error *err)
{
	if (tco < 0 || tco >= s->n_units || gen < 0 || gen >= s->n_units)
		return tg_fail(err, TG_E_MALFORMED, "17.5: unknown unit");
	const struct lw_unit *t = &s->unit[tco], *g = &s->unit[gen];
	if (t->gen >= 0 || t->where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL,
		               "17.5: only a TCO on the map has stars to absorb");
	if (g->gen < 0 || g->where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "17.5: only a regular general absorbs TCO stars");
	if (g->cavalry)
		return tg_fail(err, TG_E_ILLEGAL,
		               "17.5: cavalry generals may never absorb TCO stars");
	if (g->hex != t->hex || g->side != t->side)
		return tg_fail(err, TG_E_ILLEGAL, "17.5: the general must be stacked with the TCO");
	if (g->flags & LW_UF_PROMOTED)
		return tg_fail(err, TG_E_ILLEGAL, "17.5: a general absorbs one star per turn");
	if (g->stars >= lw_D()->generals[g->gen].max_stars)
		return tg_fail(err, TG_E_ILLEGAL,
		               "17.5: the general has no counter with one more star");
	if (s->side[g->side].pc < 1)
		return tg_fail(err, TG_E_ILLEGAL, "17.5: absorbing a TCO star costs one PC");
	return stack_after(s, tco, gen, err);
}

int lw_tco_absorb(struct lw_state *s, int tco, int gen, struct tg_error *err)
{
	if (lw_tco_absorb_check(s, tco, gen, err) != 0)
		return -1;
	struct lw_unit *t = &s->unit[tco];
	lw_lose_pc(s, t->side, 1);
	if (--t->stars == 0) {
		lw_unit_leave_it(s, tco, 0); /* its IT stays with the force */
		t->where = LW_W_REMOVED;
		t->hex = LW_NO_HEX;
		t->it = 0;
	}
	lw_promote(s, gen);
	lw_log(s, "A %s general absorbs a TCO star at %04d (17.5).", lw_side_title(t->side),
	       s->unit[gen].hex);
	return 0;
}
