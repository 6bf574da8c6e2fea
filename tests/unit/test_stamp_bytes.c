/* test_stamp_bytes.c — the stamps' hash (kit/view_sections.c,
 * tg_stamp_bytes): a stamp that does not move when its bytes did is a view
 * left stale, so every byte of the n counts, and no byte past them. For
 * every length up to 300 (XXH3's 1-3, 4-8, 9-16, 17-128 and 129-240 byte
 * paths, and past 240 the long hash seeded afterwards): one
 * bit flipped anywhere moves the stamp, a byte past n changes nothing,
 * the same bytes at another address give the same stamp, two words
 * swapped move it; zeros of different lengths differ, and so do the
 * seeds a stamp continues from. A stamp is never 0 ("always rebuilt"). */
#include <stdint.h>
#include <string.h>

#include "games/kit/view_sections.h"
#include "tap.h"

#define MAXN 300

static uint64_t rnd = 0x9e3779b97f4a7c15ull;

static unsigned char next_byte(void)
{
	rnd ^= rnd << 13;
	rnd ^= rnd >> 7;
	rnd ^= rnd << 17;
	return (unsigned char)(rnd >> 24);
}

int main(void)
{
	unsigned char buf[MAXN + 16], copy[MAXN + 16];
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = next_byte();

	unsigned flips_missed = 0, past_moved = 0, moved_by_address = 0, zero = 0;
	unsigned swaps_missed = 0;
	for (size_t n = 0; n <= MAXN; n++) {
		uint64_t st = tg_stamp_bytes(0, buf, n);
		zero += st == 0 || !(st & 1);
		for (size_t i = 0; i < n; i++)
			for (unsigned bit = 0; bit < 8; bit++) {
				buf[i] ^= (unsigned char)(1u << bit);
				flips_missed += tg_stamp_bytes(0, buf, n) == st;
				buf[i] ^= (unsigned char)(1u << bit);
			}
		buf[n] ^= 0x5a;
		past_moved += tg_stamp_bytes(0, buf, n) != st;
		buf[n] ^= 0x5a;
		for (size_t off = 1; off < 8; off++) {
			memcpy(copy + off, buf, n);
			moved_by_address += tg_stamp_bytes(0, copy + off, n) != st;
		}
		if (n >= 16) {
			memcpy(copy, buf, n);
			unsigned char w[8];
			memcpy(w, copy, 8);
			memcpy(copy, copy + n - 8, 8);
			memcpy(copy + n - 8, w, 8);
			swaps_missed +=
			    memcmp(copy, buf, n) != 0 && tg_stamp_bytes(0, copy, n) == st;
		}
	}
	CHECKF(flips_missed == 0, "%u one-bit changes kept their stamp", flips_missed);
	CHECKF(past_moved == 0, "%u stamps read a byte past their n", past_moved);
	CHECKF(moved_by_address == 0, "%u stamps moved with the bytes' address", moved_by_address);
	CHECKF(swaps_missed == 0, "%u swaps of the first and last words kept their stamp",
	       swaps_missed);
	CHECKF(zero == 0, "%u stamps were 0 or even", zero);

	/* zeros of each length, and one buffer under many seeds: all differ */
	static uint64_t seen[MAXN + 1 + 4096];
	size_t ns = 0;
	unsigned char zeros[MAXN] = {0};
	for (size_t n = 0; n <= MAXN; n++)
		seen[ns++] = tg_stamp_bytes(0, zeros, n);
	for (uint64_t seed = 1; seed <= 4096; seed++)
		seen[ns++] = tg_stamp_bytes(seed, buf, 24);
	unsigned same = 0;
	for (size_t i = 0; i < ns; i++)
		for (size_t j = i + 1; j < ns; j++)
			same += seen[i] == seen[j];
	CHECKF(same == 0, "%u pairs of zeros' lengths or seeds gave one stamp", same);

	/* a stamp continued from another: the order of the parts counts */
	uint64_t ab = tg_stamp_bytes(tg_stamp_bytes(0, buf, 40), buf + 40, 40);
	uint64_t ba = tg_stamp_bytes(tg_stamp_bytes(0, buf + 40, 40), buf, 40);
	CHECK(ab != ba);
	return tap_done();
}
