/* 10.6.2: "Activation ... Each Force to be activated costs a number of PC
 * equal to its CO's activation rating." In the CARD step a card may be
 * played to activate a general at once; the offer leaves the general a
 * parameter (issue 17: a hand of cards times the generals was one entry per
 * pair), one entry: the cards and the generals, the general "by" the card
 * (each card opens the generals its PC pays; one entry per cost repeated
 * the cards; one such card is named in the action, the general the only
 * param). This
 * test holds it to the plain reading, built here the slow way: for every
 * card of the hand in order that is an activation card (or one of optional
 * 70-71's peculiar cards, played as one), every unit in unit order that
 * lw_play_check_activate accepts for the card's PC, with the label "NAME at
 * HEX". The offer's activations, expanded over their choices, must be
 * exactly these at every CARD step of bot-played Campaign games, one
 * entry, each general listed once; and each card with the first general it
 * opens, sent as the complete action, is accepted by act() on a copy of
 * the game.
 *
 * 10.6: the card played for its PC, to be spent in the SPEND step, is one
 * entry a card, labelled "Play card C NAME [N PC] for its PC (10.6)"
 * (issue 17: "to spend its PC (activate, remove IT, bank)" was 43 bytes
 * of every such label, repeated in each CARD step's new offers; the SPEND
 * step offers the activations, the IT removals and the bank itself). */
#include <stdlib.h>
#include <string.h>

#include "lincolns_war/lw_card_play.h"
#include "lw_testkit.h"

static const struct game_module *M = &lincolns_war_module;
static int states, compared, accepted, pc_entries;

static json_t *activation(int card, const char *id, const char *label)
{
	return json_pack("[{s:s,s:i,s:s,s:s},s]", "type", "play", "card", card, "use", "activate",
	                 "general", id, label);
}

static json_t *reference(const struct lw_state *s, int side)
{
	char id[64], name[64], hex[64], label[200];
	json_t *out = json_array();
	const struct lw_player *p = &s->side[side];
	for (int i = 0; i < p->cards.hand_n; i++) {
		int c = p->cards.hand[i];
		const struct lw_card *k = lw_card(side, c);
		if (k->kind != LW_KIND_ACTIVATION && k->kind != LW_KIND_PECULIAR)
			continue;
		for (int u = 0; u < s->n_units; u++) {
			if (lw_play_check_activate(s, side, u, k->pc, false, NULL) != 0)
				continue;
			snprintf(label, sizeof label, "%s at %s",
			         lw_unit_name(s, u, name, sizeof name),
			         lw_hex_label(s->unit[u].hex, hex, sizeof hex));
			json_array_append_new(
			    out, activation(c, lw_unit_id(s, u, id, sizeof id), label));
		}
	}
	return out;
}

static bool is(const json_t *o, const char *key, const char *want)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v && strcmp(v, want) == 0;
}

/* The offer's card activations, each choice completing its entry: the
 * general alone, or the card and each general the card opens (the general
 * "by" the card: PROTOCOL.md's choices_by). */
static json_t *offered(struct game *g, int side)
{
	json_t *l = json_array(), *out = json_array(), *seen = json_object();
	lw_ops_offer(&g->s, side, TG_OFFERS_TREE(l));
	int entries = 0;
	for (size_t i = 0; i < json_array_size(l); i++) {
		json_t *e = json_array_get(l, i), *a = json_object_get(e, "action");
		if (!is(a, "type", "play") || !is(a, "use", "activate"))
			continue;
		entries++;
		json_t *ps = json_object_get(e, "params");
		/* each general once, the list in unit order */
		json_t *gl =
		    json_object_get(json_array_get(ps, json_array_size(ps) - 1), "choices");
		int last = -1;
		for (size_t j = 0; j < json_array_size(gl); j++) {
			const char *id =
			    json_string_value(json_object_get(json_array_get(gl, j), "value"));
			int u = lw_unit_by_id(&g->s, id ? id : "");
			CHECKF(u > last && !json_object_get(seen, id),
			       "turn %d: %s listed twice or out of unit order", g->s.turn, id);
			json_object_set_new(seen, id ? id : "", json_true());
			last = u;
		}
		bool by_card = json_array_size(ps) == 2;
		json_t *pc = by_card ? json_array_get(ps, 0) : NULL;
		json_t *p = json_array_get(ps, by_card ? 1 : 0);
		json_t *ch = json_object_get(p, "choices");
		json_t *cards = json_object_get(pc, "choices");
		json_t *by = json_object_get(p, "choices_by");
		CHECKF(is(p, "name", "general") && json_array_size(ch) > 0 &&
		           !json_object_get(a, "general"),
		       "a card's activation names the general as its parameter");
		if (by_card)
			CHECKF(is(pc, "name", "card") && json_array_size(cards) > 1 &&
			           !json_object_get(a, "card") && is(p, "by", "card") &&
			           json_array_size(by) == json_array_size(cards),
			       "several cards: the card a parameter, the general by it");
		else
			CHECKF(json_object_get(a, "card") != NULL && !by,
			       "one card: in the action");
		size_t nc = by_card ? json_array_size(cards) : 1;
		for (size_t k = 0; k < nc; k++) {
			int card = (int)json_integer_value(
			    by_card ? json_object_get(json_array_get(cards, k), "value")
			            : json_object_get(a, "card"));
			/* choices_by[k]: "only" these indices, or all but "except" */
			json_t *spec = json_array_get(by, k);
			json_t *only = json_object_get(spec, "only");
			json_t *shut = only ? only : json_object_get(spec, "except");
			size_t opened = 0, first = 0;
			for (size_t c = 0; c < json_array_size(ch); c++) {
				bool listed = false;
				for (size_t q = 0; q < json_array_size(shut); q++)
					listed |= (size_t)json_integer_value(
					              json_array_get(shut, q)) == c;
				if (by_card && (only ? !listed : listed))
					continue;
				if (!opened++)
					first = c;
				json_t *x = json_array_get(ch, c);
				json_array_append_new(
				    out,
				    activation(card, json_string_value(json_object_get(x, "value")),
				               json_string_value(json_object_get(x, "label"))));
			}
			CHECKF(opened > 0, "turn %d: card %d opens no general", g->s.turn, card);
			/* the parameters complete an action act() takes */
			json_t *full = json_deep_copy(a);
			json_object_set_new(full, "card", json_integer(card));
			json_object_set(full, "general",
			                json_object_get(json_array_get(ch, first), "value"));
			struct game *copy = M->copy(g);
			struct game_outcome o = {0};
			struct tg_error err = {0};
			if (CHECKF(M->act(copy, M->roles[side - 1], full, &o, &err) == 0, "%s",
			           err.message))
				accepted++;
			M->free(copy);
			json_decref(full);
		}
	}
	CHECKF(entries <= 1, "turn %d: %d card activation entries, one wanted", g->s.turn, entries);
	json_decref(l);
	json_decref(seen);
	return out;
}

/* A list's entries in one order, to compare them as sets: the offer's are
 * in the entry's card and general order, the reference's by card. */
static int by_text(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static char *sorted_text(const json_t *list)
{
	size_t n = json_array_size(list), len = 3;
	char **t = calloc(n ? n : 1, sizeof *t);
	for (size_t i = 0; i < n; i++) {
		t[i] = json_dumps(json_array_get(list, i), JSON_COMPACT | JSON_SORT_KEYS);
		len += strlen(t[i]) + 1;
	}
	qsort(t, n, sizeof *t, by_text);
	char *out = malloc(len), *w = out;
	*w++ = '[';
	for (size_t i = 0; i < n; i++) {
		w += sprintf(w, "%s%s", i ? "," : "", t[i]);
		free(t[i]);
	}
	*w++ = ']';
	*w = 0;
	free(t);
	return out;
}

/* Each activation card of the hand (or peculiar card, 23) offered once
 * for its PC, with the label built here from the card. */
static void check_pc_entries(const struct lw_state *s, int side)
{
	json_t *l = json_array();
	lw_ops_offer(s, side, TG_OFFERS_TREE(l));
	const struct lw_player *p = &s->side[side];
	for (int i = 0; i < p->cards.hand_n; i++) {
		int c = p->cards.hand[i], n = 0;
		const struct lw_card *k = lw_card(side, c);
		if (k->kind != LW_KIND_ACTIVATION && k->kind != LW_KIND_PECULIAR)
			continue;
		char want[300];
		snprintf(want, sizeof want, "Play card %d %s [%d PC] for its PC (10.6)", c,
		         lw_play_card_name(side, c), k->pc);
		for (size_t j = 0; j < json_array_size(l); j++) {
			json_t *e = json_array_get(l, j), *a = json_object_get(e, "action");
			if (!is(a, "type", "play") || !is(a, "use", "pc") ||
			    json_integer_value(json_object_get(a, "card")) != c)
				continue;
			n++;
			pc_entries++;
			const char *label = json_string_value(json_object_get(e, "label"));
			CHECKF(label && strcmp(label, want) == 0, "card %d: label %s, want %s", c,
			       label ? label : "(none)", want);
		}
		CHECKF(n == 1, "card %d offered for its PC %d times", c, n);
	}
	json_decref(l);
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (s->phase != LW_PH_OPS || s->step != LW_ST_CARD)
		return;
	int side = s->phasing;
	states++;
	check_pc_entries(s, side);
	json_t *want = reference(s, side), *got = offered(g, side);
	compared += (int)json_array_size(want);
	char *a = sorted_text(want), *b = sorted_text(got);
	CHECKF(strcmp(a, b) == 0, "turn %d: offer %.400s, want %.400s", s->turn, b, a);
	free(a);
	free(b);
	json_decref(want);
	json_decref(got);
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 3,
	                                        .seed_tag = 0x62,
	                                        .scenario = "campaign",
	                                        .bot_mul = 17,
	                                        .bot_add = 3,
	                                        .max_actions = 1500},
	                 after, NULL);
	printf("# %d CARD steps, %d card x general activations compared, %d entries' first "
	       "choice accepted, %d cards offered for their PC\n",
	       states, compared, accepted, pc_entries);
	CHECK(states > 50);
	CHECK(compared > 300);
	CHECK(accepted > 50);
	CHECK(pc_entries > 100);
	return tap_done();
}
