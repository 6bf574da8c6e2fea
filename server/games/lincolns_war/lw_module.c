/* lw_module.c — Lincoln's War behind the game.h interface.
 *
 * Every entry point is a thin shell over the engine: act() keeps a copy of
 * the state and puts it back when the action is refused, so a rejected
 * action never changes the match (game.h, principle 5). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/view_sections.h"
#include "lw_engine.h"

static const char *const lw_roles[] = {"union", "confederate", NULL};
static const char *const lw_role_titles[] = {"Union", "Confederates", NULL};

static const struct game_scenario lw_scenarios[] = {
    [LW_SCN_CAMPAIGN] = {"campaign", "Campaign Game (Summer 1861 - Summer 1864)",
                         "The whole war in seven turns (5.0). The Union wins with a 15 VP lead "
                         "(21.3)."},
    [LW_SCN_INTRODUCTORY] = {"introductory", "Introductory Game (Summer 1861 - Summer 1863)",
                             "Five turns from the Campaign set-up (5.0, 21.3). The Confederates "
                             "need an 8 VP lead."},
    [LW_SCN_TOURNAMENT] = {"tournament", "Tournament Game (three turns, reconstructed)",
                           "Summer 1861 to Summer 1862 from the Campaign set-up. 22.0 is not "
                           "in the rulebook: this length is reconstructed, not the published one. "
                           "The Union needs an 8 VP lead (21.3)."},
    {NULL, NULL, NULL},
};

/* Boolean match options, all off by default: name, bit, label. */
static const struct {
	const char *name;
	unsigned bit;
	const char *label;
} lw_option_list[] = {
    {"kickstarters", LW_OPT_KICKSTARTERS,
     "Add the optional Kickstarter cards 74 and 75 to both decks (10.7.1.1)"},
    {"spring_decks", LW_OPT_SPRING_DECKS,
     "Insert the year cards ('62, '63, '64) into the decks in the Spring turns (10.1, 23.4; "
     "which cards carry a year is reconstructed, not the published list)"},
    {"irregulars", LW_OPT_IRREGULARS,
     "Irregulars: add Confederate card 69 (23.2; its placement, raids and dispersal are "
     "reconstructed, not the published rules)"},
    {"peculiar_generals", LW_OPT_PECULIAR,
     "Peculiar Generals: add cards 70 and 71 to both decks (their personalities, values and "
     "events are reconstructed, not the published cards)"},
    {"laying_a_trap", LW_OPT_TRAP,
     "Laying a Trap: add Union card 73, a defensive combat resource (its values are "
     "reconstructed, not the published card)"},
};

static json_t *lw_options(void)
{
	json_t *o = json_object();
	for (size_t i = 0; i < sizeof lw_option_list / sizeof *lw_option_list; i++)
		json_object_set_new(o, lw_option_list[i].name,
		                    json_pack("{s:s,s:b,s:s}", "type", "boolean", "default", 0,
		                              "label", lw_option_list[i].label));
	return o;
}

static int lw_parse_options(const json_t *options, unsigned *bits, struct tg_error *err)
{
	*bits = 0;
	if (!options || json_is_null(options))
		return 0;
	if (!json_is_object(options))
		return tg_fail(err, TG_E_BAD_OPTIONS, "options must be an object");
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)options, key, v)
	{
		size_t i = 0, n = sizeof lw_option_list / sizeof *lw_option_list;
		while (i < n && strcmp(key, lw_option_list[i].name) != 0)
			i++;
		if (i == n)
			return tg_fail(err, TG_E_BAD_OPTIONS, "unknown option \"%s\"", key);
		if (!json_is_boolean(v))
			return tg_fail(err, TG_E_BAD_OPTIONS, "%s must be true or false", key);
		if (json_is_true(v))
			*bits |= lw_option_list[i].bit;
	}
	return 0;
}

static struct game *lw_setup(const uint8_t seed[TG_SEED_BYTES], const char *scenario,
                             const json_t *options, struct tg_error *err)
{
	int scn = -1;
	for (int i = 0; scenario && lw_scenarios[i].id; i++)
		if (strcmp(lw_scenarios[i].id, scenario) == 0)
			scn = i;
	if (scn < 0) {
		tg_fail(err, TG_E_BAD_SCENARIO,
		        "unknown scenario \"%s\" (campaign, introductory, tournament)",
		        scenario ? scenario : "(null)");
		return NULL;
	}
	unsigned bits;
	if (lw_parse_options(options, &bits, err) != 0)
		return NULL;
	struct game *g = calloc(1, sizeof *g);
	if (!g) {
		tg_fail(err, TG_E_DATA, "out of memory");
		return NULL;
	}
	if (lw_setup_state(&g->s, seed, scn, bits, err) != 0) {
		free(g);
		return NULL;
	}
	return g;
}

/* The state as it was before the action being applied, put back if the
 * action is refused part way, and given to the daemon as the bytes before
 * an accepted one (game.h game_outcome.before): with the ring's slots the
 * action wrote, the spans of the state it may have written, so that the
 * daemon's undo base needs no copy of its own (issue 17, session 26). One a
 * thread (each event loop acts on its own matches; act() does not nest),
 * not a copy malloc'd for each action and copied back on success: that cost
 * an 18 KB malloc (glibc consolidates its fast bins for a request that
 * large) and two copies of the state an action (issue 17); now one copy,
 * and the action works on the match's own state.
 *
 * The copy is of the parts an action can write (lw_parts): all of the state
 * but the log's ring and its stamps (9.8 KB of the 18 KB: the slots an
 * action writes are kept by lw_log as it writes them, lw_log_undo,
 * lw_base.h, a line or two an action instead of all 48) and the unit and
 * city slots past n_units and n_cities (2.5 KB: both counts are set at setup
 * or load and never change, and nothing writes a slot past them; issue 17,
 * session 28: the daemon compares every span's bytes after each action,
 * tg_byte_runs_update). A Debug build checks after every action that
 * nothing outside the spans moved (check_outside). */
#define LOG_FROM offsetof(struct lw_state, log)
#define LOG_TO (LOG_FROM + sizeof((struct lw_state *)0)->log)
#define STAMP_FROM offsetof(struct lw_state, log_stamp)
#define STAMP_TO (STAMP_FROM + sizeof((struct lw_state *)0)->log_stamp)
#define UNIT_FROM offsetof(struct lw_state, unit)
#define UNIT_SIZE sizeof((struct lw_state *)0)->unit[0]
#define NCITY_FROM offsetof(struct lw_state, n_cities)
#define CITY_FROM offsetof(struct lw_state, city)
#define CITY_SIZE sizeof((struct lw_state *)0)->city[0]
#define CITY_TO (CITY_FROM + sizeof((struct lw_state *)0)->city)
_Static_assert(LOG_TO <= STAMP_FROM, "the ring's stamps come after the ring");
_Static_assert(UNIT_FROM + LW_MAX_UNITS * UNIT_SIZE <= NCITY_FROM && NCITY_FROM < CITY_FROM &&
                   CITY_TO <= LOG_FROM,
               "the units, then the cities' count and the cities, before the ring");

/* A part of the state an action may write: bytes [from, to). */
struct part {
	size_t from, to;
};
enum { LW_PARTS = 5, LW_PARTS_BEFORE_LOG = 3 };

/* The parts of s an action may write but the ring and its stamps, in the
 * state's order: up to the last unit in use, the cities' count to the last
 * city, the rest before the ring, between the ring and its stamps, after
 * the stamps. */
static void lw_parts(const struct lw_state *s, struct part p[LW_PARTS])
{
	size_t nu = s->n_units < LW_MAX_UNITS ? s->n_units : LW_MAX_UNITS;
	size_t nc = s->n_cities < LW_MAX_CITIES ? s->n_cities : LW_MAX_CITIES;
	p[0] = (struct part){0, UNIT_FROM + nu * UNIT_SIZE};
	p[1] = (struct part){NCITY_FROM, CITY_FROM + nc * CITY_SIZE};
	p[2] = (struct part){CITY_TO, LOG_FROM};
	p[3] = (struct part){LOG_TO, STAMP_FROM};
	p[4] = (struct part){STAMP_TO, sizeof(struct lw_state)};
}

static _Thread_local unsigned char
    lw_before[sizeof(struct lw_state) - (LOG_TO - LOG_FROM) - (STAMP_TO - STAMP_FROM)];
static _Thread_local struct part lw_kept[LW_PARTS]; /* the parts in lw_before, in order */

#ifndef NDEBUG
/* Debug: the whole state before the action, to check that nothing outside
 * the parts kept and the ring's slots written moved (check_outside). */
static _Thread_local unsigned char lw_debug_pre[sizeof(struct lw_state)];
#endif

static void keep_before(const struct lw_state *s)
{
	const unsigned char *b = (const unsigned char *)s;
	lw_parts(s, lw_kept);
	size_t at = 0;
	for (size_t i = 0; i < LW_PARTS; i++) {
		memcpy(lw_before + at, b + lw_kept[i].from, lw_kept[i].to - lw_kept[i].from);
		at += lw_kept[i].to - lw_kept[i].from;
	}
	lw_log_undo_begin(s);
#ifndef NDEBUG
	memcpy(lw_debug_pre, s, sizeof *s);
#endif
}

/* The spans of g an accepted action may have written, with their bytes
 * before it: lw_before's parts, and between them the ring's and its
 * stamps' slots written (in the state's order: game.h). */
static _Thread_local struct tg_byte_span lw_spans[LW_PARTS + 2 * LW_LOG_LINES];
static _Thread_local struct tg_byte_span lw_stamp_spans[LW_LOG_LINES];

static size_t spans_before(const struct game *g)
{
	const size_t off = offsetof(struct game, s);
	size_t n = 0, at = 0;
	for (size_t i = 0; i < LW_PARTS; i++) {
		size_t len = lw_kept[i].to - lw_kept[i].from;
		if (i == LW_PARTS_BEFORE_LOG) {
			size_t k = lw_log_undo_spans(&g->s, off, lw_spans + n, lw_stamp_spans);
			n += k;
			if (len)
				lw_spans[n++] = (struct tg_byte_span){off + lw_kept[i].from, len,
				                                      lw_before + at};
			memcpy(lw_spans + n, lw_stamp_spans, k * sizeof *lw_spans);
			n += k;
		} else if (len) {
			lw_spans[n++] =
			    (struct tg_byte_span){off + lw_kept[i].from, len, lw_before + at};
		}
		at += len;
	}
	return n;
}

static void put_back(struct lw_state *s)
{
	lw_log_undo(s);
	unsigned char *b = (unsigned char *)s;
	size_t at = 0;
	for (size_t i = 0; i < LW_PARTS; i++) {
		memcpy(b + lw_kept[i].from, lw_before + at, lw_kept[i].to - lw_kept[i].from);
		at += lw_kept[i].to - lw_kept[i].from;
	}
}

#ifndef NDEBUG
/* Debug: every byte of g outside spans[0..n) (the spans of an accepted
 * action; none for a refused one, put back) is as it was before the action.
 * A byte written outside them would be a wrong undo (game.h
 * game_outcome.before) or a refused action that changed the match: stop
 * here, where the action that did it is known. */
static void check_outside(const struct game *g, const struct tg_byte_span *spans, size_t n,
                          const json_t *action)
{
	const unsigned char *cur = (const unsigned char *)g, *pre = lw_debug_pre;
	const size_t off = offsetof(struct game, s);
	size_t at = 0;
	for (size_t i = 0; i <= n; i++) {
		size_t to = i < n ? spans[i].at - off : sizeof(struct lw_state);
		if (at < to && memcmp(cur + off + at, pre + at, to - at) != 0) {
			size_t b = at;
			while (cur[off + b] == pre[b])
				b++;
			char *text = json_dumps(action, JSON_COMPACT);
			fprintf(stderr,
			        "lw_act: byte %zu of the state moved outside the spans (%s action "
			        "%s)\n",
			        b, n ? "accepted" : "refused", text ? text : "?");
			free(text);
			abort();
		}
		if (i < n)
			at = spans[i].at - off + spans[i].len;
	}
}
#endif

static int lw_act(struct game *g, const char *role, const json_t *action, struct game_outcome *out,
                  struct tg_error *err)
{
	int side = lw_role_side(role);
	if (side <= LW_NOSIDE)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "\"%s\" is not a player of this match",
		               role ? role : "(null)");
	if (g->s.phase == LW_PH_OVER)
		return tg_fail(err, TG_E_ILLEGAL, "the game is over");
	if (!(lw_awaiting(&g->s) & LW_SIDE_BIT(side)))
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "the game is not waiting for the %s player",
		               lw_side_title(side));
	if (!json_is_object(action))
		return tg_fail(err, TG_E_MALFORMED, "an action is a JSON object with a \"type\"");
	if (g->s.actions >= LW_MAX_ACTIONS)
		return tg_fail(err, TG_E_ILLEGAL, "the match reached its bound of %d actions",
		               LW_MAX_ACTIONS);
	keep_before(&g->s);
	struct game_outcome o = {0};
	if (lw_apply(&g->s, side, action, &o, err) != 0) {
		put_back(&g->s); /* a handler may refuse part way (game.h: "the state unchanged") */
#ifndef NDEBUG
		check_outside(g, NULL, 0, action);
#endif
		lw_log_undo_end();
		return -1;
	}
	lw_irr_settle(&g->s, &o); /* 23.2.5: a Union force disperses Irregulars */
	g->s.actions++;
	size_t nspans = spans_before(g); /* the lines lw_irr_settle wrote too */
#ifndef NDEBUG
	check_outside(g, lw_spans, nspans, action);
#endif
	if (out) {
		*out = o;
		out->before = lw_spans;
		out->nbefore = nspans;
	}
	lw_log_undo_end();
	return 0;
}

static json_t *lw_view(const struct game *g, const char *role)
{
	int side = lw_role_side(role);
	if (side < 0)
		side = LW_NOSIDE;
	return lw_view_json(&g->s, side);
}

static void lw_stamps(const struct game *g, const char *role, uint64_t *stamps)
{
	int side = lw_role_side(role);
	lw_view_stamps_in(&g->s, side < 0 ? LW_NOSIDE : side, tg_view_update_epoch(g), stamps);
}

static json_t *lw_section(const struct game *g, const char *role, unsigned i)
{
	int side = lw_role_side(role);
	return lw_view_section(&g->s, side < 0 ? LW_NOSIDE : side, i);
}

static bool lw_items(const struct game *g, const char *role, unsigned i, struct tg_view_items *it)
{
	int side = lw_role_side(role);
	return lw_view_items_in(&g->s, side < 0 ? LW_NOSIDE : side, tg_view_update_epoch(g), i, it);
}

static bool lw_section_text(const struct game *g, const char *role, unsigned i, struct tg_text *t)
{
	int side = lw_role_side(role);
	return lw_view_section_text(&g->s, side < 0 ? LW_NOSIDE : side, i, t);
}

/* The status line: the turn, the phase and who is awaited (game.h status);
 * m is lw_awaiting's mask, which lw_status has asked already. */
static void summary(const struct lw_state *s, unsigned m, char *buf, size_t n)
{
	if (s->phase == LW_PH_OVER) {
		snprintf(buf, n, "%s", s->result);
		return;
	}
	static const char *const ph[] = {"GiC choice", "initiative", "administration",
	                                 "card draw",  "operations", "supply",
	                                 "over",       "rail",       "naval"};
	/* the side the game waits for (a prompt may ask the other one than the
	 * phasing side: a battle, a command choice, the card draw) */
	const char *who = m == (LW_SIDE_BIT(LW_UNION) | LW_SIDE_BIT(LW_CONFEDERATE)) ? "both sides"
	                  : m == LW_SIDE_BIT(LW_UNION)       ? lw_side_title(LW_UNION)
	                  : m == LW_SIDE_BIT(LW_CONFEDERATE) ? lw_side_title(LW_CONFEDERATE)
	                                                     : "nobody";
	snprintf(buf, n, "%s, %s phase, %s to act", lw_D()->turns[s->turn].name,
	         s->phase < sizeof ph / sizeof *ph ? ph[s->phase] : "other", who);
}

static void lw_status_brief(const struct game *g, struct game_status *st)
{
	memset(st, 0, sizeof *st);
	st->awaiting = lw_awaiting(&g->s);
	st->finished = g->s.phase == LW_PH_OVER;
	st->winner = st->finished && g->s.winner != LW_NOSIDE ? g->s.winner - 1 : -1;
	st->turn = g->s.turn;
}

static void lw_status(const struct game *g, struct game_status *st)
{
	lw_status_brief(g, st);
	summary(&g->s, st->awaiting, st->summary, sizeof st->summary);
}

static json_t *lw_save(const struct game *g)
{
	return lw_save_json(&g->s);
}

static int lw_save_as_text(const struct game *g, struct tg_text *t)
{
	return lw_save_text(&g->s, t);
}

/* The JSON Pointer of the first place where a and b differ, in buf; false
 * when they are equal. Objects are compared key by key, arrays element by
 * element; depth is bounded by the save's own shape. */
static bool first_difference(const json_t *a, const json_t *b, char *buf, size_t size)
{
	if (json_equal(a, b))
		return false;
	size_t len = strlen(buf);
	if (json_is_object(a) && json_is_object(b) && json_object_size(a) == json_object_size(b)) {
		const char *key;
		const json_t *v;
		json_object_foreach((json_t *)a, key, v)
		{
			snprintf(buf + len, size - len, "/%s", key);
			if (first_difference(v, json_object_get(b, key), buf, size))
				return true;
		}
	} else if (json_is_array(a) && json_is_array(b) &&
	           json_array_size(a) == json_array_size(b)) {
		for (size_t i = 0; i < json_array_size(a); i++) {
			snprintf(buf + len, size - len, "/%zu", i);
			if (first_difference(json_array_get(a, i), json_array_get(b, i), buf, size))
				return true;
		}
	}
	buf[len] = 0; /* a and b themselves differ (type, value or size) */
	return true;
}

/* A save must come back exactly as it went in: the loaders read numbers
 * into fields as narrow as the rules need, so a value out of a field's
 * range would otherwise be cut to another, legal-looking value (found by
 * tests/fuzz/fuzz_lw_save.c: 1648 read as 112). Checking that the state
 * saves to the same JSON refuses every such value in one place; the
 * daemon then rebuilds the match from its seed and actions. */
static int check_round_trip(const struct lw_state *s, const json_t *saved, struct tg_error *err)
{
	json_t *again = lw_save_json(s);
	char where[256] = "";
	bool differs = !again || first_difference(saved, again, where, sizeof where);
	json_decref(again);
	if (differs)
		return tg_fail(err, TG_E_BAD_SAVE,
		               "the save's value at \"%s\" is out of range or not in the engine's "
		               "form (it does not read back as written)",
		               where);
	return 0;
}

static struct game *lw_load(const json_t *saved, struct tg_error *err)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g) {
		tg_fail(err, TG_E_BAD_SAVE, "out of memory");
		return NULL;
	}
	if (lw_load_json(&g->s, saved, err) != 0 || check_round_trip(&g->s, saved, err) != 0) {
		free(g);
		return NULL;
	}
	return g;
}

static struct game *lw_copy(const struct game *g)
{
	struct game *c = malloc(sizeof *c);
	if (c)
		*c = *g; /* lw_state.h: fixed arrays, no pointers */
	return c;
}

static void lw_free(struct game *g)
{
	free(g);
}

const struct game_module lincolns_war_module = {
    .id = "lincolns-war",
    .title = "Lincoln's War",
    .roles = lw_roles,
    .role_titles = lw_role_titles,
    .scenarios = lw_scenarios,
    .rules_version = 3, /* README, "Rules version" */
    .options = lw_options,
    .setup = lw_setup,
    .act = lw_act,
    .view = lw_view,
    .view_sections = lw_view_sections,
    .view_stamps = lw_stamps,
    .view_section = lw_section,
    .view_items = lw_items,
    .view_section_text = lw_section_text,
    .status = lw_status,
    .status_brief = lw_status_brief,
    .save = lw_save,
    .load = lw_load,
    .save_text = lw_save_as_text,
    .copy = lw_copy,
    .flat_size = sizeof(struct game), /* lw_state.h: fixed arrays, no pointers */
    .free = lw_free,
};
