/* 18.2 "Subordinates (including TCOs) may be detached from an IT-encumbered
 * force but such subordinates may only be assigned IT equal to or less than
 * the number of the detached stars. Example: A force carrying four IT
 * detaches a two-star general. The general could carry away with him
 * zero-to-two of the IT. A single star general could be detached with zero
 * or one IT." How many is the owner's choice: the MOVE step offers each
 * number, the action names it ("it"), more than allowed is refused citing
 * 18.2, and the IT left behind and carried on add up to the force's. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

/* A detach of unit id carrying it IT (0: the entry without "it"). */
struct detach_want {
	const char *id;
	int it;
};
static bool is_detach(const json_t *a, const void *ctx)
{
	const struct detach_want *w = ctx;
	const char *t = json_string_value(json_object_get(a, "type"));
	const char *u = json_string_value(json_object_get(a, "unit"));
	json_t *k = json_object_get(a, "it");
	return t && u && strcmp(t, "detach") == 0 && strcmp(u, w->id) == 0 &&
	       (w->it == 0 ? k == NULL : json_integer_value(k) == w->it);
}

/* Does side's MOVE step offer a detach of unit `id` carrying `it` IT
 * (0: the entry without "it")? */
static bool offers_detach(const struct lw_state *s, int side, const char *id, int it)
{
	const struct detach_want w = {id, it};
	return fx_offers_match(lw_march_offer, s, side, is_detach, &w);
}

static int force_it_at(const struct lw_state *s, int hex)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = lw_units_at(s, hex, LW_UNION, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 3);
	int sherman = fx_place(s, "sherman", x, 2);
	int thomas = fx_place(s, "thomas", x, 1);
	s->unit[grant].it = 4; /* 18.1.1: on the whole force */
	lw_march_begin(s, grant, false);

	/* the two-star: zero to two; the one-star: zero or one */
	CHECK(offers_detach(s, LW_UNION, "sherman", 0));
	CHECK(offers_detach(s, LW_UNION, "sherman", 1));
	CHECK(offers_detach(s, LW_UNION, "sherman", 2));
	CHECK(!offers_detach(s, LW_UNION, "sherman", 3));
	CHECK(offers_detach(s, LW_UNION, "thomas", 1));
	CHECK(!offers_detach(s, LW_UNION, "thomas", 2));

	/* more than his stars: refused, citing 18.2; nothing changes */
	json_error_t je;
	json_t *a = json_loads("{\"type\":\"detach\",\"unit\":\"thomas\",\"it\":2}", 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	CHECK(lw_march_act(s, LW_UNION, a, &out, &err) != 0);
	CHECKF(strstr(err.message, "18.2") != NULL, "%s", err.message);
	json_decref(a);
	CHECK_EQ_INT(s->play.movers_n, 3);

	/* Sherman stays behind with two of the four IT */
	ACT_OK(s, LW_UNION, "{\"type\":\"detach\",\"unit\":\"sherman\",\"it\":2}");
	CHECK_EQ_INT(s->play.movers_n, 2);
	CHECK_EQ_INT(s->unit[sherman].it, 2);
	CHECK_EQ_INT(s->unit[grant].it + s->unit[thomas].it, 2);
	CHECK_EQ_INT(force_it_at(s, x), 4); /* nothing lost or made */

	/* Thomas with none (the entry without "it") */
	ACT_OK(s, LW_UNION, "{\"type\":\"detach\",\"unit\":\"thomas\"}");
	CHECK_EQ_INT(s->unit[thomas].it, 0);
	CHECK_EQ_INT(s->unit[grant].it, 2);

	/* Grant moves on with his two IT; Sherman's two stay in x */
	char mv[64];
	snprintf(mv, sizeof mv, "{\"type\":\"move\",\"to\":%d}", y);
	ACT_OK(s, LW_UNION, mv);
	CHECK_EQ_INT(s->unit[grant].hex, y);
	CHECK_EQ_INT(force_it_at(s, y), 2);
	CHECK_EQ_INT(force_it_at(s, x), 2);
	free(s);
	return tap_done();
}
