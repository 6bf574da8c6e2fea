/* 11.0.3 "When a CO's rank falls below that of one or more of his
 * subordinates, it is up to the player as President to choose a new CO from
 * among the most senior subordinate generals in the hex"; 11.0.2 b / 7.1.5
 * appointing a subordinate of the CO's rank for one PC; 11.2.1 "When a
 * subordinate is promoted so that he outranks the current CO, he
 * automatically assumes command".
 *
 * In a siege hex (16.9.5.2) both sides stand, the besiegers on top: each
 * rule speaks of the general's own CO, never of the enemy's. A besieged
 * force keeps its command rules: the owner is asked for its new CO and
 * may appoint one of equal rank, judged against his own CO, not the
 * besiegers'. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	/* a three-star Union besieger over two Confederate two-stars */
	int usco, csco, cs2;
	if (!am_nashville_siege(s, &usco, &csco, &cs2))
		return tap_done();
	int nashville = am_hex("nashville");
	CHECK_EQ_INT(lw_force_co_side(s, nashville, LW_CONFEDERATE), csco);

	/* 11.0.2 b / 7.1.5: cs2 appointed CO of his own force for one PC */
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_CONFEDERATE;
	struct game_outcome out = {0};
	struct tg_error err = {0};
	char js[96], id[16];
	snprintf(js, sizeof js, "{\"type\":\"appoint_co\",\"general\":\"%s\"}",
	         lw_unit_id(s, cs2, id, sizeof id));
	json_t *j = json_loads(js, 0, NULL);
	CHECKF(lw_admin_act(s, LW_CONFEDERATE, j, &out, &err) == 0, "7.1.5 in a siege hex: %s",
	       err.message);
	json_decref(j);
	CHECK_EQ_INT(lw_force_co_side(s, nashville, LW_CONFEDERATE), cs2);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 19);

	/* 11.0.3: cs2 demoted below csco: the owner chooses the new CO */
	s->phase = LW_PH_OPS;
	CHECK_EQ_INT(s->command.co_n, 0);
	lw_demote(s, cs2);
	CHECK_EQ_INT(s->unit[cs2].stars, 1);
	CHECKF(s->command.co_n == 1 && s->command.co_hex[0] == nashville &&
	           s->command.co_side[0] == LW_CONFEDERATE,
	       "11.0.3: the Confederate is asked for the besieged force's CO (queue %d)",
	       s->command.co_n);
	CHECK_EQ_INT(lw_force_co_side(s, nashville, LW_CONFEDERATE), csco);
	snprintf(js, sizeof js, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", nashville,
	         lw_unit_id(s, csco, id, sizeof id));
	j = json_loads(js, 0, NULL);
	CHECKF(lw_command_choice_act(s, LW_CONFEDERATE, j, &out, &err) == 0, "%s", err.message);
	json_decref(j);
	CHECK_EQ_INT(s->command.co_n, 0);
	CHECK_EQ_INT(lw_force_co_side(s, nashville, LW_CONFEDERATE), csco);
	CHECK_EQ_INT(lw_force_co(s, nashville), usco); /* the besiegers stay on top */
	free(s);
	return tap_done();
}
