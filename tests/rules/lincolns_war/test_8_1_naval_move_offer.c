/* 8.1: "The player going first ... makes his naval moves, then the other";
 * each piece moves at most once a phase (docs/naval.md). A kind of piece's
 * moves are offered as one entry (issue 17: one entry per (from, to) pair
 * was 40-50 entries at each Naval Phase's opening): params "from" (each
 * location with an unmoved piece that has a move) and "to" by "from"
 * (PROTOCOL.md, kit/param_by.h). This test holds the entry to the rules
 * the act applies: for every "from" and every "to" of the entry, the move
 * sent as a complete action is accepted by act() on a copy of the game if
 * and only if the entry opens it; every "to" is opened by some "from",
 * every "from" opens one at least, and each from's list is the shorter of
 * "only" and "except". Fleets (Union) in a port, on a blockade space and
 * in a SHADOW box, a Raider at sea; Raiders (Confederate) in a port and on
 * the RAID track. */
#include "kit/param_by.h"
#include "lw_naval_fixture.h"

static const struct game_module *M = &lincolns_war_module;

/* The one entry of this type in role's offers (NULL: none; n: how many). */
static const json_t *the_entry(const json_t *acts, const char *type, int *n)
{
	const json_t *found = NULL;
	*n = 0;
	size_t i;
	const json_t *e;
	json_array_foreach(acts, i, e)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		if (t && strcmp(t, type) == 0) {
			found = e;
			(*n)++;
		}
	}
	return found;
}

static bool is(const json_t *o, const char *key, const char *want)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v && strcmp(v, want) == 0;
}

static void check_moves(struct game *g, const char *role, const char *type)
{
	json_t *v = M->view(g, role);
	int n;
	const json_t *e = the_entry(json_object_get(v, "actions"), type, &n);
	CHECKF(n == 1, "%s: %d %s entries", role, n, type);
	if (!e) {
		json_decref(v);
		return;
	}
	const json_t *ps = json_object_get(e, "params");
	const json_t *pf = json_array_get(ps, 0), *pt = json_array_get(ps, 1);
	CHECK(json_array_size(ps) == 2 && is(pf, "name", "from") && is(pt, "name", "to") &&
	      is(pt, "by", "from"));
	const json_t *froms = json_object_get(pf, "choices"), *tos = json_object_get(pt, "choices");
	size_t nf = json_array_size(froms), nt = json_array_size(tos);
	CHECKF(nf >= 2 && nt >= 2, "%s: %zu froms, %zu destinations", type, nf, nt);
	CHECK(json_array_size(json_object_get(pt, "choices_by")) == nf);
	bool *reached = calloc(nt, sizeof *reached);
	int agree = 0, moves = 0;
	for (size_t f = 0; f < nf; f++) {
		size_t open = 0;
		for (size_t t = 0; t < nt; t++) {
			bool offered = tg_param_open(pt, f, t);
			struct game *c = M->copy(g);
			char a[160];
			snprintf(
			    a, sizeof a, "{\"type\":\"%s\",\"from\":\"%s\",\"to\":\"%s\"}", type,
			    json_string_value(json_object_get(json_array_get(froms, f), "value")),
			    json_string_value(json_object_get(json_array_get(tos, t), "value")));
			bool accepted = tk_act(c, role, a) == 0;
			M->free(c);
			CHECKF(offered == accepted, "%s: offered %d, accepted %d (%s)", a, offered,
			       accepted, tk_err.message);
			agree += offered == accepted;
			open += offered;
			moves += offered;
			reached[t] |= offered;
		}
		CHECKF(open > 0, "from %zu opens no destination", f);
		/* the shorter list: "only" when fewer than half are open */
		const json_t *spec = json_array_get(json_object_get(pt, "choices_by"), f);
		CHECK((json_object_get(spec, "only") != NULL) == (2 * open < nt));
	}
	for (size_t t = 0; t < nt; t++)
		CHECKF(reached[t], "destination %zu is opened by no from", t);
	free(reached);
	printf("# %s: %zu froms, %zu destinations, %d moves, %d of %zu pairs as act() says\n", type,
	       nf, nt, moves, agree, nf * nt);
	json_decref(v);
}

int main(void)
{
	struct game *g = nv_game(814);
	struct lw_state *s = &g->s;
	/* Union: three fleets in Washington, one on Charleston's blockade
	 * space, one in the SHADOW box opposite a Raider at sea */
	for (int i = 0; i < 3; i++)
		nv_fleet(s, i, LW_NW_PORT, nv_hex("washington"));
	nv_fleet(s, 3, LW_NW_BLOCKADE, lw_D()->cities[nv_city("charleston")].blockade_hexes[0]);
	nv_raider_raid(s, 0, 3);
	nv_fleet(s, 4, LW_NW_SHADOW, 3);
	nv_naval_phase(s, LW_UNION);
	check_moves(g, "union", "fleet_move");
	/* a moved fleet is offered no more: its location leaves "from" */
	char a[160];
	snprintf(a, sizeof a,
	         "{\"type\":\"fleet_move\",\"from\":\"blockade:%d\",\"to\":\"port:%d\"}",
	         lw_D()->cities[nv_city("charleston")].blockade_hexes[0], nv_hex("new_york"));
	CHECKF(tk_act(g, "union", a) == 0, "%s", tk_err.message);
	snprintf(a, sizeof a, "{\"type\":\"fleet_move\",\"from\":\"port:%d\"}", nv_hex("new_york"));
	CHECK(!tk_offers_action(g, "union", a));
	check_moves(g, "union", "fleet_move");

	/* Confederate: a Raider in a port, another on the RAID track */
	nv_raider_port(s, 1, nv_hex("charleston"));
	nv_naval_phase(s, LW_CONFEDERATE);
	check_moves(g, "confederate", "raider_move");
	M->free(g);
	return tap_done();
}
