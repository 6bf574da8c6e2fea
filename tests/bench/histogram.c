#include "histogram.h"

static unsigned bucket_of(uint64_t v)
{
	if (v < HIST_SUB)
		return (unsigned)v;
	unsigned msb = 63u - (unsigned)__builtin_clzll(v);
	unsigned shift = msb - 5; /* keep 6 significant bits */
	unsigned idx = (shift + 1) * HIST_SUB / 2 + (unsigned)((v >> shift) & (HIST_SUB / 2 - 1));
	return idx < HIST_POW * HIST_SUB ? idx : HIST_POW * HIST_SUB - 1;
}

/* The largest value that lands in bucket idx (reported as that bucket's value). */
static uint64_t value_of(unsigned idx)
{
	if (idx < HIST_SUB)
		return idx;
	unsigned shift = idx / (HIST_SUB / 2) - 1;
	uint64_t base = (uint64_t)(HIST_SUB / 2 + idx % (HIST_SUB / 2)) << shift;
	return base + ((1ull << shift) - 1);
}

void hist_record(struct histogram *h, uint64_t value)
{
	h->counts[bucket_of(value)]++;
	h->total++;
	h->sum += value;
	if (value > h->max)
		h->max = value;
}

uint64_t hist_percentile(const struct histogram *h, double p)
{
	if (!h->total)
		return 0;
	uint64_t want = (uint64_t)((p / 100.0) * (double)h->total + 0.5);
	if (want < 1)
		want = 1;
	uint64_t seen = 0;
	for (unsigned i = 0; i < HIST_POW * HIST_SUB; i++) {
		seen += h->counts[i];
		if (seen >= want) {
			uint64_t v = value_of(i);
			return v < h->max ? v : h->max;
		}
	}
	return h->max;
}

void hist_merge(struct histogram *into, const struct histogram *from)
{
	for (unsigned i = 0; i < HIST_POW * HIST_SUB; i++)
		into->counts[i] += from->counts[i];
	into->total += from->total;
	into->sum += from->sum;
	if (from->max > into->max)
		into->max = from->max;
}
