/* 8.0-10.7: impulses played by a random legal-action player through the
 * pending table, both games, from set-up and on: every offered action is
 * accepted, its params filled with one of their choices (the offers and
 * the acts agree), an impulse never waits with
 * nothing offered, ends within a bound, and 7.1 stacking, unit areas and
 * the step's owner hold after every action. Not the module's playouts
 * (those come with the phases); the impulse's own. */
#include "boal_favour.h"
#include "boal_impulse_testkit.h"
#include "offer_fill.h"

static int pick(struct tg_rng *r, int n)
{
	return (int)tg_rng_below(r, (uint32_t)n);
}

/* an assault, a unit's move into an area Contested at the impulse's start
 * (10.2's Optional Assault is made from there), and the Defender's
 * answers that keep his units in an assaulted area */
static bool favour(const void *ctx, const json_t *offer)
{
	return boal_favour_assaults(ctx, json_object_get(offer, "action"));
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
	for (int game = 0; game < 200; game++) {
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
				/* half the time an offered assault is taken: uniform
				 * picks among the many moves rarely assault, and 10.4.4's
				 * fall_back needs a Contested area (a Success that left
				 * defenders) entered and assaulted again */
				const json_t *o = tg_offer_pick(l, &bot, favour, &s, 1, 2);
				/* each param filled (15.3's units; 10.2's assaulting units,
				 * some or all: offer_fill.h) */
				json_t *a = tg_offer_fill(o, &bot, NULL);
				json_decref(l);
				struct game_outcome out = {false};
				struct tg_error e2 = {{0}, {0}};
				int r = tg_pending_act(bt_table, BT_N, &s, role, a, &out, &e2);
				if (r != 0) {
					refused++;
					char *txt = json_dumps(a, 0);
					fprintf(stderr, "refused %s: %s\n", txt, e2.message);
					free(txt);
				}
				json_decref(a);
				if (r != 0)
					break;
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
	/* every kind of decision was asked at some point, 10.4.4's fall_back
	 * too (the favoured answers above make the Contested areas it needs) */
	for (size_t i = 0; i < BT_N; i++) {
		fprintf(stderr, "%s: %d\n", bt_table[i].name, seen[i]);
		CHECKF(seen[i] > 0, "%s never asked", bt_table[i].name);
	}
	CHECK(impulses > 1000);
	CHECK_EQ_INT(refused, 0);
	CHECK_EQ_INT(stuck, 0);
	CHECK_EQ_INT(endless, 0);
	CHECK_EQ_INT(broken, 0);
	return tap_done();
}
