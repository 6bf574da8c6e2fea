/* 6.2 the Dawn Phase as a sequence (boal_dawn.c), with its decisions.
 * 15.1: "At the beginning of the Dawn Phase, before taking any other
 * action, the Union player makes a dr to determine the starting Weather
 * for that Turn. On a result of "6" there is Rain, otherwise the Weather is
 * Clear." 6.2.1: "Both players make a dr for their Army Leader ... During
 * the first Game Turn Lee is automatically Active and McClellan is
 * automatically Inactive." 12.1: "During the Dawn Phase after the dr to
 * determine whether Lee or McClellan is Active the player may use the
 * Advantage to reverse the result ... If Lee is Inactive, the Confederate
 * player may spend the Advantage to make him Active." 6.2.2: "Beginning
 * with the second Turn of the game, after Army Leader activation die
 * rolls, the Union player may announce he is relocating his Supply Train".
 * 15.2: a killed Leader: "During the next Dawn Phase place the Leader
 * marker in Richmond if Confederate, in White House Landing or Harrison's
 * Landing if Union." */
#include "boal_module_testkit.h"
#include "boal_testkit.h"

/* a Dawn of turn `turn` whose generator gives the drs wanted: the seed is
 * searched (the draws are Lee's, then McClellan's, after the weather) */
static struct game *dawn_with(int turn, bool advanced, int want_lee, int want_mac)
{
	for (int seed = 1; seed < 5000; seed++) {
		struct game *g = bm_new(1, advanced ? "{\"advanced\":true}" : NULL);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, (uint8_t)(seed >> 8), 99};
		tg_rng_init(&g->s.rng, key);
		g->s.turn = (int8_t)turn;
		boal_dawn_begin(&g->s, bt_data());
		if ((want_lee < 0 || g->s.army_dr[BOAL_CONFEDERATE] == want_lee) &&
		    (want_mac < 0 || g->s.army_dr[BOAL_UNION] == want_mac))
			return g;
		BM->free(g);
	}
	fprintf(stderr, "no seed gives those drs\n");
	exit(1);
}

int main(void)
{
	const struct boal_data *d = bt_data();
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE, T1 = d->first_turn;
	struct tg_error err = {{0}, {0}};

	/* turn 1: no dr, Lee Active, McClellan Inactive, no decision at Dawn
	 * (the Confederate holds the Advantage and Lee is Active; the train
	 * moves on turn 1 only in lieu of an activation): straight to the
	 * Confederate's first Impulse */
	struct game *g = bm_new(1, NULL);
	CHECK_EQ_INT(g->s.turn, T1);
	CHECK(g->s.army_active[C] && !g->s.army_active[U]);
	CHECK_EQ_INT(g->s.army_dr[C], 0);
	CHECK_EQ_INT(g->s.phase, BOAL_DAYLIGHT);
	CHECK_EQ_INT(g->s.active, C);
	CHECK_EQ_INT(g->s.weather_dr, 0); /* Basic game: no weather */
	BM->free(g);

	/* 15.1 (Advanced): the weather dr first; 6 is Rain */
	int rain = 0, clear = 0;
	for (uint8_t seed = 1; seed < 60; seed++) {
		g = bm_new(seed, "{\"advanced\":true}");
		CHECK(g->s.weather_dr >= 1 && g->s.weather_dr <= 6);
		CHECK(g->s.rain == (g->s.weather_dr == 6));
		rain += g->s.rain;
		clear += !g->s.rain;
		BM->free(g);
	}
	CHECK(rain > 0 && clear > 0);

	/* 6.2.1 on turn 2: Lee on 3-6, McClellan on 5-6 */
	g = dawn_with(T1 + 1, false, 2, 5);
	CHECK(!g->s.army_active[C] && g->s.army_active[U]);
	/* 12.1: the Confederate holds the Advantage and Lee is Inactive: he is
	 * asked, and only he */
	CHECK_EQ_INT(g->s.step, BOAL_STEP_DAWN_ADVANTAGE);
	CHECK_EQ_STR(bm_awaited(g), "confederate");
	bm_do(g, "confederate", bm_find(g, "confederate", "dawn_advantage", "use", 1));
	CHECK(g->s.army_active[C]);
	/* 6.2.2: then the Union is asked about the train */
	CHECK_EQ_INT(g->s.step, BOAL_STEP_DAWN_TRAIN);
	CHECK_EQ_STR(bm_awaited(g), "union");
	CHECK_EQ_INT(g->s.advantage, BOAL_NOBODY); /* spent, not yet handed over */
	bm_do(g, "union", bm_find(g, "union", "relocate_train", "relocate", 0));
	/* README decision 14: handed over at the end of the Dawn Phase; Lee is
	 * Active, so the Confederate goes first (6.3) */
	CHECK_EQ_INT(g->s.advantage, U);
	CHECK_EQ_INT(g->s.phase, BOAL_DAYLIGHT);
	CHECK_EQ_INT(g->s.active, C);
	BM->free(g);

	/* the holder keeps it: Lee stays Inactive, the Union goes first */
	g = dawn_with(T1 + 1, false, 1, 3);
	CHECK(!g->s.army_active[C] && !g->s.army_active[U]);
	bm_do(g, "confederate", bm_find(g, "confederate", "dawn_advantage", "use", 0));
	CHECK_EQ_INT(g->s.advantage, C);
	/* the train relocates: the text's example, June 27 -> June 30 */
	CHECK_EQ_STR(d->turn_label[g->s.turn], "June 27");
	bm_do(g, "union", bm_find(g, "union", "relocate_train", "relocate", 1));
	CHECK(g->s.train_moved);
	CHECK_EQ_STR(d->turn_label[g->s.train_arrives], "June 30");
	CHECK_EQ_INT(g->s.active, U);
	BM->free(g);

	/* Lee Active: the Advantage holder is not asked; after the relocation
	 * no train question either: straight into Daylight */
	g = dawn_with(T1 + 2, false, 3, -1);
	CHECK(g->s.army_active[C]);
	CHECK_EQ_INT(g->s.step, BOAL_STEP_DAWN_TRAIN);
	bm_do(g, "union", bm_find(g, "union", "relocate_train", "relocate", 1));
	CHECK_EQ_INT(g->s.step, BOAL_STEP_IMPULSE);
	/* a Confederate may not answer the Union's question, nor spend an
	 * Advantage he is not offered */
	struct game *h = dawn_with(T1 + 3, false, 4, -1);
	h->s.train_moved = true;
	h->s.train_area = BOAL_HARRISONS;
	json_t *a = json_pack("{s:s,s:b}", "type", "dawn_advantage", "use", 1);
	CHECK(BM->act(h, "confederate", a, NULL, &err) == -1);
	json_decref(a);
	BM->free(h);
	BM->free(g);

	/* 6.2.1: once the train has moved, McClellan needs a 6: a 5 fails */
	int fives = 0;
	for (int seed = 1; seed < 400; seed++) {
		struct game *m = bm_new(1, NULL);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, (uint8_t)(seed >> 8), 98};
		tg_rng_init(&m->s.rng, key);
		m->s.turn = (int8_t)(T1 + 3);
		m->s.train_moved = true;
		m->s.train_area = BOAL_HARRISONS;
		boal_dawn_begin(&m->s, d);
		CHECK(m->s.army_active[U] == (m->s.army_dr[U] == 6));
		fives += m->s.army_dr[U] == 5;
		BM->free(m);
	}
	CHECK(fives > 0);

	/* 6.2.2 / README 27: the train in transit arrives at the start of the
	 * Dawn of its turn */
	g = bm_new(1, NULL);
	g->s.turn = (int8_t)(T1 + 4);
	g->s.train_moved = true;
	g->s.train_area = BOAL_NOWHERE;
	g->s.train_arrives = (int8_t)(T1 + 4);
	boal_dawn_begin(&g->s, d);
	CHECK_EQ_INT(g->s.train_area, BOAL_HARRISONS);
	BM->free(g);

	/* 15.2: a killed Union Leader comes back at the next Dawn, in White
	 * House Landing or Harrison's Landing, his owner choosing */
	g = bm_new(1, NULL);
	int porter = bt_leader("porter");
	g->s.leader[porter].area = BOAL_NOWHERE;
	g->s.leader[porter].killed = true;
	g->s.leader[porter].back_turn = (int8_t)(T1 + 1);
	g->s.turn = (int8_t)(T1 + 1);
	boal_dawn_begin(&g->s, d);
	CHECK_EQ_INT(g->s.step, BOAL_STEP_LEADER_RETURN);
	CHECK_EQ_STR(bm_awaited(g), "union");
	a = json_pack("{s:s,s:s,s:i}", "type", "return_leader", "leader", "porter", "area", 44);
	CHECK(BM->act(g, "union", a, NULL, &err) == -1);
	CHECK(strstr(err.message, "15.2") != NULL);
	json_decref(a);
	bm_do(g, "union", bm_find(g, "union", "return_leader", "area", BOAL_HARRISONS));
	CHECK_EQ_INT(g->s.leader[porter].area, BOAL_HARRISONS);
	CHECK(g->s.leader[porter].killed); /* no Combat Rating from now on */
	CHECK(g->s.step != BOAL_STEP_LEADER_RETURN);
	BM->free(g);
	return tap_done();
}
