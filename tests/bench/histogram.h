/* histogram.h — a log-linear latency histogram (HdrHistogram's idea, small):
 * exact below 64, then 32 buckets per power of two, so a reported percentile
 * is at most about 3 % above the true value; fixed memory, 1 us to hours.
 * (Debian packages no C HdrHistogram; this is sixty lines.) */
#ifndef TG_BENCH_HISTOGRAM_H
#define TG_BENCH_HISTOGRAM_H

#include <stdint.h>

#define HIST_SUB 64
#define HIST_POW 33

struct histogram {
	uint64_t counts[HIST_POW * HIST_SUB];
	uint64_t total, max;
	uint64_t sum; /* of the values recorded: the mean, which adds up across parts */
};

void hist_record(struct histogram *h, uint64_t value);
/* The value at percentile p (0..100]; 0 if empty. */
uint64_t hist_percentile(const struct histogram *h, double p);
void hist_merge(struct histogram *into, const struct histogram *from);

#endif
