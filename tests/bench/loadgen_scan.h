/* loadgen_scan.h — tg_loadgen's skip of a JSON container's text.
 *
 * A lean player (loadgen.c) reads a patch's text without building the
 * operations it does not keep: it must still find where each one ends,
 * and the bot counts a kept /actions list's entries the same way. That
 * walk, a byte at a time through a table and a call for every string, was
 * 15 % of the generator's instructions (issue 17, session 26: about 93
 * instructions a string of the views' short names). lg_skip_container
 * reads 64 bytes at a time: the block's quotes, backslashes and brackets
 * as bit masks (SSE2 where the compiler has it, a byte loop otherwise),
 * the bytes inside strings masked by a prefix XOR of the quotes, and the
 * brackets counted by popcount, walked bit by bit only in a block where
 * the container may close. A block with a backslash is read a byte at a
 * time, as before.
 *
 * Like the scanner it serves, it trusts the text to be JSON (the daemon
 * writes it): it answers exactly as lg_skip_container_bytes, the byte walk
 * it replaces, on any bytes at all (tests/unit/test_bench_loadgen_scan.c
 * holds the two to each other on random texts, valid and not). */
#ifndef TG_LOADGEN_SCAN_H
#define TG_LOADGEN_SCAN_H

#include "net/framing.h"

#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* p at an object's or array's opening bracket ('{' or '['): past the
 * bracket that closes it (a '}' or ']', either, as the depth counts
 * them), or NULL if the text ends first. Brackets inside strings do not
 * count; in a string a backslash escapes the byte after it. */
const char *lg_skip_container(const char *p, const char *e);

/* The same, a byte at a time (the reference, and what the fast walk
 * must answer). */
const char *lg_skip_container_bytes(const char *p, const char *e);

/* lg_skip_container with its masks made by a byte loop, not SSE2 (what a
 * compiler without SSE2 builds; the unit test runs it here too). */
const char *lg_skip_container_portable(const char *p, const char *e);

/* In a string's contents from p: the first '"' or '\\' at or after p, or
 * e. Sixteen bytes a compare where there are sixteen (SSE2), else a byte
 * at a time: the generator reads some 350,000 strings a run, most of a
 * few bytes, and the table walk it had spent about five instructions a
 * byte (issue 17, session 26). */
static inline const char *lg_string_stop(const char *p, const char *e)
{
#if defined(__SSE2__)
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	while (e - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		unsigned m = (unsigned)_mm_movemask_epi8(
		    _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)));
		if (m)
			return p + __builtin_ctz(m);
		p += 16;
	}
#endif
	while (p < e && *p != '"' && *p != '\\')
		p++;
	return p;
}

/* The same a byte at a time (the reference). */
const char *lg_string_stop_bytes(const char *p, const char *e);

/* A TLS record's plaintext p[0, n) (writable: the caller's) cut into its
 * lines for cb, as tg_framer_feed(f, p, n, cb, ud) does (a trailing '\r'
 * stripped, empty lines skipped, the line NUL-terminated during the call):
 * but each line whole in p is handed out where it is, its newline (or
 * the '\r' before it) made the NUL for the call and put back; only a line
 * begun before p, and the unfinished tail, go through the framer, which
 * copied every line it handed out until session 28 (issue 17, session 27:
 * a copy of every message the generator read; the framer now hands whole
 * lines out in place too, not NUL-terminated). A line whole in p is shorter than the
 * framer's limit whenever p is (a record is at most 16 KB). 0, or what
 * stopped the feed (tests/unit/test_bench_loadgen_scan.c holds it to
 * tg_framer_feed alone on random texts cut at random places). */
int lg_lines_feed(struct tg_framer *f, char *p, size_t n,
                  int (*cb)(const char *line, size_t len, void *ud), void *ud);

#endif
