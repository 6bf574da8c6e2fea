/* rng.h — the match's seeded generator.
 *
 * ChaCha20 keystream (RFC 8439) keyed by the 256-bit match seed, nonce zero,
 * read as a byte stream. Its whole state is (seed, bytes consumed), which the
 * game saves; the same seed and the same draws give the same numbers on every
 * machine. Never rand(). Ranged draws use rejection sampling, so every face
 * of a die is exactly equally likely.
 */
#ifndef TG_KIT_RNG_H
#define TG_KIT_RNG_H

#include <jansson.h>
#include <stdint.h>

struct tg_rng {
	uint8_t key[32];
	uint64_t consumed; /* bytes of keystream used so far */
	uint8_t block[64]; /* keystream block number consumed / 64 */
	uint64_t block_no; /* which block `block` holds; UINT64_MAX: none */
};

void tg_rng_init(struct tg_rng *r, const uint8_t seed[32]);
uint32_t tg_rng_u32(struct tg_rng *r);
/* Uniform in [0, n), n >= 1. */
uint32_t tg_rng_below(struct tg_rng *r, uint32_t n);
/* One die, 1..sides. */
int tg_rng_die(struct tg_rng *r, int sides);
/* Fisher-Yates shuffle of n ints. */
void tg_rng_shuffle_int(struct tg_rng *r, int *a, size_t n);

/* {"seed": hex, "consumed": n}; load returns 0 or -1 on a bad object. */
json_t *tg_rng_save(const struct tg_rng *r);
struct tg_jw; /* json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree. */
void tg_rng_save_text(struct tg_jw *w, const struct tg_rng *r);
int tg_rng_load(struct tg_rng *r, const json_t *saved);

#endif
