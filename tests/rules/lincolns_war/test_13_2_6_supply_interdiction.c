/* 13.2.6 interdicting supply lines: "Enemy cavalry will automatically cut
 * supply into hexes which it could harass during enemy movement, including
 * rail hexes. Check during the supply phase. If a hex is contested by both
 * a friendly and an enemy cavalry CO ..., the higher ranking unit will be
 * the one exerting influence. Cavalry COs of equal rank (stars) nullify
 * each other and supply is not interdicted. Cavalry may not interdict
 * across rivers, cut river or ocean supply, but can cut rail supply via
 * this procedure or by the placing of RIT. RIT prevent either side from
 * using rail movement into or through a hex with an RIT counter on it."
 *
 * The map is searched (no hex is hard-coded) for a lone Confederate general
 * in supply on an empty map and an enemy position next to his supply line
 * where an infantry general does not block the line (so that any effect is
 * the cavalry's interdiction, not an enemy unit in the way). Checked:
 *   - the Union cavalry there cuts the line (the Supply Phase, entered as
 *     the engine does at the end of operations, marks him Out of Supply;
 *     without the cavalry he stays in supply);
 *   - friendly cavalry of equal rank with the force nullifies it, a higher
 *     one wins, a lower one does not;
 *   - hexes held by his own forces (13.2.5: not "into any hex already
 *     occupied by an enemy Force") are not cut;
 *   - a rail line that carries his supply is cut by cavalry next to a rail
 *     hex beyond his two overland hexes, and by an RIT on it;
 *   - cavalry across a river from the hex it would cut does not cut it. */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

static struct lw_state *S;
static int FORCE, ECAV, EINF, FCAV;

static void off(int u)
{
	S->unit[u].where = LW_W_PENDING;
	S->unit[u].hex = LW_NO_HEX;
}

static bool land(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->terrain != LW_TERRAIN_OCEAN && h->city < 0;
}

static bool traced(int a)
{
	return lw_supply_traced(S, a, LW_CONFEDERATE, NULL);
}

/* Is city c on the Ohio (a river hexside of that name)? */
static bool ohio_city(int c)
{
	const struct lw_data *d = lw_D();
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, d->cities[c].hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, d->cities[c].hex, nb[i]);
		if (hs && hs->river && strcmp(hs->river, "Ohio") == 0)
			return true;
	}
	return false;
}

/* Is the force at a in supply with unit u (alone) at hex e? */
static bool with_at(int a, int u, int e, int stars)
{
	fx_place(S, u == EINF ? "sherman" : "buford", e, stars);
	bool ok = traced(a);
	off(u);
	return ok;
}

static bool river_between(int a, int b)
{
	return (lw_data_hexside_flags(lw_D(), a, b) & LW_HS_RIVER) != 0;
}

/* Friendly (Confederate) infantry generals on each hex of the list, into
 * units[]; returns how many were placed. */
static int fill(const int *hexes, int n, int *units)
{
	int k = 0;
	for (int u = 0; u < S->n_units && k < n; u++) {
		struct lw_unit *x = &S->unit[u];
		if (x->side != LW_CONFEDERATE || x->cavalry || x->gen < 0 || x->where == LW_W_MAP)
			continue;
		x->where = LW_W_MAP;
		x->hex = (int16_t)hexes[k];
		x->stars = 1;
		units[k++] = u;
	}
	return k;
}

static void unfill(const int *units, int n)
{
	for (int i = 0; i < n; i++)
		off(units[i]);
}

/* The land neighbours of hex other than the listed exceptions. */
static int land_around(int hex, int not1, int not2, int *out)
{
	int nb[6], k = 0;
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	for (int i = 0; i < n; i++)
		if (nb[i] != not1 && nb[i] != not2 && land(nb[i]))
			out[k++] = nb[i];
	return k;
}

/* Force at a cut by enemy cavalry at e: is there a hex b next to e that
 * carries the supply alone (with friendly generals on e's other
 * neighbours, cavalry at e still cuts), and a hex e2 across a river from b
 * that blocks nothing? Then cavalry at e2 must not cut b (13.2.6). */
static bool river_case(int a, int e, int *b_out, int *e2_out)
{
	int around[6], fu[6];
	int na = land_around(e, a, LW_NO_HEX, around);
	for (int i = 0; i < na; i++) {
		int b = around[i], others[6], no = 0;
		for (int j = 0; j < na; j++)
			if (j != i)
				others[no++] = around[j];
		int nf = fill(others, no, fu);
		fx_place(S, "buford", e, 1);
		bool cut = !traced(a);
		off(ECAV);
		unfill(fu, nf);
		if (!cut || nf != no)
			continue;
		int bn[6];
		int nbn = land_around(b, a, e, bn);
		for (int j = 0; j < nbn; j++) {
			int e2 = bn[j];
			if (!river_between(b, e2) || tg_hex_adjacent(&lw_D()->grid, a, e2))
				continue;
			/* e stays blocked (an enemy general there) so that every
			 * route still needs b */
			int o2[6], f2[6];
			int n2 = land_around(e2, b, a, o2);
			int nf2 = fill(o2, n2, f2);
			fx_place(S, "burnside", e, 1);
			bool free_hex = nf2 == n2 && traced(a) && with_at(a, EINF, e2, 1);
			bool ok = free_hex && with_at(a, ECAV, e2, 1);
			off(lw_unit_by_id(S, "burnside"));
			unfill(f2, nf2);
			if (!free_hex)
				continue;
			*b_out = b;
			*e2_out = e2;
			return ok;
		}
	}
	*b_out = *e2_out = LW_NO_HEX;
	return false;
}

/* Every clear land hex a where the force (alone on the map) is in supply:
 * the force is placed there and found(a, ctx) asked; the first a it
 * accepts is returned with the force left on it, or LW_NO_HEX. */
static int each_supplied_hex(bool (*found)(int a, void *ctx), void *ctx)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int a = d->hexes[i].id;
		if (!land(a) || d->hexes[i].terrain != LW_TERRAIN_CLEAR)
			continue;
		fx_place(S, "polk", a, 1);
		if (traced(a) && found(a, ctx))
			return a;
		off(FORCE);
	}
	return LW_NO_HEX;
}

/* The land hexes e two steps from a (not next to it) where an enemy
 * infantry general leaves the force at a in supply and enemy cavalry cuts
 * it: visit(a, e, ctx) on each until it returns true (then true). */
static bool each_cavalry_cut(int a, bool (*visit)(int a, int e, void *ctx), void *ctx)
{
	const struct lw_data *d = lw_D();
	int nb1[6];
	int n1 = tg_hex_neighbours(&d->grid, a, nb1);
	for (int j = 0; j < n1; j++) {
		int nb2[6];
		int m = tg_hex_neighbours(&d->grid, nb1[j], nb2);
		for (int k = 0; k < m; k++) {
			int e = nb2[k];
			if (e == a || !land(e) || tg_hex_adjacent(&d->grid, a, e) ||
			    !with_at(a, EINF, e, 1) || with_at(a, ECAV, e, 1))
				continue;
			if (visit(a, e, ctx))
				return true;
		}
	}
	return false;
}

/* Case 1: the first such e. */
static bool take_e(int a, int e, void *ctx)
{
	(void)a;
	*(int *)ctx = e;
	return true;
}

static bool cut_two_away(int a, void *ctx)
{
	return each_cavalry_cut(a, take_e, ctx);
}

/* Case 4: a rail hex r three hexes from a that carries his supply (an enemy
 * infantry general there cuts it) and a hex e next to it, not across a
 * river, where enemy infantry does not cut the line but cavalry does. */
struct rail_case {
	int r, e;
};

static bool rail_cut(int a, void *ctx)
{
	const struct lw_data *d = lw_D();
	struct rail_case *rc = ctx;
	for (size_t j = 0; j < d->n_hexes; j++) {
		int r = d->hexes[j].id;
		if (!d->hexes[j].rail || !land(r) || tg_hex_distance(&d->grid, a, r) != 3 ||
		    with_at(a, EINF, r, 1))
			continue;
		int rn[6];
		int m = tg_hex_neighbours(&d->grid, r, rn);
		for (int k = 0; k < m; k++) {
			int e = rn[k];
			if (!land(e) || river_between(e, r) ||
			    tg_hex_distance(&d->grid, a, e) < 3 || !with_at(a, EINF, e, 1))
				continue;
			if (!with_at(a, ECAV, e, 1)) {
				rc->r = r;
				rc->e = e;
				return true;
			}
		}
	}
	return false;
}

/* Case 5: river_case() on each configuration of case 1 until one has a
 * hex b and a hex across the river from it. */
struct river_try {
	int b, e2, fa;
	bool ok;
};

static bool try_river(int a, int e, void *ctx)
{
	struct river_try *rt = ctx;
	rt->ok = river_case(a, e, &rt->b, &rt->e2);
	rt->fa = a;
	return rt->b != LW_NO_HEX;
}

static bool river_near(int a, void *ctx)
{
	return each_cavalry_cut(a, try_river, ctx);
}

int main(void)
{
	S = fx_new(2);
	if (!CHECK(S != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	FORCE = lw_unit_by_id(S, "polk");
	ECAV = lw_unit_by_id(S, "buford");
	EINF = lw_unit_by_id(S, "sherman");
	FCAV = lw_unit_by_id(S, "stuart");

	/* 1. the base case: force at A, enemy position E within two hexes */
	int E = LW_NO_HEX;
	int A = each_supplied_hex(cut_two_away, &E);
	if (!CHECKF(A != LW_NO_HEX, "no hex where cavalry alone cuts a supply line"))
		return tap_done();
	printf("# force at %04d, enemy at %04d\n", A, E);

	/* the Supply Phase: Out of Supply with the enemy cavalry, not without */
	struct lw_state *keep = malloc(sizeof *keep);
	*keep = *S;
	fx_place(S, "buford", E, 1);
	lw_end_operations(S, NULL);
	lw_continue(S, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK(S->unit[FORCE].flags & LW_UF_OOS);
	*S = *keep;
	fx_place(S, "sherman", E, 1);
	lw_end_operations(S, NULL);
	lw_continue(S, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK(!(S->unit[FORCE].flags & LW_UF_OOS));
	*S = *keep;
	free(keep);

	/* 2. contested: a hex P for friendly cavalry where a friendly infantry
	 * general changes nothing (the cut stays) but a cavalry general of
	 * the same rank restores supply: he contests the hexes E cuts */
	fx_place(S, "buford", E, 1);
	CHECK(!traced(A));
	int P = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && P == LW_NO_HEX; i++) {
		int p = d->hexes[i].id;
		if (!land(p) || p == A || p == E || tg_hex_distance(&d->grid, p, E) > 2)
			continue;
		int fu[1];
		int nf = fill(&p, 1, fu);
		bool still = !traced(A);
		unfill(fu, nf);
		if (!still)
			continue;
		fx_place(S, "stuart", p, 1);
		if (traced(A))
			P = p;
		else
			off(FCAV);
	}
	if (CHECKF(P != LW_NO_HEX, "no hex where friendly cavalry contests the cut")) {
		printf("# friendly cavalry at %04d\n", P);
		CHECK(traced(A)); /* equal ranks nullify each other */
		S->unit[ECAV].stars = 2;
		CHECK(!traced(A)); /* the higher-ranking enemy exerts influence */
		S->unit[FCAV].stars = 2;
		CHECK(traced(A)); /* equal again */
		S->unit[ECAV].stars = 1;
		CHECK(traced(A)); /* the higher-ranking friend */
		off(FCAV);
	}
	CHECK(!traced(A));

	/* 3. hexes occupied by his own forces are not cut: a friendly general
	 * on every land neighbour of E (those E could cut) restores supply */
	{
		int tg[6], fu[6];
		int nt = land_around(E, A, LW_NO_HEX, tg);
		int nf = fill(tg, nt, fu);
		CHECK_EQ_INT(nf, nt);
		CHECK(traced(A));
		unfill(fu, nf);
		CHECK(!traced(A));
		off(ECAV);
		CHECK(traced(A));
		off(FORCE);
	}

	/* 4. rail: a force whose supply runs along a rail line (an enemy
	 * infantry general on rail hex R, three or more hexes away, cuts it);
	 * enemy cavalry next to R (where infantry does not block) cuts it too,
	 * and so does an RIT on R with nobody there */
	/* 20.1: the map's one such line runs over the Baltimore & Ohio bridge
	 * (1603-1502), which the Confederates may not cross while the Union
	 * holds the Ohio's river cities (an unfriendly section): with those
	 * cities neutral the section is nobody's and the bridge carries him */
	int8_t ohio_owner[LW_MAX_CITIES];
	for (int c = 0; c < S->n_cities; c++) {
		ohio_owner[c] = S->city[c].owner;
		if (ohio_city(c))
			S->city[c].owner = LW_NOSIDE;
	}
	struct rail_case rc = {LW_NO_HEX, LW_NO_HEX};
	int ra = each_supplied_hex(rail_cut, &rc), R = rc.r, RE = rc.e;
	if (CHECKF(ra != LW_NO_HEX, "no rail line cut by cavalry")) {
		printf("# force at %04d, rail hex %04d, cavalry at %04d\n", ra, R, RE);
		CHECK(traced(ra));
		lw_rit_set(S, R, true);
		CHECK(!traced(ra)); /* 13.2.6 / 9.3: the RIT cuts rail supply */
		lw_rit_set(S, R, false);
		CHECK(traced(ra));
		off(FORCE);
	}
	for (int c = 0; c < S->n_cities; c++)
		S->city[c].owner = ohio_owner[c];

	/* 5. rivers: among the configurations of case 1 (searched again), one
	 * where a hex b next to the cavalry carries the supply alone, and a hex
	 * across a river from b that blocks nothing: cavalry there does not
	 * cut b. Found and checked on the first such configuration. */
	{
		struct river_try rt = {LW_NO_HEX, LW_NO_HEX, LW_NO_HEX, false};
		if (each_supplied_hex(river_near, &rt) != LW_NO_HEX)
			off(FORCE);
		int b = rt.b, e2 = rt.e2, fa = rt.fa;
		bool ok = rt.ok;
		if (CHECKF(b != LW_NO_HEX, "no river case on this map")) {
			printf("# force at %04d, hex %04d, cavalry across the river at %04d\n", fa,
			       b, e2);
			CHECK(ok);
		}
	}
	free(S);
	return tap_done();
}
