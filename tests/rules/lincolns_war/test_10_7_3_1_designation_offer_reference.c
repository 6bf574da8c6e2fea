/* 10.7.3.1: "Both forces must be designated before any movement or battle
 * takes place." The SPEND step of a campaign card offers one entry, the
 * first force and the second its params, "second" by "first" (PROTOCOL.md,
 * kit/param_by.h: each first force's seconds are those his "only" or
 * "except" list opens, "none" or a force; issue 17). This
 * test holds the offer to the plain reading, built here the slow way: for
 * every unit in unit order, its reach (lw_play_campaign_reach, asked only
 * of a unit lw_play_check_campaign_force accepts) and
 * lw_play_check_designation alone for the first force; for each such
 * first force, "none" and then every later unit in unit order that
 * lw_play_check_designation accepts with it, with the labels. The offer's
 * designation, expanded over each first force's open choices, must be
 * exactly these in this order at every designation of bot-played Campaign
 * games, in one entry of offer_check.h's shape, each first force's list
 * the shorter of "only" and "except"; the first and the last open choice
 * of each first force, sent as the complete action, are accepted by act()
 * on a copy of the game. The reach search plays the rest of the
 * activation on copies of the state that leave the public log out (issue
 * 17: it was half of each copy); the reach of every force is also asked of
 * a copy of the state whose log lines are scribbled over and must be the
 * same (the search asked afresh: the designation's answers are kept by the
 * state's bytes but the log's lines, which this justifies). */
#include <stdlib.h>
#include <string.h>

#include "kit/param_by.h"
#include "lincolns_war/lw_campaign.h"
#include "lincolns_war/lw_card_play.h"
#include "lw_testkit.h"
#include "offer_check.h"

static const struct game_module *M = &lincolns_war_module;
static int states, compared, accepted, reaches, longer;

static json_t *entry(const char *first, const char *label, const char *second,
                     const char *second_label)
{
	return json_pack("[s,s,s,s]", first, label, second, second_label);
}

static json_t *reference(const struct lw_state *s, int side)
{
	char id[64], name[64], hex[64], label[300], id2[64], name2[64], hex2[64], l2[200];
	json_t *out = json_array();
	unsigned m[LW_MAX_UNITS] = {0};
	for (int u = 0; u < s->n_units; u++)
		if (lw_play_check_campaign_force(s, side, u, NULL) == 0)
			m[u] = lw_play_campaign_reach(s, side, u);
	for (int u = 0; u < s->n_units; u++) {
		if (lw_play_check_designation(s, side, u, m[u], LW_NONE, 0, NULL) != 0)
			continue;
		lw_unit_id(s, u, id, sizeof id);
		snprintf(label, sizeof label, "%s at %s", lw_unit_name(s, u, name, sizeof name),
		         lw_hex_label(s->unit[u].hex, hex, sizeof hex));
		json_array_append_new(out, entry(id, label, "none", "no second force"));
		for (int v = u + 1; v < s->n_units; v++) {
			if (lw_play_check_designation(s, side, u, m[u], v, m[v], NULL) != 0)
				continue;
			snprintf(l2, sizeof l2, "%s at %s", lw_unit_name(s, v, name2, sizeof name2),
			         lw_hex_label(s->unit[v].hex, hex2, sizeof hex2));
			json_array_append_new(
			    out, entry(id, label, lw_unit_id(s, v, id2, sizeof id2), l2));
		}
	}
	return out;
}

static bool is(const json_t *o, const char *key, const char *want)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v && strcmp(v, want) == 0;
}

static void try_act(struct game *g, int side, const json_t *a, const json_t *first,
                    const json_t *choice)
{
	json_t *full = json_deep_copy(a);
	json_object_set(full, "first", json_object_get(first, "value"));
	json_object_set(full, "second", json_object_get(choice, "value"));
	struct game *copy = M->copy(g);
	struct game_outcome o = {0};
	struct tg_error err = {0};
	if (CHECKF(M->act(copy, M->roles[side - 1], full, &o, &err) == 0, "%s", err.message))
		accepted++;
	M->free(copy);
	json_decref(full);
}

/* The offer's designations, each choice completing its entry. */
static json_t *offered(struct game *g, int side)
{
	json_t *l = json_array(), *out = json_array();
	int entries = 0;
	lw_ops_offer(&g->s, side, TG_OFFERS_TREE(l));
	for (size_t i = 0; i < json_array_size(l); i++) {
		json_t *e = json_array_get(l, i), *a = json_object_get(e, "action");
		if (!is(a, "type", "campaign_forces"))
			continue;
		entries++;
		char why[300];
		const char *bad = tg_offer_bad(e, true, why, sizeof why);
		CHECKF(bad == NULL, "%s", bad);
		json_t *ps = json_object_get(e, "params");
		json_t *pf = json_array_get(ps, 0), *p = json_array_get(ps, 1);
		json_t *fs = json_object_get(pf, "choices"), *ch = json_object_get(p, "choices");
		CHECKF(is(pf, "name", "first") && is(p, "name", "second") && is(p, "by", "first") &&
		           json_array_size(ps) == 2 && !json_object_get(a, "first") &&
		           !json_object_get(a, "second"),
		       "a designation names the first and second forces as its params, the "
		       "second by the first");
		for (size_t f = 0; f < json_array_size(fs); f++) {
			json_t *x0 = json_array_get(fs, f);
			const json_t *by = json_array_get(json_object_get(p, "choices_by"), f);
			size_t nc = json_array_size(ch),
			       listed = json_array_size(json_object_get(by, "only")) +
			                json_array_size(json_object_get(by, "except"));
			if (listed > nc - listed)
				longer++;
			json_t *first = NULL, *last = NULL;
			for (size_t c = 0; c < nc; c++) {
				if (!tg_param_open(p, f, c))
					continue;
				json_t *x = json_array_get(ch, c);
				first = first ? first : x;
				last = x;
				json_array_append_new(
				    out, entry(json_string_value(json_object_get(x0, "value")),
				               json_string_value(json_object_get(x0, "label")),
				               json_string_value(json_object_get(x, "value")),
				               json_string_value(json_object_get(x, "label"))));
			}
			if (!CHECKF(first, "first force %zu has no second", f))
				continue;
			try_act(g, side, a, x0, first);
			if (last != first)
				try_act(g, side, a, x0, last);
		}
	}
	CHECKF(entries <= 1, "%d designation entries, not one", entries);
	json_decref(l);
	return out;
}

/* The reach does not read the public log. */
static void scribbled(const struct lw_state *s, int side)
{
	struct lw_state *x = malloc(sizeof *x);
	if (!CHECK(x != NULL))
		return;
	memcpy(x, s, sizeof *x);
	for (int i = 0; i < LW_LOG_LINES; i++)
		snprintf(x->log[i], LW_LOG_LEN, "scribbled %d over line %d", i * 7 + 1, i);
	x->log_total += 5;
	for (int u = 0; u < s->n_units; u++) {
		if (lw_play_check_campaign_force(s, side, u, NULL) != 0)
			continue;
		reaches++;
		/* the search itself, not the answers kept by the state's bytes but
		 * the log's (lw_campaign_reach_force_kept), which this justifies */
		unsigned want = s->play.campaign == 1 ? LW_CAMP_BIT(lw_play_card_region(s, side))
		                                      : LW_CAMP_THEATERS;
		int need = s->play.campaign == 1 ? 1 : 2;
		CHECKF(lw_campaign_reach_force(s, side, u, want, need) ==
		           lw_campaign_reach_force(x, side, u, want, need),
		       "unit %d: the reach read the log", u);
	}
	free(x);
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (s->phase != LW_PH_OPS || s->step != LW_ST_SPEND || s->play.activations_left <= 0 ||
	    !s->play.campaign || s->groups.camp_n != 0)
		return;
	int side = s->phasing;
	states++;
	json_t *want = reference(s, side), *got = offered(g, side);
	compared += (int)json_array_size(want);
	TK_CHECK_SAME_OFFER(want, got, s->turn, 600);
	scribbled(s, side);
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 8,
	                                        .seed_tag = 0x73,
	                                        .scenario = "campaign",
	                                        .bot_mul = 29,
	                                        .bot_add = 5,
	                                        .max_actions = 2000},
	                 after, NULL);
	printf("# %d designations, %d first x second forces compared, %d entries' choices "
	       "accepted, %d reaches asked again with the log scribbled, %d first forces' "
	       "lists longer than their other form\n",
	       states, compared, accepted, reaches, longer);
	CHECK(states >= 10);
	CHECK(longer == 0);
	CHECK(compared > 100);
	CHECK(accepted > 40);
	return tap_done();
}
