/* 16.1.1: "the player with the larger bid plays the preferred side" (README
 * decision 40). The seats (game.h roles `union`, `confederate`) stay; when
 * the bid gives a seat the other side, every text a player reads says who
 * plays what: the prompt to each seat, the status summary (the lobby's
 * line) and the result's summary, which names the winning side and the
 * seat that played it. A match whose seats are exchanged is played to its
 * end through the module by a seeded random choice of legal actions. */
#include "boal_module_testkit.h"

static const char *const role[2] = {"union", "confederate"};

static const char *prompt_of(const struct game *g, const char *r, char *buf, size_t n)
{
	json_t *v = BM->view(g, r);
	const char *p = json_string_value(json_object_get(v, "prompt"));
	snprintf(buf, n, "%s", p ? p : "");
	json_decref(v);
	return buf;
}

/* play the seat awaited (either when both are) with a seeded choice among
 * its legal actions until the match is over; with asked, check that each
 * seat's prompt names its side whenever it is asked (seats exchanged) */
static void play_out(struct game *g, uint32_t seed, int *asked)
{
	char buf[512];
	for (int n = 0; n < 20000; n++) {
		struct game_status st;
		BM->status(g, &st);
		if (st.finished)
			return;
		for (int k = 0; asked && k < 2; k++)
			if (st.awaiting >> k & 1u) {
				prompt_of(g, role[k], buf, sizeof buf);
				CHECK(strstr(buf, k == 0 ? "You play the Confederates"
				                         : "You play the Union") == buf);
				asked[k]++;
			}
		int seat = st.awaiting & 1u ? 0 : 1;
		json_t *v = BM->view(g, role[seat]);
		json_t *acts = json_object_get(v, "actions");
		size_t k = json_array_size(acts);
		if (k == 0) {
			fprintf(stderr, "%s awaited with no action\n", role[seat]);
			exit(1);
		}
		seed = seed * 1103515245u + 12345u;
		json_t *a = json_object_get(json_array_get(acts, (seed >> 8) % k), "action");
		bm_do(g, role[seat], json_deep_copy(a));
		json_decref(v);
	}
	fprintf(stderr, "the match did not end\n");
	exit(1);
}

int main(void)
{
	char buf[512];
	struct game_status st;

	/* the union seat outbids (9 > 2) for the Confederate side (the default
	 * preferred side): it plays the Confederates, the confederate seat the
	 * Union */
	struct game *g = bm_new(7, "{\"bidding\":true}");
	bm_do(g, "union", json_pack("{s:s,s:i}", "type", "bid", "rp", 9));
	bm_do(g, "confederate", json_pack("{s:s,s:i}", "type", "bid", "rp", 2));
	CHECK(g->s.swapped);
	/* the first Impulse is the Confederate's (6.3): the union seat is asked,
	 * and its prompt says which side it plays */
	CHECK_EQ_STR(bm_awaited(g), "union");
	prompt_of(g, "union", buf, sizeof buf);
	CHECK(strstr(buf, "You play the Confederates") == buf);
	CHECK(strstr(buf, "16.1.1") != NULL);
	/* the status line (the lobby's) says so too */
	BM->status(g, &st);
	CHECK(strstr(st.summary, "the union seat plays the Confederates") != NULL);

	/* on to the end: each seat's prompt names its side whenever it is asked */
	int asked[2] = {0, 0};
	play_out(g, 21, asked);
	BM->status(g, &st);
	CHECK(st.finished);
	CHECK(asked[0] > 0 && asked[1] > 0);
	CHECK(st.winner == 0 || st.winner == 1);
	int wside = boal_seat_side(&g->s, st.winner);
	const char *side_name = wside == BOAL_UNION ? "Union" : "Confederates";
	/* the result: the victory of a side, and the seat that played it */
	json_t *v = BM->view(g, "observer");
	json_t *res = json_object_get(v, "result");
	const char *summary = json_string_value(json_object_get(res, "summary"));
	CHECK_EQ_STR(json_string_value(json_object_get(res, "winner")), role[st.winner]);
	snprintf(buf, sizeof buf, "the %s seat, playing the %s, wins", role[st.winner], side_name);
	CHECK(summary && strstr(summary, buf) != NULL);
	CHECK(summary && strstr(summary, "14.") != NULL);
	/* the status summary is the same text (the daemon stores it as the
	 * result, and `telegraph verify` prints it), within its 160 bytes */
	CHECK_EQ_STR(st.summary, summary);
	json_decref(v);
	BM->free(g);

	/* seats that are their sides: the texts are as without the bid */
	struct game *h = bm_new(7, "{\"bidding\":true}");
	bm_do(h, "union", json_pack("{s:s,s:i}", "type", "bid", "rp", 1));
	bm_do(h, "confederate", json_pack("{s:s,s:i}", "type", "bid", "rp", 4));
	CHECK(!h->s.swapped);
	prompt_of(h, "confederate", buf, sizeof buf);
	CHECK(*buf && strstr(buf, "You play") == NULL);
	play_out(h, 5, NULL);
	v = BM->view(h, "observer");
	summary = json_string_value(json_object_get(json_object_get(v, "result"), "summary"));
	CHECK(summary && strstr(summary, "seat") == NULL);
	BM->status(h, &st);
	CHECK_EQ_STR(st.summary, summary);
	json_decref(v);
	BM->free(h);
	return tap_done();
}
