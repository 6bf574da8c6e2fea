/* test_byte_runs.c — util/byte_runs: a block kept as the runs in which it
 * differs from another (issue 17: the undo base as its differences from the
 * live state). Random blocks and random changes: applying the runs to a
 * copy of the current block gives the base back byte for byte; the runs
 * hold only the differing bytes (and gaps shorter than a header), so their
 * size follows the changes, not the block; a chain of changes kept the way
 * the daemon keeps its base (materialize, change, diff again) still gives
 * the first block.
 *
 * tg_byte_runs_update, the daemon's way since session 26 (a change that
 * says where it wrote, each span with its bytes before): after random
 * changes inside random spans, and chains of them, the runs are exactly
 * what a whole diff of the base and the block gives, byte for byte;
 * spans out of order or outside the block are refused. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/byte_runs.h"

#define HEADER 8 /* two uint32_t */

static uint64_t rs = 0x9e3779b97f4a7c15u;
static uint32_t rnd(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (uint32_t)(rs >> 16);
}

static unsigned char *random_block(size_t n)
{
	unsigned char *b = malloc(n ? n : 1);
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)rnd();
	return b;
}

/* Changes k bytes of b (n bytes) at random places to other values; some
 * in stretches. */
static void scribble(unsigned char *b, size_t n, unsigned k)
{
	for (unsigned i = 0; i < k && n; i++) {
		size_t at = rnd() % n, len = rnd() % 4 == 0 ? 1 + rnd() % 40 : 1;
		for (size_t j = at; j < at + len && j < n; j++)
			b[j] = (unsigned char)(b[j] + 1 + rnd() % 255);
	}
}

static size_t differing(const unsigned char *a, const unsigned char *b, size_t n)
{
	size_t d = 0;
	for (size_t i = 0; i < n; i++)
		d += a[i] != b[i];
	return d;
}

/* Runs diffed from base to cur give base back from a copy of cur. */
static bool round_trip(struct tg_byte_runs *r, const unsigned char *base, const unsigned char *cur,
                       size_t n)
{
	if (tg_byte_runs_diff(r, base, cur, n) != 0)
		return false;
	unsigned char *m = malloc(n ? n : 1);
	memcpy(m, cur, n);
	bool ok = tg_byte_runs_apply(r, m, n) && memcmp(m, base, n) == 0;
	free(m);
	return ok;
}

static void sizes(void)
{
	struct tg_byte_runs r = {0};
	unsigned char a[64], b[64];
	memset(a, 7, sizeof a);
	memcpy(b, a, sizeof b);
	CHECK(round_trip(&r, a, b, sizeof a));
	CHECKF(r.len == 0 && r.runs == 0, "equal blocks: no runs (%zu bytes)", r.len);

	b[10] = 9;
	CHECK(round_trip(&r, a, b, sizeof a));
	CHECKF(r.runs == 1 && r.len == HEADER + 1, "one byte: one run of one (%zu bytes)", r.len);
	CHECK_EQ_INT(tg_byte_runs_payload(&r), 1);

	/* 7 equal bytes between two changes: cheaper as one run (7 < a header). */
	b[18] = 9;
	CHECK(round_trip(&r, a, b, sizeof a));
	CHECKF(r.runs == 1 && r.len == HEADER + 9, "a gap of 7: one run (%zu bytes)", r.len);
	/* 8 equal bytes: two runs (merging would not be smaller). */
	b[18] = 7;
	b[19] = 9;
	CHECK(round_trip(&r, a, b, sizeof a));
	CHECKF(r.runs == 2 && r.len == 2 * (HEADER + 1), "a gap of 8: two runs (%zu bytes)", r.len);

	/* The first and the last byte. */
	memcpy(b, a, sizeof b);
	b[0] = 1;
	b[63] = 1;
	CHECK(round_trip(&r, a, b, sizeof a));
	CHECK(r.runs == 2 && r.len == 2 * (HEADER + 1));

	/* Every byte: one run of the whole block. */
	memset(b, 8, sizeof b);
	CHECK(round_trip(&r, a, b, sizeof a));
	CHECK(r.runs == 1 && r.len == HEADER + sizeof a);

	/* A run that does not fit the block is refused, dst untouched. */
	unsigned char small[32];
	memset(small, 3, sizeof small);
	CHECK(!tg_byte_runs_apply(&r, small, sizeof small));
	CHECK(small[0] == 3 && small[31] == 3);

	/* Empty blocks. */
	CHECK(round_trip(&r, a, b, 0));
	CHECK(r.len == 0);
	tg_byte_runs_clear(&r);
	CHECK(r.buf == NULL && r.len == 0 && r.cap == 0 && r.runs == 0);
}

/* Random blocks of awkward sizes (not a multiple of a word) and random
 * changes: byte for byte, and the runs' size bounded by the changes. */
static void random_changes(void)
{
	static const size_t ns[] = {1, 7, 8, 9, 15, 17, 100, 1023, 18003, 18432};
	struct tg_byte_runs r = {0};
	int bad = 0, big = 0;
	for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
		size_t n = ns[t];
		for (int trial = 0; trial < 60; trial++) {
			unsigned char *base = random_block(n), *cur = malloc(n);
			memcpy(cur, base, n);
			unsigned k = trial < 50 ? rnd() % 30 : (unsigned)(n / 2);
			scribble(cur, n, k);
			if (!round_trip(&r, base, cur, n))
				bad++;
			/* Each run starts and ends on a differing byte and swallows
			 * gaps shorter than a header only. */
			size_t d = differing(base, cur, n);
			size_t payload = tg_byte_runs_payload(&r);
			if (r.len != payload + HEADER * r.runs || payload < d ||
			    payload > d + (HEADER - 1) * (r.runs ? d - r.runs : 0) ||
			    (d == 0) != (r.runs == 0))
				big++;
			free(base);
			free(cur);
		}
	}
	CHECKF(bad == 0, "%d of 600 random changes not given back byte for byte", bad);
	CHECKF(big == 0, "%d of 600 runs larger than their changes", big);
	tg_byte_runs_clear(&r);
}

/* The daemon's way: a base, then actions; before each the base is
 * materialized from the runs and the current block, after each the runs
 * are diffed again. After many, the base comes back exactly. The buffer
 * does not stay at a large delta's size once the delta is small again. */
static void chain(void)
{
	const size_t n = 18003;
	unsigned char *base = random_block(n), *cur = malloc(n), *scratch = malloc(n);
	memcpy(cur, base, n);
	struct tg_byte_runs r = {0};
	int bad = 0;
	for (int step = 0; step < 200; step++) {
		memcpy(scratch, cur, n);
		if (!tg_byte_runs_apply(&r, scratch, n) || memcmp(scratch, base, n) != 0)
			bad++;
		scribble(cur, n, 1 + rnd() % 5);
		if (step % 50 == 25) /* an action that puts some bytes back */
			memcpy(cur + 100, base + 100, 2000);
		if (tg_byte_runs_diff(&r, scratch, cur, n) != 0)
			bad++;
	}
	memcpy(scratch, cur, n);
	CHECK(tg_byte_runs_apply(&r, scratch, n));
	CHECKF(bad == 0 && memcmp(scratch, base, n) == 0,
	       "200 actions later the base comes back byte for byte (%d bad steps)", bad);
	CHECKF(r.len < n, "the runs (%zu bytes) are smaller than the block", r.len);

	/* Large, then small again: the buffer shrinks. */
	memset(cur, 0, n);
	CHECK(tg_byte_runs_diff(&r, base, cur, n) == 0);
	CHECK(r.len > n / 2);
	memcpy(cur, base, n);
	cur[5] ^= 1;
	CHECK(tg_byte_runs_diff(&r, base, cur, n) == 0);
	CHECKF(r.len == HEADER + 1 && r.cap <= 256, "one byte after a large delta: %zu of %zu",
	       r.len, r.cap);
	tg_byte_runs_clear(&r);
	free(base);
	free(cur);
	free(scratch);
}

/* Random sorted spans over n bytes (some empty stretches between), the
 * bytes before the change at before[] (a copy of the block as it was);
 * each span is scribbled on at times, and some are left unchanged. */
static size_t random_spans(struct tg_byte_span *sp, size_t max, unsigned char *cur,
                           const unsigned char *before, size_t n)
{
	size_t k = 0, at = n ? rnd() % (n / 4 + 1) : 0;
	while (k < max && at < n) {
		size_t len = 1 + rnd() % (rnd() % 3 == 0 ? n / 3 + 1 : 40);
		if (len > n - at)
			len = n - at;
		sp[k] = (struct tg_byte_span){at, len, before + at};
		if (rnd() % 4 != 0)
			scribble(cur + at, len, 1 + rnd() % 6);
		if (rnd() % 5 == 0) /* a byte written back to what it was */
			cur[at] = before[at];
		k++;
		at += len + (rnd() % 3 == 0 ? 0 : rnd() % (n / 8 + 2));
	}
	return k;
}

static bool same_runs(const struct tg_byte_runs *a, const struct tg_byte_runs *b)
{
	return a->len == b->len && a->runs == b->runs &&
	       (a->len == 0 || memcmp(a->buf, b->buf, a->len) == 0);
}

/* A base, then changes inside spans, each followed by an update of the
 * runs from the spans alone: the runs equal a whole diff after every one
 * (and so give the base back); some changes put the base's bytes back. */
static void updates(void)
{
	static const size_t ns[] = {1, 9, 100, 1023, 18003};
	struct tg_byte_runs r = {0}, whole = {0}, scratch = {0};
	struct tg_byte_span sp[64];
	int bad = 0, steps = 0;
	for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
		size_t n = ns[t];
		unsigned char *base = random_block(n), *cur = malloc(n), *before = malloc(n);
		memcpy(cur, base, n);
		tg_byte_runs_clear(&r);
		for (int step = 0; step < 300; step++, steps++) {
			memcpy(before, cur, n);
			size_t k = random_spans(sp, sizeof sp / sizeof *sp, cur, before, n);
			if (step % 40 == 20 && k) /* a span written back to the base's bytes */
				memcpy(cur + sp[0].at, base + sp[0].at, sp[0].len);
			if (tg_byte_runs_update(&r, &scratch, cur, n, sp, k) != 0 ||
			    tg_byte_runs_diff(&whole, base, cur, n) != 0 || !same_runs(&r, &whole))
				bad++;
			if (step % 100 == 99) { /* a barrier: the base is the block again */
				memcpy(base, cur, n);
				tg_byte_runs_clear(&r);
			}
		}
		unsigned char *m = malloc(n);
		memcpy(m, cur, n);
		CHECKF(tg_byte_runs_apply(&r, m, n) && memcmp(m, base, n) == 0,
		       "%zu bytes: the updated runs give the base back", n);
		free(m);
		free(base);
		free(cur);
		free(before);
	}
	CHECKF(bad == 0, "%d of %d updates differ from a whole diff", bad, steps);

	/* Spans out of order, overlapping or past the end: refused, r emptied. */
	unsigned char a[64] = {0}, b[64] = {0};
	b[3] = 1;
	struct tg_byte_span ok[] = {{0, 8, a}};
	CHECK(tg_byte_runs_update(&r, &scratch, b, sizeof b, ok, 1) == 0 && r.runs == 1);
	struct tg_byte_span order[] = {{16, 8, a + 16}, {0, 8, a}};
	CHECK(tg_byte_runs_update(&r, &scratch, b, sizeof b, order, 2) == -1 && r.len == 0);
	CHECK(tg_byte_runs_update(&r, &scratch, b, sizeof b, ok, 1) == 0 && r.runs == 1);
	struct tg_byte_span overlap[] = {{0, 8, a}, {4, 8, a + 4}};
	CHECK(tg_byte_runs_update(&r, &scratch, b, sizeof b, overlap, 2) == -1 && r.len == 0);
	struct tg_byte_span past[] = {{60, 8, a}};
	CHECK(tg_byte_runs_update(&r, &scratch, b, sizeof b, past, 1) == -1 && r.len == 0);
	tg_byte_runs_clear(&r);
	tg_byte_runs_clear(&whole);
	tg_byte_runs_clear(&scratch);
}

int main(void)
{
	sizes();
	random_changes();
	chain();
	updates();
	return tap_done();
}
