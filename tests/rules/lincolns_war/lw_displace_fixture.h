/* lw_displace_fixture.h — the 12.4 / 11.1.2.3 displacement tests' shared
 * position: Hooker's Major Army of eight stars, Hooker demoted by the
 * Committee (no three-star general left: six stars at most), and the random
 * bot of the playouts answering the displacement prompt. */
#ifndef LW_DISPLACE_FIXTURE_H
#define LW_DISPLACE_FIXTURE_H

#include "lw_testkit.h"

/* Meade (1), Sedgwick (2), Hancock (2) and Hooker (3), who lost a battle to a
 * one-star general (10.7.9), at hex h: eight stars. Returns Hooker. */
static inline int dx_hooker_army(struct game *g, int h)
{
	struct lw_state *s = &g->s;
	tk_put(g, "meade", h, 1, 0);
	tk_put(g, "sedgwick", h, 2, 0);
	tk_put(g, "hancock", h, 2, 0);
	int hooker = tk_put(g, "hooker", h, 3, 0);
	s->unit[hooker].flags |= LW_UF_LOST_BATTLE;
	lw_command_note_lost_to_one_star(s, hooker);
	return hooker;
}

/* The Confederate plays the Committee on Hooker (game from tk_committee_game):
 * Meade, the junior, is displaced and the Union asked (12.4). */
static inline void dx_demote_hooker(struct game *g)
{
	CHECKF(tk_act(g, "confederate", "{\"type\":\"committee_event\",\"general\":\"hooker\"}") ==
	           0,
	       "%s", tk_err.message);
}

/* The random bot (seed) answers the displacement prompt of the Union; the
 * hex is then legal and nothing more is displaced. Frees g. */
static inline void dx_bot_answers(struct game *g, int hex, int seed)
{
	struct lw_state *s = &g->s;
	json_t *a = tk_bot_answers(g, seed, "union", "displace");
	CHECK(json_is_integer(json_object_get(a, "to")));
	json_decref(a);
	CHECK_EQ_INT(lw_stack_check_hex(s, hex, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	CHECK_EQ_INT(s->command.dsp_n, 0);
	lincolns_war_module.free(g);
}

#endif
