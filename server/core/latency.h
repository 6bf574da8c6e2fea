/* latency.h — where an action's round trip goes, by stage (issue 17): fixed
 * histograms the loop fills and /metrics prints (docs/OPERATIONS.md,
 * "Watching it"). Only the loop thread touches them: the fan-out workers
 * stamp their job, and the loop reads the stamps when it takes the job; the
 * syncer stamps its fsyncs, and the loop reads them at its wake-up. */
#ifndef TG_CORE_LATENCY_H
#define TG_CORE_LATENCY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <uv.h>

#include "util/hist.h"

enum tg_lat_stage {
	/* An act, stamped on its ok reply (the round trip a player waits). */
	TG_LAT_READ_TO_ACT,  /* its bytes read (TLS record in) -> its handling starts */
	TG_LAT_ACT,          /* handled: rules, store writes, fan-out job made, ok queued */
	TG_LAT_TO_COMMIT,    /* ok queued -> the turn's commit starts (the rest of the turn) */
	TG_LAT_COMMIT,       /* the turn's commit, its fsync included: the four parts below */
	TG_LAT_COMMIT_WRITE, /* COMMIT itself: the WAL's frames written (no fsync) */
	TG_LAT_SYNC_WAIT,    /* committed -> the syncer starts the fsync that covers it */
	TG_LAT_FSYNC,        /* that fdatasync */
	TG_LAT_WAKE,         /* the fsync done -> the loop sends (the tg_wake's hand-off;
	                      * with two in flight, also an earlier one's end) */
	TG_LAT_WRITE,        /* committed -> the turn's lines written to the sockets */
	TG_LAT_TOTAL,        /* read -> written: the daemon's part of act -> ok */
	/* A fan-out job (the patches to the match's followers). */
	TG_LAT_FANOUT_QUEUE,   /* made -> a worker takes it */
	TG_LAT_FANOUT_COMPUTE, /* the worker's views and patches */
	TG_LAT_FANOUT_HANDOFF, /* worker done -> the loop sends its lines */
	/* A loop turn's busy time (from a poll's return to the next poll,
	 * util/loop_turn.h): bytes that arrive meanwhile wait in the kernel
	 * until the next poll. */
	TG_LAT_TURN,
	TG_LAT_N
};

#define TG_LAT_BUCKETS 22 /* the last is +Inf */
_Static_assert(TG_LAT_BUCKETS <= TG_HIST_BUCKETS_MAX, "util/hist.h holds the stages' buckets");

struct tg_latency {
	struct tg_hist h[TG_LAT_N];
	/* The act being handled (server.c): its read and start times. */
	bool in_act;
	uint64_t act_read_ns, act_start_ns;
	/* The read times of the acts whose ok the turn writes (for TOTAL). */
	uint64_t *reads;
	size_t nreads, creads;
	/* The turn's busy time: a prepare handle, before each poll, and a check
	 * handle after the poll's callbacks (util/loop_turn.h). Each its own
	 * allocation: closed after the server. */
	uv_prepare_t *prepare;
	uv_check_t *check;
};

void tg_lat_add(struct tg_latency *l, enum tg_lat_stage s, uint64_t ns);
/* ns from a to b, 0 if b is before a (or either is unset). */
uint64_t tg_lat_span(uint64_t a, uint64_t b);
/* Notes an act's read time for the turn's TOTAL; false if out of memory. */
bool tg_lat_note_read(struct tg_latency *l, uint64_t read_ns);
/* The turn's lines are written at written_ns: TOTAL for each noted act. */
void tg_lat_turn_written(struct tg_latency *l, uint64_t written_ns);
/* Starts timing the loop's turns (util/loop_turn.h); 0 or a libuv error. */
int tg_lat_start(struct tg_latency *l, uv_loop_t *loop);
/* Closes the prepare handle (it frees itself) and the buffers. */
void tg_lat_stop(struct tg_latency *l);
/* The Prometheus text of every histogram. */
void tg_lat_prometheus(const struct tg_latency *l, FILE *f);

#endif
