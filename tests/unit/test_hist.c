/* test_hist.c — util/hist.h: the one fixed-bucket histogram of the act's
 * stages (core/latency.c) and the WAL's checkpoints (store/store_open.c).
 * A duration equal to a bound is in that bound's bucket, one past the last
 * bound in +Inf; the printing is Prometheus's (cumulative buckets, le in
 * seconds, sum in seconds, count), with and without a label set, as
 * integration/operators and tests/bench/round_trip_stages.sh read it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/hist.h"

static const uint64_t bound_ns[3] = {5000, 100000, 2500000};
static const struct tg_hist_bounds bounds = {4, bound_ns};

static char *printed(const char *metric, const char *label, const struct tg_hist *h)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	tg_hist_prometheus(f, metric, label, &bounds, h);
	fclose(f);
	return buf;
}

int main(void)
{
	struct tg_hist h = {0};
	tg_hist_add(&h, &bounds, 0);
	tg_hist_add(&h, &bounds, 5000); /* on the bound: its bucket */
	tg_hist_add(&h, &bounds, 5001); /* past it: the next */
	tg_hist_add(&h, &bounds, 2500000);
	tg_hist_add(&h, &bounds, 2500001); /* past the last: +Inf */
	tg_hist_add(&h, &bounds, UINT64_C(7000000000));
	CHECK_EQ_INT(h.count, 6);
	CHECK_EQ_INT(h.sum_ns, 0 + 5000 + 5001 + 2500000 + 2500001 + 7000000000LL);
	CHECK_EQ_INT(h.bucket[0], 2);
	CHECK_EQ_INT(h.bucket[1], 1);
	CHECK_EQ_INT(h.bucket[2], 1);
	CHECK_EQ_INT(h.bucket[3], 2);
	for (int b = 4; b < TG_HIST_BUCKETS_MAX; b++)
		CHECK_EQ_INT(h.bucket[b], 0);

	char *text = printed("telegraph_x_seconds", "stage=\"act\"", &h);
	CHECK_EQ_STR(text, "telegraph_x_seconds_bucket{stage=\"act\",le=\"5e-06\"} 2\n"
	                   "telegraph_x_seconds_bucket{stage=\"act\",le=\"0.0001\"} 3\n"
	                   "telegraph_x_seconds_bucket{stage=\"act\",le=\"0.0025\"} 4\n"
	                   "telegraph_x_seconds_bucket{stage=\"act\",le=\"+Inf\"} 6\n"
	                   "telegraph_x_seconds_sum{stage=\"act\"} 7.005010002\n"
	                   "telegraph_x_seconds_count{stage=\"act\"} 6\n");
	free(text);
	struct tg_hist none = {0};
	text = printed("telegraph_y_seconds", "", &none);
	CHECK_EQ_STR(text, "telegraph_y_seconds_bucket{le=\"5e-06\"} 0\n"
	                   "telegraph_y_seconds_bucket{le=\"0.0001\"} 0\n"
	                   "telegraph_y_seconds_bucket{le=\"0.0025\"} 0\n"
	                   "telegraph_y_seconds_bucket{le=\"+Inf\"} 0\n"
	                   "telegraph_y_seconds_sum 0.000000000\n"
	                   "telegraph_y_seconds_count 0\n");
	free(text);
	return tap_done();
}
