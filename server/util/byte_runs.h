/* byte_runs.h — a block of bytes kept as the runs in which it differs from
 * another block of the same size (issue 17: the daemon's undo base, a
 * game's flat state after the latest barrier, kept as its differences from
 * the live state instead of a copy: a few hundred bytes, not 18 KB).
 *
 *   tg_byte_runs_diff(&r, base, cur, n)   r := where base differs from cur,
 *                                          with base's bytes there
 *   tg_byte_runs_apply(&r, dst, n)        dst (a copy of cur) becomes base
 *   tg_byte_runs_update(&r, &scratch, cur, n, spans, k)
 *                                          r := where base differs from cur
 *                                          after a change that wrote only
 *                                          inside the spans (each with its
 *                                          bytes before): the cost of the
 *                                          spans and the runs, not of n
 *
 * The runs are packed in one buffer: a header (offset, length: two
 * uint32_t, unaligned) then the bytes. Two differing stretches less than a
 * header apart are kept as one run, which is never larger. */
#ifndef TG_UTIL_BYTE_RUNS_H
#define TG_UTIL_BYTE_RUNS_H

#include <stdbool.h>
#include <stddef.h>

struct tg_byte_runs {
	unsigned char *buf; /* headers and bytes; NULL when empty */
	size_t len, cap;    /* bytes used, bytes allocated */
	size_t runs;        /* how many runs */
};

/* r := the runs where base differs from cur (n bytes each), holding base's
 * bytes. n must be below 4 GiB. -1 when out of memory: r is then emptied
 * (and its caller must not use it as a base). */
int tg_byte_runs_diff(struct tg_byte_runs *r, const void *base, const void *cur, size_t n);

/* A stretch of a block as it was before a change: bytes [at, at + len)
 * held the len bytes at `before` (game.h game_outcome.before: the parts of
 * a flat game's state an action may have written). */
#ifndef TG_BYTE_SPAN_DEFINED /* the same definition in games/game.h */
#define TG_BYTE_SPAN_DEFINED
struct tg_byte_span {
	size_t at, len;
	const void *before;
};
#endif

/* r, the runs where base differs from the block as it was before a change,
 * := the runs where base differs from cur (n bytes), the block after it,
 * when the change wrote no byte outside spans[0..k) (sorted by at, not
 * overlapping; a byte in a span may be unchanged). Only the runs and the
 * spans are read, not the rest of the block: base equals the block before
 * the change wherever r has no run. r then holds exactly what
 * tg_byte_runs_diff(base, cur) would, byte for byte. scratch is a buffer
 * the caller keeps between calls (built there, then copied into r). -1
 * when out of memory, or the spans are not sorted, overlap or lie outside
 * n bytes: r is then emptied (its caller must not use it as a base). */
int tg_byte_runs_update(struct tg_byte_runs *r, struct tg_byte_runs *scratch, const void *cur,
                        size_t n, const struct tg_byte_span *spans, size_t k);

/* Writes r's bytes over dst (n bytes, the block r was diffed against): dst
 * becomes the base. false (dst untouched) if a run lies outside n bytes. */
bool tg_byte_runs_apply(const struct tg_byte_runs *r, void *dst, size_t n);

/* The differing bytes r holds (without its headers). */
size_t tg_byte_runs_payload(const struct tg_byte_runs *r);

/* Frees the buffer; r is empty again. */
void tg_byte_runs_clear(struct tg_byte_runs *r);

#endif
