/* 12.1 Combined Regroup: "The Advantage may be used to: ... Conduct a
 * Combined Regroup. If the Army Leader is Inactive, either player may
 * spend the Advantage to activate any two Areas for Regroup Movement."
 * 8.1.2: "The Attacker may activate all of the units and Leader markers in
 * a single Area and move them to any adjacent, uncontested and
 * friendly-controlled Area or Areas." 12.1.1: "After the Advantage is used
 * it belongs to neither player until the end of the current Phase or
 * Impulse, at which time it becomes the property of the player who did not
 * use it."
 *
 * The impulse's choice offers it (a client, or a random player, that plays
 * from the offers could not make it before): while the Attacker's Army
 * Leader is Inactive and he holds the Advantage, one entry for each Area
 * that a Regroup is offered from (his units, a friendly, uncontested
 * neighbour), whose param "area2" chooses the second among the others;
 * every choice is accepted, spends the Advantage and activates both Areas.
 *
 * The board: Confederates in Meadow's Bridge Road (45), Old Tavern (41)
 * and Charles City Road (42), all three with Confederate neighbours, and in
 * Hundley's Corner (5: every neighbour Union-controlled, no Regroup from
 * it); Union in Ellerson's Mill (6) and Gaines Mill/Cold Harbor (7). */
#include "boal_impulse_testkit.h"

static void board(struct boal_state *s)
{
	bt_setup(s, false);
	bt_clear(s);
	for (int a = 1; a <= BOAL_AREAS; a++)
		s->control[a] = (uint8_t)BOAL_UNION;
	const int cs[] = {41, 42, 44, 45, 5};
	for (int i = 0; i < 5; i++)
		s->control[cs[i]] = (uint8_t)BOAL_CONFEDERATE;
	bt_put(s, "aphill_inf", 45);
	bt_put(s, "anderson_inf", 45);
	bt_put(s, "jones_inf", 41);
	bt_put(s, "huger_inf", 42);
	bt_put(s, "wise_inf", 5);
	bt_put(s, "mccall_inf", 6);
	bt_put(s, "morell_inf", 7);
	s->leader[bt_leader("aphill")].area = 45;
	s->army_active[BOAL_CONFEDERATE] = s->army_active[BOAL_UNION] = false;
	s->advantage = BOAL_CONFEDERATE;
}

/* side's Combined Regroup entries (regroup with a param), described as
 * "area:choice,choice;..." in offer order into buf; their count */
static int combined(const struct boal_state *s, int side, char *buf, size_t n)
{
	json_t *l = tg_pending_legal(bt_table, BT_N, s, side);
	size_t i;
	json_t *o;
	int k = 0;
	buf[0] = '\0';
	json_array_foreach(l, i, o)
	{
		const json_t *a = json_object_get(o, "action");
		const json_t *ps = json_object_get(o, "params");
		if (strcmp(json_string_value(json_object_get(a, "type")), "regroup") ||
		    json_array_size(ps) == 0)
			continue;
		k++;
		CHECK(strstr(json_string_value(json_object_get(o, "label")), "12.1") != NULL);
		CHECK_EQ_INT((int)json_array_size(ps), 1);
		const json_t *p = json_array_get(ps, 0);
		CHECK_EQ_STR(json_string_value(json_object_get(p, "name")), "area2");
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "%s%d:", k > 1 ? ";" : "",
		         (int)json_integer_value(json_object_get(a, "area")));
		size_t j;
		const json_t *c;
		json_array_foreach(json_object_get(p, "choices"), j, c)
		{
			len = strlen(buf);
			snprintf(buf + len, n - len, "%s%d", j ? "," : "",
			         (int)json_integer_value(json_object_get(c, "value")));
			CHECK(json_is_string(json_object_get(c, "label")));
		}
	}
	json_decref(l);
	return k;
}

/* every (area, area2) the entries offer, played on a copy, is accepted,
 * spends the Advantage and activates the units of both Areas (and no
 * other) */
static int every_choice_accepted(const struct boal_state *s, int side)
{
	const struct boal_data *d = bt_data();
	json_t *l = tg_pending_legal(bt_table, BT_N, s, side);
	size_t i;
	json_t *o;
	int bad = 0, tried = 0;
	json_array_foreach(l, i, o)
	{
		const json_t *a = json_object_get(o, "action");
		const json_t *p = json_array_get(json_object_get(o, "params"), 0);
		if (strcmp(json_string_value(json_object_get(a, "type")), "regroup") || !p)
			continue;
		size_t j;
		const json_t *c;
		json_array_foreach(json_object_get(p, "choices"), j, c)
		{
			struct boal_state t = *s;
			json_t *x = json_deep_copy(a);
			json_object_set(x, "area2", json_object_get(c, "value"));
			int a1 = (int)json_integer_value(json_object_get(x, "area"));
			int a2 = (int)json_integer_value(json_object_get(x, "area2"));
			char *text = json_dumps(x, JSON_COMPACT);
			json_decref(x);
			tried++;
			if (bt_act(&t, side, text) != 0) {
				fprintf(stderr, "refused %s: %s\n", text, bt_err.message);
				bad++;
			}
			free(text);
			bad += t.advantage != BOAL_NOBODY || strcmp(bt_pending(&t), "regroup") != 0;
			for (int u = 0; u < t.n_units; u++) {
				bool origin = t.unit[u].area == a1 || t.unit[u].area == a2;
				bool active = (t.imp.uflag[u] & BOAL_IU_ACTIVE) != 0;
				bad += d->unit[u].side == side && origin != active;
			}
		}
	}
	json_decref(l);
	return tried ? bad : -1;
}

static int mv(struct boal_state *s, const char *id, int to)
{
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"unit\":\"%s\",\"to\":%d}", id, to);
	return bt_act(s, BOAL_CONFEDERATE, buf);
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE, U = BOAL_UNION;
	char buf[256];

	/* Lee Inactive, the Advantage held: an entry from each of 45, 41 and
	 * 42, the second any other of them; not from 5 (no friendly
	 * neighbour), nor 5 as the second */
	board(&s);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, C, buf, sizeof buf), 3);
	CHECK_EQ_STR(buf, "41:42,45;42:41,45;45:41,42");
	CHECK_EQ_INT(every_choice_accepted(&s, C), 0);

	/* "If the Army Leader is Inactive": not with Lee Active */
	board(&s);
	s.army_active[C] = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, C, buf, sizeof buf), 0);
	/* "spend the Advantage": not without it */
	board(&s);
	s.advantage = U;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, C, buf, sizeof buf), 0);
	/* "any two Areas": not with one Area to Regroup from */
	board(&s);
	s.unit[bt_unit("jones_inf")].area = BOAL_NOWHERE;
	s.unit[bt_unit("huger_inf")].area = BOAL_NOWHERE;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(combined(&s, C, buf, sizeof buf), 0);
	/* a Rally has spent the Advantage on an Assault Impulse: no Regroup */
	board(&s);
	s.leader[bt_leader("aphill")].inactive = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"rally\",\"area\":45}"), 0);
	CHECK_EQ_INT(combined(&s, C, buf, sizeof buf), 0);

	/* "either player": the Union, McClellan Inactive, holding it */
	board(&s);
	s.advantage = U;
	boal_impulse_begin(&s, U);
	CHECK_EQ_INT(combined(&s, U, buf, sizeof buf), 2);
	CHECK_EQ_STR(buf, "6:7;7:6");
	CHECK_EQ_INT(every_choice_accepted(&s, U), 0);

	/* applied: 45 and 41 regroup, each piece once; the Advantage passes
	 * to the Union at the Impulse's end (12.1.1) */
	board(&s);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"regroup\",\"area\":45,\"area2\":41}"), 0);
	CHECK_EQ_INT(s.advantage, BOAL_NOBODY);
	CHECK_EQ_INT(mv(&s, "aphill_inf", 44), 0);
	CHECK_EQ_INT(mv(&s, "jones_inf", 44), 0);
	CHECK(mv(&s, "huger_inf", 44) != 0); /* 42 is not a Regroup area */
	CHECK(mv(&s, "jones_inf", 42) != 0); /* once */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"leader\":\"aphill\",\"to\":41}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));
	CHECK_EQ_INT(s.advantage, U);
	CHECK(!s.leader[bt_leader("aphill")].inactive); /* 8.1.2 */
	return tap_done();
}
