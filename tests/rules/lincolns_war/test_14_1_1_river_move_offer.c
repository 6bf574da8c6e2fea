/* 14.1.1: a force in the MOVE step may move by river to the land hexes the
 * river reach finds (lw_amphib_river_reach) that 14.1.1's checks allow. The
 * river moves are offered as one entry, the destination its param "to"
 * (issue 17, the patches' p99: an entry per hex, "Move by river to 0207
 * (14.1.1)" 29 times, was 2.8 KB of a move step's offers), a city's hex
 * labelled, another its number alone. This test holds the entry to the
 * act: for every hex the reach finds from Cairo and from Pittsburg
 * Landing's side of the Tennessee, the hex is among the entry's choices if
 * and only if river_move to it is accepted on a copy of the state; and no
 * choice lies outside the reach. */
#include "lw_amphib_fixture.h"

static int checked;

static void check_entry(struct lw_state *s, int side, int from)
{
	json_t *list = json_array();
	lw_amphib_offer(s, side, TG_OFFERS_TREE(list));
	const json_t *e = NULL;
	int n = 0;
	for (size_t i = 0; i < json_array_size(list); i++) {
		const json_t *x = json_array_get(list, i);
		const char *t =
		    json_string_value(json_object_get(json_object_get(x, "action"), "type"));
		if (t && strcmp(t, "river_move") == 0)
			e = x, n++;
	}
	CHECKF(n == 1, "%d river_move entries from %04d", n, from);
	const json_t *p = json_array_get(json_object_get(e, "params"), 0);
	const char *name = json_string_value(json_object_get(p, "name"));
	CHECK(name && strcmp(name, "to") == 0 && !json_object_get(p, "by"));
	const json_t *ch = json_object_get(p, "choices");
	int land[512], ports[64], np = 0;
	int nl = lw_amphib_river_reach(s, side, from, land, 512, ports, &np, 64);
	size_t offered_n = 0;
	for (int i = 0; i < nl; i++) {
		bool offered = false, labelled = false;
		for (size_t c = 0; c < json_array_size(ch); c++) {
			const json_t *x = json_array_get(ch, c);
			if (json_integer_value(json_object_get(x, "value")) == land[i])
				offered = true, labelled = json_object_get(x, "label") != NULL;
		}
		struct lw_state *copy = malloc(sizeof *copy);
		memcpy(copy, s, sizeof *copy);
		char a[96], why[256];
		snprintf(a, sizeof a, "{\"type\":\"river_move\",\"to\":%d}", land[i]);
		bool accepted = am_act(copy, side, a, why, sizeof why) == 0;
		free(copy);
		CHECKF(offered == accepted, "%04d -> %04d: offered %d, accepted %d (%s)", from,
		       land[i], offered, accepted, why);
		CHECKF(!offered || labelled == (lw_data_city_at(lw_D(), land[i]) != NULL),
		       "%04d's label", land[i]);
		offered_n += offered;
		checked++;
	}
	CHECKF(offered_n == json_array_size(ch) && offered_n > 3,
	       "%zu of the entry's %zu choices in the reach", offered_n, json_array_size(ch));
	json_decref(list);
}

int main(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!s)
		return 1;
	int cairo = am_hex("cairo");
	int g = am_general(s, LW_UNION, cairo, 2, LW_NONE);
	am_activate(s, LW_UNION, &g, 1);
	check_entry(s, LW_UNION, cairo);
	/* a Confederate force of one star at Memphis, with an enemy upstream */
	int memphis = am_hex("memphis");
	int rebel = am_general(s, LW_CONFEDERATE, memphis, 1, LW_NONE);
	am_activate(s, LW_CONFEDERATE, &rebel, 1);
	check_entry(s, LW_CONFEDERATE, memphis);
	printf("# %d reached hexes checked against the act\n", checked);
	return tap_done();
}
