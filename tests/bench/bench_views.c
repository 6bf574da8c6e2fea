/* bench_views — the daemon's per-action view work for Lincoln's War,
 * in-process: after each action the bot plays, both players' views are
 * brought up to date and the patch serialized, as core/views.c does.
 *
 *   bench_views [actions] [--whole] [--base] [--dumps] [--ratios] [--no-arena]
 *               [--uniform] [--scenario NAME] [--dump-largest FILE]
 *               [--dump-sampled FILE] [--dump-views PCT]
 *               [--dump-to FILE]   (2000)
 *
 * Default: by sections (kit/view_sections.h, only the sections whose stamp
 * moved are rebuilt and diffed). --whole: the path before issue 17, a full
 * view() of each role diffed whole against the last. --dumps: the patch
 * serialized by jansson's json_dumps (views.c before it wrote it with
 * protocol/json_compact). Each fanout() is a job of kit/json_arena.h, as
 * views.c's, unless a tree made in it is kept (--whole, --ratios,
 * --dumps); --no-arena: never (jansson's blocks from malloc, as before
 * session 29). The bot's own choices
 * (which build a view too) are outside the timed part, fanout(); for
 * repeatable instruction counts on a shared box run it under
 *   valgrind --tool=callgrind --toggle-collect=fanout bench_views
 * --base: the undo base's bytes, as a save() tree, a copy (before issue 17)
 * and as the runs in which it differs from the live state (core/undo_base.c,
 * util/byte_runs.h: made whole before each action, diffed after it, dropped
 * at a barrier: here an action that drew randomness, handed the move over
 * or finished, which keeps a base a little longer than the daemon does, as
 * the daemon's barriers also count reveals). The runs' per-action work is
 * runs_before() and runs_after():
 *   valgrind --tool=callgrind --toggle-collect=runs_before
 *            --toggle-collect=runs_after bench_views 300 --base
 * Every 25th action it also measures the heap one role's kept view holds,
 * as kept (core/views.c now: text, and the sections built item by item as
 * their elements' stamps) and as a jansson tree (before issue 17), and how
 * many bytes of the two players' views are sections alike in both (and of
 * those, the sections kept as text: what keeping them once per match would
 * save), and what the blocks of the kept views the fan-out updates hold
 * beyond their bytes (kept_view_updated_slack_bytes: a block is reused
 * while it fits, kit/view_sections.c keep_block). Each
 * role's patch is also measured against its view (the median and p99 of
 * patch bytes / view bytes: issue 17's goals are 5 % and 25 %).
 * --ratios: each patch's bytes against its role's new view (both
 * serialized as views.c sends them), median, p90 and p99, and of the
 * patches at or above the p99 the bytes by view section their operations
 * touch and the action types that made them (outside the timed part).
 * --uniform: the bot picks every offered entry alike (tg_loadgen's players
 * do so), not the prudent policy; --scenario: campaign by default
 * (tg_loadgen plays "tournament"); --dump-largest (with --ratios): the
 * patch of the largest ratio and its new view written to FILE (only after
 * actions of type BENCH_VIEWS_DUMP_TYPE when that is set). With
 * BENCH_VIEWS_LIST set, every patch's ratio, bytes / view bytes and action
 * type go to stderr, one a line.
 * --dump-sampled FILE (with --ratios): every patch, one JSON line each, in
 * tg_loadgen's --dump-sampled form (tests/bench/patch_breakdown.py reads
 * both): its ratio, bytes, view bytes, the game and action number, the
 * role, the action that made it and whose it was, the operations, and the
 * view they made when the ratio is --dump-views PCT (20) or more.
 * --dump-to FILE: every patch line, and every 25th action each player's
 * and the observer's full view (the kept text, and view() dumped), written
 * to FILE, one a line: two builds' files compared byte for byte show that a
 * change to how the views are built left every byte alone.
 * Output: "name value" lines, as bench_rules. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "json_compact.h"
#include "json_patch.h"
#include "kit/json_arena.h"
#include "kit/scratch.h"
#include "kit/view_sections.h"
#include "lw_bot.h"
#include "lw_engine.h"
#include "util/byte_runs.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;
static const char *const roles[] = {"union", "confederate"};

static struct tg_view_kept kept[2];
static json_t *tree[2]; /* --whole: the views kept as trees, as before issue 17 */
static bool whole, base, dumps, ratios, uniform;
static const char *scenario = "campaign";
static bool no_arena;       /* --no-arena: jansson's blocks from malloc in the fan-out too */
static json_t *last_ops[2]; /* --ratios: the last fanout's operations */
static char last_type[32];  /* --ratios: the type of the action just played */
static int last_mover;      /* --ratios: the role that played it (roles[], -1: another) */
static FILE *dump_sampled;  /* --dump-sampled */
static double dump_views_from = 20;
static int game_no;

/* --ratios: one patch (one role, one action) */
struct patch_rec {
	double ratio;
	size_t bytes, view;
	char type[32];
	uint32_t sec_bytes[TG_VIEW_SECTIONS_MAX + 1]; /* the last: outside every section */
};
static struct patch_rec *recs;
static size_t nrecs, caprecs;
static const char *dump_file;
static FILE *dump_to; /* --dump-to */
static double dump_ratio = -1;
static double spent, patch_bytes, view_bytes, save_bytes, copy_bytes;
static double held_text, held_tree, pair_text, pair_shared, pair_shared_text;
/* the heap the updated kept views' blocks hold beyond tg_view_kept_bytes */
static double held_slack;
static double sec_bytes[TG_VIEW_SECTIONS_MAX]; /* both players' text of each section */
/* what each role's kept view holds of each section: its text, and its
 * elements' stamps and lengths; and what it holds besides (the names
 * around the sections, the cuts, the element table's ends) */
static double kept_sec_text[2][TG_VIEW_SECTIONS_MAX], kept_sec_elems[2][TG_VIEW_SECTIONS_MAX];
static double kept_other[2], kept_all[2];
static long held_n;
/* --base: the runs kept as the daemon keeps them (undo_base.c). */
static struct tg_byte_runs runs;
static unsigned char scratch[sizeof(struct game)];
static bool take_base = true;
static int mover;
static uint64_t consumed;
static double runs_bytes, runs_alloc, runs_spent;
static long runs_held, runs_steps;
static double *ratio; /* each role's patch bytes / view bytes, per action */
static size_t nratio, capratio;
static double rebuilt; /* sections whose patch built them whole again */

static void note_ratio(double r)
{
	if (nratio == capratio) {
		capratio = capratio ? 2 * capratio : 4096;
		ratio = realloc(ratio, capratio * sizeof *ratio);
		if (!ratio)
			abort();
	}
	ratio[nratio++] = r;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The per-action work: both players' patches, serialized. */
__attribute__((noinline)) void fanout(const struct game *g)
{
	/* one update of both roles, as core/views.c opens it: jansson's blocks
	 * from the thread's region (kit/json_arena.h) unless a tree made here
	 * is kept past the job (--whole's views, --ratios' operations) */
	bool arena = !whole && !ratios && !dumps && !no_arena;
	if (arena)
		tg_json_arena_begin();
	tg_view_update_begin(g);
	for (int r = 0; r < 2; r++) {
		json_t *ops = NULL;
		/* the worker's buffers, kept between jobs (kit/scratch.h) */
		struct tg_patch_text txt = {0};
		tg_text_take(&txt.t, TG_SCRATCH_OPS);
		double view_len = 0;
		if (whole) {
			json_t *now = M->view(g, roles[r]);
			ops = tg_json_patch_diff(tree[r], now);
			json_decref(tree[r]);
			tree[r] = now;
		} else {
			/* the operations written as text, as core/views.c does */
			if (tg_view_update_text(&kept[r], M, g, roles[r], &txt) != 0)
				abort();
			view_len = (double)kept[r].vlen;
			rebuilt += kept[r].irebuilt;
			if (ratios || dumps)
				ops = tg_patch_text_json(&txt);
		}
		/* serialized as core/views.c writes it (protocol/json_compact);
		 * --dumps: with jansson's json_dumps, as before */
		if (ratios) {
			json_decref(last_ops[r]);
			last_ops[r] = json_incref(ops);
		}
		if (dumps) {
			char *line = json_dumps(ops, JSON_COMPACT | JSON_ENSURE_ASCII);
			patch_bytes += line ? (double)strlen(line) : 0;
			free(line);
		} else {
			struct tg_text t;
			tg_text_take(&t, TG_SCRATCH_LINE);
			if (whole) {
				if (tg_json_compact_append(&t, ops) != 0)
					abort();
			} else {
				tg_text_put(&t, "[", 1);
				if (txt.t.p)
					tg_text_put(&t, txt.t.p, txt.t.n);
				tg_text_put(&t, "]", 1);
				if (t.oom)
					abort();
			}
			patch_bytes += (double)t.n;
			if (dump_to)
				fprintf(dump_to, "patch %s %s\n", roles[r], t.p);
			if (view_len > 0)
				note_ratio((double)t.n / view_len);
			tg_text_give(&t, TG_SCRATCH_LINE);
		}
		tg_text_give(&txt.t, TG_SCRATCH_OPS);
		json_decref(ops);
	}
	tg_view_update_end();
	if (arena)
		tg_json_arena_end();
}

static size_t heap_used(void)
{
	return mallinfo2().uordblks;
}

/* The undo base before issue 17 (core/match.c kept a save() tree) ... */
__attribute__((noinline)) json_t *base_save(const struct game *g)
{
	return M->save(g);
}

/* ... and now (a copy of the state). */
__attribute__((noinline)) struct game *base_copy(const struct game *g)
{
	return M->copy(g);
}

/* Before the act: the base taken if due (no runs: it is the state), made
 * whole in the scratch buffer. */
__attribute__((noinline)) void runs_before(const struct game *g)
{
	if (take_base) {
		tg_byte_runs_clear(&runs);
		take_base = false;
	}
	memcpy(scratch, g, sizeof scratch);
	if (!tg_byte_runs_apply(&runs, scratch, sizeof scratch))
		abort();
}

/* After it: the runs diffed against the new state. */
__attribute__((noinline)) void runs_after(const struct game *g)
{
	if (tg_byte_runs_diff(&runs, scratch, g, sizeof scratch) != 0)
		abort();
}

static void base_before(void *ctx, struct game *g, const char *role, const json_t *action)
{
	(void)ctx;
	const char *ty = json_string_value(json_object_get(action, "type"));
	snprintf(last_type, sizeof last_type, "%s", ty ? ty : "?");
	last_mover = strcmp(role, roles[0]) == 0 ? 0 : strcmp(role, roles[1]) == 0 ? 1 : -1;
	if (!base)
		return;
	mover = tg_game_role_index(M, role);
	consumed = g->s.rng.consumed;
	double t = now_s();
	runs_before(g);
	runs_spent += now_s() - t;
	runs_steps++;
}

static void base_after(const struct game *g)
{
	struct game_status st = {0};
	M->status(g, &st);
	bool barrier =
	    st.finished || (st.awaiting & ~(1u << mover)) != 0 || g->s.rng.consumed != consumed;
	if (barrier) {
		tg_byte_runs_clear(&runs);
		take_base = true;
		return;
	}
	double t = now_s();
	runs_after(g);
	runs_spent += now_s() - t;
	runs_held++;
	runs_bytes += (double)runs.len;
	runs_alloc += runs.buf ? (double)malloc_usable_size(runs.buf) : 0;
}

static void measure_base(const struct game *g)
{
	size_t h0 = heap_used();
	json_t *t = base_save(g);
	save_bytes += (double)(heap_used() - h0);
	json_decref(t);
	h0 = heap_used();
	struct game *c = base_copy(g);
	copy_bytes += (double)(heap_used() - h0);
	M->free(c);
}

/* Of the two players' views, the bytes of the sections whose text is the
 * same for both (public sections: what keeping such a section once per
 * match rather than once per role would save), and each section's. */
static void measure_shared(const struct game *g)
{
	unsigned n = tg_view_section_count(M);
	uint64_t items = 0;
	for (int r = 0; r < 2; r++) {
		struct tg_view_kept k = {0};
		tg_view_keep_full(&k, M, g, roles[r]);
		pair_text += (double)k.vlen;
		items |= k.items;
		tg_view_kept_clear(&k);
	}
	for (unsigned i = 0; i < n && i < TG_VIEW_SECTIONS_MAX; i++) {
		char *t[2];
		for (int r = 0; r < 2; r++) {
			json_t *v = M->view_section(g, roles[r], i);
			t[r] = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_ENSURE_ASCII);
			json_decref(v);
			sec_bytes[i] += t[r] ? (double)strlen(t[r]) : 0;
		}
		if (t[0] && t[1] && strcmp(t[0], t[1]) == 0) {
			pair_shared += (double)strlen(t[0]);
			if (!((items >> i) & 1)) /* kept as text, not stamps */
				pair_shared_text += (double)strlen(t[0]);
		}
		free(t[0]);
		free(t[1]);
	}
}

/* What role r's kept view k holds, section by section
 * (tg_view_kept_bytes' parts). */
static void kept_by_section(const struct tg_view_kept *k, int r)
{
	double in = 0;
	for (unsigned i = 0; i < k->nsec && i < TG_VIEW_SECTIONS_MAX; i++) {
		kept_sec_text[r][i] += k->cut[i].len;
		in += k->cut[i].len;
		if (k->ifirst) {
			double e = (double)(k->ifirst[i + 1] - k->ifirst[i]) *
			           (double)(sizeof *k->istamp + sizeof *k->ilen);
			kept_sec_elems[r][i] += e;
			in += e;
		}
	}
	kept_all[r] += (double)tg_view_kept_bytes(k);
	kept_other[r] += (double)tg_view_kept_bytes(k) - in;
}

/* The heap one role's kept view holds: as text (now), as a tree (before). */
static void measure_held(const struct game *g)
{
	measure_shared(g);
	for (int r = 0; r < 2; r++) {
		/* the fan-out's kept view, as updated (its blocks reused while
		 * they fit: kit/view_sections.c keep_block), against its bytes */
		const struct tg_view_kept *u = &kept[r];
		if (u->text)
			held_slack += (double)(malloc_usable_size(u->text) +
			                       (u->cut ? malloc_usable_size(u->cut) : 0) +
			                       (u->istamp ? malloc_usable_size(u->istamp) : 0)) -
			              (double)tg_view_kept_bytes(u);
		struct tg_view_kept k = {0};
		size_t h0 = heap_used();
		tg_view_keep_full(&k, M, g, roles[r]);
		held_text += (double)(heap_used() - h0);
		kept_by_section(&k, r);
		tg_view_kept_clear(&k);
		h0 = heap_used();
		json_t *t = M->view(g, roles[r]);
		held_tree += (double)(heap_used() - h0);
		json_decref(t);
		held_n++;
	}
}

/* The section of M's view an operation's path is in (the longest section
 * path that is a prefix of it at a '/' boundary), or nsec when none. */
static unsigned section_of(const char *path)
{
	unsigned best = TG_VIEW_SECTIONS_MAX, best_len = 0, n = tg_view_section_count(M);
	for (unsigned i = 0; i < n && i < TG_VIEW_SECTIONS_MAX; i++) {
		size_t l = strlen(M->view_sections[i]);
		if (l > best_len && strncmp(path, M->view_sections[i], l) == 0 &&
		    (path[l] == '/' || path[l] == 0))
			best = i, best_len = (unsigned)l;
	}
	return best;
}

static size_t compact_len(const json_t *v)
{
	struct tg_text t = {0};
	if (tg_json_compact_append(&t, v) != 0)
		abort();
	free(t.p);
	return t.n;
}

static long n_done; /* actions played so far, all games */

static void record_ratios(const struct game *g)
{
	for (int r = 0; r < 2; r++) {
		if (!last_ops[r] || json_array_size(last_ops[r]) == 0)
			continue; /* no patch sent */
		if (nrecs == caprecs) {
			caprecs = caprecs ? caprecs * 2 : 1024;
			recs = realloc(recs, caprecs * sizeof *recs);
			if (!recs)
				abort();
		}
		struct patch_rec *p = &recs[nrecs++];
		memset(p, 0, sizeof *p);
		p->bytes = compact_len(last_ops[r]);
		p->view = kept[r].vlen ? kept[r].vlen : 1;
		p->ratio = (double)p->bytes / (double)p->view;
		snprintf(p->type, sizeof p->type, "%s", last_type);
		const char *only = getenv("BENCH_VIEWS_DUMP_TYPE");
		if (dump_file && p->ratio > dump_ratio && (!only || strcmp(only, last_type) == 0)) {
			dump_ratio = p->ratio;
			FILE *f = fopen(dump_file, "w");
			char *view = tg_view_kept_text(&kept[r], M, g, roles[r]);
			if (f) {
				char *ops = json_dumps(last_ops[r], JSON_INDENT(1));
				fprintf(f,
				        "{\"after\": \"%s\", \"role\": \"%s\", \"patch\": %s,\n "
				        "\"view\": %s}\n",
				        last_type, roles[r], ops ? ops : "null",
				        view ? view : "null");
				free(ops);
				fclose(f);
			}
			free(view);
		}
		if (dump_sampled) {
			fprintf(dump_sampled,
			        "{\"ratio_pct\":%.3f,\"patch_bytes\":%zu,\"view_bytes\":%zu,"
			        "\"match\":%d,\"seq\":%ld,\"role\":\"%s\",\"after\":\"%s\","
			        "\"by\":\"%s\",\"patch\":",
			        100 * p->ratio, p->bytes, p->view, game_no, n_done, roles[r],
			        last_type,
			        last_mover < 0    ? "?"
			        : last_mover == r ? "self"
			                          : "opponent");
			json_dumpf(last_ops[r], dump_sampled, TG_VIEW_DUMP_FLAGS);
			if (100 * p->ratio >= dump_views_from) {
				char *view = tg_view_kept_text(&kept[r], M, g, roles[r]);
				fprintf(dump_sampled, ",\"view\":%s", view ? view : "null");
				free(view);
			}
			fputs("}\n", dump_sampled);
		}
		size_t i;
		json_t *op;
		json_array_foreach(last_ops[r], i, op)
		{
			const char *path = json_string_value(json_object_get(op, "path"));
			p->sec_bytes[section_of(path ? path : "")] += (uint32_t)compact_len(op) + 1;
		}
	}
}

static int by_ratio(const void *a, const void *b)
{
	double x = ((const struct patch_rec *)a)->ratio, y = ((const struct patch_rec *)b)->ratio;
	return (x > y) - (x < y);
}

/* The nearest-rank percentile q of the sorted records' ratios. */
static const struct patch_rec *pct(double q)
{
	size_t k = (size_t)(q * (double)nrecs);
	return &recs[k < nrecs ? k : nrecs - 1];
}

static void print_ratios(void)
{
	if (!nrecs)
		return;
	qsort(recs, nrecs, sizeof *recs, by_ratio);
	printf("patches %zu\n", nrecs);
	printf("patch_view_median_pct %.2f\n", 100 * pct(0.50)->ratio);
	printf("patch_view_p90_pct %.2f\n", 100 * pct(0.90)->ratio);
	printf("patch_view_p99_pct %.2f\n", 100 * pct(0.99)->ratio);
	printf("patch_view_max_pct %.2f\n", 100 * recs[nrecs - 1].ratio);
	printf("patch_bytes_median %zu\nview_bytes_median %zu\n", pct(0.50)->bytes,
	       pct(0.50)->view);
	/* the top one per cent: what their bytes are, what made them */
	size_t from = (size_t)(0.99 * (double)nrecs);
	double secs[TG_VIEW_SECTIONS_MAX + 1] = {0}, all = 0;
	for (size_t k = from; k < nrecs; k++)
		for (unsigned i = 0; i <= TG_VIEW_SECTIONS_MAX; i++)
			secs[i] += recs[k].sec_bytes[i], all += recs[k].sec_bytes[i];
	for (unsigned i = 0; i <= TG_VIEW_SECTIONS_MAX; i++)
		if (secs[i] > 0.01 * all)
			printf("top1pct_bytes_in%s %.1f%%\n",
			       i < TG_VIEW_SECTIONS_MAX ? M->view_sections[i] : " (no section)",
			       100 * secs[i] / all);
	if (getenv("BENCH_VIEWS_LIST"))
		for (size_t k = 0; k < nrecs; k++)
			fprintf(stderr, "%.1f%% %zu/%zu %s\n", 100 * recs[k].ratio, recs[k].bytes,
			        recs[k].view, recs[k].type);
	for (size_t k = from; k < nrecs; k++) {
		bool seen = false;
		for (size_t j = from; j < k && !seen; j++)
			seen = strcmp(recs[j].type, recs[k].type) == 0;
		if (seen)
			continue;
		size_t c = 0;
		for (size_t j = k; j < nrecs; j++)
			c += strcmp(recs[j].type, recs[k].type) == 0;
		printf("top1pct_after_action %s %zu\n", recs[k].type, c);
	}
}

/* --dump-to: each role's full view, as kept (the text sent on opening)
 * and as view() gives it. */
static void dump_views(const struct game *g)
{
	static const char *const all[] = {"union", "confederate", "observer"};
	for (int r = 0; r < 3; r++) {
		struct tg_view_kept k = {0};
		tg_view_keep_full(&k, M, g, all[r]);
		char *t = tg_view_kept_text(&k, M, g, all[r]);
		json_t *v = M->view(g, all[r]);
		char *d = v ? json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
		fprintf(dump_to, "kept %s %s\nview %s %s\n", all[r], t ? t : "(none)", all[r],
		        d ? d : "(none)");
		free(t);
		free(d);
		json_decref(v);
		tg_view_kept_clear(&k);
	}
}

static void after(void *ctx, struct game *g)
{
	long *n = ctx;
	(*n)++;
	if (dump_to && *n % 25 == 0)
		dump_views(g);
	if (base) {
		measure_base(g);
		base_after(g);
	}
	if (*n % 25 == 0)
		measure_held(g);
	double t = now_s();
	fanout(g);
	spent += now_s() - t;
	n_done = *n;
	if (ratios)
		record_ratios(g);
}

int main(int argc, char **argv)
{
	long want = 2000;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--whole") == 0)
			whole = true;
		else if (strcmp(argv[i], "--no-arena") == 0)
			no_arena = true;
		else if (strcmp(argv[i], "--base") == 0)
			base = true;
		else if (strcmp(argv[i], "--dumps") == 0)
			dumps = true;
		else if (strcmp(argv[i], "--ratios") == 0)
			ratios = true;
		else if (strcmp(argv[i], "--uniform") == 0)
			uniform = true;
		else if (strcmp(argv[i], "--dump-largest") == 0 && i + 1 < argc)
			dump_file = argv[++i];
		else if (strcmp(argv[i], "--dump-sampled") == 0 && i + 1 < argc) {
			if (!(dump_sampled = fopen(argv[++i], "w"))) {
				perror(argv[i]);
				return 1;
			}
		} else if (strcmp(argv[i], "--dump-views") == 0 && i + 1 < argc)
			dump_views_from = atof(argv[++i]);
		else if (strcmp(argv[i], "--dump-to") == 0 && i + 1 < argc) {
			if (!(dump_to = fopen(argv[++i], "w"))) {
				perror(argv[i]);
				return 1;
			}
		} else if (strcmp(argv[i], "--scenario") == 0 && i + 1 < argc)
			scenario = argv[++i];
		else
			want = atol(argv[i]);
	if (!no_arena)
		tg_json_arena_install();
	long n = 0;
	for (int game = 0; n < want; game++) {
		game_no = game;
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)game, 0xbe};
		struct tg_error err = {0};
		struct game *g = M->setup(seed, scenario, NULL, &err);
		if (!g) {
			fprintf(stderr, "bench_views: %s\n", err.message);
			return 1;
		}
		for (int r = 0; r < 2; r++) {
			tg_view_keep_full(&kept[r], M, g, roles[r]);
			json_decref(tree[r]);
			tree[r] = M->view(g, roles[r]);
		}
		json_t *v = M->view(g, roles[0]);
		char *line = json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII);
		view_bytes = line ? (double)strlen(line) : 0;
		free(line);
		json_decref(v);
		struct lw_bot bot;
		if (uniform)
			lw_bot_init(&bot, (uint64_t)game * 31 + 7);
		else
			lw_bot_init_prudent(&bot, (uint64_t)game * 31 + 7);
		struct lw_bot_hooks h = {.ctx = &n, .before = base_before, .after = after};
		take_base = true;
		char why[200];
		long before = n;
		lw_bot_play(&bot, M, g, (int)(want - n), &h, why, sizeof why);
		for (int r = 0; r < 2; r++) {
			tg_view_kept_clear(&kept[r]);
			json_decref(tree[r]);
			tree[r] = NULL;
		}
		M->free(g);
		if (n == before)
			break;
	}
	printf("views_mode %s\n", whole ? "whole" : "sections");
	printf("views_actions %ld\n", n);
	printf("views_us_per_action %.1f\n", n ? 1e6 * spent / (double)n : 0);
	printf("views_patch_bytes_per_action %.0f\n", n ? patch_bytes / (double)n : 0);
	printf("views_opening_view_bytes %.0f\n", view_bytes);
	/* the fan-out's jansson region (kit/json_arena.h): what the thread
	 * keeps between jobs, the most one job took */
	struct tg_json_arena_stats ast;
	tg_json_arena_stats(&ast);
	printf("json_arena_jobs %lu\njson_arena_kept_bytes %zu\njson_arena_peak_bytes %zu\n",
	       ast.jobs, ast.kept, ast.peak);
	if (nratio) {
		qsort(ratio, nratio, sizeof *ratio, by_value);
		printf("views_patch_over_view_median_pct %.2f\n", 100 * ratio[nratio / 2]);
		printf("views_patch_over_view_p99_pct %.2f\n",
		       100 * ratio[(size_t)(0.99 * (double)(nratio - 1))]);
		printf("views_sections_rebuilt_for_patch %.0f\n", rebuilt);
	}
	free(ratio);
	if (held_n) {
		printf("kept_view_text_bytes %.0f\n", held_text / (double)held_n);
		printf("kept_view_tree_bytes %.0f\n", held_tree / (double)held_n);
		printf("kept_view_updated_slack_bytes %.0f\n", held_slack / (double)held_n);
		printf("kept_views_pair_text_bytes %.0f\n", pair_text / (double)(held_n / 2));
		printf("kept_views_pair_same_section_bytes %.0f\n",
		       pair_shared / (double)(held_n / 2));
		printf("kept_views_pair_same_text_section_bytes %.0f\n",
		       pair_shared_text / (double)(held_n / 2));
		for (unsigned i = 0; i < tg_view_section_count(M) && i < TG_VIEW_SECTIONS_MAX; i++)
			if (sec_bytes[i] / (double)(held_n / 2) >= 100) /* the pair's text of it */
				printf("kept_views_pair_section_bytes%s %.0f\n",
				       M->view_sections[i], sec_bytes[i] / (double)(held_n / 2));
		/* per role: tg_view_kept_bytes, and of it each section's text
		 * and element table (the sections of 50 bytes or more) */
		double per = (double)(held_n / 2);
		for (int r = 0; r < 2; r++) {
			printf("kept_view_bytes_%s %.0f\n", roles[r], kept_all[r] / per);
			printf("kept_view_other_bytes_%s %.0f\n", roles[r], kept_other[r] / per);
			for (unsigned i = 0;
			     i < tg_view_section_count(M) && i < TG_VIEW_SECTIONS_MAX; i++) {
				if ((kept_sec_text[r][i] + kept_sec_elems[r][i]) / per < 50)
					continue;
				printf("kept_view_section_%s%s text %.0f elements %.0f\n", roles[r],
				       M->view_sections[i], kept_sec_text[r][i] / per,
				       kept_sec_elems[r][i] / per);
			}
		}
	}
	print_ratios();
	if (base && n) {
		printf("undo_base_save_tree_bytes %.0f\n", save_bytes / (double)n);
		printf("undo_base_copy_bytes %.0f\n", copy_bytes / (double)n);
		printf("undo_base_state_bytes %zu\n", sizeof(struct game));
		printf("undo_base_held_actions %ld\n", runs_held);
		if (runs_held) {
			printf("undo_base_runs_bytes %.0f\n", runs_bytes / (double)runs_held);
			printf("undo_base_runs_alloc_bytes %.0f\n", runs_alloc / (double)runs_held);
			printf("undo_base_runs_us_per_action %.2f\n",
			       1e6 * runs_spent / (double)runs_steps);
		}
	}
	if (dump_to)
		fclose(dump_to);
	if (dump_sampled)
		fclose(dump_sampled);
	return 0;
}
