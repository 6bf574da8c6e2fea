/* 11.2.2 worked example: Wheeler, cavalry in Polk's force, is activated
 * alone with a 1 card, where Polk's whole force needs a 3. "When 1 star
 * Wheeler moves into 2 star Bragg's hex, he is not required to stop and
 * become Bragg's subordinate as an infantry general would. Being cavalry,
 * he can ignore rank issues and continue on into another hex": through
 * act(), Wheeler enters two-star Bragg's hex, is not stopped there, and
 * moves on into a third hex. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"
#include "lw_testkit.h"

/* A plain neighbour of hex other than `not_this`, or LW_NO_HEX. */
static int plain_next(int hex, int not_this)
{
	const struct lw_data *d = lw_D();
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (nb[i] != not_this && h && h->terrain == LW_TERRAIN_CLEAR &&
		    lw_city_at(nb[i]) < 0 && strcmp(h->state, "TN") == 0 &&
		    !(lw_data_hexside_flags(d, hex, nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			return nb[i];
	}
	return LW_NO_HEX;
}

int main(void)
{
	struct game *g = tk_new("campaign", 4);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	int one = -1;
	for (int n = 1; n <= 57 && one < 0; n++)
		if (lw_card(LW_CONFEDERATE, n)->kind == LW_KIND_ACTIVATION &&
		    lw_card(LW_CONFEDERATE, n)->pc == 1 && !lw_card(LW_CONFEDERATE, n)->erratic)
			one = n;
	CHECK(one > 0);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, one);
	int polk = tk_unit(g, "polk"), wheeler = tk_unit(g, "wheeler");
	/* Polk's hex, Bragg's next to it, and a hex beyond Bragg's */
	int hex = LW_NO_HEX, bragg_hex = LW_NO_HEX, beyond = LW_NO_HEX;
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes && beyond == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, "TN") != 0 || h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 ||
		    lw_hex_owner_force(s, h->id) != LW_NOSIDE)
			continue;
		hex = h->id;
		bragg_hex = plain_next(hex, LW_NO_HEX);
		beyond = bragg_hex == LW_NO_HEX ? LW_NO_HEX : plain_next(bragg_hex, hex);
	}
	if (!CHECKF(beyond != LW_NO_HEX, "three plain hexes in a row in TN"))
		return tap_done();
	int bragg = tk_put(g, "bragg", bragg_hex, 2, 0);
	tk_place(g, polk, hex);
	tk_place(g, wheeler, hex);
	s->unit[polk].stars = 2;
	s->unit[wheeler].stars = 1;
	CHECK_EQ_INT(lw_force_co(s, hex), polk);
	CHECK_EQ_INT(lw_activation_cost(s, polk), 3);
	CHECK_EQ_INT(lw_activation_cost(s, wheeler), 1);
	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"polk\"}", one);
	CHECK(tk_act(g, "confederate", buf) != 0);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"wheeler\"}",
	         one);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	/* only Wheeler moves */
	CHECK_EQ_INT(s->play.movers_n, 1);
	CHECK_EQ_INT(s->play.movers[0], wheeler);
	/* into two-star Bragg's hex: not stopped, not Bragg's subordinate */
	CHECK(lw_march_step_stops(s, bragg_hex) == false);
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"to\":%d}", bragg_hex);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[wheeler].hex, bragg_hex);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK_EQ_INT(lw_force_co(s, bragg_hex), bragg);
	/* ... and on into another hex */
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"to\":%d}", beyond);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[wheeler].hex, beyond);
	CHECK_EQ_INT(s->unit[bragg].hex, bragg_hex);
	lincolns_war_module.free(g);
	return tap_done();
}
