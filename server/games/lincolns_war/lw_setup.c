/* lw_setup.c — 5.0 set-up of the Introductory, Campaign and Tournament games. */
#include <string.h>

#include "lw_engine.h"

/* 5.0: the Operations decks without the 0 card, the CSP cards, optional,
 * campaign, committee and assassination cards (those wait in `out`). */
static void setup_deck(struct lw_state *s, const struct lw_data *d, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	int draw[LW_DECK_CARDS];
	int n = 0;
	for (int num = 1; num <= LW_DECK_CARDS; num++) {
		const struct lw_card *card = &d->cards[side][num - 1];
		if (num == LW_CARD_ZERO_RESOURCE)
			continue; /* 10.3: always in hand, implicit */
		if (card->optional
		        ? lw_optional_in_deck(s->options, side, num)
		        : (card->kind == LW_KIND_ACTIVATION || card->kind == LW_KIND_SEDITIOUS))
			draw[n++] = num;
		else
			c->out[c->out_n++] = (uint8_t)num;
	}
	tg_rng_shuffle_int(&s->rng, draw, (size_t)n);
	for (int i = 0; i < n; i++)
		c->draw[i] = (uint8_t)draw[i];
	c->draw_n = (uint8_t)n;
}

static int side_of(enum lw_side s)
{
	return s == LW_UNION ? LW_UNION : LW_CONFEDERATE;
}

int lw_setup_state(struct lw_state *s, const uint8_t seed[32], int scenario, unsigned options,
                   struct tg_error *err)
{
	const struct lw_data *d = lw_data_or_fail(err);
	if (!d)
		return -1;
	static const char *const ids[LW_SCN_COUNT] = {"campaign", "introductory", "tournament"};
	const struct lw_scenario *scn = lw_data_scenario(d, ids[scenario]);
	if (!scn)
		return tg_fail(err, TG_E_DATA, "scenario \"%s\" missing from the data",
		               ids[scenario]);
	if (d->n_generals + 2 * LW_TCO_SLOTS > LW_MAX_UNITS || d->n_cities > LW_MAX_CITIES)
		return tg_fail(err, TG_E_DATA, "data larger than the state's bounds");

	memset(s, 0, sizeof *s);
	s->version = LW_SAVE_VERSION;
	lw_groups_reset(&s->groups);
	s->scenario = (uint8_t)scenario;
	s->options = (uint8_t)options;
	tg_rng_init(&s->rng, seed);
	s->first_turn = (uint8_t)scn->first_turn;
	s->last_turn = (uint8_t)scn->last_turn;
	s->turn = s->first_turn;
	s->initiative = (int8_t)side_of(scn->initiative);
	s->first = s->initiative;
	s->phasing = LW_UNION; /* 5.0: the Union chooses his GiC first */
	s->phase = LW_PH_GIC;
	s->winner = LW_NOSIDE;
	s->kentucky.violator = LW_NOSIDE;
	s->awaiting_side = LW_NOSIDE;

	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		s->side[side].pc = (int16_t)scn->pc[side];
		s->side[side].csp = (int16_t)scn->csp[side];
		s->side[side].gic = LW_NONE;
		setup_deck(s, d, side);
	}
	s->side[LW_UNION].committee = 1; /* 10.7.9: the Union starts with it */

	/* Generals: one unit per data general, same index. */
	s->n_units = (uint16_t)d->n_generals;
	for (size_t i = 0; i < d->n_generals; i++) {
		const struct lw_general *g = &d->generals[i];
		struct lw_unit *u = &s->unit[i];
		u->gen = (int16_t)i;
		u->side = (int8_t)side_of(g->side);
		u->cavalry = g->cavalry;
		u->stars = 1;
		u->hex = LW_NO_HEX;
		if (g->arrival_turn >= 0) {
			u->where = LW_W_PENDING;
			u->arrive_turn = (uint8_t)g->arrival_turn;
			/* 7.3: already arrived before a later-starting scenario */
			if (g->arrival_turn <= scn->first_turn && scn->n_setup == 0) {
				u->where = LW_W_MAP;
				u->hex = (int16_t)g->entry_hex;
			}
		} else if (g->arrival_turn == LW_ARRIVES_EMANCIPATION) {
			u->where = LW_W_REMOVED; /* 19.1: set aside until the EP */
		} else if (scn->n_setup == 0) {
			u->where = LW_W_MAP;
			u->hex = (int16_t)g->setup_hex;
		} else {
			u->where = LW_W_REMOVED;
		}
		u->cmd = ++s->cmd_seq;
	}
	for (size_t i = 0; i < scn->n_setup; i++) {
		int gi = lw_data_general_index(d, scn->setup[i].general);
		if (gi < 0)
			return tg_fail(err, TG_E_DATA, "scenario %s sets up unknown general %s",
			               scn->id, scn->setup[i].general);
		s->unit[gi].where = LW_W_MAP;
		s->unit[gi].hex = (int16_t)scn->setup[i].hex;
		s->unit[gi].stars = (uint8_t)scn->setup[i].stars;
	}
	/* TCO slots (17.0): spare units, unused until a general is killed. */
	for (int i = 0; i < 2 * LW_TCO_SLOTS; i++) {
		struct lw_unit *u = &s->unit[s->n_units++];
		u->gen = LW_NONE;
		u->side = (int8_t)(i < LW_TCO_SLOTS ? LW_UNION : LW_CONFEDERATE);
		u->where = LW_W_UNUSED;
	}

	s->n_cities = (uint16_t)d->n_cities;
	for (size_t i = 0; i < d->n_cities; i++) {
		enum lw_control c = d->cities[i].control;
		s->city[i].owner = (int8_t)(c == LW_CTRL_UNION         ? LW_UNION
		                            : c == LW_CTRL_CONFEDERATE ? LW_CONFEDERATE
		                                                       : LW_NOSIDE);
	}
	lw_optional_setup(s); /* 23.4: year cards wait for their Spring */
	lw_log(s, "%s begins: %s.", scn->name, d->turns[s->turn].name);
	return 0;
}
