/* test_playouts.c — the random bot plays complete games of every scenario
 * from random seeds. After every action the engine invariants hold; an
 * awaited role always has a legal action; every offered action is accepted;
 * every game ends within a bound; replaying the action log from the seed
 * reproduces the final save byte for byte; load(save(g)) saves identically.
 *
 *   test_playouts [games] [first-seed]     (or LW_PLAYOUTS=games)
 * The suite (and CI) plays 1000 games, about three minutes; developers set
 * LW_PLAYOUTS=30 for a quick run. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game_result_check.h"
#include "lw_bot.h"
#include "lw_campaign.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_march.h"
#include "lw_move.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

#define MAX_GAME_ACTIONS 20000

static int results[3]; /* draw, union, confederate */
static int collapses;
static int reached_last; /* games whose final turn was the scenario's last */
static int games_siege, games_assault, games_seeking; /* 14.x / 16.9.5 reached */
/* the owners' siege choices reached: a besieging campaign force pressed
 * (16.9.5.2), a return hex chosen (16.9.5.4.3), a routed excess named
 * (16.6.4) */
static int n_camp_press, n_return_choice, n_excess;
static int cav_battles; /* 13.2.2 raids' cavalry battles (with their 16.8 cards) */
static int pursuits;    /* 16.2.1 pursuits' cavalry battles (the same battle) */
/* 13.2.3 RIT contested by higher-ranking cavalry: its owner's answers */
static int n_rit_allow, n_rit_deny;
/* 19.0 and 7.1.9 reached (issue 4, bot reach): games that saw the EP
 * declared (19.1), BI prompts raised (19.2 trigger met) and answered
 * either way, BI card exchanges; plots bought (7.1.9), played in the
 * Supply Phase (20.3) and successful, and 7.1.9.3 retaliation prompts */
static int games_ep, n_bi_offer, n_bi_declare, n_bi_decline, n_bi_swap, n_ep_promotion;
static int n_plot_bought[2], n_plot_played, n_plot_hit, n_retaliation_prompt;
static int games_plot;
static int n_union_plot_played; /* the Union's own plot (7.1.9, after a CS success) */

static void count_action(const json_t *a, const char *role)
{
	const char *t = json_string_value(json_object_get(a, "type"));
	if (!t)
		return;
	if (strcmp(t, "buy_assassination_plot") == 0)
		n_plot_bought[strcmp(role, "union") == 0 ? 0 : 1]++;
	n_bi_declare += strcmp(t, "bi_declare") == 0;
	n_bi_decline += strcmp(t, "bi_decline") == 0;
	n_bi_swap += strcmp(t, "bi_swap") == 0 || strcmp(t, "bi_keep") == 0;
	n_ep_promotion += strcmp(t, "ep_promotion") == 0;
	n_retaliation_prompt += strcmp(t, "retaliate") == 0 || strcmp(t, "no_retaliation") == 0;
	n_rit_allow += strcmp(t, "allow") == 0;
	n_rit_deny += strcmp(t, "deny") == 0;
}
static int n_theaters; /* 10.7.3.2 Dual-Theater theaters named (campaign_theater) */

/* LW_REACH_TALLY=1: the cost of 10.7.3's reach questions (lw_campaign.c),
 * asked again after every action of the games played (not the replays)
 * and timed here (the rules read no clock): the movement question
 * (lw_campaign_reach_probe) whenever a campaign force is moving, and at a
 * designation the reach of every force CO of the side (a superset of the
 * forces offered), as lw_card_offers.c / lw_theater.c ask it. LW_REACH_TALLY=2 also
 * prints each capped question. Figures only: docs/decisions.md "Campaign regions (10.7.3)". */
static int reach_tally;
static struct {
	long q[2], capped[2], max_nodes[2], unproven[2];
	double max_ms[2], total_ms[2];
} reach;

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void reach_count(int k, const struct lw_reach_stats *st, double ms, uint64_t seed, int n,
                        int u)
{
	reach.q[k]++;
	reach.capped[k] += st->capped;
	reach.unproven[k] += st->unproven;
	reach.total_ms[k] += ms;
	if (st->nodes > reach.max_nodes[k])
		reach.max_nodes[k] = st->nodes;
	if (ms > reach.max_ms[k])
		reach.max_ms[k] = ms;
	if (st->capped && reach_tally > 1)
		printf("#   reach cap: seed %llu after action %d, %s u %d: %ld nodes, %d of %d "
		       "unproven, %.1f ms\n",
		       (unsigned long long)seed, n, k ? "designation" : "movement", u, st->nodes,
		       st->unproven, st->asked, ms);
}

static void reach_probe(const struct lw_state *s, uint64_t seed, int n)
{
	struct lw_reach_stats st;
	double t0 = now_ms();
	if (lw_campaign_reach_probe(s, &st))
		reach_count(0, &st, now_ms() - t0, seed, n, -1);
	int side = s->play.side;
	if (!(s->play.activations_left > 0 && s->play.campaign && s->groups.camp_n == 0) ||
	    side < 0 || side > 1)
		return;
	const struct lw_card *card = lw_card(side, s->play.card);
	unsigned want =
	    s->play.campaign == 1 && card ? LW_CAMP_BIT(card->campaign_region) : LW_CAMP_THEATERS;
	int need = s->play.campaign == 1 ? 1 : LW_REGION_COUNT - 1;
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->where != LW_W_MAP || x->side != side || lw_force_co(s, x->hex) != u)
			continue;
		t0 = now_ms();
		lw_campaign_reach_force_stats(s, side, u, want, need, &st);
		reach_count(1, &st, now_ms() - t0, seed, n, u);
	}
}

/* Every fourth game the bot seeks sieges and assaults (lw_bot_seek_sieges):
 * random play alone rarely fights in a city of supply two or more. */
static bool seeking(uint64_t seed)
{
	return seed % 4 == 0;
}

/* Every other game (seeds 0 and 3 modulo 4: siege-seeking and uniform, or
 * prudent) the bot plays for war aims (lw_bot_seek_war_aims): random play
 * alone seldom takes five Confederate cities (7.1.9) or meets the 19.0
 * triggers, and marching on cities brings more battles there (16.9.5). */
static bool war_aims(uint64_t seed)
{
	return seed % 4 == 0 || seed % 4 == 3;
}
static int games_war;

static char *save_str(const struct game *g)
{
	json_t *j = M->save(g);
	char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	return s;
}

/* Every card of a deck is in exactly one place (10.3). */
static bool cards_conserved(const struct lw_state *s, int side, char *why, size_t n)
{
	int seen[LW_DECK_CARDS + 1] = {0};
	const struct lw_cards *c = &s->side[side].cards;
	for (int i = 0; i < c->draw_n; i++)
		seen[c->draw[i]]++;
	for (int i = 0; i < c->discard_n; i++)
		seen[c->discard[i]]++;
	for (int i = 0; i < c->hand_n; i++)
		seen[c->hand[i]]++;
	for (int i = 0; i < c->out_n; i++)
		seen[c->out[i]]++;
	if (s->play.side == side && s->play.card)
		seen[s->play.card]++;
	/* a committed Resource card stays in the hand until the reveal (16.3) */
	for (int k = 1; k <= LW_DECK_CARDS; k++) {
		int want = k == LW_CARD_ZERO_RESOURCE ? 0 : 1;
		if (seen[k] != want) {
			snprintf(why, n, "%s card %d is in %d places", lw_side_title(side), k,
			         seen[k]);
			return false;
		}
	}
	return true;
}

static bool invariants(const struct lw_state *s, char *why, size_t n)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		const struct lw_player *p = &s->side[side];
		if (p->pc < 0 || p->csp < 0 || p->csp > 10) {
			snprintf(why, n, "%s PC %d CSP %d out of range", lw_side_title(side), p->pc,
			         p->csp);
			return false;
		}
		if (p->cards.hand_n > LW_HAND_MAX) {
			snprintf(why, n, "hand too big");
			return false;
		}
		if (!cards_conserved(s, side, why, n))
			return false;
		if (p->gic != LW_NONE && s->phase != LW_PH_GIC) {
			const struct lw_unit *g = &s->unit[p->gic];
			if (g->where != LW_W_MAP || g->stars != 3 || g->side != side) {
				snprintf(why, n, "%s GiC is not a three-star general on the map",
				         lw_side_title(side));
				return false;
			}
		}
	}
	/* 11.1.3.2: the temporary overstack ends with the GiC's group's move */
	if (s->play.cons_hex && s->play.movers_n == 0) {
		snprintf(why, n, "consolidation hex %d still open after the move",
		         s->play.cons_hex);
		return false;
	}
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->it < 0 || (x->where != LW_W_MAP && x->it != 0)) {
			snprintf(why, n, "unit %d carries %d IT off the map", u, x->it);
			return false;
		}
		if (x->where == LW_W_MAP) {
			if (x->stars < 1 || x->stars > 3 || !lw_data_hex(lw_D(), x->hex)) {
				snprintf(why, n, "unit %d stars %d hex %d", u, x->stars, x->hex);
				return false;
			}
			if (x->gen >= 0 && x->stars > lw_D()->generals[x->gen].max_stars) {
				snprintf(why, n, "unit %d above his highest counter", u);
				return false;
			}
			/* one side per hex, but for a siege on (16.9.5.2: the besiegers
			 * on top of the defenders, in a city) */
			for (int v = 0; v < s->n_units; v++)
				if (s->unit[v].where == LW_W_MAP && s->unit[v].hex == x->hex &&
				    s->unit[v].side != x->side &&
				    (lw_siege_at(s, x->hex) < 0 || lw_city_at(x->hex) < 0)) {
					snprintf(why, n, "both sides in hex %d", x->hex);
					return false;
				}
			/* 12.4 / 13.1.1 stacking, outside an unfinished move or
			 * retreat (16.6.4: a routed force breaks up as it retreats),
			 * and but for the GiC's temporary overstack while his
			 * consolidating group is still in his hex (11.1.3.2) */
			if (lw_consolidation_open(s) && x->hex == s->play.cons_hex &&
			    x->side == s->play.side)
				continue;
			bool moving = false;
			/* 12.4 / 16.9.6: a force held in a siege waits, overstacked,
			 * for its owner to name who loses a star */
			moving |= lw_command_siege_star_waits(s, x->hex, x->side);
			for (int k = 0; k < s->play.movers_n; k++)
				moving |= s->play.movers[k] == u;
			/* 12.4: a group passing through a hex may leave it over the
			 * limits until its move ends (docs/decisions.md "12.4 / 13.1.1 / 12.5:
			 * stacking is checked where a move ends") */
			moving |= s->play.movers_n > 0 && !s->land.stopped &&
			          x->hex == lw_march_hex(s) && x->side == s->play.side;
			moving |= s->battle.active && s->step == LW_ST_RETREAT &&
			          x->hex == s->land.from_hex && x->side == s->land.group_side;
			/* 16.6.4: a routed defender decides on a siege, then names
			 * its excess, before anybody leaves the city */
			moving |= s->battle.active && s->step == LW_ST_SIEGE_OFFER &&
			          x->hex == s->battle.def_hex && x->side != s->battle.attacker;
			/* 16.6.4: a routed defender breaks up as it retreats; until
			 * then (its owner may first name a new GiC, 11.1.2.2, or CO,
			 * 11.0.3) it stands as the rout left it */
			moving |= s->battle.active && s->battle.rout &&
			          s->battle.winner == s->battle.attacker &&
			          x->hex == s->battle.def_hex && x->side != s->battle.attacker;
			struct tg_error e;
			if (!moving &&
			    lw_stack_check_hex(s, x->hex, x->side, NULL, 0, LW_NONE, 0, &e)) {
				snprintf(why, n, "hex %d: %.200s", x->hex, e.message);
				return false;
			}
		}
	}
	/* 16.9.5.2: a siege on has both forces in its city, held by the besieged */
	for (int i = 0; i < LW_MAX_SIEGES && !s->battle.active; i++) {
		const struct lw_siege *g = &s->amphib.sieges[i];
		int u[LW_MAX_UNITS], c = lw_city_at(g->city_hex);
		if (g->stage == LW_SG_NONE)
			continue;
		if (g->stage != LW_SG_ON || c < 0 ||
		    lw_units_at(s, g->city_hex, g->besieger, u) == 0 ||
		    lw_units_at(s, g->city_hex, LW_OTHER(g->besieger), u) == 0 ||
		    lw_city_controller(s, c) != LW_OTHER(g->besieger) ||
		    lw_siege_at(s, g->city_hex) != i) {
			snprintf(why, n, "siege %d of hex %d is not a siege on", i, g->city_hex);
			return false;
		}
	}
	return true;
}

/* Match options sampled per game (issue 4: every option combination): the
 * module's boolean options, switched on by the bits of seed / 3 so that
 * every scenario meets every combination. Kept for the whole run. */
static json_t *sample_options(uint64_t seed)
{
	static json_t *combos[64];
	json_t *all = M->options ? M->options() : NULL;
	unsigned combo = (unsigned)(seed / 3 % 64);
	if (!combos[combo]) {
		json_t *o = json_object();
		const char *k;
		json_t *v;
		unsigned bit = 0;
		json_object_foreach(all, k, v)
		{
			json_object_set_new(o, k, json_boolean((combo >> bit) & 1));
			bit++;
		}
		combos[combo] = o;
	}
	json_decref(all);
	return combos[combo];
}

struct logged {
	char role[16];
	json_t *action;
};

static int play_one(uint64_t seed, int scenario_idx)
{
	uint8_t key[TG_SEED_BYTES] = {0};
	for (int i = 0; i < 8; i++)
		key[i] = (uint8_t)(seed >> (8 * i));
	key[31] = 0x5a;
	const char *scn = M->scenarios[scenario_idx].id;
	struct tg_error err = {0};
	struct game *g = M->setup(key, scn, sample_options(seed), &err);
	if (!CHECKF(g != NULL, "setup %s: %s", scn, err.message))
		return -1;
	struct lw_bot bot;
	/* odd seeds play the prudent policy, which reaches the late turns */
	if (seed & 1)
		lw_bot_init_prudent(&bot, seed * 2654435761u + 7);
	else
		lw_bot_init(&bot, seed * 2654435761u + 7);
	lw_bot_seek_sieges(&bot, seeking(seed));
	lw_bot_seek_war_aims(&bot, war_aims(seed));
	games_war += war_aims(seed);
	games_seeking += seeking(seed);
	bool saw_siege = false, saw_assault = false, saw_ep = false, saw_plot = false;
	uint32_t logged = g->s.log_total;
	struct logged *log = calloc(MAX_GAME_ACTIONS, sizeof *log);
	int n = 0, rc = 0;
	char why[256];
	for (;;) {
		char role[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		int got = lw_bot_choose(&bot, M, g, role, &a);
		if (got == 0)
			break;
		if (!CHECKF(got > 0, "seed %llu %s: dead end after %d actions",
		            (unsigned long long)seed, scn, n)) {
			rc = -1;
			break;
		}
		if (!CHECKF(n < MAX_GAME_ACTIONS, "seed %llu %s: no end after %d actions",
		            (unsigned long long)seed, scn, n)) {
			json_decref(a);
			rc = -1;
			break;
		}
		struct game_outcome out = {0};
		if (M->act(g, role, a, &out, &err) != 0) {
			char *txt = json_dumps(a, JSON_COMPACT);
			CHECKF(0, "seed %llu %s: offered action %s by %s rejected: %s %s",
			       (unsigned long long)seed, scn, txt, role, err.code, err.message);
			free(txt);
			json_decref(a);
			rc = -1;
			break;
		}
		count_action(a, role);
		snprintf(log[n].role, sizeof log[n].role, "%s", role);
		log[n++].action = a;
		if (reach_tally)
			reach_probe(&g->s, seed, n);
		for (; logged < g->s.log_total; logged++) {
			const char *line = g->s.log[logged % LW_LOG_LINES];
			saw_siege |= strstr(line, "besieges") != NULL;
			saw_assault |= strstr(line, "assault on") != NULL;
			n_camp_press += strstr(line, "as a campaign force (16.9.5.2)") != NULL;
			n_return_choice += strstr(line, "held out: the besiegers go to") != NULL ||
			                   strstr(line, "held out: a besieger goes to") != NULL;
			n_excess += strstr(line, "with the excess (16.6.4)") != NULL;
			cav_battles += strstr(line, "a cavalry battle (13.2.2)") != NULL;
			pursuits += strstr(line, "fight a cavalry battle") != NULL;
			saw_ep |= strstr(line, "EMANCIPATION PROCLAMATION (19.1)") != NULL;
			n_bi_offer +=
			    strstr(line, "The conditions of British Intervention are met") != NULL;
			if (strstr(line, "Assassination Plot card (20.3)") != NULL) {
				n_plot_played++;
				saw_plot = true;
				n_union_plot_played +=
				    strstr(line, "The Union player plays") != NULL;
			}
			n_plot_hit += strstr(line, "Assassination Plot (7.1.9.1)") != NULL &&
			              strstr(line, "killed") != NULL;
			n_theaters += strstr(line, "as the theater of the campaign force") != NULL;
		}
		if (!invariants(&g->s, why, sizeof why)) {
			char *txt = json_dumps(a, JSON_COMPACT);
			CHECKF(0, "seed %llu %s after action %d %s: %s", (unsigned long long)seed,
			       scn, n, txt, why);
			free(txt);
			for (uint32_t k = g->s.log_total > 12 ? g->s.log_total - 12 : 0;
			     k < g->s.log_total; k++)
				printf("#   log: %s\n", g->s.log[k % LW_LOG_LINES]);
			rc = -1;
			break;
		}
		/* now and then, every role's whole view (and the observer's) is
		 * built: the bot reads only the sections it needs (lw_bot.c
		 * bot_view), and the sanitizer pass still meets the view code on
		 * the playouts' states */
		if (n % 97 == 0)
			for (int r = 0; r <= TG_ROLE_MAX; r++) {
				const char *who =
				    r < TG_ROLE_MAX && M->roles[r] ? M->roles[r] : "observer";
				json_t *v = M->view(g, who);
				if (!CHECKF(json_is_object(json_object_get(v, "board")),
				            "seed %llu: %s's view has no board",
				            (unsigned long long)seed, who))
					rc = -1;
				json_decref(v);
				if (strcmp(who, "observer") == 0)
					break;
			}
		if (rc)
			break;
		/* now and then: load(save(g)) is the same game */
		if (n % 97 == 0) {
			char *a1 = save_str(g);
			json_t *j = M->save(g);
			struct game *h = M->load(j, &err);
			json_decref(j);
			if (!CHECKF(h != NULL, "load: %s", err.message)) {
				free(a1);
				rc = -1;
				break;
			}
			char *a2 = save_str(h);
			/* every field is saved: the loaded struct equals the original,
			 * but for the generator's block cache */
			struct lw_state x = g->s, y = h->s;
			memset(x.rng.block, 0, sizeof x.rng.block);
			memset(y.rng.block, 0, sizeof y.rng.block);
			x.rng.block_no = y.rng.block_no = 0;
			size_t off = 0;
			while (off < sizeof x &&
			       ((unsigned char *)&x)[off] == ((unsigned char *)&y)[off])
				off++;
			if (!CHECKF(
			        off == sizeof x,
			        "seed %llu: a state field is not saved (byte %zu; units at %zu, "
			        "play at %zu, battle at %zu, land at %zu, log at %zu)",
			        (unsigned long long)seed, off, offsetof(struct lw_state, unit),
			        offsetof(struct lw_state, play), offsetof(struct lw_state, battle),
			        offsetof(struct lw_state, land), offsetof(struct lw_state, log)))
				rc = -1;
			if (!CHECKF(strcmp(a1, a2) == 0, "seed %llu: load(save) differs",
			            (unsigned long long)seed))
				rc = -1;
			free(a1);
			free(a2);
			M->free(h);
			if (rc)
				break;
		}
	}
	struct game_status st;
	M->status(g, &st);
	if (rc == 0)
		CHECKF(st.finished, "seed %llu %s: game did not finish", (unsigned long long)seed,
		       scn);
	games_siege += saw_siege;
	games_assault += saw_assault;
	games_ep += saw_ep;
	games_plot += saw_plot;
	if (rc == 0 && st.finished) {
		char why[400];
		if (!CHECKF(tg_result_agrees(M, g, &st, why, sizeof why), "seed %llu %s: %s",
		            (unsigned long long)seed, scn, why))
			rc = -1;
		results[st.winner + 1]++;
		if (strstr(st.summary, "21.1"))
			collapses++;
		if (g->s.turn == g->s.last_turn)
			reached_last++;
	}
	if (rc == 0) {
		/* replay from the seed */
		struct game *r = M->setup(key, scn, sample_options(seed), &err);
		for (int i = 0; r && i < n; i++) {
			if (M->act(r, log[i].role, log[i].action, NULL, &err) != 0) {
				CHECKF(0, "replay action %d rejected: %s", i, err.message);
				rc = -1;
				break;
			}
		}
		if (r && rc == 0) {
			char *a1 = save_str(g), *a2 = save_str(r);
			if (!CHECKF(strcmp(a1, a2) == 0, "seed %llu %s: replay differs",
			            (unsigned long long)seed, scn))
				rc = -1;
			free(a1);
			free(a2);
		}
		if (r)
			M->free(r);
	}
	for (int i = 0; i < n; i++)
		json_decref(log[i].action);
	free(log);
	M->free(g);
	return rc == 0 ? n : -1;
}

int main(int argc, char **argv)
{
	int games = 1000;
	const char *env = getenv("LW_PLAYOUTS");
	if (env)
		games = atoi(env);
	if (argc > 1)
		games = atoi(argv[1]);
	const char *tally_env = getenv("LW_REACH_TALLY");
	reach_tally = tally_env ? atoi(tally_env) : 0;
	const char *first_env = getenv("LW_PLAYOUT_FIRST");
	uint64_t first = argc > 2    ? strtoull(argv[2], NULL, 10)
	                 : first_env ? strtoull(first_env, NULL, 10)
	                             : 1;
	int nscn = 0;
	while (M->scenarios[nscn].id)
		nscn++;
	/* LW_PLAYOUT_SCENARIO=campaign: every game plays that scenario (issue 4
	 * asks for 1000 complete Campaign games; ctest's test_playouts_campaign) */
	int only = -1;
	const char *scn_env = getenv("LW_PLAYOUT_SCENARIO");
	for (int i = 0; scn_env && i < nscn; i++)
		if (strcmp(M->scenarios[i].id, scn_env) == 0)
			only = i;
	if (!CHECKF(!scn_env || only >= 0, "LW_PLAYOUT_SCENARIO=%s: no such scenario", scn_env))
		return tap_done();
	long total = 0;
	int done = 0, failed = 0;
	/* which option combinations each scenario met (sample_options) */
	json_t *all_opts = M->options ? M->options() : NULL;
	int nopts = (int)json_object_size(all_opts);
	json_decref(all_opts);
	unsigned mask = (1u << nopts) - 1;
	static bool met[8][64];
	for (int i = 0; i < games; i++) {
		int scn_i = only >= 0 ? only : i % nscn;
		met[scn_i % 8][((first + (uint64_t)i) / 3 % 64) & mask] = true;
		int n = play_one(first + (uint64_t)i, only >= 0 ? only : i % nscn);
		if (n < 0)
			failed++;
		else {
			done++;
			total += n;
		}
	}
	printf("# %d games (%s) finished, %d failed, %ld actions; Union won %d, Confederates %d, "
	       "draws %d; %d by political collapse; %d reached their last turn\n",
	       done, only >= 0 ? M->scenarios[only].id : "every scenario", failed, total,
	       results[1], results[2], results[0], collapses, reached_last);
	printf("# %d games saw a siege, %d an amphibious assault (%d games siege-seeking, %d "
	       "playing for war aims)\n",
	       games_siege, games_assault, games_seeking, games_war);
	printf("# siege choices: %d besieging campaign forces pressed, %d return hexes chosen, "
	       "%d routed excess generals named\n",
	       n_camp_press, n_return_choice, n_excess);
	printf("# %d raids met enemy cavalry (13.2.2), %d pursuits (16.2.1)\n", cav_battles,
	       pursuits);
	printf("# 13.2.3 RIT contested by higher-ranking cavalry: %d allowed, %d denied\n",
	       n_rit_allow, n_rit_deny);
	printf("# 19.0: %d games saw the EP (%d free promotions), %d BI prompts (%d declared, "
	       "%d declined, %d card exchanges)\n",
	       games_ep, n_ep_promotion, n_bi_offer, n_bi_declare, n_bi_decline, n_bi_swap);
	printf("# 7.1.9: plots bought %d by the Confederate, %d by the Union; %d played in %d "
	       "games (%d the Union's own), %d hit; %d 7.1.9.3 retaliation prompts\n",
	       n_plot_bought[1], n_plot_bought[0], n_plot_played, games_plot, n_union_plot_played,
	       n_plot_hit, n_retaliation_prompt);
	printf("# %d Dual-Theater theaters named (10.7.3.2)\n", n_theaters);
	for (int k = 0; reach_tally && k < 2; k++)
		printf("# 10.7.3 reach, %s: %ld questions, %ld capped (%ld actions or regions "
		       "unproven), most nodes %ld, time mean %.2f ms, max %.1f ms\n",
		       k ? "designations" : "movement", reach.q[k], reach.capped[k],
		       reach.unproven[k], reach.max_nodes[k],
		       reach.q[k] ? reach.total_ms[k] / (double)reach.q[k] : 0.0, reach.max_ms[k]);
	CHECK(failed == 0);
	/* every combination of the boolean options met every scenario (issue 4),
	 * once the run is long enough for that (3 seeds a combination) */
	if (CHECK(nopts <= 6) && only < 0 && games >= 3 * (int)(mask + 1) + 3) {
		int missing = 0;
		for (int sc = 0; sc < nscn && sc < 8; sc++)
			for (unsigned c = 0; c <= mask; c++)
				missing += !met[sc][c];
		CHECKF(missing == 0, "%d scenario/option combinations never played", missing);
	}
	/* Bot reach (issue 4): the seeded mix of every scenario (seeds from 1)
	 * reaches sieges, the 19.0 triggers and 7.1.9's plots on its own, at
	 * least `per1000` times a thousand games (well below what it measures,
	 * docs/tests.md "Bot reach (issue 4)"); runs of 200 games or more check it, scaled to
	 * their length, shorter or other runs only report. */
	if (only < 0 && first == 1 && games >= 200) {
		struct {
			const char *what;
			int got, per1000;
		} reach[] = {
		    {"games with a siege (16.9.5)", games_siege, 60},
		    {"games with the EP (19.1)", games_ep, 40},
		    {"EP free promotions (19.1)", n_ep_promotion, 40},
		    {"BI prompts (19.2)", n_bi_offer, 100},
		    {"BI declared (19.2)", n_bi_declare, 50},
		    {"BI declined (19.2)", n_bi_decline, 40},
		    {"BI card exchanges (19.2)", n_bi_swap, 50},
		    {"Confederate plots bought (7.1.9)", n_plot_bought[1], 5},
		    {"plots played (7.1.9.1)", n_plot_played, 5},
		};
		for (size_t i = 0; i < sizeof reach / sizeof *reach; i++) {
			int want = games * reach[i].per1000 / 1000;
			CHECKF(reach[i].got >= (want > 1 ? want : 1), "%s: %d in %d games, want %d",
			       reach[i].what, reach[i].got, games, want > 1 ? want : 1);
		}
	}
	/* the full run must reach both (14.x, 16.9.5); short runs only report */
	if (games >= 1000) {
		CHECK(games_siege > 0);
		CHECK(games_assault > 0);
		CHECK(cav_battles > 0);
		CHECK(pursuits > 0);
		CHECK(n_theaters > 0); /* 10.7.3.2 campaign_theater reached */
		/* 7.1.9.3: a plot bought on the last turn and retaliated; rare
		 * (2 in seeds 1..1000 of the mix, none in the first 300), so only
		 * the full runs require it */
		CHECKF(n_retaliation_prompt > 0, "no 7.1.9.3 retaliation prompt in %d games",
		       games);
	}
	/* Bot reach (issue 4): the Union's own plot (7.1.9, bought after a
	 * Confederate success before the last turn) in the 1000 Campaign games
	 * (test_playouts_campaign; about 13 a thousand, 4 or 5 in its first 300
	 * seeds). The mix of scenarios meets it too rarely (3 in seeds 1..1000)
	 * to require it; shorter runs only report. */
	if (games >= 1000 && only >= 0 && strcmp(M->scenarios[only].id, "campaign") == 0) {
		CHECKF(n_plot_bought[0] > 0, "the Union never bought his own plot (7.1.9)");
		CHECKF(n_union_plot_played > 0, "the Union's own plot was never played (7.1.9)");
	}
	return tap_done();
}
