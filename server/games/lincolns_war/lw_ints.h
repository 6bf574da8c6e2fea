/* lw_ints.h — the state blocks saved as flat integer arrays (lw_land,
 * lw_amphib, lw_political): one writer and one bounded reader for all. */
#ifndef LW_INTS_H
#define LW_INTS_H

#include <jansson.h>

struct tg_jw; /* kit/json_text.h */

/* [v[0], ..., v[n-1]] as a JSON array. */
json_t *lw_ints_json(const long long *v, int n);
/* The same array written as text (game.h save_text): the bytes of
 * lw_ints_json(v, n)'s tree. */
void lw_ints_text(struct tg_jw *w, const long long *v, int n);
/* 0 when saved is an array of exactly n integers, each within int16_t,
 * copied into v; -1 otherwise (v then undefined). */
int lw_ints_read(const json_t *saved, long long *v, int n);

#endif
