/* lw_pcsa.c — 14.4 captured Confederate ports, the Port City Staging Area
 * and its part of 20.2 supply. */
#include "lw_pcsa.h"

#include <string.h>

#include "lw_engine.h"

void lw_pcsa_init(struct lw_pcsa *p)
{
	memset(p, 0, sizeof *p);
	p->hex = LW_NO_HEX;
	p->placed_turn = p->removed_turn = p->lost_turn = LW_PCSA_NEVER;
}

static bool is_new_orleans(int c)
{
	return strcmp(lw_D()->cities[c].id, "new_orleans") == 0;
}

bool lw_pcsa_captured_port(const struct lw_state *s, int c)
{
	const struct lw_city *k = &lw_D()->cities[c];
	return k->ocean_port && k->control == LW_CTRL_CONFEDERATE &&
	       lw_city_controller(s, c) == LW_UNION;
}

static int from_turn(void)
{
	int t = lw_data_turn_index(lw_D(), LW_PCSA_FROM_TURN);
	return t >= 0 ? t : 0;
}

int lw_pcsa_place_check(const struct lw_state *s, int hex, int *cost, struct tg_error *err)
{
	const struct lw_pcsa *p = &s->amphib.pcsa;
	if (s->phase != LW_PH_OPS || s->step != LW_ST_SPEND || s->play.side != LW_UNION)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.4.1: the Union places the PCSA during his card play");
	if (s->turn < from_turn())
		return tg_fail(err, TG_E_ILLEGAL, "14.4: a staging area only from Spring 1863");
	if (p->hex != LW_NO_HEX)
		return tg_fail(err, TG_E_ILLEGAL, "14.4.1: the PCSA marker is already placed");
	int c = lw_city_at(hex);
	if (c < 0 || !lw_pcsa_captured_port(s, c))
		return tg_fail(err, TG_E_ILLEGAL, "14.4.1: the PCSA goes on a captured ocean port");
	if (is_new_orleans(c))
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.4.1: New Orleans serves as a staging area without the marker");
	if (lw_D()->cities[c].supply < 2)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.4.1: the port needs a supply value of 2 or more");
	/* 14.4.1 (1): after a recapture, free again from the next turn */
	if (p->lost_turn != LW_PCSA_NEVER && p->lost_turn == s->turn + 1)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.4.1: after a recapture, a new staging area from the next turn");
	/* 14.4.1 (2): not relocated on the turn it was removed; then 5 PC */
	int pay = 0;
	if (p->removed_turn != LW_PCSA_NEVER) {
		if (p->removed_turn == s->turn + 1)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "14.4.1: it may not be relocated on the turn it was removed");
		pay = LW_PCSA_RELOCATE_PC; /* (a recapture clears removed_turn) */
	}
	if (pay > s->side[LW_UNION].pc)
		return tg_fail(err, TG_E_ILLEGAL, "14.4.1: relocating the PCSA costs %d PC", pay);
	if (cost)
		*cost = pay;
	return 0;
}

int lw_pcsa_remove_check(const struct lw_state *s, struct tg_error *err)
{
	const struct lw_pcsa *p = &s->amphib.pcsa;
	if (s->phase != LW_PH_OPS || s->step != LW_ST_SPEND || s->play.side != LW_UNION)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.4.1: the Union removes the PCSA during his card play");
	if (p->hex == LW_NO_HEX)
		return tg_fail(err, TG_E_ILLEGAL, "14.4.1: the PCSA marker is not on the map");
	if (p->placed_turn == s->turn + 1)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.4.1: it may not be removed on the turn it was placed");
	return 0;
}

void lw_pcsa_place(struct lw_state *s, int hex, int cost)
{
	struct lw_pcsa *p = &s->amphib.pcsa;
	if (cost > 0)
		lw_lose_pc(s, LW_UNION, cost);
	p->hex = (int16_t)hex;
	p->placed_turn = (uint8_t)(s->turn + 1);
	p->removed_turn = LW_PCSA_NEVER;
	p->lost_turn = LW_PCSA_NEVER;
	p->ever_placed = 1;
	char hl[64];
	lw_log(s, "The Union places the Port City Staging Area at %s%s (14.4.1).",
	       lw_hex_label(hex, hl, sizeof hl), cost ? " for 5 PC" : "");
}

void lw_pcsa_remove(struct lw_state *s)
{
	struct lw_pcsa *p = &s->amphib.pcsa;
	char hl[64];
	lw_log(s, "The Union removes the Port City Staging Area from %s (14.4.1).",
	       lw_hex_label(p->hex, hl, sizeof hl));
	p->hex = LW_NO_HEX;
	p->removed_turn = (uint8_t)(s->turn + 1);
}

bool lw_pcsa_inland_ok(const struct lw_state *s, int side, int hex)
{
	if (side != LW_UNION)
		return true;
	int c = lw_city_at(hex);
	if (c < 0 || !lw_pcsa_captured_port(s, c))
		return true; /* Fort Monroe and Union ports are not "captured" (2.3) */
	return is_new_orleans(c) || s->amphib.pcsa.hex == hex;
}

bool lw_pcsa_supplies(const struct lw_state *s, int side, int c)
{
	return lw_pcsa_inland_ok(s, side, lw_D()->cities[c].hex);
}

void lw_pcsa_settle(struct lw_state *s)
{
	struct lw_pcsa *p = &s->amphib.pcsa;
	if (p->hex == LW_NO_HEX)
		return;
	int c = lw_city_at(p->hex);
	if (c >= 0 && lw_city_controller(s, c) == LW_UNION)
		return;
	char hl[64];
	lw_log(s, "The Confederates retake %s: the staging area marker is removed (14.4.1).",
	       lw_hex_label(p->hex, hl, sizeof hl));
	p->hex = LW_NO_HEX;
	p->lost_turn = (uint8_t)(s->turn + 1);
	p->removed_turn = LW_PCSA_NEVER; /* 14.4.1 (1): the next one is free */
}

void lw_pcsa_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (side != LW_UNION || s->step != LW_ST_SPEND || s->play.side != side)
		return;
	char hl[64];
	for (int c = 0; c < s->n_cities; c++) {
		int hex = lw_D()->cities[c].hex, cost = 0;
		if (lw_pcsa_place_check(s, hex, &cost, NULL) == 0)
			tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "pcsa_place", "hex", hex),
			         "Place the Port City Staging Area at %s%s (14.4.1)",
			         lw_hex_label(hex, hl, sizeof hl), cost ? " for 5 PC" : "");
	}
	if (lw_pcsa_remove_check(s, NULL) == 0)
		tg_offer(list, tg_act(list, "{s:s}", "type", "pcsa_remove"),
		         "Remove the Port City Staging Area from %s (14.4.1)",
		         lw_hex_label(s->amphib.pcsa.hex, hl, sizeof hl));
}

int lw_pcsa_place_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)out;
	int hex, cost = 0;
	if (side != LW_UNION)
		return tg_fail(err, TG_E_ILLEGAL, "14.4: only the Union has a staging area");
	if (!lw_a_int(a, "hex", &hex))
		return tg_fail(err, TG_E_MALFORMED, "pcsa_place needs an integer \"hex\"");
	if (lw_pcsa_place_check(s, hex, &cost, err) != 0)
		return -1;
	lw_pcsa_place(s, hex, cost);
	return 0;
}

int lw_pcsa_remove_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)a;
	(void)out;
	if (side != LW_UNION)
		return tg_fail(err, TG_E_ILLEGAL, "14.4: only the Union has a staging area");
	if (lw_pcsa_remove_check(s, err) != 0)
		return -1;
	lw_pcsa_remove(s);
	return 0;
}
