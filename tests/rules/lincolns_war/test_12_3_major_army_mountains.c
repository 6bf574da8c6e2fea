/* 12.3 Major Army restrictions, 12.4 stacking, 15.0 mountains. */
#include <stddef.h>

#include <string.h>

#include "lincolns_war/lw_move.h"
#include "tap.h"

int main(void)
{
	struct tg_error err;
	struct lw_move_track major = {.major_limits = true};
	struct lw_hexstep mountain = {.major_now = true, .into_mountain = true};
	CHECK_EQ_INT(lw_move_step_check(&major, &mountain, &err), -1);
	CHECK_EQ_STR(err.message, "12.3: a Major Army may not enter mountains");
	CHECK_EQ_STR(err.code, TG_E_ILLEGAL);
	CHECK_EQ_INT(lw_attack_check(&major, &mountain, &err), -1);

	/* 12.3: two hexes, or one and attack. */
	struct lw_hexstep clear = {.major_now = true};
	CHECK_EQ_INT(lw_move_step_check(&major, &clear, &err), 0);
	lw_move_step_record(&major, &clear);
	CHECK_EQ_INT(lw_attack_check(&major, &clear, &err), 0);
	lw_move_step_record(&major, &clear);
	CHECK_EQ_INT(lw_attack_check(&major, &clear, &err), -1);
	CHECK_EQ_INT(lw_move_step_check(&major, &clear, &err), -1);

	/* 12.3.1: a river only from the starting hex, and then nothing more. */
	struct lw_move_track m2 = {.major_limits = true};
	struct lw_hexstep river = {.major_now = true, .across_river = true};
	struct lw_hexstep miss = {
	    .major_now = true, .across_river = true, .across_mississippi = true};
	CHECK_EQ_INT(lw_move_step_check(&m2, &miss, &err), -1);
	CHECK_EQ_INT(lw_attack_check(&m2, &river, &err), 0); /* 12.3.2 no move first */
	CHECK_EQ_INT(lw_move_step_check(&m2, &river, &err), 0);
	lw_move_step_record(&m2, &river);
	CHECK_EQ_INT(lw_move_step_check(&m2, &clear, &err), -1);
	CHECK_EQ_INT(lw_attack_check(&m2, &clear, &err), -1);
	struct lw_move_track m3 = {.major_limits = true, .moved = 1};
	CHECK_EQ_INT(lw_move_step_check(&m3, &river, &err), -1);
	CHECK_EQ_INT(lw_attack_check(&m3, &river, &err), -1);

	/* 12.3.4: a minor army dispersed from a major may enter mountains, but
	 * keeps the major allowance. */
	struct lw_move_track disp = {.major_limits = true};
	struct lw_hexstep minor_mtn = {.into_mountain = true};
	CHECK_EQ_INT(lw_move_step_check(&disp, &minor_mtn, &err), 0);

	/* 12.2 / 15.0: a minor army moves three; after a mountain hex it may
	 * attack only having moved one. */
	struct lw_move_track minor = {0};
	CHECK_EQ_INT(lw_move_step_check(&minor, &minor_mtn, &err), 0);
	lw_move_step_record(&minor, &minor_mtn);
	CHECK_EQ_INT(lw_attack_check(&minor, &minor_mtn, &err), 0);
	lw_move_step_record(&minor, &minor_mtn);
	CHECK_EQ_INT(lw_attack_check(&minor, &minor_mtn, &err), -1);
	CHECK(strncmp(err.message, "15.0", 4) == 0);
	CHECK_EQ_INT(lw_move_step_check(&minor, &minor_mtn, &err), 0);
	lw_move_step_record(&minor, &minor_mtn);
	CHECK_EQ_INT(lw_move_step_check(&minor, &minor_mtn, &err), -1);

	/* 12.4 stacking */
	struct lw_stack_unit a[] = {{3, false}, {3, false}, {3, false}, {3, false}, {2, true}};
	CHECK_EQ_INT(lw_stack_check(a, 5, false, &err), 0);
	CHECK_EQ_INT(lw_stack_check(a, 5, true, &err), -1);
	struct lw_stack_unit b[] = {{2, false}, {2, false}, {2, false}, {1, false}};
	CHECK_EQ_INT(lw_stack_check(b, 4, false, &err), -1); /* 7 without a three-star */
	struct lw_stack_unit c[] = {{1, false}, {2, true}};
	CHECK_EQ_INT(lw_stack_check(c, 2, false, &err), -1); /* cavalry outranks CO */
	struct lw_stack_unit d[] = {{2, false}, {1, true}, {1, true}};
	CHECK_EQ_INT(lw_stack_check(d, 3, false, &err), -1); /* two cavalry */
	CHECK_EQ_INT(lw_army_kind(3, 7), LW_ARMY_MAJOR);
	CHECK_EQ_INT(lw_army_kind(2, 6), LW_ARMY_MINOR);
	CHECK_EQ_INT(lw_army_kind(1, 3), LW_FORCE_SINGLE);
	return tap_done();
}
