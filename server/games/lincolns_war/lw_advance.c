/* lw_advance.c — 16.10.1 the attacker's advance with some of his generals
 * (see lw_advance.h). */
#include "lw_advance.h"

#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_march.h"

/* Larger forces are offered only one general, or all but one: every group
 * would be too many lines (the handler accepts any group). */
#define ADVANCE_ALL_GROUPS_MAX 8

static bool legal(const struct lw_state *s, const int *go, int ng)
{
	const struct lw_battle *b = &s->battle;
	return lw_stack_check_hex(s, b->def_hex, b->attacker, go, ng, LW_NONE, 0, NULL) == 0 &&
	       lw_stack_check_without(s, b->att_hex, b->attacker, go, ng, NULL) == 0;
}

static void add_choice(const struct lw_state *s, const int *go, int ng, json_t *choices)
{
	json_t *ids = json_array();
	char label[256] = "", id[48], name[64];
	for (int i = 0; i < ng; i++) {
		json_array_append_new(ids, json_string(lw_unit_id(s, go[i], id, sizeof id)));
		size_t l = strlen(label);
		snprintf(label + l, sizeof label - l, "%s%s", i ? ", " : "",
		         lw_unit_name(s, go[i], name, sizeof name));
	}
	json_array_append_new(choices, json_pack("{s:o,s:s}", "value", ids, "label", label));
}

void lw_advance_some_offer(const struct lw_state *s, const int *units, int n, int co,
                           struct tg_offers *list)
{
	if (n < 2 || n > LW_MAX_UNITS)
		return;
	json_t *choices = json_array();
	int go[LW_MAX_UNITS];
	if (n <= ADVANCE_ALL_GROUPS_MAX) {
		for (unsigned m = 1; m + 1 < (1u << n); m++) {
			int ng = 0;
			for (int i = 0; i < n; i++)
				if (m & (1u << i))
					go[ng++] = units[i];
			if (!(ng == 1 && go[0] == co) && legal(s, go, ng))
				add_choice(s, go, ng, choices);
		}
	} else {
		for (int skip = 0; skip < n; skip++) {
			int ng = 0;
			for (int i = 0; i < n; i++)
				if (i != skip)
					go[ng++] = units[i];
			if (legal(s, go, ng))
				add_choice(s, go, ng, choices);
			if (units[skip] != co && legal(s, &units[skip], 1))
				add_choice(s, &units[skip], 1, choices);
		}
	}
	if (json_array_size(choices) == 0) {
		json_decref(choices);
		return;
	}
	char hl[64];
	tg_offer_choice(list, tg_act(list, "{s:s}", "type", "advance"), "units", "Generals",
	                choices, "Advance some of the generals into %s (16.10.1)",
	                lw_hex_label(s->battle.def_hex, hl, sizeof hl));
}

int lw_advance_some_check(const struct lw_state *s, const json_t *a, const int *units, int n,
                          int *go, int *ng, struct tg_error *err)
{
	const json_t *ids = json_object_get(a, "units");
	size_t k = json_array_size(ids);
	if (!json_is_array(ids) || k == 0 || k > (size_t)n)
		return tg_fail(err, TG_E_MALFORMED,
		               "16.10.1: \"units\" lists the generals who advance");
	*ng = 0;
	for (size_t i = 0; i < k; i++) {
		int u = lw_unit_by_id(s, json_string_value(json_array_get(ids, i)));
		bool mine = false, dup = false;
		for (int j = 0; j < n; j++)
			mine |= units[j] == u;
		for (int j = 0; j < *ng; j++)
			dup |= go[j] == u;
		if (u == LW_NONE || !mine || dup)
			return tg_fail(err, TG_E_ILLEGAL,
			               "16.10.1: only the generals involved in the battle advance, "
			               "each once");
		go[(*ng)++] = u;
	}
	if (*ng == n)
		return tg_fail(err, TG_E_MALFORMED,
		               "16.10.1: the whole force advances with \"units\": \"all\"");
	struct tg_error why = {0};
	const struct lw_battle *b = &s->battle;
	if (lw_stack_check_hex(s, b->def_hex, b->attacker, go, *ng, LW_NONE, 0, &why) != 0 ||
	    lw_stack_check_without(s, b->att_hex, b->attacker, go, *ng, &why) != 0)
		return tg_fail(err, TG_E_ILLEGAL, "16.10.1: %s", why.message);
	return 0;
}

/* The first infantry general of a group (else its first): where its IT sit. */
static int lead(const struct lw_state *s, const int *u, int n)
{
	for (int i = 0; i < n; i++)
		if (!s->unit[u[i]].cavalry)
			return u[i];
	return n > 0 ? u[0] : LW_NONE;
}

void lw_advance_some_it(struct lw_state *s, const int *units, int n, const int *go, int ng)
{
	int it = 0, it_new = 0, stay[LW_MAX_UNITS], ns = 0;
	for (int i = 0; i < n; i++) {
		struct lw_unit *x = &s->unit[units[i]];
		it += x->it;
		it_new += x->it_new;
		bool going = false;
		for (int j = 0; j < ng; j++)
			going |= go[j] == units[i];
		if (!going)
			stay[ns++] = units[i];
		x->it = 0;
		x->it_new = 0;
	}
	int battle = it_new < it ? it_new : it;
	int g = lead(s, go, ng), r = lead(s, stay, ns);
	s->unit[g].it = (int16_t)battle;
	s->unit[g].it_new = (int16_t)battle;
	s->unit[r].it = (int16_t)(it - battle);
	s->unit[r].it_new = (int16_t)(it_new - battle);
}
