/* 12.1 Combined Assault: "an Active Army Leader marker may automatically
 * activate any two Active Subordinate Leader markers in a single Area. The
 * Army Leader marker must be present", spending the Advantage; 8.1.4 Lee
 * Commands!: "Once per turn, if Lee is Active, the Confederate player may
 * conduct a Combined Assault (Section 12.1, fourth bullet). He need not
 * possess the Advantage or surrender the Advantage". The impulse's choice
 * offers both (a client, or a random player, that plays from the offers
 * could make neither before): one offer for each pair of Active
 * Subordinate Leaders of an Area where the Active Army Leader stands, the
 * Combined Assault while the Attacker holds the Advantage, Lee Commands!
 * once a turn; and every offer is accepted.
 *
 * Lee, A.P. Hill and Longstreet in Meadow's Bridge Road (45) with A.P.
 * Hill's and Longstreet's (Anderson's division). */
#include "boal_impulse_testkit.h"

static void board(struct boal_state *s)
{
	bt_setup(s, false);
	bt_clear(s);
	bt_put(s, "aphill_inf", 45);
	bt_put(s, "anderson_inf", 45);
	bt_put(s, "mccall_inf", 6);
	s->leader[bt_leader("aphill")].area = 45;
	s->leader[bt_leader("longstreet")].area = 45;
	s->leader[bt_leader("lee")].area = 45;
	s->control[44] = s->control[45] = s->control[41] = (uint8_t)BOAL_CONFEDERATE;
	s->army_active[BOAL_CONFEDERATE] = true;
	s->advantage = BOAL_CONFEDERATE;
}

/* how many "activate" offers of area 45 name two leaders; *lee: of them,
 * with lee_commands */
static int combined(const struct boal_state *s, int *lee)
{
	json_t *l = tg_pending_legal(bt_table, BT_N, s, BOAL_CONFEDERATE);
	size_t i;
	json_t *o;
	int n = 0;
	*lee = 0;
	json_array_foreach(l, i, o)
	{
		json_t *a = json_object_get(o, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "activate") ||
		    !json_object_get(a, "leaders"))
			continue;
		n++;
		*lee += json_is_true(json_object_get(a, "lee_commands"));
	}
	json_decref(l);
	return n;
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;
	int lee;

	/* the Advantage held, Lee Commands! not used this turn: both offered */
	board(&s);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, &lee), 2);
	CHECK_EQ_INT(lee, 1);
	/* the offered Combined Assault is accepted: both commands activate, the
	 * Advantage is spent */
	CHECK_EQ_INT(
	    bt_act(&s, C,
	           "{\"type\":\"activate\",\"area\":45,\"leaders\":[\"aphill\",\"longstreet\"]}"),
	    0);
	CHECK_EQ_INT(s.imp.leader[0], bt_leader("aphill"));
	CHECK_EQ_INT(s.imp.leader[1], bt_leader("longstreet"));
	CHECK_EQ_INT(s.advantage, BOAL_NOBODY);

	/* without the Advantage: only Lee Commands!, and it keeps the Advantage
	 * where it is */
	board(&s);
	s.advantage = BOAL_UNION;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, &lee), 1);
	CHECK_EQ_INT(lee, 1);
	CHECK_EQ_INT(bt_act(&s, C,
	                    "{\"type\":\"activate\",\"area\":45,\"leaders\":[\"aphill\","
	                    "\"longstreet\"],\"lee_commands\":true}"),
	             0);
	CHECK_EQ_INT(s.advantage, BOAL_UNION);
	/* once per turn: the next Impulse of the turn offers it no more */
	board(&s);
	s.advantage = BOAL_UNION;
	s.imp.lee_commanded = (int8_t)(s.turn + 1);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, &lee), 0);

	/* "The Army Leader marker must be present": Lee in Richmond, none */
	board(&s);
	s.leader[bt_leader("lee")].area = 44;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, &lee), 0);
	/* nor with Lee Inactive (6.2.1), nor with one Subordinate Inactive */
	board(&s);
	s.army_active[C] = false;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, &lee), 0);
	board(&s);
	s.leader[bt_leader("longstreet")].inactive = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, &lee), 0);
	return tap_done();
}
