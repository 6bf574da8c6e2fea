/* test_prompt_cut.c — lw_prompt, the one sentence telling a side what the
 * game waits for (the view's "prompt"), asked with a buffer of n bytes, is
 * its first n - 1 bytes: what snprintf wrote into the buffer for every
 * prompt before the constant ones were returned as they are (issue 17: the
 * copy was most of lw_prompt's cost, asked for both sides' prompt stamps
 * after every action). Over a bot game of each scenario, after each
 * action, for each side: the sentence asked with 256 bytes, then with n
 * from 1 to its length + 1, each the same text cut at n - 1 bytes. */
#include <stdio.h>
#include <string.h>

#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

int main(void)
{
	char seen[16][256];
	int n_seen = 0, asked = 0;
	for (int gi = 0; gi < 3; gi++) {
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)gi, 0x31};
		struct tg_error err;
		struct game *g = M->setup(key, M->scenarios[gi].id, NULL, &err);
		if (!CHECKF(g, "setup: %s", err.message))
			return tap_done();
		struct lw_bot bot;
		lw_bot_init(&bot, 2700 + (uint64_t)gi);
		for (int step = 0; step < 400; step++) {
			for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
				char full[256], cut[256];
				const char *p = lw_prompt(&g->s, side, full, sizeof full);
				if (!p)
					continue;
				size_t len = strlen(p);
				char want[256];
				memcpy(want, p, len + 1);
				for (size_t n = 1; n <= len + 1 && n <= sizeof cut; n++) {
					memset(cut, '#', sizeof cut);
					const char *q = lw_prompt(&g->s, side, cut, n);
					size_t k = len < n - 1 ? len : n - 1;
					if (!CHECKF(q && strlen(q) == k && memcmp(q, want, k) == 0,
					            "game %d step %d: \"%s\" asked with %zu bytes: "
					            "\"%s\"",
					            gi, step, want, n, q ? q : "(null)"))
						break;
					asked++;
				}
				bool known = false;
				for (int i = 0; i < n_seen && !known; i++)
					known = strcmp(seen[i], want) == 0;
				if (!known && n_seen < 16)
					memcpy(seen[n_seen++], want, len + 1);
			}
			char role[TG_ROLE_MAX * 2];
			json_t *a = NULL;
			if (lw_bot_choose(&bot, M, g, role, &a) <= 0)
				break;
			int r = M->act(g, role, a, NULL, &err);
			json_decref(a);
			if (!CHECKF(r == 0, "offered action rejected: %s", err.message))
				break;
		}
		M->free(g);
	}
	/* the games met the constant prompts of several steps */
	CHECKF(n_seen >= 8, "%d different prompts met", n_seen);
	printf("# %d prompts asked cut, %d different sentences\n", asked, n_seen);
	return tap_done();
}
