/* test_module_refused_log.c — game.h principle 5 for the public log: "a
 * rejected act() leaves the state exactly as it was". act() copies the
 * state without the log's ring (lw_module.c, issue 17); the slots an action
 * writes are kept by lw_log as it writes them and put back by lw_log_undo
 * (lw_base.h). No handler is known to log and then refuse, so the undo is
 * driven here directly, as act() drives it: a state at each point of the
 * ring (empty, part full, wrapping, long past full), then 0, 1, a few, 47,
 * 48, 49 and 130 lines written, then the undo. The whole state must be
 * back byte for byte; lines written with no undo begun, or for another
 * state, are not kept; and a refused act() in play leaves the state as it
 * was. Each line is vsnprintf's text and then zeros to LW_LOG_LEN,
 * whichever formatter wrote it (kit/text_format.h: %s, %d and %% by hand,
 * anything else by vsnprintf), over a slot that held a longer text; its
 * stamp is its text's. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

static struct lw_state before;

static void write_lines(struct lw_state *s, int n, const char *tag)
{
	for (int i = 0; i < n; i++)
		lw_log(s, "%s line %d of %d, a longer text to fill the slot %*s", tag, i, n, i % 40,
		       "|");
}

/* vsnprintf's text into want (LW_LOG_LEN bytes), then zeros after it */
static void __attribute__((format(printf, 2, 3))) printf_line(char *want, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(want, LW_LOG_LEN, fmt, ap);
	va_end(ap);
	size_t n = strlen(want);
	memset(want + n, 0, LW_LOG_LEN - n);
}

/* lw_log(s, fmt, ...) into a slot filled with 'x': the slot must be
 * snprintf's text of the same arguments, then zeros (after a %c of 0 too,
 * where vsnprintf's bytes go on past its NUL), and the stamp its text's. */
#define LINE_IS(s, fmt, ...)                                                                       \
	do {                                                                                       \
		char want_[LW_LOG_LEN];                                                            \
		printf_line(want_, fmt, __VA_ARGS__);                                              \
		uint32_t slot_ = (s)->log_total % LW_LOG_LINES;                                    \
		memset((s)->log[slot_], 'x', LW_LOG_LEN);                                          \
		lw_log(s, fmt, __VA_ARGS__);                                                       \
		CHECKF(memcmp((s)->log[slot_], want_, LW_LOG_LEN) == 0,                            \
		       "lw_log(\"%s\"): the slot is the text \"%s\" and zeros", fmt, want_);       \
		CHECKF((s)->log_stamp[slot_] == lw_log_line_stamp(want_),                          \
		       "lw_log(\"%s\"): the stamp is the text's", fmt);                            \
	} while (0)

static void line_bytes(struct lw_state *s)
{
	char long_name[LW_LOG_LEN + 40];
	memset(long_name, 'n', sizeof long_name - 1);
	long_name[sizeof long_name - 1] = 0;
	/* by hand: %s, %d, %%, a NULL %s, cut at the slot's end */
	LINE_IS(s, "%s at %d, 100%%", "Grant", -7);
	const char *volatile none = NULL; /* hidden from -Wformat-overflow */
	LINE_IS(s, "%d %s", INT_MIN, none);
	LINE_IS(s, "Take %s", long_name);
	/* by vsnprintf: a width, a flag, a %c of 0, cut at the slot's end */
	LINE_IS(s, "%s at %04d (12.8)", "Lee", 807);
	LINE_IS(s, "%+d IT", 2);
	LINE_IS(s, "a%cb %s", 0, "x");
	LINE_IS(s, "%3s %s", "Take", long_name);
}

int main(void)
{
	uint8_t seed[TG_SEED_BYTES] = {7, 0x11};
	struct tg_error err;
	struct game *g = M->setup(seed, "campaign", NULL, &err);
	if (!CHECKF(g != NULL, "setup: %s", g ? "" : err.message))
		return tap_done();
	struct lw_state *s = malloc(sizeof *s);
	static const int at[] = {0, 3, 40, 47, 48, 50, 95, 200};
	static const int wrote[] = {0, 1, 5, 47, 48, 49, 130};
	for (size_t a = 0; a < sizeof at / sizeof *at; a++) {
		for (size_t w = 0; w < sizeof wrote / sizeof *wrote; w++) {
			*s = g->s;
			memset(s->log, 0, sizeof s->log);
			s->log_total = 0;
			write_lines(s, at[a], "before");
			before = *s;
			lw_log_undo_begin(s);
			write_lines(s, wrote[w], "refused");
			lw_log_undo(s);
			lw_log_undo_end();
			CHECKF(memcmp(&before, s, sizeof before) == 0,
			       "%d lines, %d written by a refused action: the state as it was",
			       at[a], wrote[w]);
			CHECKF(s->log_total == (uint32_t)at[a], "%d lines: the count back (%u)",
			       at[a], s->log_total);
		}
	}

	/* an undo after lw_log_undo_end, or for another state, keeps nothing */
	*s = g->s;
	write_lines(s, 10, "before");
	lw_log_undo_begin(s);
	lw_log_undo_end();
	write_lines(s, 2, "accepted");
	before = *s;
	lw_log_undo(s);
	CHECK(memcmp(&before, s, sizeof before) == 0);
	struct lw_state *other = malloc(sizeof *other);
	*other = g->s;
	lw_log_undo_begin(other);
	write_lines(s, 2, "accepted");
	before = *s;
	lw_log_undo(s);
	lw_log_undo_end();
	CHECKF(memcmp(&before, s, sizeof before) == 0, "another state's undo leaves s alone");

	*s = g->s;
	line_bytes(s);

	/* act(): a refused action leaves the state as it was */
	*s = g->s;
	json_t *bad = json_pack("{s:s}", "type", "no_such_action");
	before = g->s;
	CHECK(M->act(g, "union", bad, NULL, &err) != 0);
	CHECK(memcmp(&before, &g->s, sizeof before) == 0);
	json_decref(bad);

	free(other);
	free(s);
	M->free(g);
	return tap_done();
}
