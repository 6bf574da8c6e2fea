/* lw_events.c — 10.7.2 card events the engine plays: PC transfers, CSP
 * gains, IT and wound removal, free promotions, discarding a seditious
 * card, revealing an enemy force, Reluctant to Follow Orders (10.7.4) and
 * blockade runners (10.7.5). Each offer carries its target, so the player
 * picks event and target in one action. Foote is lw_naval.c's, the
 * assassination plot lw_political.c's; the optional Irregulars (23.2) are
 * placed here through lw_irregulars.c, the optional Peculiar Generals reuse
 * the events above and Laying a Trap is a resource (docs/political_optional.md "Decisions where the
 * text is silent"). */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"

static const char *eid(const struct lw_card *k)
{
	return k->effect_id ? k->effect_id : "";
}

static bool is_event(const struct lw_card *k, const char *id)
{
	return k->effect_kind && strcmp(k->effect_kind, "event") == 0 && strcmp(eid(k), id) == 0;
}

static int param(const struct lw_card *k, const char *key, int dflt)
{
	json_t *v = k->effect ? json_object_get(k->effect, key) : NULL;
	return json_is_integer(v) ? (int)json_integer_value(v) : dflt;
}

/* 10.7.4: "Each deck holds a Reluctant to Follow Orders card which is played
 * as a Resource card in combat" (Meade; Longstreet with the errata): its
 * token is placed by the battle (lw_resource_events.c), never as an event in
 * the card-play step. The optional Magruder (not a resource) is an event. */
static bool reluctant_resource(const struct lw_card *k)
{
	return k->resource && is_event(k, "reluctant_to_follow_orders");
}

bool lw_event_playable(const struct lw_card *k)
{
	if (!k || !k->effect_kind || reluctant_resource(k))
		return false;
	if (lw_irr_event(k))
		return true; /* 23.2: the card is only dealt with the option */
	if (strcmp(k->effect_kind, "pc") == 0 || strcmp(k->effect_kind, "blockade_runner") == 0)
		return true;
	static const char *const ids[] = {"reluctant_to_follow_orders",
	                                  "csp_gain",
	                                  "remove_it",
	                                  "discard_seditious",
	                                  "free_promotion",
	                                  "remove_wound",
	                                  "reveal_force",
	                                  "foote"}; /* 8.1.2.1, 8.1.2.5: lw_naval.c */
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++)
		if (is_event(k, ids[i]))
			return true;
	return false;
}

/* The target of an event, checked: 0 or -1 with err. `t` is a unit index,
 * a hex or a card number depending on the event. */
static int check_target(const struct lw_state *s, int side, const struct lw_card *k, int t,
                        struct tg_error *err)
{
	int other = LW_OTHER(side);
	if (lw_irr_event(k))
		return lw_irr_check(s, t, err); /* 23.2 */
	if (is_event(k, "reluctant_to_follow_orders")) {
		if (t < 0 || t >= s->n_units || s->unit[t].side != other ||
		    s->unit[t].where != LW_W_MAP || lw_force_co(s, s->unit[t].hex) != t)
			return tg_fail(err, TG_E_ILLEGAL, "10.7.4: the target must be an enemy CO");
		if (s->unit[t].flags & LW_UF_RELUCTANT)
			return tg_fail(err, TG_E_ILLEGAL, "10.7.4: he is already reluctant");
		return 0;
	}
	if (is_event(k, "remove_it")) {
		int us[LW_MAX_UNITS];
		if (lw_units_at(s, t, side, us) == 0 || lw_force_it(s, t) == 0)
			return tg_fail(err, TG_E_ILLEGAL,
			               "10.7.2: no force of yours with IT there");
		return 0;
	}
	if (is_event(k, "free_promotion")) {
		if (t < 0 || t >= s->n_units || s->unit[t].side != side ||
		    s->unit[t].where != LW_W_MAP || s->unit[t].gen < 0)
			return tg_fail(err, TG_E_ILLEGAL, "10.7.2: choose one of your generals");
		const struct lw_unit *x = &s->unit[t];
		if (x->flags & (LW_UF_PROMOTED | LW_UF_OOS))
			return tg_fail(err, TG_E_ILLEGAL,
			               "7.1: one promotion a turn, and only in supply");
		if (x->stars >= lw_D()->generals[x->gen].max_stars)
			return tg_fail(err, TG_E_ILLEGAL, "1.3.1: he has no higher counter");
		return lw_stack_check_hex(s, x->hex, side, NULL, 0, t, x->stars + 1, err);
	}
	if (is_event(k, "remove_wound")) {
		if (t < 0 || t >= s->n_units || s->unit[t].side != side ||
		    s->unit[t].where != LW_W_MAP || s->unit[t].wounds == 0)
			return tg_fail(err, TG_E_ILLEGAL,
			               "16.8.1: choose a wounded general of yours");
		return 0;
	}
	if (is_event(k, "reveal_force")) {
		int us[LW_MAX_UNITS];
		if (lw_units_at(s, t, other, us) == 0)
			return tg_fail(err, TG_E_ILLEGAL, "12.7: no enemy force there");
		return 0;
	}
	if (is_event(k, "discard_seditious")) {
		const struct lw_card *c = lw_card(side, t);
		if (lw_hand_find(s, side, t) < 0 || !c || c->kind != LW_KIND_SEDITIOUS)
			return tg_fail(err, TG_E_ILLEGAL,
			               "10.7.7: choose a seditious card in your hand");
		return 0;
	}
	return 0;
}

static bool needs_target(const struct lw_card *k)
{
	return k->effect_kind && strcmp(k->effect_kind, "event") == 0 && !is_event(k, "csp_gain") &&
	       !is_event(k, "foote");
}

/* The data's closing note on a card text that is not the rulebook's, and
 * the short mark an event's label gives in its place. */
#define RECONSTRUCTED " [reconstructed text: the rulebook does not print card texts]"
#define RECONSTRUCTED_MARK " [reconstructed text]"

/* k's text as its event's label gives it, in buf, with *mark the mark the
 * label puts before it: RECONSTRUCTED is left out of the text (issue 17:
 * it was about a tenth of a CARD step's event labels, which the step's
 * opening patch carries all at once) but a reconstructed text still says
 * so (a guess is never shown as the published value: a player by email
 * reads the labels, not the hand), before the text, where a cut at 255
 * bytes cannot drop it. A longer text is cut as the label would cut it. */
static const char *label_text(const struct lw_card *k, char buf[256], const char **mark)
{
	const char *t = k->text ? k->text : "";
	size_t n = strlen(t), nn = sizeof RECONSTRUCTED - 1;
	*mark = "";
	if (n >= nn && memcmp(t + n - nn, RECONSTRUCTED, nn) == 0) {
		n -= nn;
		*mark = RECONSTRUCTED_MARK;
	}
	if (n > 255)
		n = 255;
	memcpy(buf, t, n);
	buf[n] = '\0';
	return buf;
}

void lw_event_offer(const struct lw_state *s, int side, struct tg_offers *list, int card)
{
	const struct lw_card *k = lw_card(side, card);
	if (!lw_event_playable(k))
		return;
	const char *note = k->erratic ? " (needs a 3-6, 10.6.5)" : "";
	if (lw_irr_event(k)) {
		lw_irr_offer(s, list, card); /* 23.2: one offer per city */
		return;
	}
	char hex[64], text[256];
	const char *mark, *body = label_text(k, text, &mark);
	if (!needs_target(k)) {
		tg_offer(
		    list,
		    tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", card, "use", "event"),
		    "Play card %d %s for its event%s%s: %s", card, k->name, note, mark, body);
		return;
	}
	/* One entry, its target a param (issue 17: one entry per target
	 * repeated the card's text, a fifth of a card step's offers). */
	struct tg_offer_list ch;
	tg_offer_list_open(list, &ch);
	const char *param, *plabel, *on = "";
	bool by_hex = is_event(k, "remove_it") || is_event(k, "reveal_force");
	if (by_hex) {
		param = "hex", plabel = "Hex", on = " at a hex";
		/* hexes in ascending order: the list must not depend on which
		 * (hidden) unit stands where */
		int seen[LW_MAX_UNITS], ns = 0;
		for (int u = 0; u < s->n_units; u++) {
			int hx = s->unit[u].hex;
			if (s->unit[u].where != LW_W_MAP)
				continue;
			bool dup = false;
			for (int i = 0; i < ns; i++)
				dup |= seen[i] == hx;
			if (!dup)
				seen[ns++] = hx;
		}
		for (int i = 1; i < ns; i++)
			for (int j = i; j > 0 && seen[j - 1] > seen[j]; j--) {
				int tmp = seen[j];
				seen[j] = seen[j - 1];
				seen[j - 1] = tmp;
			}
		for (int i = 0; i < ns; i++)
			if (check_target(s, side, k, seen[i], NULL) == 0)
				tg_offer_list_choice_int(&ch, seen[i],
				                         lw_hex_label(seen[i], hex, sizeof hex));
	} else if (is_event(k, "discard_seditious")) {
		param = "discard", plabel = "Seditious card to discard without loss";
		const struct lw_cards *c = &s->side[side].cards;
		for (int i = 0; i < c->hand_n; i++)
			if (check_target(s, side, k, c->hand[i], NULL) == 0) {
				char l[96];
				snprintf(l, sizeof l, "%d %s", c->hand[i],
				         lw_card(side, c->hand[i])->name);
				tg_offer_list_choice_int(&ch, c->hand[i], l);
			}
	} else {
		param = "target", plabel = "General", on = " on a general";
		for (int u = 0; u < s->n_units; u++)
			if (check_target(s, side, k, u, NULL) == 0)
				lw_unit_choice_add(&ch, s, u);
	}
	if (ch.n == 0) {
		tg_offer_list_free(&ch);
		return;
	}
	/* tg_offer_choice's entry (its label cut at 255 bytes), the list as text */
	char label[256];
	tg_label(label, "Play card %d %s for its event%s%s%s: %s", card, k->name, note, on, mark,
	         body); /* snprintf's bytes (and no truncation warning) */
	tg_offer_begin(list,
	               tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", card, "use", "event"),
	               label);
	tg_offer_param(list, param, plabel, NULL, &ch, NULL);
	tg_offer_end(list);
}

/* The target named by an action, as check_target expects it. */
static int target_of(const struct lw_state *s, const struct lw_card *k, const json_t *a)
{
	int t = -1;
	if (is_event(k, "remove_it") || is_event(k, "reveal_force") || lw_irr_event(k))
		lw_a_int(a, "hex", &t);
	else if (is_event(k, "discard_seditious"))
		lw_a_int(a, "discard", &t);
	else
		t = lw_unit_by_id(s, lw_a_str(a, "target"));
	return t;
}

int lw_event_check(const struct lw_state *s, int side, const struct lw_card *k, const json_t *a,
                   struct tg_error *err)
{
	if (k && k->effect_kind && reluctant_resource(k))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.4: card %d Reluctant to Follow Orders is played as a "
		               "Resource card in combat",
		               k->number);
	if (!lw_event_playable(k))
		return tg_fail(err, TG_E_ILLEGAL, "10.7.2: card %d has no event playable here",
		               k ? k->number : 0);
	if (!needs_target(k))
		return 0;
	return check_target(s, side, k, target_of(s, k, a), err);
}

int lw_event_apply(struct lw_state *s, int side, const struct lw_card *k, const json_t *a,
                   struct game_outcome *out, struct tg_error *err)
{
	if (lw_event_check(s, side, k, a, err) != 0)
		return -1;
	int other = LW_OTHER(side);
	char name[64], hex[64];
	if (strcmp(k->effect_kind, "pc") == 0) {
		int self = param(k, "self", 0), enemy = param(k, "enemy", 0);
		lw_gain_pc(s, side, self);
		lw_lose_pc(s, other, enemy);
		lw_log(s, "Event %s: %s +%d PC, %s -%d PC.", k->name, lw_side_title(side), self,
		       lw_side_title(other), enemy);
		return 0;
	}
	if (strcmp(k->effect_kind, "blockade_runner") == 0) {
		int pc = param(k, "pc", 0);
		/* 10.7.5: a port effectively blockaded (8.2) must be run: 3-6
		 * (8.1.1); 8.2: a port occupied by a Union force or garrison
		 * "is considered blockaded for the purposes of rule 8.2" */
		const struct lw_city *port =
		    k->blockade_port ? lw_data_city(lw_D(), k->blockade_port) : NULL;
		if (port && lw_naval_blockaded_for_effects(s, lw_city_at(port->hex))) {
			int die = tg_rng_die(&s->rng, 6);
			if (out)
				out->barrier = true;
			if (die < lw_D()->tables.naval.run_blockade_min) {
				lw_log(s,
				       "Blockade runner %s: %s is blockaded and the run fails "
				       "(roll %d, 10.7.5, 8.1.1).",
				       k->name, port->name, die);
				return 0;
			}
		}
		lw_gain_pc(s, side, pc);
		lw_log(s, "Blockade runner %s brings %d PC (10.7.5).", k->name, pc);
		return 0;
	}
	if (is_event(k, "csp_gain")) {
		int n = param(k, "csp", 0), e = param(k, "enemy_csp", 0);
		int csp = s->side[side].csp + n;
		s->side[side].csp = (int16_t)(csp > 10 ? 10 : csp); /* 7.1.6 */
		int ecsp = s->side[other].csp - e;
		s->side[other].csp = (int16_t)(ecsp < 0 ? 0 : ecsp);
		lw_log(s, "Event %s: the %s player gains %d CSP%s.", k->name, lw_side_title(side),
		       n, e ? " and his opponent loses some" : "");
		return 0;
	}
	if (is_event(k, "foote")) {
		s->navy.foote = 1; /* 8.1.2.1, 8.1.2.5: for the rest of the game */
		lw_log(s,
		       "Event %s: from now on CS Assets forced to retreat are destroyed and the "
		       "Union adds +2 to destroy Assets in blockaded ports (8.1.2).",
		       k->name);
		return 0;
	}
	int t = target_of(s, k, a);
	if (lw_irr_event(k)) {
		lw_irr_place(s, t); /* 23.2 */
	} else if (is_event(k, "reluctant_to_follow_orders")) {
		s->unit[t].flags |= LW_UF_RELUCTANT;
		lw_log(s, "%s is Reluctant to Follow Orders (10.7.4).",
		       lw_unit_name(s, t, name, sizeof name));
	} else if (is_event(k, "remove_it")) {
		int n = param(k, "count", 1), us[LW_MAX_UNITS];
		int nu = lw_units_at(s, t, side, us), removed = 0;
		for (int i = 0; i < nu && removed < n; i++)
			while (s->unit[us[i]].it > 0 && removed < n) {
				s->unit[us[i]].it--;
				if (s->unit[us[i]].it_new > s->unit[us[i]].it)
					s->unit[us[i]].it_new = s->unit[us[i]].it;
				removed++;
			}
		lw_log(s, "Event %s: %d IT removed at %s.", k->name, removed,
		       lw_hex_label(t, hex, sizeof hex));
	} else if (is_event(k, "free_promotion")) {
		lw_promote(s, t);
		lw_log(s, "Event %s: %s is promoted to %d stars.", k->name,
		       lw_public_name(s, t, name, sizeof name), s->unit[t].stars);
	} else if (is_event(k, "remove_wound")) {
		s->unit[t].wounds--;
		lw_log(s, "Event %s: a wound of %s heals.", k->name,
		       lw_public_name(s, t, name, sizeof name));
	} else if (is_event(k, "reveal_force")) {
		int us[LW_MAX_UNITS];
		int nu = lw_units_at(s, t, other, us);
		for (int i = 0; i < nu; i++)
			s->unit[us[i]].flags |= LW_UF_REVEALED; /* public until the supply phase */
		if (out)
			out->barrier = true;
		lw_log(s, "Event %s: the %s force at %s is revealed.", k->name,
		       lw_side_title(other), lw_hex_label(t, hex, sizeof hex));
	} else if (is_event(k, "discard_seditious")) {
		lw_hand_remove(s, side, lw_hand_find(s, side, t));
		lw_discard(s, side, t);
		lw_log(s, "Event %s: the %s player discards seditious card %d %s (10.7.7).",
		       k->name, lw_side_title(side), t, lw_card(side, t)->name);
	}
	return 0;
}
