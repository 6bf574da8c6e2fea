/* 11.0.1, 12.4, 18.1 — who stands at a hex, asked inside a view update
 * window (kit/view_sections.h), where lw_activation.c answers from a
 * per-hex index of the units built once a window (issue 17: the views and
 * offers scanned every unit for each hex and each unit they showed), is
 * what a scan of every unit in unit order answers:
 *   - lw_units_at of either side and of both: the units, in unit order
 *     (11.0.1: "first met in unit order" breaks the CO's last tie), as this
 *     test's own scan finds them;
 *   - lw_hex_owner_force, lw_force_co, lw_force_co_side, lw_force_it,
 *     lw_force_infantry_stars, lw_force_has_cavalry, lw_activation_cost and
 *     lw_stack_check_hex (12.4, with units added and a promotion; its
 *     message too) give inside the window what they give outside it;
 * after every action of bot games of the three scenarios, and in a siege
 * hex (16.9.5.2: the hex-level helpers describe the besiegers, on top),
 * which the bot's games of this length do not reach.
 * So too between lw_units_hold and lw_units_release (lw_act's loops over
 * forces, while no unit moves).
 * The index is the window's (or the hold's) state's, and theirs only:
 *   - a state edited after its window closed or its hold was released (a
 *     general moved, one removed) is answered as it is now, outside a
 *     window and in the next;
 *   - another state asked inside the window (a copy with a general moved)
 *     is answered as that state is, and the window's state after it.
 * Outside a window, lw_hex_owner_force reads units four at a time: each
 * unit alone at an empty hex is its owner, and with each unit of the other
 * side there too the one first in unit order is, wherever they fall among
 * the four.
 * The index's builds are numbered and the numbers wrap: a unit moved from
 * an empty hex is not answered there by any of the next 65,537 holds.
 * And the city at a hex (lw_city_at, read from the data's hex index) is
 * the data's (lw_data_city_at) for every hex id and for ids off the grid. */
#include "kit/view_sections.h"
#include "lw_amphib_fixture.h"
#include "lw_siege.h"
#include "lw_testkit.h"

#define MAX_ACTIONS 250

/* This test's own reading: the units of side at hex, in unit order. */
static int scan(const struct lw_state *s, int hex, int side, int out[LW_MAX_UNITS])
{
	int n = 0;
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP && s->unit[i].hex == hex &&
		    (side == LW_NOSIDE || s->unit[i].side == side))
			out[n++] = i;
	return n;
}

/* What the helpers answer about one hex (and its units). */
struct answers {
	int n[3], u[3][LW_MAX_UNITS];
	int owner, co, co_side[2], it, inf_stars, cav;
	int stack[2][3];
	char why[2][3][TG_ERR_MSG_MAX];
	int cost[LW_MAX_UNITS];
};

static void ask(const struct lw_state *s, int hex, int add, struct answers *a)
{
	memset(a, 0, sizeof *a);
	static const int sides[3] = {LW_NOSIDE, LW_UNION, LW_CONFEDERATE};
	for (int k = 0; k < 3; k++)
		a->n[k] = lw_units_at(s, hex, sides[k], a->u[k]);
	a->owner = lw_hex_owner_force(s, hex);
	a->co = lw_force_co(s, hex);
	a->co_side[0] = lw_force_co_side(s, hex, LW_UNION);
	a->co_side[1] = lw_force_co_side(s, hex, LW_CONFEDERATE);
	a->it = lw_force_it(s, hex);
	a->inf_stars = lw_force_infantry_stars(s, hex);
	a->cav = lw_force_has_cavalry(s, hex);
	for (int k = 0; k < 2; k++) {
		int side = sides[k + 1];
		struct tg_error e[3] = {{{0}, {0}}};
		int promote = a->n[k + 1] ? a->u[k + 1][a->n[k + 1] - 1] : LW_NONE;
		a->stack[k][0] = lw_stack_check_hex(s, hex, side, NULL, 0, LW_NONE, 0, &e[0]);
		a->stack[k][1] = lw_stack_check_hex(s, hex, side, &add, 1, LW_NONE, 0, &e[1]);
		a->stack[k][2] = lw_stack_check_hex(s, hex, side, &add, 1, promote, 3, &e[2]);
		for (int j = 0; j < 3; j++)
			memcpy(a->why[k][j], e[j].message, sizeof e[j].message);
	}
	for (int k = 0; k < a->n[0]; k++)
		a->cost[k] = lw_activation_cost(s, a->u[0][k]);
}

static int checked_hexes, checked_sieges, checked_alone;

/* 12.4: the hex's units judged alone (lw_stack_check_hex reads them in
 * unit order as lw_units_at gives them) and with one of them added again
 * (joined to the hex's by bits, in unit order): the same answer and
 * message, with no promotion and with the last one at three stars. */
static bool alone_as_added(const struct lw_state *s, int hex)
{
	static const int sides[2] = {LW_UNION, LW_CONFEDERATE};
	for (int k = 0; k < 2; k++) {
		int u[LW_MAX_UNITS], n = scan(s, hex, sides[k], u);
		for (int p = 0; p < 2 && n > 0; p++) {
			int promote = p ? u[n - 1] : LW_NONE;
			struct tg_error e1 = {{0}, {0}}, e2 = {{0}, {0}};
			int a = lw_stack_check_hex(s, hex, sides[k], NULL, 0, promote, 3, &e1);
			int b = lw_stack_check_hex(s, hex, sides[k], &u[0], 1, promote, 3, &e2);
			if (a != b || strcmp(e1.message, e2.message) != 0)
				return false;
			checked_alone++;
		}
	}
	return true;
}

/* Every hex with a unit, an empty one and none: inside g's window as
 * outside it, and units_at as this test's scan. */
static void check_state(const struct game *g, const char *what)
{
	const struct lw_state *s = &g->s;
	int hexes[LW_MAX_UNITS + 2], nh = 0;
	hexes[nh++] = LW_NO_HEX;
	hexes[nh++] = 1903; /* Washington, often empty */
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP)
			hexes[nh++] = s->unit[i].hex;
	/* an id whose low 16 bits are an occupied hex's (the scan compares
	 * the units' int16_t hexes): nobody stands there */
	int alias = nh > 2 ? hexes[2] + 65536 : LW_NO_HEX;
	int tmp[LW_MAX_UNITS];
	CHECKF(alias == LW_NO_HEX || (lw_units_at(s, alias, LW_NOSIDE, tmp) == 0 &&
	                              lw_hex_owner_force(s, alias) == LW_NOSIDE),
	       "%s: hex %d: units answered (%d's low bits)", what, alias, hexes[2]);
	static struct answers out, in, held;
	bool same = true;
	for (int k = 0; k < nh && same; k++) {
		int hex = hexes[k], add = k % s->n_units, want[LW_MAX_UNITS];
		ask(s, hex, add, &out);
		tg_view_update_begin(g);
		ask(s, hex, add, &in);
		tg_view_update_end();
		bool took = lw_units_hold(s);
		ask(s, hex, add, &held);
		lw_units_release(took);
		same = took && memcmp(&held, &out, sizeof held) == 0;
		if (!same)
			CHECKF(same, "%s: hex %d: held (%d), the answers are not those of a scan",
			       what, hex, took);
		static const int sides[3] = {LW_NOSIDE, LW_UNION, LW_CONFEDERATE};
		for (int j = 0; j < 3 && same; j++) {
			int n = scan(s, hex, sides[j], want);
			same = n == in.n[j] && memcmp(want, in.u[j], sizeof *want * (size_t)n) == 0;
			if (!same) /* one line a failure, not a line a hex */
				CHECKF(same,
				       "%s: hex %d side %d: %d units in the window, %d by the scan",
				       what, hex, sides[j], in.n[j], n);
		}
		same = same && memcmp(&in, &out, sizeof in) == 0;
		if (!same)
			CHECKF(
			    same,
			    "%s: hex %d: the window's answers (owner %d co %d it %d stars %d) are "
			    "not those outside it (owner %d co %d it %d stars %d)",
			    what, hex, in.owner, in.co, in.it, in.inf_stars, out.owner, out.co,
			    out.it, out.inf_stars);
		checked_hexes++;
		checked_sieges += lw_siege_top_side(s, hex) != LW_NOSIDE;
		same = alone_as_added(s, hex);
		if (!same)
			CHECKF(same, "%s: hex %d: its units alone are not judged as with one added",
			       what, hex);
	}
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	check_state(g, "after an action");
}

/* A general of the map: the first one at or after unit k. */
static int on_map(const struct lw_state *s, int k)
{
	for (int i = 0; i < s->n_units; i++) {
		int u = (k + i) % s->n_units;
		if (s->unit[u].where == LW_W_MAP)
			return u;
	}
	return LW_NONE;
}

static void expect_scan(const struct game *g, int hex, const char *what)
{
	int want[LW_MAX_UNITS], got[LW_MAX_UNITS];
	int n = scan(&g->s, hex, LW_NOSIDE, want), m = lw_units_at(&g->s, hex, LW_NOSIDE, got);
	CHECKF(n == m && memcmp(want, got, sizeof *want * (size_t)n) == 0,
	       "%s: hex %d: %d units answered, %d there", what, hex, m, n);
	int owner = n ? g->s.unit[want[0]].side : LW_NOSIDE;
	if (lw_siege_top_side(&g->s, hex) == LW_NOSIDE)
		CHECKF(lw_hex_owner_force(&g->s, hex) == owner, "%s: hex %d: owner %d, %d there",
		       what, hex, lw_hex_owner_force(&g->s, hex), owner);
}

/* The index never outlives its window, nor answers for another state. */
static void check_stale(struct game *g)
{
	struct lw_state *s = &g->s;
	int u = on_map(s, 0), v = on_map(s, u + 1);
	CHECK(u != LW_NONE && v != LW_NONE && u != v);
	if (u == LW_NONE || v == LW_NONE || u == v)
		return;
	int from = s->unit[u].hex, to = s->unit[v].hex == from ? 1903 : s->unit[v].hex;
	int tmp[LW_MAX_UNITS];
	tg_view_update_begin(g);
	lw_units_at(s, from, LW_NOSIDE, tmp); /* built for this window */
	tg_view_update_end();
	bool took = lw_units_hold(s);
	lw_units_at(s, to, LW_NOSIDE, tmp); /* built for this hold */
	lw_units_release(took);
	s->unit[u].hex = (int16_t)to; /* edited between windows, as an action does */
	expect_scan(g, from, "moved, outside a window");
	expect_scan(g, to, "moved, outside a window");
	tg_view_update_begin(g);
	expect_scan(g, from, "moved, the next window");
	expect_scan(g, to, "moved, the next window");
	tg_view_update_end();
	s->unit[v].where = LW_W_REMOVED;
	int vhex = s->unit[v].hex;
	s->unit[v].hex = LW_NO_HEX;
	tg_view_update_begin(g);
	expect_scan(g, vhex, "removed, the next window");
	/* another state inside g's window: a copy with u moved back */
	struct game *h = malloc(sizeof *h);
	if (!h)
		exit(1);
	memcpy(h, g, sizeof *h);
	h->s.unit[u].hex = (int16_t)from;
	expect_scan(h, from, "another state in the window");
	expect_scan(h, to, "another state in the window");
	expect_scan(g, from, "the window's state after another");
	expect_scan(g, to, "the window's state after another");
	tg_view_update_end();
	free(h);
}

/* The index's builds are numbered (an entry of another build is no unit),
 * and the numbers wrap after 65,536 builds: a unit listed at an empty hex
 * by one build, then moved away, is not there in any of the next 65,537
 * holds (one of which has the first's number again). */
static void check_wrap(struct game *g)
{
	struct lw_state *s = &g->s;
	int u = on_map(s, 0), tmp[LW_MAX_UNITS], x = LW_NO_HEX;
	for (int hex = 101; hex < 9999 && x == LW_NO_HEX; hex++)
		if (lw_data_hex(lw_D(), hex) && scan(s, hex, LW_NOSIDE, tmp) == 0)
			x = hex;
	CHECK(u != LW_NONE && x != LW_NO_HEX);
	if (u == LW_NONE || x == LW_NO_HEX)
		return;
	int16_t home = s->unit[u].hex;
	s->unit[u].hex = (int16_t)x;
	bool took = lw_units_hold(s);
	CHECK(took && lw_units_at(s, x, LW_NOSIDE, tmp) == 1 && tmp[0] == u);
	lw_units_release(took);
	s->unit[u].hex = home;
	int wrong = 0;
	for (int k = 0; k <= 65536; k++) {
		took = lw_units_hold(s);
		wrong += !took || lw_units_at(s, x, LW_NOSIDE, tmp) != 0 ||
		         lw_hex_owner_force(s, x) != LW_NOSIDE;
		lw_units_release(took);
	}
	CHECKF(wrong == 0, "hex %d: a unit moved away answered in %d of 65,537 holds", x, wrong);
	expect_scan(g, home, "after 65,537 holds");
}

/* Each unit alone at x, then with each unit of the other side there too,
 * the owner is the one first in unit order; returns the wrong answers. */
static int owner_pairs(struct lw_state *s, int x, int *asked)
{
	int wrong = 0;
	for (int i = 0; i < s->n_units; i++) {
		struct lw_unit keep = s->unit[i];
		s->unit[i].hex = (int16_t)x;
		s->unit[i].where = LW_W_MAP;
		wrong += lw_hex_owner_force(s, x) != s->unit[i].side;
		for (int j = 0; j < s->n_units; j++) {
			if (s->unit[j].side == s->unit[i].side)
				continue;
			struct lw_unit other = s->unit[j];
			s->unit[j].hex = (int16_t)x;
			s->unit[j].where = LW_W_MAP;
			wrong += lw_hex_owner_force(s, x) != s->unit[j < i ? j : i].side;
			s->unit[j] = other;
			(*asked)++;
		}
		s->unit[i] = keep;
	}
	return wrong;
}

/* The scan outside a window at every place among the four: the game's
 * units (its sides change at multiples of four), less one, two and three
 * at the end, and with every other unit's side swapped. */
static void check_owner_each_unit(const struct game *g)
{
	struct game *h = malloc(sizeof *h);
	if (!h)
		exit(1);
	memcpy(h, g, sizeof *h);
	struct lw_state *s = &h->s;
	int x = 1903, wrong = 0, asked = 0, n = s->n_units; /* Washington: emptied */
	for (int i = 0; i < n; i++)
		if (s->unit[i].hex == x)
			s->unit[i].hex = LW_NO_HEX, s->unit[i].where = LW_W_REMOVED;
	CHECK(lw_siege_top_side(s, x) == LW_NOSIDE);
	for (int swap = 0; swap < 2; swap++) {
		for (int i = 1; swap && i < n; i += 2)
			s->unit[i].side = LW_OTHER(s->unit[i].side);
		for (int less = 0; less < 4; less++) {
			s->n_units = n - less;
			wrong += owner_pairs(s, x, &asked);
		}
	}
	CHECKF(wrong == 0 && asked > 0, "lw_hex_owner_force: %d wrong of %d", wrong, asked);
	free(h);
}

static void check_city_at(void)
{
	const struct lw_data *d = lw_D();
	int wrong = 0, cities = 0;
	for (int hex = -2; hex <= LW_HEX_IDS + 1; hex++) {
		const struct lw_city *c = lw_data_city_at(d, hex);
		int want = c ? (int)(c - d->cities) : -1;
		wrong += lw_city_at(hex) != want;
		cities += want >= 0;
	}
	CHECKF(wrong == 0, "lw_city_at differs from lw_data_city_at at %d hexes", wrong);
	CHECKF(cities == (int)d->n_cities, "%d cities found at their hexes of %zu", cities,
	       d->n_cities);
}

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	static const char *const scn[] = {"campaign", "introductory", "tournament"};
	const struct lw_bot_hooks hooks = {.after = after};
	for (int game = 0; game < 3; game++) {
		struct game *g = tk_new(scn[game], 2700 + game);
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, 27001u + (uint64_t)game);
		char why[256];
		check_state(g, "at setup");
		CHECKF(lw_bot_play(&bot, M, g, MAX_ACTIONS, &hooks, why, sizeof why) >= 0,
		       "game %d: %s", game, why);
		check_owner_each_unit(g);
		if (game == 0)
			check_wrap(g);
		check_stale(g);
		M->free(g);
	}
	check_city_at(); /* the data is loaded (tk_new) */
	/* a three-star Union besieger over two Confederate two-stars */
	struct game *g = bx_game(3);
	int usco, csco, cs2;
	if (CHECK(g != NULL) && am_nashville_siege(&g->s, &usco, &csco, &cs2)) {
		CHECK_EQ_INT(lw_siege_top_side(&g->s, am_hex("nashville")), LW_UNION);
		check_state(g, "a siege");
		check_stale(g);
	}
	free(g);
	printf("# %d hexes asked, %d of them besieged; %d stacks judged alone and added\n",
	       checked_hexes, checked_sieges, checked_alone);
	CHECKF(checked_hexes > 1000 && checked_sieges > 0 && checked_alone > 1000,
	       "%d hexes asked, %d besieged, %d stacks judged alone", checked_hexes, checked_sieges,
	       checked_alone);
	return tap_done();
}
