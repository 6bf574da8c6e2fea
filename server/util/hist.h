/* hist.h — a histogram of durations in fixed buckets, as /metrics prints
 * them (a Prometheus histogram): the act's stages (core/latency.c) and the
 * WAL's checkpoints (store/store_open.c) each keep theirs, with bounds of
 * their own. One add and one printing for both (the store sits below core,
 * so the type lives here). Not locked: its owner adds on one thread, or
 * under a lock of its own. */
#ifndef TG_UTIL_HIST_H
#define TG_UTIL_HIST_H

#include <stdint.h>
#include <stdio.h>

#define TG_HIST_BUCKETS_MAX 22

/* A histogram's buckets: buckets - 1 upper bounds in ns, ascending (a
 * duration equal to a bound is in its bucket), then +Inf. */
struct tg_hist_bounds {
	int buckets; /* at most TG_HIST_BUCKETS_MAX */
	const uint64_t *bound_ns;
};

struct tg_hist {
	uint64_t count, sum_ns;
	uint64_t bucket[TG_HIST_BUCKETS_MAX]; /* not cumulative; the first `buckets` used */
};

void tg_hist_add(struct tg_hist *h, const struct tg_hist_bounds *b, uint64_t ns);

/* Prints h: its cumulative buckets (le in seconds, the last "+Inf"), sum
 * (seconds) and count; label is the label set without braces
 * ("stage=\"act\"") or "". The HELP and TYPE lines are the caller's. */
void tg_hist_prometheus(FILE *f, const char *metric, const char *label,
                        const struct tg_hist_bounds *b, const struct tg_hist *h);

#endif
