/* 8.1.2.1 "An ironclad ... may move up to four river hexes" to a friendly
 * port, and 8.1.2.2 "the player may also choose to have it violate
 * neutrality if desired": the Naval Phase offers an asset's river moves as
 * one entry, the destination its param "hex" (issue 17: an entry an asset
 * and destination, about 150 bytes each, were 27 of the largest patches'
 * entries), and the chosen violation of Kentucky as one more entry of that
 * asset, its border destinations the param. The actions are as before:
 * {type: asset_move, asset, hex[, violate_kentucky: true]}.
 *
 * Through the view: an ironclad in Natchez and one in Fort Donelson while
 * Kentucky is neutral give three asset_move entries (Natchez's moves, Fort
 * Donelson's, Fort Donelson's chosen violation), each with the one param
 * "hex" and no destination in its label; every move of the old entries
 * (Natchez to Vicksburg, Fort Donelson to Nashville, plain and violating) is
 * offered through the params and accepted; a destination a move cannot
 * reach is not offered. Once Kentucky is violated the violation's entry is
 * gone. */
#include "lw_naval_fixture.h"

static int asset_entries(struct game *g, int *with_hex_param, int *ky_entries)
{
	json_t *v = lincolns_war_module.view(g, "confederate");
	json_t *acts = json_object_get(v, "actions");
	int n = 0;
	*with_hex_param = *ky_entries = 0;
	size_t i;
	json_t *e;
	json_array_foreach(acts, i, e)
	{
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		if (!t || strcmp(t, "asset_move") != 0)
			continue;
		n++;
		json_t *ps = json_object_get(e, "params");
		const char *pn = json_string_value(json_object_get(json_array_get(ps, 0), "name"));
		if (json_array_size(ps) == 1 && pn && strcmp(pn, "hex") == 0 &&
		    !json_object_get(a, "hex"))
			++*with_hex_param;
		*ky_entries += json_is_true(json_object_get(a, "violate_kentucky"));
		const char *l = json_string_value(json_object_get(e, "label"));
		CHECKF(l && !strstr(l, "Vicksburg") && !strstr(l, "Nashville"),
		       "an entry's label names no destination: %s", l ? l : "(none)");
	}
	json_decref(v);
	return n;
}

static char buf[160];

static const char *move(int slot, const char *to, bool violate)
{
	snprintf(buf, sizeof buf, "{\"type\":\"asset_move\",\"asset\":%d,\"hex\":%d%s}", slot,
	         nv_hex(to), violate ? ",\"violate_kentucky\":true" : "");
	return buf;
}

int main(void)
{
	lincolns_war_module.free(tk_new("campaign", 900)); /* loads the data */
	int ic = nv_slot(LW_AK_IRONCLAD);
	struct game *g = nv_game(931);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->kentucky.violator, LW_NOSIDE);
	nv_naval_phase(s, LW_CONFEDERATE);
	nv_asset(s, ic, nv_hex("fort_donelson"));
	nv_asset(s, ic + 1, nv_hex("natchez"));

	int params, ky;
	CHECK_EQ_INT(asset_entries(g, &params, &ky), 3);
	CHECK_EQ_INT(params, 3);
	CHECK_EQ_INT(ky, 1);
	CHECK(tk_offers_action(g, "confederate", move(ic + 1, "vicksburg", false)));
	CHECK(tk_offers_action(g, "confederate", move(ic, "nashville", false)));
	CHECK(tk_offers_action(g, "confederate", move(ic, "nashville", true)));
	CHECK(!tk_offers_action(g, "confederate", move(ic + 1, "vicksburg", true)));
	/* Savannah is no river port */
	CHECK(!tk_offers_action(g, "confederate", move(ic + 1, "savannah", false)));
	CHECK(tk_offers(g, "confederate", "violate its neutrality"));

	/* the offered moves are accepted: the violation first, then Natchez's */
	CHECKF(tk_act(g, "confederate", move(ic, "nashville", true)) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->kentucky.violator, LW_CONFEDERATE);
	CHECK_EQ_INT(asset_entries(g, &params, &ky), 1);
	CHECK_EQ_INT(params, 1);
	CHECK_EQ_INT(ky, 0);
	CHECK(tk_offers_action(g, "confederate", move(ic + 1, "vicksburg", false)));
	CHECKF(tk_act(g, "confederate", move(ic + 1, "vicksburg", false)) == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->navy.asset[ic + 1].hex, nv_hex("vicksburg"));
	CHECK_EQ_INT(asset_entries(g, &params, &ky), 0);

	lincolns_war_module.free(g);
	return tap_done();
}
