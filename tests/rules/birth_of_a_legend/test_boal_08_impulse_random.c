/* 8.0-10.7: impulses played by a random legal-action player through the
 * pending table, both games, from set-up and on: every offered action is
 * accepted (the offers and the acts agree), an impulse never waits with
 * nothing offered, ends within a bound, and 7.1 stacking, unit areas and
 * the step's owner hold after every action. Not the module's playouts
 * (those come with the phases); the impulse's own. */
#include "boal_impulse_testkit.h"

static int pick(struct tg_rng *r, int n)
{
	return (int)tg_rng_below(r, (uint32_t)n);
}

static bool invariants(const struct boal_state *s, const struct boal_data *d)
{
	for (int a = 1; a <= BOAL_AREAS; a++)
		for (int side = 0; side < 2; side++)
			if (boal_units_in(s, d, side, a) > d->stacking_max)
				return false;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area > BOAL_AREAS)
			return false;
	return true;
}

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	struct tg_rng bot;
	uint8_t bseed[TG_SEED_BYTES] = {8, 1};
	tg_rng_init(&bot, bseed);
	int impulses = 0, actions = 0, refused = 0, stuck = 0, endless = 0, broken = 0;
	int seen[BT_N] = {0};
	for (int game = 0; game < 100; game++) {
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)game, 21, 8};
		struct tg_error err = {{0}, {0}};
		boal_setup_state(&s, d, seed, game % 2 == 1, &err);
		for (int imp = 0; imp < 40; imp++) {
			int side = imp % 2 == 0 ? BOAL_CONFEDERATE : BOAL_UNION;
			s.army_active[0] = pick(&bot, 2);
			s.army_active[1] = pick(&bot, 2);
			s.rain = s.advanced && pick(&bot, 4) == 0;
			for (int l = 0; l < s.n_leaders; l++)
				if (pick(&bot, 3) == 0)
					s.leader[l].inactive = false;
			boal_impulse_begin(&s, side);
			impulses++;
			int n = 0;
			while (!boal_impulse_over(&s) && n < 600) {
				unsigned who = tg_pending_awaiting(bt_table, BT_N, &s);
				int role = who == 1u ? 0 : who == 2u ? 1 : -1;
				if (role < 0) {
					stuck++;
					break;
				}
				seen[tg_pending_now(bt_table, BT_N, &s) - bt_table]++;
				json_t *l = tg_pending_legal(bt_table, BT_N, &s, role);
				int k = (int)json_array_size(l);
				if (k == 0) {
					stuck++;
					json_decref(l);
					fprintf(stderr, "no offer at %s\n", bt_pending(&s));
					break;
				}
				/* prefer ending once the impulse has run a while */
				json_t *o = json_array_get(l, (size_t)pick(&bot, k));
				struct game_outcome out = {false};
				struct tg_error e2 = {{0}, {0}};
				if (tg_pending_act(bt_table, BT_N, &s, role,
				                   json_object_get(o, "action"), &out, &e2) != 0) {
					refused++;
					char *txt = json_dumps(json_object_get(o, "action"), 0);
					fprintf(stderr, "refused %s: %s\n", txt, e2.message);
					free(txt);
					json_decref(l);
					break;
				}
				json_decref(l);
				actions++;
				n++;
				if (!invariants(&s, d))
					broken++;
			}
			if (!boal_impulse_over(&s) && n >= 600)
				endless++;
			if (!boal_impulse_over(&s))
				break;
			boal_impulse_clear(&s);
		}
	}
	fprintf(stderr, "%d impulses, %d actions\n", impulses, actions);
	/* every kind of decision was asked at some point; but fall_back: an
	 * Optional Assault repulsed needs a Contested area entered, which random
	 * play almost never does (test_boal_10_3_contested_activation asks it) */
	for (size_t i = 0; i < BT_N; i++) {
		fprintf(stderr, "%s: %d\n", bt_table[i].name, seen[i]);
		CHECKF(seen[i] > 0 || !strcmp(bt_table[i].name, "fall_back"), "%s never asked",
		       bt_table[i].name);
	}
	CHECK(impulses > 1000);
	CHECK_EQ_INT(refused, 0);
	CHECK_EQ_INT(stuck, 0);
	CHECK_EQ_INT(endless, 0);
	CHECK_EQ_INT(broken, 0);
	return tap_done();
}
