/* byte_runs.c — a block kept as the runs in which it differs from another
 * (byte_runs.h). The equal stretches are skipped 64 bytes at a time: a diff
 * of an 18 KB state that changed in a few places costs about as much as a
 * memcmp of it. */
#include "util/byte_runs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HEADER (2 * sizeof(uint32_t))
#define MIN_CAP 64

static inline uint64_t word_at(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static bool reserve(struct tg_byte_runs *r, size_t more)
{
	if (r->len + more <= r->cap)
		return true;
	size_t cap = r->cap ? r->cap * 2 : MIN_CAP;
	if (cap < r->len + more)
		cap = r->len + more;
	unsigned char *buf = realloc(r->buf, cap);
	if (!buf)
		return false;
	r->buf = buf;
	r->cap = cap;
	return true;
}

/* The first offset from i on where a and b differ, or n. The equal
 * stretches are skipped 64 bytes at a time, the words' differences OR'd
 * (issue 17: a word at a time, a diff of Lincoln's War's 18 KB state took
 * 23 K instructions on the daemon's loop after every action). */
static size_t next_difference(const unsigned char *a, const unsigned char *b, size_t i, size_t n)
{
	while (i + 64 <= n) {
		const unsigned char *p = a + i, *q = b + i;
		if ((word_at(p) ^ word_at(q)) | (word_at(p + 8) ^ word_at(q + 8)) |
		    (word_at(p + 16) ^ word_at(q + 16)) | (word_at(p + 24) ^ word_at(q + 24)) |
		    (word_at(p + 32) ^ word_at(q + 32)) | (word_at(p + 40) ^ word_at(q + 40)) |
		    (word_at(p + 48) ^ word_at(q + 48)) | (word_at(p + 56) ^ word_at(q + 56)))
			break;
		i += 64;
	}
	while (i + sizeof(uint64_t) <= n && word_at(a + i) == word_at(b + i))
		i += sizeof(uint64_t);
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

int tg_byte_runs_diff(struct tg_byte_runs *r, const void *base, const void *cur, size_t n)
{
	const unsigned char *a = base, *b = cur;
	r->len = 0;
	r->runs = 0;
	if (n > UINT32_MAX) {
		tg_byte_runs_clear(r);
		return -1;
	}
	size_t i = 0;
	for (;;) {
		i = next_difference(a, b, i, n);
		if (i >= n)
			break;
		/* A run from i to its last differing byte before HEADER equal
		 * ones (a shorter gap costs less inside the run than a header). */
		size_t start = i, end = i + 1, j = i + 1;
		for (; j < n && j - end < HEADER; j++)
			if (a[j] != b[j])
				end = j + 1;
		uint32_t h[2] = {(uint32_t)start, (uint32_t)(end - start)};
		if (!reserve(r, HEADER + (end - start))) {
			tg_byte_runs_clear(r);
			return -1;
		}
		memcpy(r->buf + r->len, h, HEADER);
		memcpy(r->buf + r->len + HEADER, a + start, end - start);
		r->len += HEADER + (end - start);
		r->runs++;
		i = j;
	}
	/* A large delta (many actions since the barrier) gone small again
	 * (undone, or put back) does not keep its buffer. */
	if (r->cap > 4 * MIN_CAP && r->cap > 4 * r->len) {
		size_t cap = r->len * 2 > MIN_CAP ? r->len * 2 : MIN_CAP;
		unsigned char *buf = realloc(r->buf, cap);
		if (buf) {
			r->buf = buf;
			r->cap = cap;
		}
	}
	return 0;
}

bool tg_byte_runs_apply(const struct tg_byte_runs *r, void *dst, size_t n)
{
	for (int pass = 0; pass < 2; pass++) {
		size_t at = 0;
		while (at < r->len) {
			uint32_t h[2];
			if (r->len - at < HEADER)
				return false;
			memcpy(h, r->buf + at, HEADER);
			at += HEADER;
			if (h[1] > r->len - at || h[0] > n || h[1] > n - h[0])
				return false;
			if (pass == 1) /* the first pass checked every run */
				memcpy((unsigned char *)dst + h[0], r->buf + at, h[1]);
			at += h[1];
		}
	}
	return true;
}

size_t tg_byte_runs_payload(const struct tg_byte_runs *r)
{
	return r->len - HEADER * r->runs;
}

void tg_byte_runs_clear(struct tg_byte_runs *r)
{
	free(r->buf);
	memset(r, 0, sizeof *r);
}
