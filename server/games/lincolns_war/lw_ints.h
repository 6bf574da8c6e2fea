/* lw_ints.h — the state blocks saved as flat integer arrays (lw_land,
 * lw_amphib, lw_political): one writer and one bounded reader for all; and
 * the text writer of any typed integer array the save holds. */
#ifndef LW_INTS_H
#define LW_INTS_H

#include <jansson.h>
#include <stddef.h>

struct tg_jw; /* kit/json_text.h */

/* The n elements of the array a, of any integer type (uint8_t, int8_t,
 * int16_t, int, long long), written as one JSON array of integers (game.h
 * save_text): each element is read as the array's own type, so no width
 * or cast is passed beside it. The save's text writers of typed arrays
 * (lw_save.c, lw_rail_save.c, lw_naval.c, lw_political_19.c, lw_ints_text)
 * share this one loop, which they had written out nine times. Its user
 * includes kit/json_text.h. */
#define LW_INTS_TEXT(w, a, n)                                                                      \
	do {                                                                                       \
		struct tg_jw *lw_w_ = (w);                                                         \
		size_t lw_n_ = (size_t)(n);                                                        \
		tg_jw_arr(lw_w_);                                                                  \
		for (size_t lw_i_ = 0; lw_i_ < lw_n_; lw_i_++)                                     \
			tg_jw_int(lw_w_, (a)[lw_i_]);                                              \
		tg_jw_end(lw_w_);                                                                  \
	} while (0)

/* [v[0], ..., v[n-1]] as a JSON array. */
json_t *lw_ints_json(const long long *v, int n);
/* The same array written as text (game.h save_text): the bytes of
 * lw_ints_json(v, n)'s tree. */
void lw_ints_text(struct tg_jw *w, const long long *v, int n);
/* 0 when saved is an array of exactly n integers, each within int16_t,
 * copied into v; -1 otherwise (v then undefined). */
int lw_ints_read(const json_t *saved, long long *v, int n);

#endif
