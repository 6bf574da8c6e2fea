/* 10.1-10.4: which units assault, offered as one choice an area.
 * 10.1: "A friendly unit must make a Mandatory Assault whenever it enters
 * an enemy-occupied Area that was not Contested at the beginning of the
 * Impulse." 10.2: "Unless required to conduct a Mandatory Assault, the
 * Attacker may Assault with some, all, or none of his units that entered
 * the Area. If he chooses to Assault, at least one Point Unit must
 * Assault." 10.3: "all, some or none of the units starting in that Area
 * may Assault before they begin movement ... If any defending units remain
 * in the Active Area after the Assault has been resolved the assaulting
 * units may not Assault again or move". 10.4: "the Attacker selects the
 * Point Unit and all Assaulting units". 10.0: "Units of the Attacker that
 * are not participating in the Assault never become Exhausted by the
 * Assault". So the offer is one entry an area: the Point Unit a param, and
 * where the assault is optional the other assaulting units a param of
 * several choices ("many": any of them, the Point Unit assaulting in any
 * case); a Mandatory Assault names every unit that entered. */
#include "boal_impulse_testkit.h"

/* Johnson (attack 2) alone against the Exhausted White House infantry
 * (defense 3) in Mechanicsville (TEM +2): AV 2, DV 5. With Anderson's
 * Fresh artillery too the AV would be 3 (10.4.2 "+1 Each additional Fresh
 * Cavalry and Artillery unit"). */
static bool repulse_alone(int a, int d)
{
	return 2 + a < 5 + d;
}

/* 10.3: Mechanicsville (3) Contested at the start: Anderson's artillery
 * and Johnson's Independent infantry against the White House infantry */
static void contested3(struct boal_state *s)
{
	bt_setup(s, false);
	bt_clear(s);
	s->army_active[BOAL_CONFEDERATE] = true;
	bt_put(s, "anderson_art", 3);
	bt_put(s, "johnson_inf", 3); /* an Independent */
	bt_put(s, "whitehouse_inf", 3);
	s->unit[bt_unit("whitehouse_inf")].exhausted = true;
	bt_seed_for(s, 5, repulse_alone);
	boal_impulse_begin(s, BOAL_CONFEDERATE);
	bt_act(s, 1, "{\"type\":\"activate\",\"area\":3}");
	bt_act(s, 1, "{\"type\":\"activate_unit\",\"unit\":\"anderson_art\"}");
}

/* the assault offers of role for area (a copy), and how many there are */
static json_t *assault_offer(const struct boal_state *s, int role, int area, int *count)
{
	json_t *l = tg_pending_legal(bt_table, BT_N, s, role), *found = NULL, *o;
	size_t i;
	*count = 0;
	json_array_foreach(l, i, o)
	{
		json_t *a = json_object_get(o, "action");
		if (!strcmp(json_string_value(json_object_get(a, "type")), "assault") &&
		    json_integer_value(json_object_get(a, "area")) == area && (*count)++ == 0)
			found = json_deep_copy(o);
	}
	json_decref(l);
	return found;
}

static const json_t *param(const json_t *offer, const char *name)
{
	size_t i;
	json_t *p;
	json_array_foreach(
	    json_object_get(offer, "params"), i,
	    p) if (!strcmp(json_string_value(json_object_get(p, "name")), name)) return p;
	return NULL;
}

/* the choices' values of a param, comma-joined */
static void values(const json_t *p, char *out, size_t n)
{
	size_t i, len = 0;
	json_t *c;
	out[0] = '\0';
	json_array_foreach(json_object_get(p, "choices"), i, c)
	{
		len += (size_t)snprintf(out + len, n - len, "%s%s", i ? "," : "",
		                        json_string_value(json_object_get(c, "value")));
		if (len >= n)
			break;
	}
}

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	int art = bt_unit("anderson_art"), john = bt_unit("johnson_inf"),
	    wh = bt_unit("whitehouse_inf");
	char buf[256];
	int count;

	/* 10.3, 10.4: one offer for the area; the Point Unit and the others
	 * are its params */
	contested3(&s);
	json_t *o = assault_offer(&s, C, 3, &count);
	CHECK_EQ_INT(count, 1);
	CHECK(o != NULL);
	const json_t *point = param(o, "point"), *units = param(o, "units");
	CHECK(point && units);
	values(point, buf, sizeof buf);
	CHECK_EQ_STR(buf, "johnson_inf,anderson_art");
	values(units, buf, sizeof buf);
	CHECK_EQ_STR(buf, "johnson_inf,anderson_art");
	CHECK(json_is_true(json_object_get(units, "many")));
	CHECK(!json_object_get(point, "many"));
	CHECK(!json_object_get(json_object_get(o, "action"), "units"));
	json_decref(o);

	/* a unit that may not assault the area is refused */
	CHECK(bt_act(&s, C,
	             "{\"type\":\"assault\",\"area\":3,\"point\":\"johnson_inf\",\"units\":["
	             "\"whitehouse_inf\"]}") != 0);
	/* "some": Johnson alone, the others' list empty (the Point Unit
	 * assaults in any case) */
	CHECK_EQ_INT(
	    bt_act(&s, C,
	           "{\"type\":\"assault\",\"area\":3,\"point\":\"johnson_inf\",\"units\":[]}"),
	    0);
	CHECK(s.imp.uflag[john] & BOAL_IU_ASSAULT);
	CHECK(!(s.imp.uflag[art] & BOAL_IU_ASSAULT));
	int adr, ddr;
	{
		struct boal_state t;
		contested3(&t);
		bt_predict(&t, &adr, &ddr);
	}
	/* 10.4.2: the artillery that stayed out adds nothing: AV 2 */
	CHECK_EQ_INT(s.imp.a_at, 2 + adr);
	CHECK_EQ_INT(s.imp.a_dt, 5 + ddr);
	CHECK_EQ_INT(s.imp.a_result, BOAL_REPULSE);
	/* 10.4.4 Repulse: the assaulting unit Exhausted; 10.0: the one that
	 * did not assault is not */
	CHECK(s.unit[john].exhausted);
	CHECK(!s.unit[art].exhausted);
	CHECK_EQ_INT(s.unit[john].area, 3);
	CHECK_EQ_STR(bt_pending(&s), "voluntary");
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"done\"}"), 0);
	CHECK_EQ_INT(s.unit[wh].area, 3);
	/* 10.3: Johnson's impulse is over; the artillery, which stayed out,
	 * moves on (1 MF more to leave: only Exhausted defenders) */
	CHECK(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"johnson_inf\",\"to\":4}") != 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_art\",\"to\":4}"), 0);
	CHECK_EQ_INT(s.imp.mf[art], 5 - 1 - 1);

	/* the same offer played whole: both assault, the AV 3 */
	contested3(&s);
	CHECK_EQ_INT(bt_act(&s, C,
	                    "{\"type\":\"assault\",\"area\":3,\"point\":\"johnson_inf\",\"units\":["
	                    "\"johnson_inf\",\"anderson_art\"]}"),
	             0);
	CHECK(s.imp.uflag[art] & BOAL_IU_ASSAULT);
	CHECK_EQ_INT(s.imp.a_at, 3 + adr);

	/* 10.1: Mandatory: A.P. Hill and Johnson enter McCall's Ellerson's
	 * Mill (6), not Contested: the offer names both, only the Point Unit
	 * is chosen, and leaving one out is refused */
	bt_hill_johnson_at_mechanicsville(&s, false);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"johnson_inf\",\"to\":6}"), 0);
	o = assault_offer(&s, C, 6, &count);
	CHECK_EQ_INT(count, 1);
	CHECK(o != NULL);
	CHECK(!param(o, "units"));
	json_t *named = json_object_get(json_object_get(o, "action"), "units");
	CHECK_EQ_INT((int)json_array_size(named), 2);
	point = param(o, "point");
	values(point, buf, sizeof buf);
	CHECK_EQ_STR(buf, "johnson_inf,aphill_inf");
	json_decref(o);
	CHECK(bt_act(&s, C,
	             "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\",\"units\":[]}") !=
	      0);
	CHECK_EQ_INT(bt_act(&s, C,
	                    "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\",\"units\":["
	                    "\"johnson_inf\",\"aphill_inf\"]}"),
	             0);
	CHECK(s.imp.uflag[john] & BOAL_IU_ASSAULT);
	return tap_done();
}
