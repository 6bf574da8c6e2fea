/* 10.7.2: "Events ... the player may play the card for its event instead
 * of its PC." An event with a target (a general to promote, a hex to spy
 * on or clear of IT, a seditious card to discard, a city for Irregulars,
 * 23.2) is offered as one entry for the card, the target its parameter
 * (issue 17: one entry per target repeated the card's whole text, about a
 * third of a CARD step's offers). This test holds it to the plain reading
 * at every CARD step of bot-played Campaign games: each card of the hand
 * is offered for its event at most once; each choice of its parameter
 * completes an action act() accepts on a copy of the game; and where the
 * target is a general (or a card of the hand), every unit (card) that
 * lw_event_check accepts is a choice, in unit (hand) order. The entry's
 * label gives the card's text without the data's note that the text is
 * reconstructed (the hand in the view gives the whole text; issue 17: the
 * note was a tenth of a CARD step's event labels), and a short mark in its
 * place before the text (a player by email reads only the labels, and a
 * reconstructed text is never shown as the published one). */
#include <stdlib.h>
#include <string.h>

#include "lw_testkit.h"

static const struct game_module *M = &lincolns_war_module;
static int states, entries, choices, accepted, noted;

#define NOTE " [reconstructed text: the rulebook does not print card texts]"
#define MARK " [reconstructed text]"

/* The label ends with the card's text, its NOTE left out. */
static void check_label(const json_t *e, int side, int c)
{
	const char *label = json_string_value(json_object_get(e, "label"));
	const struct lw_card *k = lw_card(side, c);
	if (!CHECKF(label && k && k->text, "card %d: a label and a text", c))
		return;
	size_t n = strlen(k->text), nn = strlen(NOTE), nl = strlen(label);
	bool has = n >= nn && strcmp(k->text + n - nn, NOTE) == 0;
	noted += has;
	if (has)
		n -= nn;
	CHECKF(!strstr(label, "[reconstructed text:"), "card %d: the label repeats the note: %s", c,
	       label);
	/* ... but still says the text is not the rulebook's, before the text */
	CHECKF(!has || strstr(label, MARK ": "),
	       "card %d: the label %s hides that its text is reconstructed", c, label);
	CHECKF(has || !strstr(label, MARK), "card %d: the label %s marks a printed text", c, label);
	CHECKF(nl >= n + 2 && strncmp(label + nl - n - 2, ": ", 2) == 0 &&
	           strncmp(label + nl - n, k->text, n) == 0,
	       "card %d: the label %s does not end with its text", c, label);
}

static bool is(const json_t *o, const char *key, const char *want)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v && strcmp(v, want) == 0;
}

/* The targets lw_event_check accepts for card c, as the param's values. */
static json_t *reference(const struct lw_state *s, int side, int c, const char *param)
{
	const struct lw_card *k = lw_card(side, c);
	json_t *out = json_array();
	if (strcmp(param, "target") == 0) {
		char id[64];
		for (int u = 0; u < s->n_units; u++) {
			json_t *a = json_pack("{s:s,s:i,s:s,s:s}", "type", "play", "card", c, "use",
			                      "event", "target", lw_unit_id(s, u, id, sizeof id));
			if (lw_event_check(s, side, k, a, NULL) == 0)
				json_array_append_new(out, json_string(id));
			json_decref(a);
		}
	} else if (strcmp(param, "discard") == 0) {
		const struct lw_cards *h = &s->side[side].cards;
		for (int i = 0; i < h->hand_n; i++) {
			json_t *a = json_pack("{s:s,s:i,s:s,s:i}", "type", "play", "card", c, "use",
			                      "event", "discard", h->hand[i]);
			if (lw_event_check(s, side, k, a, NULL) == 0)
				json_array_append_new(out, json_integer(h->hand[i]));
			json_decref(a);
		}
	}
	return out;
}

static void check_entries(struct game *g, int side)
{
	const struct lw_state *s = &g->s;
	json_t *l = json_array();
	lw_ops_offer(s, side, TG_OFFERS_TREE(l));
	int seen[LW_HAND_MAX + 8], ns = 0;
	for (size_t i = 0; i < json_array_size(l); i++) {
		json_t *e = json_array_get(l, i), *a = json_object_get(e, "action");
		if (!is(a, "type", "play") || !is(a, "use", "event"))
			continue;
		int c = (int)json_integer_value(json_object_get(a, "card"));
		for (int j = 0; j < ns; j++)
			CHECKF(seen[j] != c, "card %d offered for its event twice", c);
		if (ns < (int)(sizeof seen / sizeof *seen))
			seen[ns++] = c;
		entries++;
		if (!lw_irr_event(lw_card(side, c))) /* 23.2's own label */
			check_label(e, side, c);
		json_t *p = json_array_get(json_object_get(e, "params"), 0);
		if (!p)
			continue; /* no target */
		const char *name = json_string_value(json_object_get(p, "name"));
		json_t *ch = json_object_get(p, "choices");
		if (!CHECKF(name && json_array_size(ch) > 0 && !json_object_get(a, name),
		            "card %d: the target is the parameter, with choices", c))
			continue;
		json_t *vals = json_array();
		for (size_t x = 0; x < json_array_size(ch); x++) {
			json_t *v = json_object_get(json_array_get(ch, x), "value");
			json_array_append(vals, v);
			json_t *full = json_deep_copy(a);
			json_object_set(full, name, v);
			struct game *copy = M->copy(g);
			struct game_outcome o = {0};
			struct tg_error err = {0};
			if (CHECKF(M->act(copy, M->roles[side - 1], full, &o, &err) == 0,
			           "card %d %s: %s", c, name, err.message))
				accepted++;
			choices++;
			M->free(copy);
			json_decref(full);
		}
		if (strcmp(name, "target") == 0 || strcmp(name, "discard") == 0) {
			json_t *want = reference(s, side, c, name);
			if (!json_equal(want, vals)) {
				char *w = json_dumps(want, JSON_COMPACT), *v = json_dumps(vals, 0);
				CHECKF(0, "card %d: choices %.300s, want %.300s", c, v, w);
				free(w);
				free(v);
			}
			json_decref(want);
		}
		json_decref(vals);
	}
	json_decref(l);
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (s->phase != LW_PH_OPS || s->step != LW_ST_CARD)
		return;
	states++;
	check_entries(g, s->phasing);
}

int main(void)
{
	for (int game = 0; game < 3; game++) {
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)game, 0x72};
		struct tg_error err = {0};
		struct game *g = M->setup(seed, "campaign", NULL, &err);
		if (!CHECKF(g != NULL, "setup: %s", err.message))
			return tap_done();
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, (uint64_t)game * 19 + 5);
		struct lw_bot_hooks h = {.after = after};
		char why[200];
		lw_bot_play(&bot, M, g, 1500, &h, why, sizeof why);
		M->free(g);
	}
	printf("# %d CARD steps, %d event entries (%d of a noted text), %d targets, %d accepted\n",
	       states, entries, noted, choices, accepted);
	CHECK(states > 50);
	CHECK(entries > 50);
	CHECK(noted > 50);
	CHECK(choices > 100);
	CHECK(accepted == choices);
	return tap_done();
}
