/* 16.3 example: the Union defender (7 CSP banked) holds "Pontoons" (usable
 * only as an attacker crossing a river) and "Superior Artillery" (usable as
 * the attacker or the defender). He plays Superior Artillery (+3) and the
 * three-point CSP card: six more strength points.
 *
 * The cards' strengths are read through the engine (lw_resev_strength on
 * the card data), not written into the test: Pontoons gives nothing to a
 * defender, nor to an attacker who does not cross a river. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_resource_events.h"
#include "lw_land_fixture.h"
#include "lw_testkit.h"

/* The Union resource card whose text starts with `name` (the card texts
 * name the resource; the card names are personalities). */
static int resource_card(const char *name)
{
	for (int n = 1; n <= LW_DECK_CARDS; n++) {
		const struct lw_card *k = lw_card(LW_UNION, n);
		if (k && k->resource && k->text && strncmp(k->text, name, strlen(name)) == 0)
			return n;
	}
	return -1;
}

/* The strength the Union's card `num` gives in a role (the card spent and
 * working, as after the 16.3 reveal). */
static int strength(struct lw_state *s, int num, bool attacking, bool across_river)
{
	s->battle.res_card[LW_UNION] = (uint8_t)num;
	s->resev.works[LW_UNION] = 1;
	return lw_resev_strength(s, LW_UNION, attacking, across_river);
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int art = resource_card("Superior Artillery"), pont = resource_card("Pontoons");
	if (!CHECK(art > 0 && pont > 0))
		return tap_done();
	/* "Pontoons – usable only as an attacker crossing a river" */
	CHECK_EQ_INT(strength(s, pont, false, false), 0);
	CHECK_EQ_INT(strength(s, pont, false, true), 0);
	CHECK_EQ_INT(strength(s, pont, true, false), 0);
	CHECK(strength(s, pont, true, true) > 0);
	/* "Superior Artillery usable as the attacker or defender": +3 */
	int def_res = strength(s, art, false, false);
	CHECK_EQ_INT(def_res, 3);
	CHECK_EQ_INT(strength(s, art, true, false), 3);

	struct lw_combat_in in = {0};
	in.att = (struct lw_combat_side){.factors = 9, .co_stars = 3, .stars = 7};
	in.def = (struct lw_combat_side){.factors = 5, .co_stars = 2, .stars = 4};
	struct lw_combat_out before, after;
	lw_combat_resolve(&in, &before);
	in.def.resource = def_res; /* Superior Artillery */
	in.def.csp = 3;            /* the three-point CSP card (3 <= 7 banked) */
	lw_combat_resolve(&in, &after);
	CHECK_EQ_INT(after.def_total - before.def_total, 6);
	CHECK_EQ_INT(before.result, LW_CRT_MINOR); /* 9 vs 5: the Union would lose */
	CHECK_EQ_INT(after.winner, LW_DEFENDER);   /* 9 vs 11: now it wins */
	CHECK_EQ_INT(after.result, LW_CRT_MINOR);
	free(s);
	return tap_done();
}
