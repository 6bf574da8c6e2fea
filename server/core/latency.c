/* latency.c — the per-stage histograms of latency.h (issue 17's round-trip
 * tail): fixed buckets from 5 us to 100 ms (the commit's parts, COMMIT's
 * writes and the loop's wake-up, are tens of us), printed as Prometheus
 * histograms (telegraph_act_stage_seconds, telegraph_fanout_stage_seconds,
 * telegraph_loop_turn_busy_seconds). */
#include <stdlib.h>

#include "core/latency.h"
#include "util/loop_turn.h"

/* Upper bounds in ns; the bucket after the last is +Inf. */
static const uint64_t bound_ns[TG_LAT_BUCKETS - 1] = {
    5000,    10000,   25000,    50000,    100000,   200000,   300000,
    500000,  750000,  1000000,  1500000,  2000000,  3000000,  4000000,
    5000000, 7500000, 10000000, 15000000, 25000000, 50000000, 100000000,
};
static const struct tg_hist_bounds bounds = {TG_LAT_BUCKETS, bound_ns};

static const struct {
	const char *metric, *label;
} names[TG_LAT_N] = {
    [TG_LAT_READ_TO_ACT] = {"telegraph_act_stage_seconds", "read_to_act"},
    [TG_LAT_ACT] = {"telegraph_act_stage_seconds", "act"},
    [TG_LAT_TO_COMMIT] = {"telegraph_act_stage_seconds", "to_commit"},
    [TG_LAT_COMMIT] = {"telegraph_act_stage_seconds", "commit"},
    [TG_LAT_COMMIT_WRITE] = {"telegraph_act_stage_seconds", "commit_write"},
    [TG_LAT_SYNC_WAIT] = {"telegraph_act_stage_seconds", "sync_wait"},
    [TG_LAT_FSYNC] = {"telegraph_act_stage_seconds", "fsync"},
    [TG_LAT_WAKE] = {"telegraph_act_stage_seconds", "wake"},
    [TG_LAT_WRITE] = {"telegraph_act_stage_seconds", "write"},
    [TG_LAT_TOTAL] = {"telegraph_act_stage_seconds", "total"},
    [TG_LAT_FANOUT_QUEUE] = {"telegraph_fanout_stage_seconds", "queue"},
    [TG_LAT_FANOUT_COMPUTE] = {"telegraph_fanout_stage_seconds", "compute"},
    [TG_LAT_FANOUT_HANDOFF] = {"telegraph_fanout_stage_seconds", "handoff"},
    [TG_LAT_TURN] = {"telegraph_loop_turn_busy_seconds", NULL},
};

void tg_lat_add(struct tg_latency *l, enum tg_lat_stage s, uint64_t ns)
{
	tg_hist_add(&l->h[s], &bounds, ns);
}

uint64_t tg_lat_span(uint64_t a, uint64_t b)
{
	return a && b > a ? b - a : 0;
}

bool tg_lat_note_read(struct tg_latency *l, uint64_t read_ns)
{
	if (l->nreads == l->creads) {
		size_t n = l->creads ? 2 * l->creads : 64;
		uint64_t *r = realloc(l->reads, n * sizeof *r);
		if (!r)
			return false;
		l->reads = r;
		l->creads = n;
	}
	l->reads[l->nreads++] = read_ns;
	return true;
}

void tg_lat_turn_written(struct tg_latency *l, uint64_t written_ns)
{
	for (size_t i = 0; i < l->nreads; i++)
		tg_lat_add(l, TG_LAT_TOTAL, tg_lat_span(l->reads[i], written_ns));
	l->nreads = 0;
}

/* Before each poll: the turn that just ended was busy from the return of
 * the poll before (util/loop_turn.h: the first read, accept or wake-up it
 * called back, else this check handle after the callbacks) to now. No
 * UV_METRICS_IDLE_TIME: it polled once more, with no timeout, before each
 * sleep (issue 17, unit/test_core_turn_polls). */
static void on_prepare(uv_prepare_t *p)
{
	struct tg_latency *l = p->data;
	uint64_t woke = tg_loop_turn_take();
	if (!l)
		return;
	uint64_t now = uv_hrtime();
	if (woke && woke <= now)
		tg_lat_add(l, TG_LAT_TURN, now - woke);
}

static void on_check(uv_check_t *c)
{
	(void)c;
	tg_loop_turn_mark();
}

int tg_lat_start(struct tg_latency *l, uv_loop_t *loop)
{
	l->prepare = calloc(1, sizeof *l->prepare);
	l->check = calloc(1, sizeof *l->check);
	if (!l->prepare || !l->check) {
		free(l->prepare);
		free(l->check);
		l->prepare = NULL;
		l->check = NULL;
		return UV_ENOMEM;
	}
	uv_prepare_init(loop, l->prepare);
	l->prepare->data = l;
	uv_prepare_start(l->prepare, on_prepare);
	uv_check_init(loop, l->check);
	uv_check_start(l->check, on_check);
	/* They must not keep a loop alive that has nothing else to do. */
	uv_unref((uv_handle_t *)l->prepare);
	uv_unref((uv_handle_t *)l->check);
	/* what was marked before the first poll is no turn's */
	tg_loop_turn_take();
	return 0;
}

static void handle_closed(uv_handle_t *h)
{
	free(h);
}

void tg_lat_stop(struct tg_latency *l)
{
	if (l->prepare) {
		l->prepare->data = NULL;
		uv_close((uv_handle_t *)l->prepare, handle_closed);
		l->prepare = NULL;
	}
	if (l->check) {
		uv_close((uv_handle_t *)l->check, handle_closed);
		l->check = NULL;
	}
	free(l->reads);
	l->reads = NULL;
	l->nreads = l->creads = 0;
}

static const char *help(const char *metric)
{
	if (names[TG_LAT_ACT].metric == metric)
		return "Where an accepted act's round trip goes, by stage\n"
		       "# (read_to_act, act, to_commit, commit, write; total = read to written;\n"
		       "# commit = commit_write + sync_wait + fsync + wake).";
	if (names[TG_LAT_FANOUT_QUEUE].metric == metric)
		return "A fan-out job (the followers' patches) by stage: queue (made to\n"
		       "# taken by a worker), compute, handoff (worker done to sent by the loop).";
	return "The event loop's busy time per turn (its poll's return to the next poll).";
}

void tg_lat_prometheus(const struct tg_latency *l, FILE *f)
{
	const char *last = NULL;
	for (int s = 0; s < TG_LAT_N; s++) {
		const char *metric = names[s].metric;
		if (metric != last) {
			fprintf(f, "# HELP %s %s\n# TYPE %s histogram\n", metric, help(metric),
			        metric);
			last = metric;
		}
		char label[64] = "";
		if (names[s].label)
			snprintf(label, sizeof label, "stage=\"%s\"", names[s].label);
		tg_hist_prometheus(f, metric, label, &bounds, &l->h[s]);
	}
}
