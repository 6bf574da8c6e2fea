/* 9.6 Deactivation of Leaders: "An Active Leader becomes Inactive at the
 * end of the Impulse ... for any of the following reasons: ... All
 * friendly units in his Area are eliminated. Place a Subordinate Leader
 * with any friendly Division he commands, regardless of the distance
 * between the Leader and the unit. Place an Army Leader with any friendly
 * Division. If all the Divisions of a Subordinate Leader are eliminated,
 * that Subordinate Leader is also eliminated."
 *
 * Through the module's act and view: A.P. Hill's infantry assaults McCall's
 * division, alone in Ellerson's Mill (6) with Porter (or McClellan), and
 * the Union eliminates it for the CP. Where the leader goes is tested by
 * its outcome, whoever chooses it (README decision 33): whatever placement
 * the view offers for him must be an Area the rule allows, and he ends in
 * one. Porter's other divisions are Morell's (Gaines Mill, 7) and Sykes's
 * (8); Franklin's Smith in 40 is no Division of Porter's. */
#include "boal_module_testkit.h"
#include "boal_phases.h"
#include "boal_testkit.h"

static int act(struct game *g, const char *role, const char *text)
{
	json_t *a = json_loads(text, 0, NULL);
	struct tg_error err = {{0}, {0}};
	int r = BM->act(g, role, a, NULL, &err);
	if (r != 0)
		fprintf(stderr, "# %s: %s refused: %s\n", role, text, err.message);
	json_decref(a);
	return r;
}

/* area a holds a Union infantry Division that leader l may go to */
static bool allowed(const struct game *g, int l, int a)
{
	const struct boal_data *d = bt_data();
	for (int u = 0; u < g->s.n_units; u++)
		if (g->s.unit[u].area == a && a != BOAL_NOWHERE && d->unit[u].side == BOAL_UNION &&
		    d->unit[u].type == BOAL_INFANTRY &&
		    (d->leader[l].army || d->unit[u].command == d->leader[l].command))
			return true;
	return false;
}

/* A.P. Hill in 3 assaults McCall's infantry alone in 6 with the given
 * leader; the seed is searched for a Success of 3 CP or more, which the
 * Union takes by eliminating McCall. NULL if no seed gives it. */
static struct game *mccall_eliminated(const char *leader, bool morell, bool sykes)
{
	const struct boal_data *d = bt_data();
	for (int k = 0; k < 400; k++) {
		struct game *g = bm_new((uint8_t)k, NULL);
		struct boal_state *s = &g->s;
		for (int u = 0; u < s->n_units; u++)
			s->unit[u].area = BOAL_NOWHERE;
		for (int l = 0; l < s->n_leaders; l++)
			s->leader[l].area = BOAL_NOWHERE;
		s->unit[bt_unit("aphill_inf")].area = 3;
		s->unit[bt_unit("mccall_inf")].area = 6;
		if (morell)
			s->unit[bt_unit("morell_inf")].area = 7;
		if (sykes)
			s->unit[bt_unit("sykes_inf")].area = 8;
		s->unit[bt_unit("smith_inf")].area = 40;
		s->leader[bt_leader(leader)].area = 6;
		s->leader[bt_leader("lee")].area = 3;
		s->control[3] = BOAL_CONFEDERATE;
		s->control[6] = s->control[7] = s->control[8] = s->control[40] = BOAL_UNION;
		s->army_active[BOAL_CONFEDERATE] = true;
		s->turn = (int8_t)d->first_turn;
		boal_daylight_begin(s, d);
		s->advantage = BOAL_CONFEDERATE; /* no Heroic Defense to ask */
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, (uint8_t)(k >> 8), 9, 6};
		tg_rng_init(&s->rng, key);
		if (act(g, "confederate", "{\"type\":\"activate\",\"area\":3}") != 0 ||
		    act(g, "confederate", "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}") !=
		        0 ||
		    act(g, "confederate", "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}") !=
		        0 ||
		    act(g, "confederate",
		        "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\",\"units\":["
		        "\"aphill_inf\"]}") != 0) {
			fprintf(stderr, "the assault could not be made\n");
			exit(1);
		}
		/* the Forward Unit, if asked (McCall is the only candidate) */
		json_t *fw = bm_find(g, "union", "forward", NULL, 0);
		if (fw)
			bm_do(g, "union", fw);
		if (s->imp.a_result != BOAL_SUCCESS || s->imp.a_cp < 3) {
			BM->free(g);
			continue;
		}
		CHECK_EQ_INT(
		    act(g, "union",
		        "{\"type\":\"cp\",\"unit\":\"mccall_inf\",\"loss\":\"eliminate\"}"),
		    0);
		return g;
	}
	return NULL;
}

/* whatever the Union is offered for leader l: every place a legal one;
 * the first is taken. The number of such offers. */
static int place_as_offered(struct game *g, int l)
{
	const struct boal_data *d = bt_data();
	int offers = 0;
	for (int round = 0; round < 4; round++) {
		json_t *v = BM->view(g, "union"), *e, *pick = NULL;
		size_t i;
		json_array_foreach(json_object_get(v, "actions"), i, e)
		{
			json_t *a = json_object_get(e, "action");
			const char *who = json_string_value(json_object_get(a, "leader"));
			if (!who || strcmp(who, d->leader[l].id) != 0)
				continue;
			json_t *to = json_object_get(a, "area");
			if (!to)
				to = json_object_get(a, "to");
			/* a placement (not a move of the Impulse's own) */
			if (g->s.leader[l].area != 6 && g->s.leader[l].area != BOAL_NOWHERE)
				continue;
			offers++;
			CHECK(allowed(g, l, (int)json_integer_value(to)));
			if (!pick)
				pick = json_deep_copy(a);
		}
		json_decref(v);
		if (!pick)
			break;
		bm_do(g, "union", pick);
	}
	return offers;
}

int main(void)
{
	const int porter = bt_leader("porter"), mcclellan = bt_leader("mcclellan");

	/* Porter: with Morell (7) or Sykes (8), Inactive; never with Smith */
	struct game *g = mccall_eliminated("porter", true, true);
	CHECK(g != NULL);
	place_as_offered(g, porter);
	CHECK_EQ_INT(g->s.unit[bt_unit("mccall_inf")].area, BOAL_NOWHERE);
	CHECK(g->s.leader[porter].area == 7 || g->s.leader[porter].area == 8);
	CHECK(allowed(g, porter, g->s.leader[porter].area));
	CHECK(g->s.leader[porter].inactive);
	BM->free(g);

	/* one Division of his left: with it, however far */
	g = mccall_eliminated("porter", false, true);
	CHECK(g != NULL);
	place_as_offered(g, porter);
	CHECK_EQ_INT(g->s.leader[porter].area, 8);
	BM->free(g);

	/* "If all the Divisions of a Subordinate Leader are eliminated, that
	 * Subordinate Leader is also eliminated": Smith is not his */
	g = mccall_eliminated("porter", false, false);
	CHECK(g != NULL);
	CHECK_EQ_INT(place_as_offered(g, porter), 0);
	CHECK_EQ_INT(g->s.leader[porter].area, BOAL_NOWHERE);
	BM->free(g);

	/* an Army Leader goes with any friendly Division: Smith's too */
	g = mccall_eliminated("mcclellan", false, false);
	CHECK(g != NULL);
	place_as_offered(g, mcclellan);
	CHECK_EQ_INT(g->s.leader[mcclellan].area, 40);
	BM->free(g);
	g = mccall_eliminated("mcclellan", true, true);
	CHECK(g != NULL);
	place_as_offered(g, mcclellan);
	CHECK(allowed(g, mcclellan, g->s.leader[mcclellan].area));
	CHECK(g->s.leader[mcclellan].area != 6 && g->s.leader[mcclellan].area != BOAL_NOWHERE);
	BM->free(g);
	return tap_done();
}
