/* loadgen_scan.c — see loadgen_scan.h. */
#include "loadgen_scan.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

const char *lg_skip_container_bytes(const char *p, const char *e)
{
	int depth = 0;
	while (p < e) {
		char c = *p;
		if (c == '"') {
			/* a string: to its closing quote, a backslash and the
			 * byte after it skipped */
			for (p++;;) {
				while (p < e && *p != '"' && *p != '\\')
					p++;
				if (p >= e)
					return NULL;
				if (*p == '"')
					break;
				p += 2;
			}
		} else if (c == '{' || c == '[') {
			depth++;
		} else if ((c == '}' || c == ']') && --depth == 0) {
			return p + 1;
		}
		p++;
	}
	return NULL;
}

const char *lg_string_stop_bytes(const char *p, const char *e)
{
	while (p < e && *p != '"' && *p != '\\')
		p++;
	return p;
}

/* A 64-byte block's bytes of each kind, bit i for byte i (bslash: not 0
 * when the block has one; masks_bytes sets its bits too). */
struct masks {
	uint64_t quote, bslash, open, close;
};

/* '{' and '[' differ only in 0x20 (0x7b, 0x5b), and so do '}' and ']'
 * (0x7d, 0x5d): a byte OR 0x20 is 0x7b for those two alone. */
static void masks_bytes(const unsigned char *b, struct masks *m)
{
	*m = (struct masks){0};
	for (unsigned i = 0; i < 64; i++) {
		uint64_t bit = (uint64_t)1 << i;
		unsigned char c = b[i], l = c | 0x20;
		if (c == '"')
			m->quote |= bit;
		else if (c == '\\')
			m->bslash |= bit;
		else if (l == '{')
			m->open |= bit;
		else if (l == '}')
			m->close |= bit;
	}
}

#if defined(__SSE2__)
/* The same by SSE2, 16 bytes a compare; the backslashes only as "any"
 * (a block with one is read a byte at a time). */
static void masks_sse2(const unsigned char *b, struct masks *m)
{
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\'),
	              open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}'),
	              lower = _mm_set1_epi8(0x20);
	__m128i v0 = _mm_loadu_si128((const __m128i *)(const void *)b),
	        v1 = _mm_loadu_si128((const __m128i *)(const void *)(b + 16)),
	        v2 = _mm_loadu_si128((const __m128i *)(const void *)(b + 32)),
	        v3 = _mm_loadu_si128((const __m128i *)(const void *)(b + 48));
	__m128i l0 = _mm_or_si128(v0, lower), l1 = _mm_or_si128(v1, lower),
	        l2 = _mm_or_si128(v2, lower), l3 = _mm_or_si128(v3, lower);
#define LG_MASK(a, x)                                                                              \
	((uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a##0, x)) |                          \
	 (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a##1, x)) << 16 |                    \
	 (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a##2, x)) << 32 |                    \
	 (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a##3, x)) << 48)
	uint64_t q = LG_MASK(v, quote), o = LG_MASK(l, open), c = LG_MASK(l, close);
#undef LG_MASK
	__m128i any =
	    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v0, bslash), _mm_cmpeq_epi8(v1, bslash)),
	                 _mm_or_si128(_mm_cmpeq_epi8(v2, bslash), _mm_cmpeq_epi8(v3, bslash)));
	m->quote = q;
	m->open = o;
	m->close = c;
	m->bslash = (uint64_t)(uint16_t)_mm_movemask_epi8(any);
}
#endif

/* The bits set in x: one instruction with POPCNT, else a few (a call to
 * libgcc's __popcountdi2 cost its arguments' spills, 20 instructions). */
static inline unsigned pop64(uint64_t x)
{
#if defined(__POPCNT__)
	return (unsigned)__builtin_popcountll(x);
#else
	x = x - ((x >> 1) & 0x5555555555555555ull);
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* Bit i: the XOR of x's bits 0..i (1 from an opening quote up to the byte
 * before its closing one). */
static uint64_t prefix_xor(uint64_t x)
{
	x ^= x << 1;
	x ^= x << 2;
	x ^= x << 4;
	x ^= x << 8;
	x ^= x << 16;
	x ^= x << 32;
	return x;
}

/* Inlined into each caller, so that masks_of is too. */
static inline __attribute__((always_inline)) const char *
skip(const char *p, const char *e, void (*masks_of)(const unsigned char *, struct masks *))
{
	const unsigned char *s = (const unsigned char *)p, *end = (const unsigned char *)e;
	uint64_t in_str = 0; /* all ones: the block before ended inside a string */
	bool esc = false;    /* the block's first byte is escaped */
	size_t depth = 0;
	while (s < end) {
		size_t n = (size_t)(end - s);
		unsigned char pad[64];
		const unsigned char *b = s;
		if (n < 64) {
			memcpy(pad, s, n);
			memset(pad + n, ' ', 64 - n);
			b = pad;
		} else {
			n = 64;
		}
		struct masks m;
		masks_of(b, &m);
		if (m.bslash || esc) {
			/* an escape: a byte at a time (the daemon's text has few) */
			bool str = in_str != 0;
			for (size_t i = 0; i < n; i++) {
				unsigned char c = s[i];
				if (esc)
					esc = false;
				else if (str)
					esc = c == '\\', str = c != '"';
				else if (c == '"')
					str = true;
				else if (c == '{' || c == '[')
					depth++;
				else if ((c == '}' || c == ']') && --depth == 0)
					return (const char *)s + i + 1;
			}
			in_str = str ? ~(uint64_t)0 : 0;
		} else {
			uint64_t instr = prefix_xor(m.quote) ^ in_str;
			uint64_t o = m.open & ~instr, c = m.close & ~instr;
			in_str = 0 - (instr >> 63);
			size_t nc = pop64(c);
			if (nc < depth) {
				/* the container cannot close in this block */
				depth = depth + pop64(o) - nc;
			} else {
				for (uint64_t x = o | c; x; x &= x - 1) {
					unsigned i = (unsigned)__builtin_ctzll(x);
					if (o >> i & 1)
						depth++;
					else if (--depth == 0)
						return (const char *)s + i + 1;
				}
			}
		}
		if (n < 64)
			break;
		s += 64;
	}
	return NULL;
}

const char *lg_skip_container(const char *p, const char *e)
{
#if defined(__SSE2__)
	return skip(p, e, masks_sse2);
#else
	return skip(p, e, masks_bytes);
#endif
}

const char *lg_skip_container_portable(const char *p, const char *e)
{
	return skip(p, e, masks_bytes);
}

int lg_lines_feed(struct tg_framer *f, char *p, size_t n,
                  int (*cb)(const char *line, size_t len, void *ud), void *ud)
{
	if (f->len || f->failed)
		return tg_framer_feed(f, p, n, cb, ud);
	char *nl;
	while (n && (nl = memchr(p, '\n', n))) {
		size_t len = (size_t)(nl - p);
		size_t take = len && p[len - 1] == '\r' ? len - 1 : len;
		if (take) {
			char saved = p[take];
			p[take] = '\0';
			int r = cb(p, take, ud);
			p[take] = saved;
			if (r)
				return r;
		}
		p += len + 1;
		n -= len + 1;
	}
	return n ? tg_framer_feed(f, p, n, cb, ud) : 0;
}
