#include "ratelimit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tg_ratelimit_init(struct tg_ratelimit *rl, size_t cap, unsigned limit, int64_t window)
{
	memset(rl, 0, sizeof *rl);
	rl->e = calloc(cap, sizeof *rl->e);
	if (!rl->e)
		return -1;
	rl->cap = cap;
	rl->limit = limit ? limit : 1;
	rl->window = window > 0 ? window : 1;
	return 0;
}

void tg_ratelimit_free(struct tg_ratelimit *rl)
{
	free(rl->e);
	rl->e = NULL;
	rl->len = rl->cap = 0;
}

static struct tg_ratelimit_entry *find(struct tg_ratelimit *rl, const char *key)
{
	for (size_t i = 0; i < rl->len; i++)
		if (strcmp(rl->e[i].key, key) == 0)
			return &rl->e[i];
	return NULL;
}

int64_t tg_ratelimit_wait(struct tg_ratelimit *rl, const char *key, int64_t now)
{
	struct tg_ratelimit_entry *e = find(rl, key);
	if (!e || now - e->window_start >= rl->window || e->failures < rl->limit)
		return 0;
	return e->window_start + rl->window - now;
}

void tg_ratelimit_fail(struct tg_ratelimit *rl, const char *key, int64_t now)
{
	struct tg_ratelimit_entry *e = find(rl, key);
	if (!e) {
		if (rl->len < rl->cap) {
			e = &rl->e[rl->len++];
		} else {
			/* Full: reuse the entry whose window started first (an
			 * expired one if there is any, since those are oldest). */
			e = &rl->e[0];
			for (size_t i = 1; i < rl->len; i++)
				if (rl->e[i].window_start < e->window_start)
					e = &rl->e[i];
		}
		snprintf(e->key, sizeof e->key, "%s", key);
		e->failures = 0;
		e->window_start = now;
	}
	if (now - e->window_start >= rl->window) {
		e->failures = 0;
		e->window_start = now;
	}
	e->failures++;
}

void tg_ratelimit_refund(struct tg_ratelimit *rl, const char *key)
{
	struct tg_ratelimit_entry *e = find(rl, key);
	if (e && e->failures > 0)
		e->failures--;
}

void tg_ratelimit_clear(struct tg_ratelimit *rl, const char *key)
{
	struct tg_ratelimit_entry *e = find(rl, key);
	if (e)
		*e = rl->e[--rl->len];
}
