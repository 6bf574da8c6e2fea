/* boal_module.c — Birth of a Legend behind the game.h interface (issue 21).
 * Every entry point is a thin shell: act() keeps a copy of the state before
 * the action and puts it back when the action is refused, so a rejected
 * action never changes the match (game.h, principle 5); the copy is also
 * the bytes before an accepted one (game.h game_outcome.before). NOT registered in registry.c until
 * the game plays to its victory check (README). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boal_module.h"
#include "kit/view_sections.h"

static const char *const boal_roles[] = {"union", "confederate", NULL};
static const char *const boal_role_titles[] = {"Union", "Confederates", NULL};

static const struct game_scenario boal_scenarios[] = {
    {"seven-days", "The Seven Days (June 26 - July 2, 1862)",
     "Lee's counteroffensive in seven daily turns (5.0, 6.0). The Confederate wins by the "
     "landings and Malvern Hill (14.3), either side at once by 14.1 or 14.2."},
    {NULL, NULL, NULL},
};

static const struct {
	const char *name;
	const char *label;
} boal_option_list[] = {
    {"advanced", "Advanced Game (15.0): 15.1 Weather, 15.2 Leader Casualties, 15.3 Forced "
                 "March, 15.4 Bridges, 15.5 Reduced Divisions, 15.6 Union Gunboat Flotilla"},
    {"bidding", "Side Determination (16.1): both players write a secret bid of Replacement "
                "Points for the preferred side; the bids are revealed together"},
    {"bid_for_union", "With 16.1: the side both players want is the Union (otherwise the "
                      "Confederate)"},
};
#define N_OPTIONS (sizeof boal_option_list / sizeof *boal_option_list)

static json_t *boal_options(void)
{
	json_t *o = json_object();
	for (size_t i = 0; i < N_OPTIONS; i++)
		json_object_set_new(o, boal_option_list[i].name,
		                    json_pack("{s:s,s:b,s:s}", "type", "boolean", "default", 0,
		                              "label", boal_option_list[i].label));
	return o;
}

static int parse_options(const json_t *options, bool on[N_OPTIONS], struct tg_error *err)
{
	memset(on, 0, N_OPTIONS * sizeof *on);
	if (!options || json_is_null(options))
		return 0;
	if (!json_is_object(options))
		return tg_fail(err, TG_E_BAD_OPTIONS, "options must be an object");
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)options, key, v)
	{
		size_t i = 0;
		while (i < N_OPTIONS && strcmp(key, boal_option_list[i].name) != 0)
			i++;
		if (i == N_OPTIONS)
			return tg_fail(err, TG_E_BAD_OPTIONS, "unknown option \"%s\"", key);
		if (!json_is_boolean(v))
			return tg_fail(err, TG_E_BAD_OPTIONS, "%s must be true or false", key);
		on[i] = json_is_true(v);
	}
	if (on[2] && !on[1])
		return tg_fail(err, TG_E_BAD_OPTIONS, "bid_for_union needs bidding (16.1)");
	return 0;
}

static struct game *boal_setup(const uint8_t seed[TG_SEED_BYTES], const char *scenario,
                               const json_t *options, struct tg_error *err)
{
	if (!scenario || strcmp(scenario, boal_scenarios[0].id) != 0) {
		tg_fail(err, TG_E_BAD_SCENARIO, "unknown scenario \"%s\" (seven-days)",
		        scenario ? scenario : "(null)");
		return NULL;
	}
	bool on[N_OPTIONS];
	if (parse_options(options, on, err) != 0)
		return NULL;
	const struct boal_data *d = boal_data(err);
	if (!d)
		return NULL;
	struct game *g = calloc(1, sizeof *g);
	if (!g) {
		tg_fail(err, TG_E_DATA, "out of memory");
		return NULL;
	}
	if (boal_setup_state(&g->s, d, seed, on[0], err) != 0) {
		free(g);
		return NULL;
	}
	/* 16.1: the bid comes before the game; without it, the first Dawn */
	g->s.bidding = on[1];
	g->s.bid_side = on[2] ? BOAL_UNION : BOAL_CONFEDERATE;
	if (g->s.bidding)
		g->s.step = BOAL_STEP_BID;
	else
		boal_dawn_begin(&g->s, d);
	return g;
}

static int seat_of(const char *role)
{
	for (int i = 0; role && boal_roles[i]; i++)
		if (strcmp(role, boal_roles[i]) == 0)
			return i;
	return -1;
}

static int boal_act(struct game *g, const char *role, const json_t *action,
                    struct game_outcome *out, struct tg_error *err)
{
	int seat = seat_of(role);
	if (seat < 0)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "\"%s\" is not a player of this match",
		               role ? role : "(null)");
	if (g->s.phase == BOAL_OVER)
		return tg_fail(err, TG_E_ILLEGAL, "the game is over");
	if (!(boal_awaiting(&g->s) >> seat & 1u))
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "the game is not waiting for the %s seat",
		               role);
	if (g->s.actions >= BOAL_MAX_ACTIONS)
		return tg_fail(err, TG_E_ILLEGAL, "the match reached its bound of %d actions",
		               BOAL_MAX_ACTIONS);
	/* The state before the action, one a thread (act() does not nest):
	 * put back on a refusal, and the bytes before an accepted action
	 * (game.h game_outcome.before: the whole state, one span). Applied in
	 * place, as before on a malloc'd copy copied back (issue 17: one copy
	 * of the state an action, not two and a malloc). */
	static _Thread_local struct game before;
	static _Thread_local struct tg_byte_span span;
	before = *g;
	struct game_outcome o = {0};
	if (boal_apply(&g->s, seat, action, &o, err) != 0) {
		*g = before;
		return -1;
	}
	/* a draw from the generator cannot be undone (game.h barrier) */
	if (g->s.rng.consumed != before.s.rng.consumed)
		o.barrier = true;
	g->s.actions++;
	if (out) {
		*out = o;
		span = (struct tg_byte_span){0, sizeof *g, &before};
		out->before = &span;
		out->nbefore = 1;
	}
	return 0;
}

static json_t *boal_view(const struct game *g, const char *role)
{
	return tg_view_assemble(&birth_of_a_legend_module, g, role);
}

static void boal_stamps(const struct game *g, const char *role, uint64_t *stamps)
{
	boal_view_stamps(&g->s, seat_of(role), stamps);
}

static json_t *boal_section(const struct game *g, const char *role, unsigned i)
{
	return boal_view_section(&g->s, seat_of(role), i);
}

static bool boal_section_text(const struct game *g, const char *role, unsigned i, struct tg_text *t)
{
	return boal_view_section_text(&g->s, seat_of(role), i, t);
}

static void boal_status_brief(const struct game *g, struct game_status *st)
{
	const struct boal_state *s = &g->s;
	memset(st, 0, sizeof *st);
	st->awaiting = boal_awaiting(s);
	st->finished = s->phase == BOAL_OVER;
	st->winner = st->finished && s->winner != BOAL_NOBODY ? boal_side_seat(s, s->winner) : -1;
	st->turn = (uint32_t)s->turn;
}

static void boal_status(const struct game *g, struct game_status *st)
{
	boal_status_brief(g, st);
	boal_status_text(&g->s, st->summary, sizeof st->summary);
}

static const char *boal_seat(const struct game *g, int role, char *buf, size_t n)
{
	return boal_seat_plays(&g->s, role, buf, n);
}

static json_t *boal_save(const struct game *g)
{
	return boal_save_json(&g->s);
}

/* A save must come back exactly as it went in (as Lincoln's War's: a value
 * out of a field's range must not be cut to a legal-looking one). */
static struct game *boal_load(const json_t *saved, struct tg_error *err)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g) {
		tg_fail(err, TG_E_BAD_SAVE, "out of memory");
		return NULL;
	}
	if (boal_load_json(&g->s, saved, err) != 0) {
		free(g);
		return NULL;
	}
	json_t *again = boal_save_json(&g->s);
	if (again)
		boal_save_drop_added(again, saved);
	bool same = again && json_equal(again, saved);
	json_decref(again);
	if (!same) {
		tg_fail(err, TG_E_BAD_SAVE,
		        "Birth of a Legend save: a member is out of range or not in the engine's "
		        "form (it does not read back as written)");
		free(g);
		return NULL;
	}
	return g;
}

static struct game *boal_copy(const struct game *g)
{
	struct game *c = malloc(sizeof *c);
	if (c)
		*c = *g; /* boal_state.h: fixed arrays, no pointers */
	return c;
}

static void module_free(struct game *g)
{
	free(g);
}

const struct game_module birth_of_a_legend_module = {
    .id = "birth-of-a-legend",
    .title = "Birth of a Legend: Lee and the Seven Days",
    .roles = boal_roles,
    .role_titles = boal_role_titles,
    .scenarios = boal_scenarios,
    .rules_version = 2, /* README, "Rules version" */
    .options = boal_options,
    .setup = boal_setup,
    .act = boal_act,
    .view = boal_view,
    .view_sections = boal_view_sections,
    .view_stamps = boal_stamps,
    .view_section = boal_section,
    .view_section_text = boal_section_text,
    .status = boal_status,
    .status_brief = boal_status_brief,
    .seat_text = boal_seat,
    .save = boal_save,
    .load = boal_load,
    .copy = boal_copy,
    .flat_size = sizeof(struct game), /* boal_state.h: fixed arrays, no pointers */
    .free = module_free,
};
