/* 8.1.2.1 "When a Confederate River Port with an ironclad is captured via
 * land attack, the ironclad is moved to the closest friendly Port ...",
 * 8.3.4 "... it MUST attempt to escape by trying to run the Blockade", and
 * the Union Fleets leaving a captured 7.1.8 port (docs/naval.md): a piece
 * waiting so (LW_NW_ESCAPE) makes its owner the awaited side before any
 * other action, the Confederate's ships before the Union's fleets.
 *
 * lw_naval_escape_side reads the naval block by words (issue 17): every
 * piece of every kind, alone in LW_NW_ESCAPE among pieces in every other
 * place, whose other bytes (moved, revealed, col, hex) all carry
 * LW_NW_ESCAPE's bit or none of them do, names its owner; no waiting piece names nobody; a
 * waiting Confederate ship comes before a waiting fleet. */
#include "lw_naval_fixture.h"

static const char *kind_name(int k)
{
	return k < LW_NAVY_RAIDERS                    ? "raider"
	       : k < LW_NAVY_RAIDERS + LW_NAVY_ASSETS ? "asset"
	                                              : "fleet";
}

/* k's index in its own array */
static int kind_index(int k)
{
	return k < LW_NAVY_RAIDERS                    ? k
	       : k < LW_NAVY_RAIDERS + LW_NAVY_ASSETS ? k - LW_NAVY_RAIDERS
	                                              : k - LW_NAVY_RAIDERS - LW_NAVY_ASSETS;
}

static struct lw_navy_piece *piece(struct lw_state *s, int k)
{
	if (k < LW_NAVY_RAIDERS)
		return &s->navy.raider[k];
	k -= LW_NAVY_RAIDERS;
	if (k < LW_NAVY_ASSETS)
		return &s->navy.asset[k];
	return &s->navy.fleet[k - LW_NAVY_ASSETS];
}

/* every piece somewhere other than LW_NW_ESCAPE (shift varies which), its
 * other bytes all `fill`: 0xff (LW_NW_ESCAPE's bit in every byte) or 0xf7
 * (in none, so that a word read missing a piece's `where` byte is seen) */
static void scatter(struct lw_state *s, int shift, uint8_t fill)
{
	for (int k = 0; k < LW_NAVY_RAIDERS + LW_NAVY_ASSETS + LW_NAVY_FLEETS; k++) {
		struct lw_navy_piece *x = piece(s, k);
		x->where = (uint8_t)((k + shift) % LW_NW_ESCAPE);
		x->moved = fill;
		x->revealed = fill;
		x->col = (int8_t)fill;
		x->hex = (int16_t)(uint16_t)(fill * 0x101u);
	}
}

int main(void)
{
	struct game *g = nv_game(41);
	struct lw_state *s = &g->s;
	int n = LW_NAVY_RAIDERS + LW_NAVY_ASSETS + LW_NAVY_FLEETS, wrong = 0;
	for (int shift = 0; shift < 2 * LW_NW_ESCAPE; shift++) {
		scatter(s, shift, shift < LW_NW_ESCAPE ? 0xff : 0xf7);
		if (lw_naval_escape_side(s) != LW_NOSIDE)
			wrong++;
		for (int k = 0; k < n; k++) {
			struct lw_navy_piece *x = piece(s, k);
			uint8_t was = x->where;
			x->where = LW_NW_ESCAPE;
			int want = k < LW_NAVY_RAIDERS + LW_NAVY_ASSETS ? LW_CONFEDERATE : LW_UNION;
			int got = lw_naval_escape_side(s);
			if (got != want && wrong++ < 5)
				CHECKF(false, "%s %d waiting (shift %d): side %d, not %d",
				       kind_name(k), kind_index(k), shift, got, want);
			x->where = was;
		}
	}
	CHECK_EQ_INT(wrong, 0);
	/* the Confederate's ship first, wherever it and the fleet stand */
	scatter(s, 0, 0xf7);
	for (int k = 0; k < LW_NAVY_RAIDERS + LW_NAVY_ASSETS; k++)
		for (int f = 0; f < LW_NAVY_FLEETS; f++) {
			struct lw_navy_piece *a = piece(s, k);
			struct lw_navy_piece *b = &s->navy.fleet[f];
			uint8_t wa = a->where, wb = b->where;
			a->where = b->where = LW_NW_ESCAPE;
			if (lw_naval_escape_side(s) != LW_CONFEDERATE && wrong++ < 5)
				CHECKF(false, "%s %d and fleet %d waiting: not the Confederate",
				       kind_name(k), kind_index(k), f);
			a->where = wa;
			b->where = wb;
		}
	CHECK_EQ_INT(wrong, 0);
	lincolns_war_module.free(g);
	return tap_done();
}
