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
#include "boal_mccall_testkit.h"

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
	struct game *g = bk_mccall_eliminated("porter", true, true);
	CHECK(g != NULL);
	place_as_offered(g, porter);
	CHECK_EQ_INT(g->s.unit[bt_unit("mccall_inf")].area, BOAL_NOWHERE);
	CHECK(g->s.leader[porter].area == 7 || g->s.leader[porter].area == 8);
	CHECK(allowed(g, porter, g->s.leader[porter].area));
	CHECK(g->s.leader[porter].inactive);
	BM->free(g);

	/* one Division of his left: with it, however far */
	g = bk_mccall_eliminated("porter", false, true);
	CHECK(g != NULL);
	place_as_offered(g, porter);
	CHECK_EQ_INT(g->s.leader[porter].area, 8);
	BM->free(g);

	/* "If all the Divisions of a Subordinate Leader are eliminated, that
	 * Subordinate Leader is also eliminated": Smith is not his */
	g = bk_mccall_eliminated("porter", false, false);
	CHECK(g != NULL);
	CHECK_EQ_INT(place_as_offered(g, porter), 0);
	CHECK_EQ_INT(g->s.leader[porter].area, BOAL_NOWHERE);
	BM->free(g);

	/* an Army Leader goes with any friendly Division: Smith's too */
	g = bk_mccall_eliminated("mcclellan", false, false);
	CHECK(g != NULL);
	place_as_offered(g, mcclellan);
	CHECK_EQ_INT(g->s.leader[mcclellan].area, 40);
	BM->free(g);
	g = bk_mccall_eliminated("mcclellan", true, true);
	CHECK(g != NULL);
	place_as_offered(g, mcclellan);
	CHECK(allowed(g, mcclellan, g->s.leader[mcclellan].area));
	CHECK(g->s.leader[mcclellan].area != 6 && g->s.leader[mcclellan].area != BOAL_NOWHERE);
	BM->free(g);
	return tap_done();
}
