/* 16.9.5 in the battle sequence: a Union army attacks a lone Confederate
 * general in Nashville (supply 2) through the ordinary actions; whenever the
 * defender loses and stays in the city, he is prompted to offer siege (and
 * never to retreat first), the victor is then prompted to besiege or refuse;
 * besieging moves the whole victorious force on top of the defender
 * (16.9.5.2: both sides in the city hex) with the city not captured,
 * refusing costs the victor 1/2/3 PC (16.9.5.1). Over several seeds. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

static bool pick(const json_t *list, const char *type, json_t **out)
{
	for (size_t i = 0; i < json_array_size(list); i++) {
		json_t *a = json_object_get(json_array_get(list, i), "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), type) == 0) {
			*out = a;
			return true;
		}
	}
	return false;
}

int main(void)
{
	int offers = 0, besieged = 0, refused = 0;
	for (int seed = 1; seed <= 24; seed++) {
		struct lw_state *s = fx_new(3);
		if (!s)
			return 1;
		uint8_t key[32] = {(uint8_t)seed, 0x5e};
		tg_rng_init(&s->rng, key);
		int nashville = am_hex("nashville"), camp = fx_plain_neighbour(nashville);
		int a = am_general(s, LW_UNION, camp, 3, LW_NONE);
		int b = am_general(s, LW_UNION, camp, 2, a);
		int c = am_general(s, LW_UNION, camp, 2, b);
		int d = am_general(s, LW_CONFEDERATE, nashville, 1, LW_NONE);
		s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
		int force[3] = {a, b, c};
		am_activate(s, LW_UNION, force, 3);
		s->play.pc_left = 0;
		char js[96];
		snprintf(js, sizeof js, "{\"type\":\"attack\",\"target\":%d}", nashville);
		AM_OK(s, LW_UNION, js);
		bool offered = false, decided = false;
		int level = 0, upc = 0, cpc = 0;
		for (int n = 0; n < 200 && (s->battle.active || s->step == LW_ST_SIEGE_OFFER ||
		                            s->step == LW_ST_SIEGE_ANSWER);
		     n++) {
			unsigned m = lw_ops_awaiting(s);
			int side = (m & LW_SIDE_BIT(LW_UNION)) ? LW_UNION : LW_CONFEDERATE;
			json_t *list = json_array(), *act = NULL;
			lw_ops_offer(s, side, list);
			if (s->step == LW_ST_RETREAT && side == LW_CONFEDERATE)
				CHECKF(offered,
				       "seed %d: the defender retreats without being asked "
				       "about a siege",
				       seed);
			if (pick(list, "offer_siege", &act)) {
				offered = true;
				offers++;
				CHECK_EQ_INT(side, LW_CONFEDERATE);
				CHECK(pick(list, "decline_siege", &(json_t *){NULL}));
			} else if (pick(list, seed % 2 ? "refuse_siege" : "besiege", &act)) {
				CHECK_EQ_INT(side, LW_UNION);
				decided = true;
				level = s->amphib.siege.level;
				upc = s->side[LW_UNION].pc;
				cpc = s->side[LW_CONFEDERATE].pc;
			} else if (!pick(list, "stand", &act)) {
				act = json_object_get(json_array_get(list, 0), "action");
			}
			CHECKF(act != NULL, "seed %d: nothing offered at step %d", seed, s->step);
			if (!act) {
				json_decref(list);
				break;
			}
			char *txt = json_dumps(act, JSON_COMPACT);
			AM_OK(s, side, txt);
			free(txt);
			json_decref(list);
		}
		CHECKF(!s->battle.active, "seed %d: the battle ended", seed);
		if (decided && seed % 2 == 0) {
			besieged++;
			CHECK(lw_siege_at(s, nashville) >= 0);
			CHECK_EQ_INT(s->unit[d].hex, nashville);
			CHECK_EQ_INT(lw_city_controller(s, am_city("nashville")), LW_CONFEDERATE);
			for (int k = 0; k < 3; k++)
				if (s->unit[force[k]].where == LW_W_MAP)
					CHECK_EQ_INT(s->unit[force[k]].hex, nashville);
			CHECK_EQ_INT(lw_hex_owner_force(s, camp), LW_NOSIDE);
		} else if (decided) {
			refused++;
			CHECK_EQ_INT(lw_siege_at(s, nashville), -1);
			CHECK_EQ_INT(s->side[LW_UNION].pc, upc - level);
			CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cpc + level);
			CHECK_EQ_INT(s->unit[d].hex, nashville);
		}
		free(s);
	}
	printf("# %d sieges offered, %d besieged, %d refused\n", offers, besieged, refused);
	CHECK(besieged > 0);
	CHECK(refused > 0);
	return tap_done();
}
