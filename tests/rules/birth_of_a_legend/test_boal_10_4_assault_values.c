/* 10.4 Assault Resolution with the text's numbers (there is no worked
 * example): 10.4.2 Attack Value, 10.4.3 Defense Value (the lost signs read
 * as minus, README decision 3), 10.4.4 Repulse / Stalemate / Success with
 * CP = AT - DT, 10.6.1 one less in Entrenchments.
 * 10.4.2: "+? The Attack Factor of any one assaulting unit (the Point Unit)
 * ... +? The Combat Rating of any Activated Subordinate Leader(s). +2 Each
 * additional Fresh Infantry unit ... +1 Each additional Fresh Cavalry and
 * Artillery unit ... +1 Each additional Exhausted Infantry unit ... 1 Each
 * additional Command ID participating beyond the first; 1 Inactive Army
 * Leader".
 * 10.4.3: "+? The Defense Factor of ... the Forward Unit ... +1 Each
 * additional Fresh Infantry, Cavalry, and Artillery unit ... +1 to +4 TEM
 * ... +1 If any of the attacking units crossed a Minor Water Boundary while
 * making a Mandatory Assault and an additional +1 if any unit crossed a
 * Major Water Boundary. +1 to +2 Friendly Entrench marker ... 1 Union
 * Defense if Supply Train is not in White House Landing or Harrison's
 * Landing". */
#include "boal_rules.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	/* A.P. Hill's division (6-7-5) is the Point Unit, A.P. Hill (Combat 2
	 * in the data) activated it; its artillery (Fresh) follows */
	const struct boal_unit *aph = &d->unit[bt_unit("aphill_inf")];
	struct boal_attack a = {.point_attack = aph->attack,
	                        .leader_combat = d->leader[bt_leader("aphill")].combat,
	                        .fresh_other = 1,
	                        .commands = 1};
	CHECK_EQ_INT(boal_attack_value(&a), 6 + 2 + 1);
	a.fresh_infantry = 1; /* +2 */
	CHECK_EQ_INT(boal_attack_value(&a), 11);
	a.exhausted_infantry = 2; /* +1 each */
	CHECK_EQ_INT(boal_attack_value(&a), 13);
	a.commands = 3; /* -1 each beyond the first */
	CHECK_EQ_INT(boal_attack_value(&a), 11);
	a.army_leader_inactive = true;
	CHECK_EQ_INT(boal_attack_value(&a), 10);
	a.rain = true; /* 15.1.2 */
	CHECK_EQ_INT(boal_attack_value(&a), 9);
	/* a lone Point Unit of the printed D.H. Hill (5-6-5) */
	struct boal_attack lone = {.point_attack = d->unit[bt_unit("dhhill_inf")].attack,
	                           .commands = 1};
	CHECK_EQ_INT(boal_attack_value(&lone), 5);
	lone.commands = 0; /* no command counted is no penalty either */
	CHECK_EQ_INT(boal_attack_value(&lone), 5);

	/* Defense: Anderson (6-6-5) Forward in an area of TEM 2 */
	struct boal_defense df = {.forward_defense = d->unit[bt_unit("anderson_inf")].defense,
	                          .tem = 2};
	CHECK_EQ_INT(boal_defense_value(&df), 8);
	df.fresh_others = 3; /* +1 each, whatever their type */
	CHECK_EQ_INT(boal_defense_value(&df), 11);
	df.minor_crossed = true;
	CHECK_EQ_INT(boal_defense_value(&df), 12);
	df.major_crossed = true; /* "an additional +1" */
	CHECK_EQ_INT(boal_defense_value(&df), 13);
	df.entrenchment = 2;
	CHECK_EQ_INT(boal_defense_value(&df), 15);
	df.union_train_away = true;
	CHECK_EQ_INT(boal_defense_value(&df), 14);

	/* 10.4.4 */
	int cp = -1;
	CHECK_EQ_INT(boal_assault_result(13, 14, false, &cp), BOAL_REPULSE);
	CHECK_EQ_INT(cp, 0);
	CHECK_EQ_INT(boal_assault_result(14, 14, true, &cp), BOAL_STALEMATE);
	CHECK_EQ_INT(cp, 0);
	CHECK_EQ_INT(boal_assault_result(17, 14, false, &cp), BOAL_SUCCESS);
	CHECK_EQ_INT(cp, 3);
	/* 10.6.1: "Defending units in Entrenchments suffer one less CP" */
	CHECK_EQ_INT(boal_assault_result(17, 14, true, &cp), BOAL_SUCCESS);
	CHECK_EQ_INT(cp, 2);
	CHECK_EQ_INT(boal_assault_result(15, 14, true, &cp), BOAL_SUCCESS);
	CHECK_EQ_INT(cp, 0);
	return tap_done();
}
