/* test_12_7_log_names.c — no text a side is shown names a general its view
 * hides (issue 14 defect 5).
 *   12.7: "A force can only be examined by its controlling player."
 * test_hidden_info compares views of states that differ only in hidden
 * items, but a log line is written once, with full knowledge, when the
 * action is played: it cannot see a name in it. This test plays seeded bot
 * games (every other one with all the optional rules on) and, after every
 * action, reads through the view (the same door the daemon sends) what
 * each side is shown: the log lines the action wrote, his prompt and his
 * offered actions (labels and JSON), and, on a sample of the states, the
 * error messages he gets for sending the actions offered to his opponent.
 * The view itself may not give the id of a general it hides. None of the
 * texts may name an enemy general that his view hides before and after
 * the action (a subordinate, not his force's CO, not revealed by 16.3 or
 * a raid). A general hidden before the action but seen after it (he
 * leaves the stack and leads a force of his own, 12.8; a battle reveals
 * him, 16.3) may be named, since the view then shows him.
 * One more may be named: a battle's participant, in the lines of his 16.4
 * indecisive roll and his 16.8 casualty roll, when the same action also
 * ends the turn. 16.3 reveals every unit of the battle before the rolls
 * ("After resources and CSPs have been committed players then reveal all
 * units participating in the battle"; lw_battle_resolve sets
 * LW_UF_REVEALED, so lw_public_name names him), and 10.7.4 hides them
 * again at the supply phase: an action that resolves the turn's last
 * battle and runs the supply phase shows no view with him revealed, though
 * over the table he was (found by integration/lincolns_war_hidden in
 * session 28's CI; game 292 of 300 here: "J.E.B. Stuart is indecisive: die
 * 1, value 0 (16.4.1)", then Spring 1862; the 16.8 line by
 * lincolns_war_hidden_raw in session 30: "Casualty roll 5: J.E.B. Stuart is
 * wounded (16.8.1).", then Spring 1862, which no game of 300 here makes).
 * A card named after a general (card 20 "George G. Meade") is masked where
 * the text names the card ("card 20 George G. Meade", "Event ...", "(George
 * G. Meade)", "George G. Meade for the Union attacker").
 *   test_12_7_log_names [games]   (16; LW_PLAYOUTS samples them) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

/* hidden[u]: general u is one `viewer`'s view hides (lw_view.c force_json:
 * an enemy regular general on the map, not the CO of his side's force in
 * his hex, not revealed). */
static void hidden_from(const struct lw_state *s, int viewer, bool *hidden)
{
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		hidden[u] = x->side != viewer && x->gen >= 0 && x->where == LW_W_MAP &&
		            !(x->flags & LW_UF_REVEALED) &&
		            lw_force_co_side(s, x->hex, x->side) != u;
	}
}

/* Masks, in place, each place the text names a card called after a
 * general: "card <n> <name>", "Event <name>", "Seditious <name>",
 * "erratic resource <name>". */
static void mask_cards(char *t)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		for (int n = 1; n <= LW_DECK_CARDS; n++) {
			const struct lw_card *k = lw_card(side, n);
			if (!k || !k->name || !*k->name)
				continue;
			char pat[7][160];
			snprintf(pat[0], sizeof pat[0], "card %d %s", n, k->name);
			snprintf(pat[1], sizeof pat[1], "Event %s", k->name);
			snprintf(pat[2], sizeof pat[2], "Seditious %s", k->name);
			snprintf(pat[3], sizeof pat[3], "%d %s", n, k->name);
			/* 16.3 "..., Thomas J. Jackson for the Confederate attacker";
			 * a resource event "To Steal a March (Thomas J. Jackson)" */
			snprintf(pat[4], sizeof pat[4], "%s for the ", k->name);
			snprintf(pat[5], sizeof pat[5], "(%s)", k->name);
			/* 10.6.5 "The Union erratic resource George Sykes rolls 2 and
			 * fails" (lw_resource_events.c): the card, played in a battle */
			snprintf(pat[6], sizeof pat[6], "erratic resource %s", k->name);
			for (int i = 0; i < 7; i++)
				for (char *p = strstr(t, pat[i]); p; p = strstr(p, pat[i]))
					memset(p, '#', strlen(pat[i]));
		}
}

static int failures;

static bool ends_with(const char *t, const char *end)
{
	size_t n = strlen(t), m = strlen(end);
	return n >= m && strcmp(t + n - m, end) == 0;
}

/* A line written only for a battle group's units after lw_battle_resolve's
 * 16.3 reveal: a 16.4 indecisive roll, "<general> is indecisive: die D,
 * value V (16.4)." or "(16.4.1)." (lw_battle_results.c general_value), or
 * a 16.8 casualty roll, "Casualty roll R: <general> is wounded (16.8.1)."
 * or "... killed (16.8.2).", "Casualty roll R for <general>: ... (16.8)."
 * (lw_battle_casualty.c hit_general). */
static bool revealed_line(const char *t)
{
	if (strstr(t, " is indecisive: die "))
		return ends_with(t, " (16.4).") || ends_with(t, " (16.4.1).");
	if (strncmp(t, "Casualty roll ", 14) == 0)
		return ends_with(t, " (16.8).") || ends_with(t, " (16.8.1).") ||
		       ends_with(t, " (16.8.2).");
	return false;
}

/* Checks that `text` (masked) names no general in `forbidden`. */
static void scan(const struct lw_state *s, const bool *forbidden, const char *text,
                 const char *what, int game, int step, const char *role)
{
	if (!text)
		return;
	char *t = strdup(text);
	mask_cards(t);
	for (int u = 0; u < s->n_units; u++) {
		if (!forbidden[u])
			continue;
		const char *name = lw_D()->generals[s->unit[u].gen].name;
		char id[64], quoted[80];
		snprintf(quoted, sizeof quoted, "\"%s\"", lw_unit_id(s, u, id, sizeof id));
		bool leak = strstr(t, name) || strstr(t, quoted);
		if (leak && failures++ < 20)
			CHECKF(0,
			       "game %d step %d: the %s %s names %s, whom his view hides: %.400s",
			       game, step, role, what, name, text);
		else if (leak)
			failures++;
	}
	free(t);
}

static char *dump(const json_t *j)
{
	return j ? json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 16;
	/* Sampled as the playouts are: LW_PLAYOUTS games of test_playouts'
	 * 1,000 are as many thousandths of these games (scripts/test.sh's
	 * sanitizer pass sets 100), never fewer than 6: each scenario with and
	 * without the optional rules. */
	const char *quick = getenv("LW_PLAYOUTS");
	if (argc <= 1 && quick && atol(quick) > 0 && atol(quick) < 1000)
		games = games * atol(quick) / 1000 < 6 ? 6 : (int)(games * atol(quick) / 1000);
	int steps = 0, lines = 0, errors = 0, hidden_steps = 0, revealed_lines = 0;
	for (int gi = 0; gi < games; gi++) {
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)gi, 0x27};
		struct tg_error err;
		json_t *opts = NULL;
		if (gi % 2) {
			json_t *all = M->options();
			const char *k;
			json_t *v;
			opts = json_object();
			json_object_foreach(all, k, v)
			{
				json_object_set_new(opts, k, json_true());
			}
			json_decref(all);
		}
		struct game *g = M->setup(key, M->scenarios[gi % 3].id, opts, &err);
		json_decref(opts);
		if (!CHECKF(g, "setup: %s", err.message))
			return tap_done();
		struct lw_bot bot;
		lw_bot_init(&bot, 7000 + (uint64_t)gi);
		static bool before[LW_SIDE_SLOTS][LW_MAX_UNITS], after[LW_MAX_UNITS],
		    forbidden[LW_MAX_UNITS];
		for (int step = 0; step < 4000; step++) {
			char role[TG_ROLE_MAX * 2];
			json_t *a = NULL;
			if (lw_bot_choose(&bot, M, g, role, &a) <= 0)
				break;
			for (int v = LW_UNION; v <= LW_CONFEDERATE; v++)
				hidden_from(&g->s, v, before[v]);
			uint32_t total = g->s.log_total;
			int turn = g->s.turn;
			if (M->act(g, role, a, NULL, &err) != 0) {
				json_decref(a);
				CHECKF(0, "offered action rejected: %s", err.message);
				break;
			}
			json_decref(a);
			steps++;
			uint32_t fresh = g->s.log_total - total;
			if (fresh > LW_LOG_LINES)
				fresh = LW_LOG_LINES;
			bool sample = lw_bot_below(&bot, 6) == 0;
			for (int v = LW_UNION; v <= LW_CONFEDERATE; v++) {
				const char *vr = lw_side_name(v);
				hidden_from(&g->s, v, after);
				bool any = false;
				for (int u = 0; u < g->s.n_units; u++) {
					forbidden[u] = before[v][u] && after[u];
					any |= forbidden[u];
				}
				hidden_steps += any;
				json_t *view = M->view(g, vr);
				/* the view itself gives no hidden general's id (board.play.co
				 * once did, for a general activated from under his CO) */
				char *whole = dump(view);
				for (int u = 0; u < g->s.n_units; u++) {
					char id[64], quoted[80];
					snprintf(quoted, sizeof quoted, "\"%s\"",
					         lw_unit_id(&g->s, u, id, sizeof id));
					if (after[u] && strstr(whole, quoted) && failures++ < 20)
						CHECKF(
						    0,
						    "game %d step %d: the %s view gives the id %s "
						    "of a general it hides",
						    gi, step, vr, quoted);
				}
				free(whole);
				json_t *log = json_object_get(view, "log");
				size_t n = json_array_size(log);
				for (size_t i = n - (fresh < n ? fresh : n); i < n; i++) {
					const char *line =
					    json_string_value(json_array_get(log, i));
					/* the turn ended: a new one, or the game's last
					 * (10.7.4 hides at its end too; session 29's
					 * lincolns_war_hidden_raw, a game over at seq 74) */
					bool ended = g->s.turn != turn || g->s.phase == LW_PH_OVER;
					if (ended && line && revealed_line(line)) {
						revealed_lines++; /* 16.3, see the head comment */
						continue;
					}
					scan(&g->s, forbidden, line, "log", gi, step, vr);
					lines++;
				}
				scan(&g->s, forbidden,
				     json_string_value(json_object_get(view, "prompt")), "prompt",
				     gi, step, vr);
				char *acts = dump(json_object_get(view, "actions"));
				scan(&g->s, forbidden, acts, "actions", gi, step, vr);
				free(acts);
				json_decref(view);
				if (!sample)
					continue;
				/* the opponent's offered actions, sent by this side: the
				 * errors may not name what the opponent hides */
				hidden_from(&g->s, v, forbidden);
				const char *orole = lw_side_name(LW_OTHER(v));
				json_t *ov = M->view(g, orole);
				json_t *oacts = json_object_get(ov, "actions");
				size_t m = json_array_size(oacts);
				for (size_t i = 0; i < m && i < 12; i++) {
					size_t pick = lw_bot_below(&bot, (uint32_t)m);
					json_t *entry = json_array_get(oacts, pick);
					json_t *copy =
					    json_deep_copy(json_object_get(entry, "action"));
					/* a parameter takes one of its choices */
					json_t *par =
					    json_array_get(json_object_get(entry, "params"), 0);
					json_t *ch = json_object_get(par, "choices");
					if (par && json_array_size(ch))
						json_object_set(
						    copy,
						    json_string_value(json_object_get(par, "name")),
						    json_object_get(
						        json_array_get(
						            ch, lw_bot_below(
						                    &bot,
						                    (uint32_t)json_array_size(ch))),
						        "value"));
					json_t *save = M->save(g);
					memset(&err, 0, sizeof err);
					if (M->act(g, vr, copy, NULL, &err) != 0) {
						scan(&g->s, forbidden, err.message, "error", gi,
						     step, vr);
						errors++;
						json_decref(save);
					} else {
						/* an action both may send (none expected):
						 * undo it */
						struct game *h = M->load(save, &err);
						json_decref(save);
						M->free(g);
						g = h;
					}
					json_decref(copy);
				}
				json_decref(ov);
			}
		}
		M->free(g);
	}
	printf("# %d actions, %d log lines, %d errors scanned; %d views hid a general; %d "
	       "16.4 or 16.8 lines of a battle revealed and hidden again in one action\n",
	       steps, lines, errors, hidden_steps, revealed_lines);
	CHECK(steps > 1000);
	CHECK(lines > 1000);
	CHECK(errors > 100);
	CHECK(hidden_steps > 100);
	CHECKF(failures == 0, "%d texts named a hidden general", failures);
	return tap_done();
}
