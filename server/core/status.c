/* status.c — how the server is doing, for its host (issue 24): the
 * operators' `status` op and the same figures as Prometheus text
 * (metrics_http.c serves them on an opt-in local port). */
#include <stdio.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
/* A sanitizer's allocator (AddressSanitizer's or ThreadSanitizer's: each
 * replaces malloc, and answers the common allocator interface). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TG_SANITIZER_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TG_SANITIZER_ALLOCATOR 1
#endif
#endif
#ifndef TG_SANITIZER_ALLOCATOR
#define TG_SANITIZER_ALLOCATOR 0
#endif
#if TG_SANITIZER_ALLOCATOR
#if defined(__has_include) && __has_include(<sanitizer/allocator_interface.h>)
#include <sanitizer/allocator_interface.h>
#else
#include <stddef.h>
/* compiler-rt's common allocator interface, which GCC's libasan and
 * libtsan have too, though GCC ships no header for it */
size_t __sanitizer_get_current_allocated_bytes(void);
#endif
#endif

#include "core/server_internal.h"
#include "util/build_info.h"

/* Moves the per-minute count on when a minute has ended. */
static void roll_minute(struct tg_server *srv)
{
	int64_t minute = srv_now() / 60;
	if (minute != srv->stats.minute) {
		srv->stats.last_minute_actions =
		    minute == srv->stats.minute + 1 ? srv->stats.minute_actions : 0;
		srv->stats.minute_actions = 0;
		srv->stats.minute = minute;
	}
}

void status_count_action(struct tg_server *srv)
{
	roll_minute(srv);
	srv->stats.minute_actions++;
	srv->stats.actions++;
}

json_t *status_json(struct tg_server *srv, struct tg_error *err)
{
	json_t *by_status = tg_store_match_counts(srv->store, err);
	if (!by_status)
		return NULL;
	json_t *outbox = tg_store_outbox_counts(srv->store, err);
	if (!outbox) {
		json_decref(by_status);
		return NULL;
	}
	json_t *held = match_rules_held(srv, err);
	if (!held) {
		json_decref(by_status);
		json_decref(outbox);
		return NULL;
	}
	uint64_t smtp_connections, smtp_retries;
	notify_smtp_counts(srv, &smtp_connections, &smtp_retries);
	json_object_set_new(outbox, "smtp_connections", json_integer((json_int_t)smtp_connections));
	json_object_set_new(outbox, "smtp_retries", json_integer((json_int_t)smtp_retries));
	json_object_set_new(outbox, "pruned", json_integer((json_int_t)notify_pruned(srv)));
	unsigned connections = 0, signed_in = 0;
	for (struct tg_session *s = srv->live; s; s = s->live_next) {
		connections += s->conn != NULL;
		signed_in += s->user_id != 0;
	}
	roll_minute(srv);
	return json_pack("{s:s,s:I,s:i,s:i,s:o,s:I,s:I,s:b,s:o,s:o}", "version", TG_VERSION,
	                 "uptime_s", (json_int_t)(srv_now() - srv->stats.started), "connections",
	                 connections, "signed_in", signed_in, "matches", by_status, "actions",
	                 (json_int_t)srv->stats.actions, "actions_last_minute",
	                 (json_int_t)srv->stats.last_minute_actions, "backup_running",
	                 srv->backup != NULL, "outbox", outbox, "rules_held", held);
}

void op_status(struct tg_session *s, const json_t *req)
{
	if (!srv_name_listed(s->srv->cfg.operators, s->user_name)) {
		srv_error(s, req, "not_an_operator", "Only the server's operators may do that.");
		return;
	}
	struct tg_error err = {0};
	json_t *st = status_json(s->srv, &err);
	if (!st) {
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:o}", "status", st));
}
/* A histogram metric with one label, a histogram for each of its n values:
 * its HELP (help: the text after the metric's name) and TYPE lines, then
 * each histogram with key="values[i]". */
static void hists_by_label(FILE *f, const char *metric, const char *help, const char *key,
                           const char *const *values, int n, const struct tg_hist_bounds *b,
                           const struct tg_hist *h)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s histogram\n", metric, help, metric);
	for (int i = 0; i < n; i++) {
		char label[64];
		snprintf(label, sizeof label, "%s=\"%s\"", key, values[i]);
		tg_hist_prometheus(f, metric, label, b, &h[i]);
	}
}

/* The WAL's checkpoints and fsyncs (tg_store_wal_stats; issue 17). */
static void wal_prometheus(struct tg_store *store, FILE *f)
{
	static const char *const thread[TG_STORE_CKPT_N] = {"commit", "checkpointer"};
	struct tg_store_wal_stats ws;
	tg_store_wal_stats(store, &ws);
	hists_by_label(
	    f, "telegraph_wal_checkpoint_seconds",
	    "The WAL's checkpoints (its pages copied\n"
	    "# into the database, the WAL and the database fsynced), by the thread that ran\n"
	    "# them: commit (the committing thread: the event loop, past the WAL's bound\n"
	    "# or without a checkpointer), checkpointer (its own thread).",
	    "thread", thread, TG_STORE_CKPT_N, &tg_store_ckpt_bounds, ws.ckpt);
	fprintf(f,
	        "# HELP telegraph_wal_checkpoints_asked_total The WAL hook's requests to the\n"
	        "# checkpointer's thread, each one pass.\n"
	        "# TYPE telegraph_wal_checkpoints_asked_total counter\n"
	        "telegraph_wal_checkpoints_asked_total %llu\n"
	        "# HELP telegraph_wal_checkpointed_frames_total The WAL's frames the checkpoints\n"
	        "# copied into the database (a page written several times in the WAL is copied\n"
	        "# once).\n"
	        "# TYPE telegraph_wal_checkpointed_frames_total counter\n"
	        "telegraph_wal_checkpointed_frames_total %llu\n"
	        "# HELP telegraph_wal_checkpoints_failed_total Checkpoints that failed (logged:\n"
	        "# the first, then a line a minute at most): the WAL grows until one succeeds.\n"
	        "# TYPE telegraph_wal_checkpoints_failed_total counter\n"
	        "telegraph_wal_checkpoints_failed_total %llu\n"
	        "# HELP telegraph_wal_checkpoints_busy_total Checkpoints that found another\n"
	        "# connection's checkpoint running, and did nothing (logged as failures are).\n"
	        "# TYPE telegraph_wal_checkpoints_busy_total counter\n"
	        "telegraph_wal_checkpoints_busy_total %llu\n"
	        "# HELP telegraph_wal_frames The WAL's frames (pages) after the last commit, and\n"
	        "# the most since the start.\n"
	        "# TYPE telegraph_wal_frames gauge\n"
	        "telegraph_wal_frames{at=\"last\"} %llu\n"
	        "telegraph_wal_frames{at=\"max\"} %llu\n"
	        "# HELP telegraph_wal_commits_total Commits written to the WAL.\n"
	        "# TYPE telegraph_wal_commits_total counter\n"
	        "telegraph_wal_commits_total %llu\n"
	        "# HELP telegraph_wal_fsyncs_total The WAL's fdatasyncs, by how many commits each\n"
	        "# made durable (the syncer's: up to two COMMITs per fsync when pipelined).\n"
	        "# TYPE telegraph_wal_fsyncs_total counter\n",
	        (unsigned long long)ws.ckpt_asked, (unsigned long long)ws.ckpt_frames,
	        (unsigned long long)ws.ckpt_failed, (unsigned long long)ws.ckpt_busy,
	        (unsigned long long)ws.wal_frames, (unsigned long long)ws.wal_frames_max,
	        (unsigned long long)ws.commits);
	for (int n = 0; n < TG_STORE_FSYNC_COMMITS; n++)
		fprintf(f, "telegraph_wal_fsyncs_total{commits=\"%d%s\"} %llu\n", n,
		        n == TG_STORE_FSYNC_COMMITS - 1 ? "+" : "",
		        (unsigned long long)ws.fsyncs[n]);
	static const char *const beside[TG_STORE_FSYNC_BESIDE_N] = {"none", "checkpoint"};
	hists_by_label(f, "telegraph_wal_fsync_seconds",
	               "The WAL's fdatasyncs (the syncer's), by\n"
	               "# whether a checkpoint's pass ran beside them: none, checkpoint (a pass\n"
	               "# started, ran or ended during the fdatasync).",
	               "beside", beside, TG_STORE_FSYNC_BESIDE_N, &tg_store_fsync_bounds, ws.fsync);
}

/* The Prometheus text exposition format, version 0.0.4. */
char *status_prometheus(struct tg_server *srv)
{
	struct tg_error err = {0};
	json_t *st = status_json(srv, &err);
	if (!st)
		return NULL;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	if (!f) {
		json_decref(st);
		return NULL;
	}
	/* The build, as Prometheus exporters say it: a gauge of 1 whose labels
	 * are the version and the commit (util/build_info.h; "unknown" when the
	 * build had no git). */
	fprintf(f,
	        "# HELP telegraph_build_info The daemon's version and the commit it was built\n"
	        "# from.\n"
	        "# TYPE telegraph_build_info gauge\n"
	        "telegraph_build_info{version=\"%s\",commit=\"%s\"} 1\n",
	        TG_VERSION, tg_build_commit);
	fprintf(
	    f,
	    "# HELP telegraph_uptime_seconds Seconds since the daemon started.\n"
	    "# TYPE telegraph_uptime_seconds gauge\ntelegraph_uptime_seconds %lld\n"
	    "# HELP telegraph_connections Open client connections.\n"
	    "# TYPE telegraph_connections gauge\ntelegraph_connections %lld\n"
	    "# HELP telegraph_signed_in Connections signed in to an account.\n"
	    "# TYPE telegraph_signed_in gauge\ntelegraph_signed_in %lld\n"
	    "# HELP telegraph_actions_total Actions accepted since the daemon started.\n"
	    "# TYPE telegraph_actions_total counter\ntelegraph_actions_total %lld\n"
	    "# HELP telegraph_actions_last_minute Actions accepted in the last whole minute.\n"
	    "# TYPE telegraph_actions_last_minute gauge\ntelegraph_actions_last_minute %lld\n"
	    "# HELP telegraph_backup_running 1 while an operator's backup is being made.\n"
	    "# TYPE telegraph_backup_running gauge\ntelegraph_backup_running %d\n"
	    "# HELP telegraph_outbox Notifications not sent: pending (waiting or retrying),\n"
	    "# parked (given up after notify_max_attempts).\n"
	    "# TYPE telegraph_outbox gauge\n"
	    "telegraph_outbox{state=\"pending\"} %lld\ntelegraph_outbox{state=\"parked\"} %lld\n"
	    "# HELP telegraph_smtp_connections_total SMTP connections opened (a kept session\n"
	    "# carries many mails).\n"
	    "# TYPE telegraph_smtp_connections_total counter\n"
	    "telegraph_smtp_connections_total %lld\n"
	    "# HELP telegraph_smtp_retries_total Mails retried on a new connection after the\n"
	    "# server dropped a kept session.\n"
	    "# TYPE telegraph_smtp_retries_total counter\ntelegraph_smtp_retries_total %lld\n"
	    "# HELP telegraph_matches_rules_held Active matches waiting for an operator: their\n"
	    "# game does not replay the rules version they were played under.\n"
	    "# TYPE telegraph_matches_rules_held gauge\ntelegraph_matches_rules_held %lld\n"
	    "# HELP telegraph_matches Matches by status.\n"
	    "# TYPE telegraph_matches gauge\n",
	    (long long)json_integer_value(json_object_get(st, "uptime_s")),
	    (long long)json_integer_value(json_object_get(st, "connections")),
	    (long long)json_integer_value(json_object_get(st, "signed_in")),
	    (long long)json_integer_value(json_object_get(st, "actions")),
	    (long long)json_integer_value(json_object_get(st, "actions_last_minute")),
	    json_is_true(json_object_get(st, "backup_running")),
	    (long long)json_integer_value(
	        json_object_get(json_object_get(st, "outbox"), "pending")),
	    (long long)json_integer_value(json_object_get(json_object_get(st, "outbox"), "parked")),
	    (long long)json_integer_value(
	        json_object_get(json_object_get(st, "outbox"), "smtp_connections")),
	    (long long)json_integer_value(
	        json_object_get(json_object_get(st, "outbox"), "smtp_retries")),
	    (long long)json_integer_value(
	        json_object_get(json_object_get(st, "rules_held"), "count")));
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(st, "matches"), key, v) fprintf(
	    f, "telegraph_matches{status=\"%s\"} %lld\n", key, (long long)json_integer_value(v));
	/* Issue 17's memory per match, by part: what the matches keep for
	 * their followers, and the heap in all (glibc's arenas, or 0). */
	struct match_memory_sum vm;
	match_memory_sum(srv, &vm);
	size_t heap = 0;
#if TG_SANITIZER_ALLOCATOR
	/* Under AddressSanitizer or ThreadSanitizer malloc is the sanitizer's,
	 * and glibc's mallinfo2 sees none of it (it said 0, and
	 * integration/operators failed in the sanitizer pass, then under
	 * ThreadSanitizer): ask the allocator that is in use. */
	heap = __sanitizer_get_current_allocated_bytes();
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
	struct mallinfo2 mi = mallinfo2();
	heap = mi.uordblks + mi.hblkhd;
#endif
	fprintf(f,
	        "# HELP telegraph_matches_loaded Matches in memory with a game state, besides\n"
	        "# those a fan-out job holds (busy), whose bytes below are left out.\n"
	        "# TYPE telegraph_matches_loaded gauge\n"
	        "telegraph_matches_loaded{state=\"counted\"} %zu\n"
	        "telegraph_matches_loaded{state=\"busy\"} %zu\n"
	        "# HELP telegraph_match_bytes Heap bytes the counted matches keep for their\n"
	        "# followers: kept views, patch rings, flat undo bases.\n"
	        "# TYPE telegraph_match_bytes gauge\n"
	        "telegraph_match_bytes{part=\"views\"} %zu\n"
	        "telegraph_match_bytes{part=\"rings\"} %zu\n"
	        "telegraph_match_bytes{part=\"base\"} %zu\n"
	        "# HELP telegraph_heap_bytes Bytes malloc has handed out and not had back\n"
	        "# (glibc's arenas, or the sanitizer's; else 0).\n"
	        "# TYPE telegraph_heap_bytes gauge\ntelegraph_heap_bytes %zu\n",
	        vm.matches, vm.busy, vm.views, vm.rings, vm.base, heap);
	wal_prometheus(srv->store, f);
	/* Issue 17's round trip by stage (latency.h). */
	tg_lat_prometheus(&srv->lat, f);
	fclose(f);
	json_decref(st);
	return out;
}
