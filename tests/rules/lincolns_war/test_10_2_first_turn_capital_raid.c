/* 2.3: "On the first turn of the game neither city nor any forces within
 * may be attacked." 10.2: "You may not attack the enemy capital
 * (Washington or Richmond)." 10.7.8.2: "Every attack, including a cavalry
 * raid, ..." 13.2.2: "Cavalry may conduct raids against any hex containing
 * an enemy Force or city."
 *
 * Issue 22 reading: attacks on the first-turn capital were refused but a
 * cavalry raid on the force in Washington was allowed. Decision (docs/decisions.md "2.3 / 10.2
 * with 13.2.2: raids on the first-turn capital"): a raid is an attack (10.7.8.2 says so in as many
 * words), so in the first turn neither the capital nor the force in it may be raided, by standard
 * activation or by foray; from the second turn it may. */
#include "lw_land_fixture.h"

/* a land neighbour of hex across no river */
static int dry_neighbour(int hex)
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
		if (h && h->terrain != LW_TERRAIN_OCEAN && lw_city_at(nb[i]) < 0 &&
		    !(lw_data_hexside_flags(lw_D(), hex, nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			return nb[i];
	}
	return LW_NO_HEX;
}

int main(void)
{
	struct lw_state *s = fx_new(0);
	if (!CHECK(s != NULL))
		return tap_done();
	int wash = lw_capital_hex(LW_UNION), rich = lw_capital_hex(LW_CONFEDERATE);
	int wn = dry_neighbour(wash), rn = dry_neighbour(rich);
	if (!CHECK(wn != LW_NO_HEX && rn != LW_NO_HEX))
		return tap_done();
	fx_place(s, "mcdowell", wash, 2);
	int stuart = fx_place(s, "stuart", wn, 1);
	struct tg_error err = {0};
	CHECK(lw_raid_check(s, stuart, wash, false, &err) != 0);
	printf("# %s\n", err.message);
	CHECK(strstr(err.message, "10.2") != NULL);
	CHECK(lw_raid_check(s, stuart, wash, true, NULL) != 0); /* nor by foray */
	/* the Union's cavalry may not raid the force in Richmond either */
	fx_place(s, "je_johnston", rich, 2);
	int stoneman = fx_place(s, "stoneman", rn, 1);
	CHECK(lw_raid_check(s, stoneman, rich, false, NULL) != 0);

	/* from the second turn the force in the capital may be raided */
	s->turn = 1;
	CHECK_EQ_INT(lw_raid_check(s, stuart, wash, false, NULL), 0);
	CHECK_EQ_INT(lw_raid_check(s, stoneman, rich, false, NULL), 0);
	free(s);
	return tap_done();
}
