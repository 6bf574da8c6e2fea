/* hist.c — hist.h's fixed-bucket histograms. */
#include "util/hist.h"

void tg_hist_add(struct tg_hist *h, const struct tg_hist_bounds *b, uint64_t ns)
{
	int i = 0;
	while (i < b->buckets - 1 && ns > b->bound_ns[i])
		i++;
	h->bucket[i]++;
	h->count++;
	h->sum_ns += ns;
}

void tg_hist_prometheus(FILE *f, const char *metric, const char *label,
                        const struct tg_hist_bounds *b, const struct tg_hist *h)
{
	const char *sep = label[0] ? "," : "";
	uint64_t cum = 0;
	for (int i = 0; i < b->buckets; i++) {
		cum += h->bucket[i];
		if (i < b->buckets - 1)
			fprintf(f, "%s_bucket{%s%sle=\"%g\"} %llu\n", metric, label, sep,
			        (double)b->bound_ns[i] / 1e9, (unsigned long long)cum);
		else
			fprintf(f, "%s_bucket{%s%sle=\"+Inf\"} %llu\n", metric, label, sep,
			        (unsigned long long)cum);
	}
	/* The label set in braces only if any. */
	fprintf(f, "%s_sum%s%s%s %.9f\n%s_count%s%s%s %llu\n", metric, label[0] ? "{" : "", label,
	        label[0] ? "}" : "", (double)h->sum_ns / 1e9, metric, label[0] ? "{" : "", label,
	        label[0] ? "}" : "", (unsigned long long)h->count);
}
