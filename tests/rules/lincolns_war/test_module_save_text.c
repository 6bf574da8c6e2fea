/* test_module_save_text.c — game.h save_text() for Lincoln's War: the
 * daemon's snapshot is the save written straight as text (issue 17: no
 * jansson tree built and freed at every game turn), so the text must be
 * byte for byte what the store wrote for save()'s tree. Along random games
 * of every scenario, after every action: save_text equals
 * json_dumps(save(), JSON_COMPACT | JSON_ENSURE_ASCII) and the store's
 * writer of the tree (protocol/json_compact.h), and a text appended to
 * text already in the buffer is the same bytes after it. The writers
 * mirror the trees' member for member, and bot games leave some members
 * at 0 all game long (a cavalry raid's raider, ...): so the same again on
 * states whose saved blocks are filled with random bytes (each count kept
 * within its array), where a member written in another's place, or a
 * wrong one, shows; and on one state built by hand, within the bounds the
 * load checks, where those members are set as play would set them (a
 * raid's raider while its battle is fought, ...), whose text must also load
 * back and write the same bytes again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_compact.h"
#include "lw_bot.h"
#include "lw_cavalry.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

struct ctx {
	long actions, checked, failures;
};

/* The first byte where a and b differ, shown around it. */
static void say_difference(long action, const char *a, const char *b)
{
	size_t i = 0;
	while (a[i] && a[i] == b[i])
		i++;
	size_t from = i > 40 ? i - 40 : 0;
	CHECKF(
	    false,
	    "action %ld: the text differs from the tree's at byte %zu:\n# tree %.80s\n# text %.80s",
	    action, i, a + from, b + from);
}

static void check(struct ctx *c, const struct game *g)
{
	c->actions++;
	json_t *tree = M->save(g);
	char *dumped = json_dumps(tree, JSON_COMPACT | JSON_ENSURE_ASCII);
	struct tg_text stored = {0}, text = {0}, after = {0};
	int rc_stored = tg_json_compact_append(&stored, tree);
	json_decref(tree);
	int rc = M->save_text(g, &text);
	tg_text_put(&after, "[1,", 3);
	int rc_after = M->save_text(g, &after);
	bool ok = dumped && rc_stored == 0 && rc == 0 && rc_after == 0 && text.p &&
	          strcmp(dumped, text.p) == 0 && strcmp(stored.p, text.p) == 0 &&
	          after.n == text.n + 3 && memcmp(after.p + 3, text.p, text.n) == 0;
	if (!ok && c->failures++ < 3) {
		if (dumped && text.p)
			say_difference(c->actions, dumped, text.p);
		else
			CHECKF(false, "action %ld: save_text %d, tree %s", c->actions, rc,
			       dumped ? "dumped" : "not dumped");
	}
	c->checked++;
	free(dumped);
	free(stored.p);
	free(text.p);
	free(after.p);
}

/* xorshift64*: the test's own numbers, the same on every run */
static uint64_t rnd_state = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return rnd_state * 0x2545f4914f6cdd1du;
}

static void fill(void *p, size_t n)
{
	uint8_t *b = p;
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)rnd();
}

#define FILL(x) fill(&(x), sizeof(x))

static uint8_t below(uint8_t n, size_t limit)
{
	return (uint8_t)(n % (limit + 1));
}

/* Every block the save writes, but the game's header, the log and the
 * counts of units and cities, as random bytes; the counts the writers loop
 * over kept within their arrays. Not a state the rules could reach: only
 * the writers read it. */
static void scramble(struct lw_state *s)
{
	FILL(s->rng.key);
	FILL(s->rng.consumed);
	for (int i = LW_UNION; i <= LW_CONFEDERATE; i++) {
		struct lw_cards *c = &s->side[i].cards;
		FILL(s->side[i]);
		c->draw_n = below(c->draw_n, sizeof c->draw);
		c->discard_n = below(c->discard_n, sizeof c->discard);
		c->hand_n = below(c->hand_n, sizeof c->hand);
		c->out_n = below(c->out_n, sizeof c->out);
	}
	for (int i = 0; i < s->n_units; i++)
		FILL(s->unit[i]);
	for (int i = 0; i < s->n_cities; i++) {
		FILL(s->city[i].owner);
		FILL(s->city[i].garrison);
		FILL(s->city[i].raided);
	}
	FILL(s->kentucky);
	FILL(s->play);
	FILL(s->battle);
	FILL(s->land);
	FILL(s->navy);
	s->navy.it_n = below(s->navy.it_n, sizeof s->navy.it_hex / sizeof s->navy.it_hex[0]);
	FILL(s->rail);
	FILL(s->cav);
	s->cav.rit_n = below(s->cav.rit_n, sizeof s->cav.rit / sizeof s->cav.rit[0]);
	s->cav.harass_n =
	    below(s->cav.harass_n, sizeof s->cav.harass_from / sizeof s->cav.harass_from[0]);
	FILL(s->amphib);
	FILL(s->pol);
	FILL(s->opt);
	FILL(s->groups);
	FILL(s->resev);
	FILL(s->command);
}

/* The members bot games leave at 0 (or empty) all game long, set by hand
 * to values within what the load accepts, each unlike its neighbours' so
 * that one written in another's place shows: the cavalry battle of a raid
 * being fought, with its raider (13.2.2); RITs on the map and an RIT
 * question pending (13.2.3); a harassment under way (13.2.5); cities held
 * by lone cavalry (13.1.3); the Naval Phase placing blockade IT (8.2.2)
 * with revealed, moved pieces on the track; a Rail Phase half done (9.1,
 * 9.2); a generator far into its stream. */
static void set_rare_members(struct lw_state *s)
{
	struct lw_cav *c = &s->cav;
	c->raid_battle = LW_CAV_RAID;
	c->raider = 201;
	c->rit_n = 3;
	c->rit[0] = 1204;
	c->rit[1] = 2311;
	c->rit[2] = 3107;
	c->raided[3] = 0x21;
	c->foray[27] = 0x80;
	c->foray_card = 9;
	c->act_rit = LW_ACT_RIT_TRIED;
	c->act_raid = 1;
	c->harass_hex = 1509;
	c->harass_n = 2;
	c->harass_from[0] = 1408;
	c->harass_from[1] = 1610;
	c->harass_stop = 1;
	c->held[0] = 0x02;
	c->held[15] = 0x81;
	c->held_from[1] = 2;
	c->held_from[127] = 1;
	/* the question waits on its step, asked of the side whose general's
	 * RIT is contested, about the other side's (the load checks it) */
	int asked = 77;
	while (asked < s->n_units - 1 && s->unit[asked].side != LW_UNION)
		asked++;
	c->ask = LW_RIT_ASK_PENDING | LW_RIT_ASK_FORAY;
	c->ask_unit = (int16_t)asked;
	c->ask_hex = 2206;
	s->step = LW_ST_RIT_ASK;
	s->awaiting_side = LW_CONFEDERATE;

	struct lw_navy *n = &s->navy;
	n->raider[2] =
	    (struct lw_navy_piece){.where = LW_NW_ESCAPE, .moved = 1, .col = -1, .hex = 3412};
	n->asset[5] = (struct lw_navy_piece){.where = 3, .revealed = 1, .col = 4, .hex = 2918};
	n->fleet[23] = (struct lw_navy_piece){.where = 2, .moved = 1, .col = 5, .hex = 2517};
	n->raiders_bought = 2;
	n->assets_bought = 3;
	n->fleets_bought = 4;
	n->foote = 1;
	n->stage = LW_NS_HOME;
	n->mover = LW_CONFEDERATE;
	n->it_left = 5;
	n->it_n = 3;
	n->it_hex[0] = 1801;
	n->it_hex[1] = 1902;
	n->it_hex[2] = 2003;

	struct lw_rail *r = &s->rail;
	r->used[LW_UNION] = 6;
	r->used[LW_CONFEDERATE] = 7;
	r->stage[LW_UNION] = 2;
	r->stage[LW_CONFEDERATE] = 1;
	r->railed[0] = 0x10;
	r->railed[27] = 0x40;
	r->done_turn = 12;

	s->rng.consumed = 123456789;
}

static void after_act(void *p, struct game *g)
{
	check(p, g);
}

int main(void)
{
	CHECKF(M->save_text != NULL, "Lincoln's War offers save_text() (game.h)");
	if (!M->save_text)
		return tap_done();
	static const char *const scenarios[] = {"campaign", "tournament", "introductory"};
	struct ctx c = {0};
	for (int game = 0; game < 6; game++) {
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)game, 0x5a, 0x7e};
		struct tg_error err = {0};
		struct game *g = M->setup(seed, scenarios[game % 3], NULL, &err);
		CHECKF(g != NULL, "setup: %s", err.message);
		if (!g)
			break;
		check(&c, g);
		struct lw_bot bot;
		lw_bot_init(&bot, 7000u + (uint64_t)game);
		struct lw_bot_hooks h = {.ctx = &c, .after = after_act};
		char why[200] = "";
		CHECKF(lw_bot_play(&bot, M, g, 1200, &h, why, sizeof why) > 0, "plays: %s", why);
		M->free(g);
	}
	CHECKF(c.failures == 0 && c.checked > 1000, "%ld states: save_text is save()'s text",
	       c.checked - c.failures);

	struct ctx r = {0};
	uint8_t seed[TG_SEED_BYTES] = {0x5c, 0x4a};
	struct tg_error err = {0};
	struct game *g = M->setup(seed, "campaign", NULL, &err);
	CHECKF(g != NULL, "setup: %s", err.message);
	for (int i = 0; g && i < 500; i++) {
		scramble(&g->s);
		check(&r, g);
	}
	if (g)
		M->free(g);
	CHECKF(r.failures == 0 && r.checked == 500,
	       "%ld scrambled states: save_text is save()'s text", r.checked - r.failures);

	/* the rare members set by hand on a game in play */
	struct ctx h = {0};
	uint8_t seed2[TG_SEED_BYTES] = {0x5c, 0x4b};
	g = M->setup(seed2, "campaign", NULL, &err);
	CHECKF(g != NULL, "setup: %s", err.message);
	if (g) {
		struct lw_bot bot;
		lw_bot_init(&bot, 7100u);
		char why[200] = "";
		CHECKF(lw_bot_play(&bot, M, g, 150, NULL, why, sizeof why) > 0, "plays: %s", why);
		set_rare_members(&g->s);
		check(&h, g);
		CHECKF(h.failures == 0 && h.checked == 1,
		       "the rare members set by hand: save_text is save()'s text");
		struct tg_text text = {0}, again = {0};
		CHECKF(M->save_text(g, &text) == 0, "save_text");
		json_error_t jerr;
		json_t *parsed = text.p ? json_loads(text.p, 0, &jerr) : NULL;
		struct game *back = parsed ? M->load(parsed, &err) : NULL;
		CHECKF(back != NULL, "the text loads back: %s", parsed ? err.message : jerr.text);
		if (back) {
			CHECKF(back->s.cav.raider == 201 &&
			           back->s.cav.raid_battle == LW_CAV_RAID &&
			           back->s.navy.it_n == 3 && back->s.rail.done_turn == 12,
			       "the loaded state has the members set by hand");
			CHECKF(M->save_text(back, &again) == 0 && again.n == text.n &&
			           memcmp(again.p, text.p, text.n) == 0,
			       "and writes the same text again");
			M->free(back);
		}
		json_decref(parsed);
		free(text.p);
		free(again.p);
		M->free(g);
	}
	return tap_done();
}
