/* lw_naval.c — the naval block: save/load, view (face-down assets hidden from
 * the Union), blockade tests (8.2), port defense (8.1.2.1, 8.2.1), the 8.2.2
 * blockade IT, port capture and attack hooks, 20.2 sea supply and the 21.3
 * port and raider rows. */
#include "lw_naval.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "kit/json_text.h"
#include "lw_engine.h"
#include "lw_ints.h"

enum lw_asset_kind lw_naval_asset_kind(int i)
{
	const struct lw_naval *n = &lw_D()->tables.naval;
	if (i < n->ironclads)
		return LW_AK_IRONCLAD;
	if (i < n->ironclads + n->hunley)
		return LW_AK_HUNLEY;
	return LW_AK_FALSE_INFO;
}

const char *lw_naval_asset_name(enum lw_asset_kind k)
{
	return k == LW_AK_IRONCLAD ? "ironclad"
	       : k == LW_AK_HUNLEY ? "hunley"
	                           : "false_information";
}

/* ---- save / load ---------------------------------------------------------------- */

#define PIECES (LW_NAVY_RAIDERS + LW_NAVY_ASSETS + LW_NAVY_FLEETS)

/* Piece i of the PIECES, read only (the save writers, the view); the
 * loader's piece() below hands out the same piece to change. */
static const struct lw_navy_piece *piece_at(const struct lw_navy *n, int i)
{
	if (i < LW_NAVY_RAIDERS)
		return &n->raider[i];
	if (i < LW_NAVY_RAIDERS + LW_NAVY_ASSETS)
		return &n->asset[i - LW_NAVY_RAIDERS];
	return &n->fleet[i - LW_NAVY_RAIDERS - LW_NAVY_ASSETS];
}

/* The same piece of a navy the caller may change: n is not const, so the
 * piece is not either (as strchr's result). */
static struct lw_navy_piece *piece(struct lw_navy *n, int i)
{
	return (struct lw_navy_piece *)piece_at(n, i);
}

json_t *lw_naval_save(const struct lw_navy *n)
{
	json_t *p = json_array();
	for (int i = 0; i < PIECES; i++) {
		const struct lw_navy_piece *x = piece_at(n, i);
		json_array_append_new(
		    p, json_pack("[i,i,i,i,i]", x->where, x->moved, x->revealed, x->col, x->hex));
	}
	json_t *it = json_array();
	json_array_append_new(it, json_integer(n->it_left));
	for (int i = 0; i < n->it_n; i++)
		json_array_append_new(it, json_integer(n->it_hex[i]));
	return json_pack("{s:o,s:[i,i,i,i,i,i],s:o}", "pieces", p, "state", n->raiders_bought,
	                 n->assets_bought, n->fleets_bought, n->foote, n->stage, n->mover, "it",
	                 it);
}

void lw_naval_save_text(struct tg_jw *w, const struct lw_navy *n)
{
	tg_jw_obj(w);
	tg_jw_key(w, "pieces");
	tg_jw_arr(w);
	for (int i = 0; i < PIECES; i++) {
		const struct lw_navy_piece *x = piece_at(n, i);
		const int a[] = {x->where, x->moved, x->revealed, x->col, x->hex};
		LW_INTS_TEXT(w, a, sizeof a / sizeof a[0]);
	}
	tg_jw_end(w);
	tg_jw_key(w, "state");
	const int st[] = {n->raiders_bought, n->assets_bought, n->fleets_bought,
	                  n->foote,          n->stage,         n->mover};
	LW_INTS_TEXT(w, st, sizeof st / sizeof st[0]);
	tg_jw_key(w, "it");
	tg_jw_arr(w);
	tg_jw_int(w, n->it_left);
	for (int i = 0; i < n->it_n; i++)
		tg_jw_int(w, n->it_hex[i]);
	tg_jw_end(w);
	tg_jw_end(w);
}

static bool rd(const json_t *a, size_t i, long lo, long hi, long *v)
{
	const json_t *x = json_array_get(a, i);
	if (!json_is_integer(x))
		return false;
	*v = (long)json_integer_value(x);
	return *v >= lo && *v <= hi;
}

int lw_naval_load(struct lw_navy *out, const json_t *saved)
{
	struct lw_navy n;
	memset(&n, 0, sizeof n);
	const json_t *p = json_object_get(saved, "pieces");
	const json_t *st = json_object_get(saved, "state");
	if (!json_is_array(p) || json_array_size(p) != PIECES || !json_is_array(st) ||
	    json_array_size(st) != 6)
		return -1;
	for (int i = 0; i < PIECES; i++) {
		const json_t *a = json_array_get(p, (size_t)i);
		long v[5];
		if (!json_is_array(a) || json_array_size(a) != 5 ||
		    !rd(a, 0, LW_NW_POOL, LW_NW_ESCAPE, &v[0]) || !rd(a, 1, 0, 1, &v[1]) ||
		    !rd(a, 2, 0, 1, &v[2]) || !rd(a, 3, -1, LW_NAVY_COLUMNS - 1, &v[3]) ||
		    !rd(a, 4, 0, 9999, &v[4]))
			return -1;
		struct lw_navy_piece *x = piece(&n, i);
		x->where = (uint8_t)v[0];
		x->moved = (uint8_t)v[1];
		x->revealed = (uint8_t)v[2];
		x->col = (int8_t)v[3];
		x->hex = (int16_t)v[4];
	}
	long v[6];
	if (!rd(st, 0, 0, LW_NAVY_RAIDERS, &v[0]) || !rd(st, 1, 0, LW_NAVY_ASSETS, &v[1]) ||
	    !rd(st, 2, 0, LW_NAVY_FLEETS, &v[2]) || !rd(st, 3, 0, 1, &v[3]) ||
	    !rd(st, 4, LW_NS_NONE, LW_NS_HOME, &v[4]) || !rd(st, 5, 0, 2, &v[5]))
		return -1;
	const json_t *it = json_object_get(saved, "it");
	long left;
	if (!json_is_array(it) || json_array_size(it) < 1 ||
	    json_array_size(it) > 1 + LW_NAVY_IT_MAX || !rd(it, 0, 0, 255, &left))
		return -1;
	n.it_left = (uint8_t)left;
	n.it_n = (uint8_t)(json_array_size(it) - 1);
	for (int i = 0; i < n.it_n; i++) {
		long h;
		if (!rd(it, (size_t)i + 1, 0, 9999, &h))
			return -1;
		n.it_hex[i] = (int16_t)h;
	}
	n.raiders_bought = (uint8_t)v[0];
	n.assets_bought = (uint8_t)v[1];
	n.fleets_bought = (uint8_t)v[2];
	n.foote = (uint8_t)v[3];
	n.stage = (uint8_t)v[4];
	n.mover = (int8_t)v[5];
	*out = n;
	return 0;
}

/* ---- view ------------------------------------------------------------------------ */

static const char *where_name(int w)
{
	static const char *const names[] = {"pool",     "port",   "raid", "gone",  "drawn",
	                                    "blockade", "shadow", "hunt", "escape"};
	return names[w];
}

/* The ports holding assets, ascending, into hexes: how many */
static int asset_ports(const struct lw_navy *n, int hexes[LW_NAVY_ASSETS])
{
	int nh = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		int hx = n->asset[i].hex;
		bool dup = n->asset[i].where != LW_NW_PORT;
		for (int k = 0; k < nh && !dup; k++)
			dup = hexes[k] == hx;
		if (dup)
			continue;
		int k = nh++;
		while (k > 0 && hexes[k - 1] > hx) {
			hexes[k] = hexes[k - 1];
			k--;
		}
		hexes[k] = hx;
	}
	return nh;
}

static const char *piece_kind(int i)
{
	return i < LW_NAVY_RAIDERS                    ? "raider"
	       : i < LW_NAVY_RAIDERS + LW_NAVY_ASSETS ? "ironclad"
	                                              : "fleet";
}

static const char *const stage_names[] = {"none", "first_moves", "second_moves", "blockade_it",
                                          "fleets_home"};

json_t *lw_naval_view(const struct lw_state *s, int viewer)
{
	const struct lw_navy *n = &s->navy;
	json_t *v = json_object();
	json_t *raiders = json_array();
	for (int i = 0; i < LW_NAVY_RAIDERS; i++) {
		const struct lw_navy_piece *x = &n->raider[i];
		if (x->where == LW_NW_PORT)
			json_array_append_new(
			    raiders, json_pack("{s:s,s:i}", "where", "port", "hex", x->hex));
		else if (x->where == LW_NW_RAID)
			json_array_append_new(raiders,
			                      json_pack("{s:s,s:i,s:b}", "where", "raid", "column",
			                                x->col, "moved", x->moved));
	}
	json_object_set_new(v, "raiders", raiders);
	/* 8.1.2.1 / 8.3.4: ships leaving a captured port, waiting for the
	 * Confederate's choice (an escaping ironclad is revealed); 8.0: Union
	 * fleets leaving a port the Confederates took, waiting for the Union's */
	json_t *escaping = json_array();
	for (int i = 0; i < LW_NAVY_RAIDERS + LW_NAVY_ASSETS + LW_NAVY_FLEETS; i++) {
		const struct lw_navy_piece *x = piece_at(n, i);
		if (x->where == LW_NW_ESCAPE)
			json_array_append_new(escaping, json_pack("{s:s,s:i}", "kind",
			                                          piece_kind(i), "from", x->hex));
	}
	json_object_set_new(v, "escaping", escaping);
	/* 8.1.2: assets are placed face down. The Union sees "asset" and the hex,
	 * listed by hex (the slot number is the identity); the owner sees all. */
	json_t *assets = json_array();
	int pool = 0;
	int hexes[LW_NAVY_ASSETS], nh = asset_ports(n, hexes);
	for (int h = 0; h < nh; h++) {
		int hex = hexes[h];
		/* revealed ones first, then face-down ones; within each, own view order */
		for (int pass = 0; pass < 2; pass++)
			for (int i = 0; i < LW_NAVY_ASSETS; i++) {
				const struct lw_navy_piece *x = &n->asset[i];
				if (x->where != LW_NW_PORT || x->hex != hex || x->revealed != !pass)
					continue;
				bool see = x->revealed || viewer == LW_CONFEDERATE;
				json_array_append_new(
				    assets,
				    json_pack("{s:i,s:s,s:b}", "hex", hex, "kind",
				              see ? lw_naval_asset_name(lw_naval_asset_kind(i))
				                  : "asset",
				              "revealed", x->revealed));
			}
	}
	json_t *drawn = json_null();
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		pool += n->asset[i].where == LW_NW_POOL;
		if (n->asset[i].where == LW_NW_DRAWN)
			drawn = json_string(viewer == LW_CONFEDERATE
			                        ? lw_naval_asset_name(lw_naval_asset_kind(i))
			                        : "asset");
	}
	json_object_set_new(v, "assets", assets);
	json_object_set_new(v, "asset_drawn", drawn);
	json_object_set_new(v, "asset_pool", json_integer(pool));
	json_t *fleets = json_array();
	for (int i = 0; i < LW_NAVY_FLEETS; i++) {
		const struct lw_navy_piece *x = &n->fleet[i];
		if (x->where == LW_NW_POOL || x->where == LW_NW_GONE)
			continue;
		json_t *f =
		    json_pack("{s:s,s:b}", "where", where_name(x->where), "moved", x->moved);
		if (x->where == LW_NW_PORT || x->where == LW_NW_BLOCKADE ||
		    x->where == LW_NW_ESCAPE)
			json_object_set_new(f, "hex", json_integer(x->hex));
		else
			json_object_set_new(f, "column", json_integer(x->col));
		json_array_append_new(fleets, f);
	}
	json_object_set_new(v, "fleets", fleets);
	json_t *blockaded = json_array();
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities; c++)
		if (d->cities[c].n_blockade_hexes && lw_naval_effectively_blockaded(s, (int)c))
			json_array_append_new(blockaded, json_string(d->cities[c].id));
	json_object_set_new(v, "blockaded", blockaded);
	json_object_set_new(v, "blockaded_supply", json_integer(lw_naval_blockaded_supply(s)));
	json_object_set_new(v, "foote", json_boolean(n->foote));
	json_object_set_new(v, "stage", json_string(stage_names[n->stage]));
	json_object_set_new(v, "blockade_it_left", json_integer(n->it_left));
	json_object_set_new(v, "purchased",
	                    json_pack("{s:i,s:i,s:i}", "raiders", n->raiders_bought, "assets",
	                              n->assets_bought, "fleets", n->fleets_bought));
	return v;
}

void lw_naval_view_text(const struct lw_state *s, int viewer, struct tg_text *t)
{
	const struct lw_navy *n = &s->navy;
	struct tg_jw w;
	tg_jw_init(&w, t);
	tg_jw_obj(&w);
	tg_jw_key(&w, "raiders");
	tg_jw_arr(&w);
	for (int i = 0; i < LW_NAVY_RAIDERS; i++) {
		const struct lw_navy_piece *x = &n->raider[i];
		if (x->where == LW_NW_PORT) {
			tg_jw_obj(&w);
			tg_jw_kstr(&w, "where", "port");
			tg_jw_kint(&w, "hex", x->hex);
			tg_jw_end(&w);
		} else if (x->where == LW_NW_RAID) {
			tg_jw_obj(&w);
			tg_jw_kstr(&w, "where", "raid");
			tg_jw_kint(&w, "column", x->col);
			tg_jw_kbool(&w, "moved", x->moved);
			tg_jw_end(&w);
		}
	}
	tg_jw_end(&w);
	tg_jw_key(&w, "escaping");
	tg_jw_arr(&w);
	for (int i = 0; i < LW_NAVY_RAIDERS + LW_NAVY_ASSETS + LW_NAVY_FLEETS; i++) {
		const struct lw_navy_piece *x = piece_at(n, i);
		if (x->where == LW_NW_ESCAPE) {
			tg_jw_obj(&w);
			tg_jw_kstr(&w, "kind", piece_kind(i));
			tg_jw_kint(&w, "from", x->hex);
			tg_jw_end(&w);
		}
	}
	tg_jw_end(&w);
	tg_jw_key(&w, "assets");
	tg_jw_arr(&w);
	int hexes[LW_NAVY_ASSETS], nh = asset_ports(n, hexes);
	for (int h = 0; h < nh; h++)
		for (int pass = 0; pass < 2; pass++)
			for (int i = 0; i < LW_NAVY_ASSETS; i++) {
				const struct lw_navy_piece *x = &n->asset[i];
				if (x->where != LW_NW_PORT || x->hex != hexes[h] ||
				    x->revealed != !pass)
					continue;
				bool see = x->revealed || viewer == LW_CONFEDERATE;
				tg_jw_obj(&w);
				tg_jw_kint(&w, "hex", hexes[h]);
				tg_jw_kstr(&w, "kind",
				           see ? lw_naval_asset_name(lw_naval_asset_kind(i))
				               : "asset");
				tg_jw_kbool(&w, "revealed", x->revealed);
				tg_jw_end(&w);
			}
	tg_jw_end(&w);
	int pool = 0, drawn = -1; /* the tree kept the last drawn */
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		pool += n->asset[i].where == LW_NW_POOL;
		if (n->asset[i].where == LW_NW_DRAWN)
			drawn = i;
	}
	tg_jw_key(&w, "asset_drawn");
	if (drawn < 0)
		tg_jw_null(&w);
	else
		tg_jw_str(&w, viewer == LW_CONFEDERATE
		                  ? lw_naval_asset_name(lw_naval_asset_kind(drawn))
		                  : "asset");
	tg_jw_kint(&w, "asset_pool", pool);
	tg_jw_key(&w, "fleets");
	tg_jw_arr(&w);
	for (int i = 0; i < LW_NAVY_FLEETS; i++) {
		const struct lw_navy_piece *x = &n->fleet[i];
		if (x->where == LW_NW_POOL || x->where == LW_NW_GONE)
			continue;
		tg_jw_obj(&w);
		tg_jw_kstr(&w, "where", where_name(x->where));
		tg_jw_kbool(&w, "moved", x->moved);
		if (x->where == LW_NW_PORT || x->where == LW_NW_BLOCKADE ||
		    x->where == LW_NW_ESCAPE)
			tg_jw_kint(&w, "hex", x->hex);
		else
			tg_jw_kint(&w, "column", x->col);
		tg_jw_end(&w);
	}
	tg_jw_end(&w);
	tg_jw_key(&w, "blockaded");
	tg_jw_arr(&w);
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities; c++)
		if (d->cities[c].n_blockade_hexes && lw_naval_effectively_blockaded(s, (int)c))
			tg_jw_str(&w, d->cities[c].id);
	tg_jw_end(&w);
	tg_jw_kint(&w, "blockaded_supply", lw_naval_blockaded_supply(s));
	tg_jw_kbool(&w, "foote", n->foote);
	tg_jw_kstr(&w, "stage", stage_names[n->stage]);
	tg_jw_kint(&w, "blockade_it_left", n->it_left);
	tg_jw_key(&w, "purchased");
	tg_jw_obj(&w);
	tg_jw_kint(&w, "raiders", n->raiders_bought);
	tg_jw_kint(&w, "assets", n->assets_bought);
	tg_jw_kint(&w, "fleets", n->fleets_bought);
	tg_jw_end(&w);
	tg_jw_end(&w);
	if (tg_jw_failed(&w) || !tg_jw_done(&w))
		t->oom = 1;
}

/* ---- blockade (8.2) ------------------------------------------------------------- */

int lw_naval_space_port(int hex)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities; c++)
		for (int k = 0; k < d->cities[c].n_blockade_hexes; k++)
			if (d->cities[c].blockade_hexes[k] == hex)
				return (int)c;
	return -1;
}

int lw_naval_space_capacity(int hex)
{
	int c = lw_naval_space_port(hex);
	if (c < 0)
		return 0;
	const struct lw_city *city = &lw_D()->cities[c];
	/* 8.1.3/8.2: one fleet a space; Savannah's one space has two triangles */
	int per = (city->blockade_fleets + city->n_blockade_hexes - 1) / city->n_blockade_hexes;
	return per > 1 ? per : 1;
}

int lw_naval_fleets_on(const struct lw_state *s, int hex)
{
	int n = 0;
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		n += s->navy.fleet[i].where == LW_NW_BLOCKADE && s->navy.fleet[i].hex == hex;
	return n;
}

bool lw_naval_effectively_blockaded(const struct lw_state *s, int c)
{
	const struct lw_city *city = &lw_D()->cities[c];
	if (!city->ocean_port || city->n_blockade_hexes == 0)
		return false;
	int total = 0;
	for (int k = 0; k < city->n_blockade_hexes; k++) {
		int f = lw_naval_fleets_on(s, city->blockade_hexes[k]);
		if (f == 0)
			return false; /* 8.2: ALL blockade spaces occupied */
		total += f;
	}
	return total >= city->blockade_fleets; /* Savannah: two fleets */
}

/* The hexes of the fleets on blockade, each fleet once (the fleets walked
 * once for every port, not for each of its spaces: issue 17) */
struct on_blockade {
	int n;
	int16_t hex[LW_NAVY_FLEETS];
};

static void fleets_on_blockade(const struct lw_state *s, struct on_blockade *o)
{
	o->n = 0;
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		if (s->navy.fleet[i].where == LW_NW_BLOCKADE)
			o->hex[o->n++] = s->navy.fleet[i].hex;
}

/* lw_naval_effectively_blockaded from the fleets on blockade */
static bool effectively_blockaded_by(const struct lw_city *city, const struct on_blockade *o)
{
	if (!city->ocean_port || city->n_blockade_hexes == 0 || o->n == 0)
		return false;
	int total = 0;
	for (int k = 0; k < city->n_blockade_hexes; k++) {
		int f = 0;
		for (int i = 0; i < o->n; i++)
			f += o->hex[i] == city->blockade_hexes[k];
		if (f == 0)
			return false; /* 8.2: ALL blockade spaces occupied */
		total += f;
	}
	return total >= city->blockade_fleets; /* Savannah: two fleets */
}

bool lw_naval_blockaded_for_effects(const struct lw_state *s, int c)
{
	const struct lw_city *city = &lw_D()->cities[c];
	if (!city->southern_ocean_port)
		return false;
	if (lw_naval_effectively_blockaded(s, c))
		return true;
	/* 8.2: a port occupied by a Union force or garrison counts as blockaded */
	return lw_hex_owner_force(s, city->hex) == LW_UNION ||
	       (s->city[c].owner == LW_UNION && s->city[c].garrison);
}

int lw_naval_defense_mod(const struct lw_state *s, int c)
{
	const struct lw_city *city = &lw_D()->cities[c];
	int m = 0;
	if (s->city[c].owner == LW_CONFEDERATE && lw_naval_effectively_blockaded(s, c))
		m -= lw_D()->tables.naval.blockade_defense_minus; /* 8.2.1 */
	/* 8.1.2.1: an ironclad adds +1 however the port is attacked. Only a
	 * revealed ironclad counts in the public defense: a face-down asset's
	 * identity is hidden, and the attack on the port reveals it (docs/naval.md "Ironclad
	 * defense (8.1.2.1)"). */
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		const struct lw_navy_piece *x = &s->navy.asset[i];
		if (x->where == LW_NW_PORT && x->hex == city->hex && x->revealed &&
		    lw_naval_asset_kind(i) == LW_AK_IRONCLAD) {
			m += lw_D()->tables.naval.ironclad_port_defense;
			break; /* "+1 to the defense of the port", not per ironclad */
		}
	}
	return m;
}

/* The cities a fleet can blockade (an ocean port with blockade spaces),
 * from the map's data once (pthread_once: the fan-out workers ask) */
static struct {
	int n;
	int16_t city[LW_MAX_CITIES];
} blockade_ports;
static pthread_once_t blockade_ports_once = PTHREAD_ONCE_INIT;

static void blockade_ports_build(void)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities && c < LW_MAX_CITIES; c++)
		if (d->cities[c].ocean_port && d->cities[c].n_blockade_hexes)
			blockade_ports.city[blockade_ports.n++] = (int16_t)c;
}

/* lw_naval_defense_mod for every city: each city 0, then the blockaded
 * ports (asked only while a fleet is on blockade) and the revealed
 * ironclads' ports (only while one is), not every city asked both (issue
 * 17: the cities' stamp asks this every update, 1,166 instructions) */
void lw_naval_defense_mods(const struct lw_state *s, int mod[LW_MAX_CITIES])
{
	const struct lw_data *d = lw_D();
	pthread_once(&blockade_ports_once, blockade_ports_build);
	int n = s->n_cities < LW_MAX_CITIES ? s->n_cities : LW_MAX_CITIES;
	for (int c = 0; c < n; c++)
		mod[c] = 0;
	struct on_blockade fleets;
	fleets_on_blockade(s, &fleets);
	for (int k = 0; k < blockade_ports.n && fleets.n; k++) {
		int c = blockade_ports.city[k];
		if (c < n && s->city[c].owner == LW_CONFEDERATE &&
		    effectively_blockaded_by(&d->cities[c], &fleets))
			mod[c] -= d->tables.naval.blockade_defense_minus; /* 8.2.1 */
	}
	int16_t iron[LW_NAVY_ASSETS]; /* the revealed ironclads' ports */
	int ni = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		const struct lw_navy_piece *x = &s->navy.asset[i];
		if (x->where == LW_NW_PORT && x->revealed &&
		    lw_naval_asset_kind(i) == LW_AK_IRONCLAD)
			iron[ni++] = x->hex;
	}
	for (int c = 0; c < n && ni; c++)
		for (int k = 0; k < ni; k++)
			if (iron[k] == d->cities[c].hex) {
				mod[c] += d->tables.naval.ironclad_port_defense; /* 8.1.2.1, once */
				break;
			}
}

/* The Southern ocean ports with a supply value (8.2's sum), from the map's
 * data once (the fan-out workers read it: set before they ask, by
 * pthread_once): each port's city, and by hex 1 + its slot in that list
 * (0: none), for a port whose hex is its own city's (lw_hex_owner_force's
 * first unit there is the port's force); another port (none on this map)
 * is asked of lw_hex_owner_force. The table's pages past the map's hex
 * ids are never written, and so never touched. */
static struct {
	int n;
	int16_t city[LW_MAX_CITIES];
	bool own_hex[LW_MAX_CITIES];
	uint8_t slot_at[UINT16_MAX + 1]; /* by a unit's int16_t hex as read unsigned:
	                                  * no bound to test (LW_NO_HEX reads 0) */
} supply_ports;
static pthread_once_t supply_ports_once = PTHREAD_ONCE_INIT;
_Static_assert(LW_MAX_CITIES < 255, "a port's slot + 1 is a byte");

static void supply_ports_build(void)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities && c < LW_MAX_CITIES; c++) {
		const struct lw_city *city = &d->cities[c];
		if (!city->southern_ocean_port || city->supply <= 0)
			continue;
		int k = supply_ports.n++;
		supply_ports.city[k] = (int16_t)c;
		const struct lw_hex *h = lw_data_hex(d, city->hex);
		supply_ports.own_hex[k] = h && h->city == (int)c;
		if (supply_ports.own_hex[k])
			supply_ports.slot_at[(uint16_t)city->hex] = (uint8_t)(k + 1);
	}
}

/* lw_naval_blockaded_for_effects for every port at once, the same ports
 * and the same sum (test_8_2_blockaded_supply_reference). Issue 17: the
 * navy's view stamp asks for it after every action. Each of the eleven
 * ports is blockaded by its fleets or its Union garrison, or by its
 * siege's besieger, else by the first unit on its hex: the units are
 * walked once for the ports left (a byte by the hex each), and only
 * while one is left; not every city's hex looked up for every unit on
 * the map, then every city with a supply value asked (session 31: 3,300
 * instructions an update, 1.4 % of the fan-out). */
int lw_naval_blockaded_supply(const struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	pthread_once(&supply_ports_once, supply_ports_build);
	/* with no siege on, no port's besieger to look for (lw_siege_at's
	 * walk of the sieges for each port) */
	bool sieges = false;
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		sieges |= s->amphib.sieges[i].stage == LW_SG_ON;
	struct on_blockade fleets;
	fleets_on_blockade(s, &fleets);
	int n = 0;
	uint8_t open[LW_MAX_CITIES]; /* by slot: the first unit on the hex decides */
	int left = 0;
	for (int k = 0; k < supply_ports.n; k++) {
		int c = supply_ports.city[k];
		const struct lw_city *city = &d->cities[c];
		open[k] = 0;
		if (effectively_blockaded_by(city, &fleets) ||
		    (s->city[c].owner == LW_UNION && s->city[c].garrison)) {
			n += city->supply;
			continue;
		}
		if (!supply_ports.own_hex[k]) {
			n += lw_hex_owner_force(s, city->hex) == LW_UNION ? city->supply : 0;
			continue;
		}
		/* 8.2: a port occupied by a Union force (the besieger on a
		 * siege hex, else the first unit there) */
		int top = sieges ? lw_siege_top_side(s, city->hex) : LW_NOSIDE;
		if (top != LW_NOSIDE) {
			n += top == LW_UNION ? city->supply : 0;
			continue;
		}
		open[k] = 1;
		left++;
	}
	if (!left)
		return n;
	for (const struct lw_unit *u = s->unit, *end = s->unit + s->n_units; u < end; u++) {
		int k = supply_ports.slot_at[(uint16_t)u->hex];
		if (!k || !open[k - 1] || u->where != LW_W_MAP)
			continue;
		open[k - 1] = 0;
		if (u->side == LW_UNION)
			n += d->cities[supply_ports.city[k - 1]].supply;
		if (--left == 0)
			break;
	}
	return n;
}

/* ---- ports ------------------------------------------------------------------- */

int lw_naval_assets_at(const struct lw_state *s, int hex)
{
	int n = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		n += s->navy.asset[i].where == LW_NW_PORT && s->navy.asset[i].hex == hex;
	return n;
}

bool lw_naval_cs_port(const struct lw_state *s, int c, bool ocean)
{
	if (c < 0)
		return false;
	const struct lw_city *city = &lw_D()->cities[c];
	if (s->city[c].owner != LW_CONFEDERATE || lw_hex_owner_force(s, city->hex) == LW_UNION)
		return false;
	return ocean ? city->ocean_port : (city->ocean_port || city->river_port);
}

void lw_naval_port_attacked(struct lw_state *s, int hex)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		struct lw_navy_piece *x = &s->navy.asset[i];
		if (x->where != LW_NW_PORT || x->hex != hex || x->revealed)
			continue;
		char h[64];
		if (lw_naval_asset_kind(i) == LW_AK_FALSE_INFO) {
			/* 8.1.2.1, 8.1.2.4: revealed and back into the asset pool */
			memset(x, 0, sizeof *x);
			lw_log(s,
			       "The asset at %s was False Information: it goes back to the pool "
			       "(8.1.2.4).",
			       lw_hex_label(hex, h, sizeof h));
			continue;
		}
		x->revealed = 1;
		lw_log(s, "The asset at %s is revealed: %s (8.1.2.1).",
		       lw_hex_label(hex, h, sizeof h),
		       lw_naval_asset_kind(i) == LW_AK_IRONCLAD ? "an ironclad" : "the Hunley");
	}
}

static void lose_asset(struct lw_state *s, int i, const char *why)
{
	char h[64];
	lw_log(s, "The %s at %s is lost: %s.", lw_naval_asset_name(lw_naval_asset_kind(i)),
	       lw_hex_label(s->navy.asset[i].hex, h, sizeof h), why);
	s->navy.asset[i].where = LW_NW_GONE;
	s->navy.asset[i].revealed = 1;
}

void lw_naval_port_captured(struct lw_state *s, int c, bool amphibious)
{
	const struct lw_city *city = &lw_D()->cities[c];
	if (s->city[c].owner == LW_CONFEDERATE) {
		/* 8.0 is silent on Union Fleets in a Union port the Confederates
		 * take (7.1.8's Washington, Baltimore, Philadelphia): decided, they
		 * leave at once for the nearest port of his the Union still holds,
		 * his choice among equally near ones (lw_naval_escape.c; docs/naval.md "Union
		 * Fleets in a port the Confederates capture") */
		for (int i = 0; i < LW_NAVY_FLEETS; i++)
			if (s->navy.fleet[i].where == LW_NW_PORT &&
			    s->navy.fleet[i].hex == city->hex)
				lw_naval_escape_fleet(s, i);
		return;
	}
	if (s->city[c].owner != LW_UNION || (!city->ocean_port && !city->river_port))
		return;
	/* taken by a river or ocean assault (14.1.3, 14.2.2) counts as amphibious */
	uint8_t k = s->amphib.assault;
	if ((k == LW_AM_RIVER_ASSAULT || k == LW_AM_OCEAN_ASSAULT) &&
	    s->amphib.assault_target == city->hex)
		amphibious = true;
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		struct lw_navy_piece *x = &s->navy.asset[i];
		if (x->where != LW_NW_PORT || x->hex != city->hex)
			continue;
		enum lw_asset_kind k = lw_naval_asset_kind(i);
		if (k == LW_AK_FALSE_INFO) {
			memset(x, 0, sizeof *x); /* 8.1.2.4: revealed, back to the pool */
			lw_log(s, "The asset in %s was False Information (8.1.2.4).", city->name);
			continue;
		}
		if (k == LW_AK_HUNLEY) {
			lose_asset(s, i, "the Hunley cannot move (8.1.2.3)");
			continue;
		}
		if (amphibious) {
			/* 8.1.2.1: scuttled after an ocean invasion; lost when a river
			 * assault defeats the port */
			lose_asset(s, i, "lost to the amphibious capture (8.1.2.1)");
			continue;
		}
		if (s->navy.foote) {
			lose_asset(s, i, "destroyed instead of retreating, Foote (8.1.2.1)");
			continue;
		}
		/* 8.1.2.1: to the closest friendly port within four hexes, the
		 * Confederate's choice among the closest (lw_naval_escape.c) */
		lw_naval_escape_ironclad(s, i);
	}
	for (int r = 0; r < LW_NAVY_RAIDERS; r++) {
		if (s->navy.raider[r].where != LW_NW_PORT || s->navy.raider[r].hex != city->hex)
			continue;
		if (amphibious) { /* 8.3.4: Raiders in port fall to amphibious attacks */
			s->navy.raider[r].where = LW_NW_GONE;
			lw_log(s, "A Raider in %s is lost to the amphibious capture (8.3.4).",
			       city->name);
		} else {
			lw_naval_escape_raider(s, r, c); /* 8.3.4, 8.1.1 (lw_naval_escape.c) */
		}
	}
}

/* ---- the Hunley against an amphibious assault (8.1.2.3, lw_amphib.c) ------------- */

bool lw_naval_hunley_at(const struct lw_state *s, int hex)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (lw_naval_asset_kind(i) == LW_AK_HUNLEY &&
		    s->navy.asset[i].where == LW_NW_PORT && s->navy.asset[i].hex == hex)
			return true;
	return false;
}

void lw_naval_hunley_remove(struct lw_state *s, int hex)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (lw_naval_asset_kind(i) == LW_AK_HUNLEY &&
		    s->navy.asset[i].where == LW_NW_PORT && s->navy.asset[i].hex == hex) {
			s->navy.asset[i].where = LW_NW_GONE; /* once per game, then removed */
			s->navy.asset[i].revealed = 1;
		}
}

/* ---- 20.2 and 21.3 -------------------------------------------------------------- */

bool lw_naval_sea_supplied(const struct lw_state *s, int hex, int side)
{
	int c = lw_city_at(hex);
	if (side != LW_UNION || c < 0 || !lw_D()->cities[c].ocean_port || s->city[c].raided)
		return false; /* 20.0: nothing is traced into a Raided city */
	/* 20.2: friendly and captured ocean ports trace across the sea */
	return lw_city_controller(s, c) == LW_UNION;
}

int lw_naval_sea_supply(const struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	int n = 0;
	/* 20.2: "back to Union ocean ports": the Union's own (not captured) ones */
	for (size_t c = 0; c < d->n_cities; c++)
		if (d->cities[c].ocean_port && d->cities[c].control == LW_CTRL_UNION &&
		    lw_city_controller(s, (int)c) == LW_UNION && d->cities[c].supply > 0 &&
		    !s->city[c].raided) /* 20.0: a Raided city's value is 0 */
			n += d->cities[c].supply;
	return n;
}

int lw_naval_port_vp(const struct lw_state *s, int c, int side)
{
	const struct lw_city *city = &lw_D()->cities[c];
	if (!city->southern_ocean_port)
		return 0;
	bool union_held = s->city[c].owner == LW_UNION;
	bool blockaded = lw_naval_effectively_blockaded(s, c);
	if (side == LW_UNION)
		return union_held || blockaded ? 1 : 0;
	/* CS: not effectively blockaded and not occupied by a Union force or
	 * garrison token (a port the Union holds counts as occupied) */
	if (blockaded || union_held || lw_hex_owner_force(s, city->hex) == LW_UNION)
		return 0;
	return city->supply > 0 ? city->supply : 0;
}

int lw_naval_raiders_on_track(const struct lw_state *s)
{
	int n = 0;
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		n += s->navy.raider[i].where == LW_NW_RAID;
	return n;
}
