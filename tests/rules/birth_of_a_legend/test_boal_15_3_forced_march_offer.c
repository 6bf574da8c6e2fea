/* 15.3 Forced March: "During an Assault Impulse the attacker may declare
 * that units in the Active Area are going to conduct a Forced March. Only
 * Fresh units may be selected for a Forced March. Units conducting a Forced
 * March receive one additional MF that Impulse. Fresh Infantry units that
 * Assault at the conclusion of a Forced March are treated as Exhausted for
 * purposes of calculating the Attack Value of that Assault (Case 10.4.2)."
 *
 * The Assault impulse's movement offers it (a client, or a random player,
 * that plays from the offers could not make it before): in the Advanced
 * game only, as ONE entry whose param "units" chooses among the Fresh
 * activated units of the Active Area that have neither moved nor marched
 * (each alone, or all of them); every choice is accepted and gives its
 * units one more MF; a unit named twice is refused (it would have gained
 * two).
 *
 * A.P. Hill's division (aphill_inf, aphill_art) and the Independents
 * johnson_inf, johnson_art, 2va_cav and wise_inf (Exhausted) in Meadow's
 * Bridge Road (45); Anderson's division there is not activated. 45 -> 3
 * costs A.P. Hill's infantry 2 of its 5 MF (test_boal_09_movement). */
#include "boal_impulse_testkit.h"

static void board(struct boal_state *s, bool advanced)
{
	bt_setup(s, advanced);
	s->army_active[BOAL_CONFEDERATE] = true;
	const char *indep[] = {"johnson_inf", "johnson_art", "2va_cav", "wise_inf"};
	for (int i = 0; i < 4; i++)
		bt_put(s, indep[i], 45);
	s->unit[bt_unit("wise_inf")].exhausted = true;
	boal_impulse_begin(s, BOAL_CONFEDERATE);
}

/* the Confederate offers of type forced_march: how many; *entry the last */
static int fm_offers(const struct boal_state *s, json_t **entry)
{
	json_t *l = tg_pending_legal(bt_table, BT_N, s, BOAL_CONFEDERATE);
	size_t i;
	json_t *o;
	int n = 0;
	if (entry)
		*entry = NULL;
	json_array_foreach(l, i, o)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(o, "action"), "type"));
		if (!t || strcmp(t, "forced_march"))
			continue;
		n++;
		if (entry) {
			json_decref(*entry);
			*entry = json_deep_copy(o);
		}
	}
	json_decref(l);
	return n;
}

/* the one-unit choices of the entry's "units" param, sorted, joined by
 * spaces into buf; the number of choices naming more than one unit in
 * *all_n, and how many units the largest names in *all_units */
static const char *singles(const json_t *entry, char *buf, size_t n, int *all_n, int *all_units)
{
	const char *ids[64];
	int k = 0;
	*all_n = *all_units = 0;
	const json_t *params = json_object_get(entry, "params");
	CHECK_EQ_INT((int)json_array_size(params), 1);
	const json_t *p = json_array_get(params, 0);
	CHECK_EQ_STR(json_string_value(json_object_get(p, "name")), "units");
	size_t i;
	const json_t *c;
	json_array_foreach(json_object_get(p, "choices"), i, c)
	{
		const json_t *v = json_object_get(c, "value");
		CHECK(json_is_array(v));
		CHECK(json_is_string(json_object_get(c, "label")));
		if (json_array_size(v) == 1 && k < 64)
			ids[k++] = json_string_value(json_array_get(v, 0));
		else if (json_array_size(v) > 1) {
			(*all_n)++;
			if ((int)json_array_size(v) > *all_units)
				*all_units = (int)json_array_size(v);
		}
	}
	for (int a = 0; a < k; a++)
		for (int b = a + 1; b < k; b++)
			if (strcmp(ids[b], ids[a]) < 0) {
				const char *x = ids[a];
				ids[a] = ids[b];
				ids[b] = x;
			}
	buf[0] = '\0';
	for (int a = 0; a < k; a++) {
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s", a ? " " : "", ids[a]);
	}
	return buf;
}

/* every choice of the entry, played on a copy of s, is accepted and gives
 * each unit it names one more MF, marked as Forced */
static int every_choice_accepted(const struct boal_state *s, const json_t *entry)
{
	const json_t *p = json_array_get(json_object_get(entry, "params"), 0);
	size_t i;
	const json_t *c;
	int bad = 0;
	json_array_foreach(json_object_get(p, "choices"), i, c)
	{
		struct boal_state t = *s;
		json_t *a = json_deep_copy(json_object_get(entry, "action"));
		json_object_set(a, "units", json_object_get(c, "value"));
		char *text = json_dumps(a, JSON_COMPACT);
		json_decref(a);
		if (bt_act(&t, BOAL_CONFEDERATE, text) != 0) {
			fprintf(stderr, "refused %s: %s\n", text, bt_err.message);
			bad++;
		}
		free(text);
		size_t k;
		const json_t *id;
		json_array_foreach(json_object_get(c, "value"), k, id)
		{
			int u = bt_unit(json_string_value(id));
			bad += t.imp.mf[u] != s->imp.mf[u] + 1 ||
			       t.imp.mf_full[u] != s->imp.mf_full[u] + 1 ||
			       !(t.imp.uflag[u] & BOAL_IU_FORCED);
		}
	}
	return bad;
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;
	json_t *e = NULL;
	char buf[512];
	int all_n, all_units;

	/* the Basic game: never offered (nor accepted, test_boal_09_movement) */
	board(&s, false);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	CHECK_EQ_INT(fm_offers(&s, NULL), 0);

	/* the Advanced game: not before the activation ("During an Assault
	 * Impulse") */
	board(&s, true);
	CHECK_EQ_INT(fm_offers(&s, NULL), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	/* one entry; the Fresh activated units each alone, and all four; not
	 * the Exhausted wise_inf, not Anderson's (not activated) */
	CHECK_EQ_INT(fm_offers(&s, &e), 1);
	CHECK(e && strstr(json_string_value(json_object_get(e, "label")), "15.3"));
	CHECK_EQ_STR(singles(e, buf, sizeof buf, &all_n, &all_units),
	             "2va_cav aphill_art aphill_inf johnson_art johnson_inf");
	CHECK_EQ_INT(all_n, 1);
	CHECK_EQ_INT(all_units, 5);
	CHECK_EQ_INT(every_choice_accepted(&s, e), 0);

	/* applied: A.P. Hill's infantry marches with 6 MF; 45 -> 3 costs 2 */
	int inf = bt_unit("aphill_inf");
	CHECK_EQ_INT(s.imp.mf[inf], 5);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"aphill_inf\"]}"), 0);
	CHECK_EQ_INT(s.imp.mf[inf], 6);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":3}"), 0);
	CHECK_EQ_INT(s.imp.mf[inf], 4);
	/* a unit that marched or moved is offered no more */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"johnson_inf\",\"to\":3}"), 0);
	json_decref(e);
	CHECK_EQ_INT(fm_offers(&s, &e), 1);
	CHECK_EQ_STR(singles(e, buf, sizeof buf, &all_n, &all_units),
	             "2va_cav aphill_art johnson_art");
	CHECK_EQ_INT(all_units, 3);
	CHECK_EQ_INT(every_choice_accepted(&s, e), 0);
	/* a unit named twice would gain two MF: refused, nothing changes */
	int art = bt_unit("johnson_art");
	CHECK(bt_act(&s, C,
	             "{\"type\":\"forced_march\",\"units\":[\"johnson_art\",\"johnson_art\"]}") !=
	      0);
	CHECK(strstr(bt_err.message, "15.3") != NULL);
	CHECK_EQ_INT(s.imp.mf[art], s.imp.mf_full[art]);
	CHECK(!(s.imp.uflag[art] & BOAL_IU_FORCED));
	/* the one choice of a single unit left: no "all" */
	CHECK_EQ_INT(
	    bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"2va_cav\",\"aphill_art\"]}"), 0);
	json_decref(e);
	CHECK_EQ_INT(fm_offers(&s, &e), 1);
	CHECK_EQ_STR(singles(e, buf, sizeof buf, &all_n, &all_units), "johnson_art");
	CHECK_EQ_INT(all_n, 0);
	/* none left: no entry (never one with nothing to choose) */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"johnson_art\"]}"), 0);
	CHECK_EQ_INT(fm_offers(&s, NULL), 0);
	json_decref(e);

	/* 15.3 is "During an Assault Impulse": a Regroup offers no Forced March */
	board(&s, true);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"regroup\",\"area\":45}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "regroup");
	CHECK_EQ_INT(fm_offers(&s, NULL), 0);
	CHECK(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"aphill_inf\"]}") != 0);
	return tap_done();
}
