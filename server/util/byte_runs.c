/* byte_runs.c — a block kept as the runs in which it differs from another
 * (byte_runs.h). The equal stretches are skipped 64 bytes at a time: a diff
 * of an 18 KB state that changed in a few places costs about as much as a
 * memcmp of it. An update after a change that says where it wrote (the
 * spans) reads only the spans and the runs. */
#include "util/byte_runs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HEADER (2 * sizeof(uint32_t))
#define MIN_CAP 64
#define DIFF_BLOCK 256 /* next_difference's memcmp */

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

/* A large delta (many actions since the barrier) gone small again
 * (undone, or put back) does not keep its buffer. */
static void shrink(struct tg_byte_runs *r)
{
	if (r->cap > 4 * MIN_CAP && r->cap > 4 * r->len) {
		size_t cap = r->len * 2 > MIN_CAP ? r->len * 2 : MIN_CAP;
		unsigned char *buf = realloc(r->buf, cap);
		if (buf) {
			r->buf = buf;
			r->cap = cap;
		}
	}
}

/* The first offset from i on where a and b differ, or n. The equal
 * stretches are skipped 64 bytes at a time, the words' differences OR'd
 * (issue 17: a word at a time, a diff of Lincoln's War's 18 KB state took
 * 23 K instructions on the daemon's loop after every action). */
static size_t next_difference(const unsigned char *a, const unsigned char *b, size_t i, size_t n)
{
	/* Equal blocks skipped by the C library's memcmp, which compares with
	 * the widest vectors the machine has (session 26: the update's spans,
	 * 8.7 KB a Lincoln's War action, took 0.8 instructions a byte here, a
	 * word at a time); inside the first differing block, the loops below
	 * find the byte. */
	while (i + DIFF_BLOCK <= n && memcmp(a + i, b + i, DIFF_BLOCK) == 0)
		i += DIFF_BLOCK;
	/* A tail shorter than a block, equal (the end of a span the change
	 * did not touch there, or of a run's bytes): one memcmp, not the
	 * loops below (issue 17, session 28). */
	if (i + DIFF_BLOCK > n && (i >= n || memcmp(a + i, b + i, n - i) == 0))
		return n;
	while (i + 64 <= n) {
		const unsigned char *p = a + i, *q = b + i;
		if ((word_at(p) ^ word_at(q)) | (word_at(p + 8) ^ word_at(q + 8)) |
		    (word_at(p + 16) ^ word_at(q + 16)) | (word_at(p + 24) ^ word_at(q + 24)) |
		    (word_at(p + 32) ^ word_at(q + 32)) | (word_at(p + 40) ^ word_at(q + 40)) |
		    (word_at(p + 48) ^ word_at(q + 48)) | (word_at(p + 56) ^ word_at(q + 56)))
			break;
		i += 64;
	}
	while (i + sizeof(uint64_t) <= n) {
		uint64_t x = word_at(a + i) ^ word_at(b + i);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		if (x) /* the word's first differing byte is its lowest one set */
			return i + (size_t)__builtin_ctzll(x) / 8;
#else
		if (x)
			break;
#endif
		i += sizeof(uint64_t);
	}
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/* The first offset from i on where a and b are equal, or n: the end of a
 * differing stretch, a word at a time (issue 17, session 27: a run's bytes,
 * checked again after each action, nearly all differ, and a byte at a time
 * cost the update about five instructions a byte). A zero byte of a ^ b is
 * an equal one; the lowest bit the test below sets is the first zero byte
 * (a borrow runs only upwards from a zero byte), and only the first is
 * read. */
static size_t next_equal(const unsigned char *a, const unsigned char *b, size_t i, size_t n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	while (i + sizeof(uint64_t) <= n) {
		uint64_t x = word_at(a + i) ^ word_at(b + i);
		uint64_t zero = (x - ones) & ~x & highs;
		if (zero)
			return i + (size_t)__builtin_ctzll(zero) / 8;
		i += sizeof(uint64_t);
	}
#endif
	while (i < n && a[i] != b[i])
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
	shrink(r);
	return 0;
}

/* Runs being written in order (tg_byte_runs_update): o the buffer, cur the
 * block after the change, end the end of the last run put, hdr where its
 * header is. */
struct emit {
	struct tg_byte_runs *o;
	const unsigned char *cur;
	size_t end, hdr;
};

/* Puts the base's bytes [at, at + len), all differing from cur's, after
 * the runs put so far (at >= their end). Joined to the last run when the
 * gap is shorter than a header, as tg_byte_runs_diff joins them: the gap's
 * base bytes are cur's (no run there, so base equals cur). */
static bool put(struct emit *e, size_t at, const unsigned char *base, size_t len)
{
	struct tg_byte_runs *o = e->o;
	if (o->runs && at - e->end < HEADER) {
		size_t gap = at - e->end;
		if (!reserve(o, gap + len))
			return false;
		memcpy(o->buf + o->len, e->cur + e->end, gap);
		memcpy(o->buf + o->len + gap, base, len);
		o->len += gap + len;
		uint32_t l;
		memcpy(&l, o->buf + e->hdr + sizeof l, sizeof l);
		l += (uint32_t)(gap + len);
		memcpy(o->buf + e->hdr + sizeof l, &l, sizeof l);
	} else {
		uint32_t h[2] = {(uint32_t)at, (uint32_t)len};
		if (!reserve(o, HEADER + len))
			return false;
		e->hdr = o->len;
		memcpy(o->buf + o->len, h, HEADER);
		memcpy(o->buf + o->len + HEADER, base, len);
		o->len += HEADER + len;
		o->runs++;
	}
	e->end = at + len;
	return true;
}

/* Puts where base (the base's bytes [at, at + len)) differs from cur. */
static bool put_differences(struct emit *e, size_t at, const unsigned char *base, size_t len)
{
	const unsigned char *c = e->cur + at;
	size_t i = 0;
	for (;;) {
		i = next_difference(base, c, i, len);
		if (i >= len)
			return true;
		size_t j = next_equal(base, c, i + 1, len);
		/* A next difference less than a header on is joined to this
		 * stretch here, as put() would join it, without a call of
		 * next_difference and of put for it (issue 17, session 28: a
		 * new log line differs from its slot's old one in stretches a
		 * few equal bytes apart). The gap's bytes are equal in both. */
		while (j + sizeof(uint64_t) <= len) {
			uint64_t x = word_at(base + j) ^ word_at(c + j);
			if (!x)
				break;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			j = next_equal(base, c, j + (size_t)__builtin_ctzll(x) / 8 + 1, len);
#else
			size_t d = j;
			while (base[d] == c[d])
				d++;
			j = next_equal(base, c, d + 1, len);
#endif
		}
		if (!put(e, at + i, base + i, j - i))
			return false;
		i = j;
	}
}

/* The run at r's offset *at (start, length, bytes), checked against n and
 * the previous run's end; false at the end or on a bad run (*bad set). */
static bool next_run(const struct tg_byte_runs *r, size_t *at, size_t n, size_t *start, size_t *len,
                     const unsigned char **bytes, bool *bad)
{
	if (*at >= r->len)
		return false;
	uint32_t h[2];
	size_t prev_end = *start + *len;
	if (r->len - *at < HEADER) {
		*bad = true;
		return false;
	}
	memcpy(h, r->buf + *at, HEADER);
	*at += HEADER;
	if (h[1] == 0 || h[1] > r->len - *at || h[0] > n || h[1] > n - h[0] || h[0] < prev_end) {
		*bad = true;
		return false;
	}
	*start = h[0];
	*len = h[1];
	*bytes = r->buf + *at;
	*at += h[1];
	return true;
}

/* Whether the change left cur's bytes [at, at + len) as they were: each
 * span's part there (spans from i on: the ones before end earlier) holds
 * its bytes before again, and outside the spans nothing was written. */
static bool unchanged(const struct tg_byte_span *spans, size_t k, size_t i,
                      const unsigned char *cur, size_t at, size_t len)
{
	size_t end = at + len;
	for (; i < k && spans[i].at < end; i++) {
		size_t from = spans[i].at > at ? spans[i].at : at;
		size_t to = spans[i].at + spans[i].len < end ? spans[i].at + spans[i].len : end;
		if (from < to &&
		    memcmp(cur + from,
		           (const unsigned char *)spans[i].before + (from - spans[i].at),
		           to - from) != 0)
			return false;
	}
	return true;
}

int tg_byte_runs_update(struct tg_byte_runs *r, struct tg_byte_runs *scratch, const void *cur,
                        size_t n, const struct tg_byte_span *spans, size_t k)
{
	bool bad = n > UINT32_MAX;
	for (size_t i = 0, prev = 0; i < k && !bad; i++) {
		bad = spans[i].at < prev || spans[i].at > n || spans[i].len > n - spans[i].at;
		prev = spans[i].at + spans[i].len;
	}
	scratch->len = 0;
	scratch->runs = 0;
	struct emit e = {scratch, cur, 0, 0};
	/* Walked in the block's order: a run's bytes are the base's wherever
	 * it lies (inside a span or not); a span's before bytes are the
	 * base's where no run lies (the base equalled the block there). */
	size_t at = 0, rs = 0, rl = 0, i = 0, p = 0; /* p: everything before it is done */
	const unsigned char *rb = NULL;
	bool have = !bad && next_run(r, &at, n, &rs, &rl, &rb, &bad);
	while (!bad) {
		while (i < k && spans[i].at + spans[i].len <= p)
			i++;
		size_t ss = i < k ? (spans[i].at > p ? spans[i].at : p) : SIZE_MAX;
		if (have && rs <= ss) {
			/* A run the change did not touch is the same run: put whole,
			 * not checked again piece by piece (issue 17, session 27:
			 * the runs since the barrier were most of the update's
			 * cost, each of their differing pieces found again after
			 * every action). A run is as a whole diff makes it (it
			 * starts and ends on a differing byte, its equal gaps are
			 * shorter than a header), so put() joins it to the last
			 * as put_differences would. */
			bool same = unchanged(spans, k, i, e.cur, rs, rl);
			if (!(same ? put(&e, rs, rb, rl) : put_differences(&e, rs, rb, rl)))
				goto oom;
			p = rs + rl;
			have = next_run(r, &at, n, &rs, &rl, &rb, &bad);
		} else if (i < k) {
			size_t end = spans[i].at + spans[i].len;
			if (have && rs < end)
				end = rs;
			if (!put_differences(
			        &e, ss, (const unsigned char *)spans[i].before + (ss - spans[i].at),
			        end - ss))
				goto oom;
			p = end;
		} else {
			break;
		}
	}
	if (bad)
		goto oom;
	r->len = 0;
	r->runs = 0;
	if (!reserve(r, scratch->len))
		goto oom;
	if (scratch->len)
		memcpy(r->buf, scratch->buf, scratch->len);
	r->len = scratch->len;
	r->runs = scratch->runs;
	shrink(r);
	shrink(scratch);
	return 0;
oom:
	tg_byte_runs_clear(r);
	return -1;
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
