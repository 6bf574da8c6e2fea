/* fanout.c — the views' fan-out after an action on worker threads (issue
 * 17, "all cores"). Nearly all of an action's CPU is bringing each role's
 * view up to date (the sections' rebuild, the diff, the patch's text), and
 * that reads only the match's own state: so the loop keeps the I/O, TLS,
 * SQLite and the one group commit, and hands each match's fan-out to one of
 * cfg.workers threads.
 *
 * One job per match at a time: while m->job is set the worker owns m->g,
 * m->view and m->ring, and whatever on the loop would read or change them
 * first waits for the job (match_find calls fanout_join), so a match's
 * actions and patches stay in order. The loop sends a job's lines when it
 * is done (a tg_wake), never before its action's turn has committed: a
 * job done within its own turn has its lines held in that turn's outbox
 * like every push; one done later is sent at once (its action is durable,
 * and a failure of the later turn must not drop it). If the action's turn
 * fails, its job's lines are dropped (server.c's reload_dirty) and the
 * match's followers get fresh views. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"
#include "core/wake.h"
#include "util/log.h"
#include "util/thread_name.h"

struct tg_fanout_job {
	struct tg_fanout_job *next; /* in the queue, then in the done list */
	struct tg_match *m;
	uint64_t turn; /* srv->turn when made */
	bool taken;    /* a worker has it (under the pool's lock) */
	bool done;
	/* uv_hrtime: made (loop), taken and done (its worker, under the
	 * pool's lock before the loop reads them): latency.h's stages. */
	uint64_t t_made, t_start, t_done;
	struct views_batch b;
};

struct tg_fanout_pool {
	uv_mutex_t mu;
	uv_cond_t work; /* a job queued, or stop */
	uv_cond_t done; /* the job the loop joins is done */
	struct tg_fanout_job *queue, *queue_tail;
	struct tg_fanout_job *done_head, *done_tail;
	bool stop;
	unsigned nthreads;
	uv_thread_t *threads;
	struct tg_wake *wake; /* the loop's (core/wake.h): it closes after the pool is freed */
	unsigned inflight;    /* jobs made and not yet delivered (the loop's count) */
	bool kick;            /* jobs queued since the last fanout_kick (the loop's) */
	unsigned named;       /* workers that have named themselves (under mu) */
	/* Under mu: a done job whose turn is below sendable_turn may leave at
	 * once (its turn's commit is durable); loop_woken: the loop's wake-up
	 * is sent and on_done has not yet found the list without such a job. */
	uint64_t sendable_turn;
	bool loop_woken;
	/* Under mu: the job the loop waits for in fanout_join, if any. Its
	 * worker alone signals done, once, after its unlock (session 29: every
	 * worker broadcast done for every job, under the lock, and the loop
	 * waiting for one job woke for each other job done, then slept on the
	 * mutex the broadcaster still held). */
	struct tg_fanout_job *joining;
	/* The loop's: the commits not yet durable, oldest first, each as the
	 * turn it ended (jobs of the turns below it are in it) and its
	 * generation (fanout_committed, fanout_durable). */
	struct {
		uint64_t turn, gen;
	} pending[8];
	unsigned npending;
};

/* The wake-ups are counted per turn, not per job (issue 17): the loop
 * queues a turn's jobs without waking anyone and wakes one worker when the
 * turn commits (fanout_kick; a job's lines wait for that commit anyway);
 * a worker that takes a job and leaves others queued wakes the next one.
 *
 * The loop is woken (its tg_wake) only for a job whose lines may leave at
 * once: its turn's commit is durable (j->turn below sendable_turn). A job
 * done sooner, before the fsync that covers it (at 1,000 actions/s most
 * of them: the fan-out takes less than the fsync), wakes nobody: the loop
 * takes it when that commit is durable (fanout_durable, from the syncer's
 * wake-up, or the turn's end when the commit was durable at once), in the
 * same cork as the ok, so the actor gets the ok and his patch in one
 * write and the loop one wake-up an action, not two (issue 17, session
 * 27: each a poll, an eventfd read and a worker's eventfd write). The
 * loop moves sendable_turn and takes the jobs under the lock, so a worker
 * either sees the new bound and wakes it, or has put its job in the list
 * the loop then takes from. While loop_woken is set, a wake-up is on its
 * way and on_done will take what joins the list. Every signal and
 * wake-up is made after the unlock, so that the thread woken does not
 * find the mutex held and sleep on it again; the loop waiting in
 * fanout_join is signalled by the worker of its job alone. */
static void worker(void *arg)
{
	struct tg_fanout_pool *p = arg;
	uv_mutex_lock(&p->mu);
	char name[16];
	snprintf(name, sizeof name, "tg-views-%u", p->named++);
	tg_thread_name(name);
	for (;;) {
		while (!p->queue && !p->stop)
			uv_cond_wait(&p->work, &p->mu);
		struct tg_fanout_job *j = p->queue;
		if (!j)
			break; /* stopping, and nothing left */
		p->queue = j->next;
		if (!p->queue)
			p->queue_tail = NULL;
		j->next = NULL;
		j->taken = true;
		bool more = p->queue != NULL;
		uv_mutex_unlock(&p->mu);
		if (more)
			uv_cond_signal(&p->work);
		uint64_t t_start = uv_hrtime();
		views_fanout_compute(j->m, &j->b);
		uint64_t t_done = uv_hrtime();
		uv_mutex_lock(&p->mu);
		j->t_start = t_start;
		j->t_done = t_done;
		j->done = true;
		bool wake_loop = j->turn < p->sendable_turn && !p->loop_woken;
		if (wake_loop)
			p->loop_woken = true;
		if (p->done_tail)
			p->done_tail->next = j;
		else
			p->done_head = j;
		p->done_tail = j;
		/* read under the lock: once it is released the loop may take
		 * the job and free it */
		bool joined = p->joining == j;
		if (wake_loop || joined) {
			uv_mutex_unlock(&p->mu);
			if (joined)
				uv_cond_signal(&p->done);
			if (wake_loop)
				tg_wake_send(p->wake);
			uv_mutex_lock(&p->mu);
		}
	}
	uv_mutex_unlock(&p->mu);
}

/* On the loop: the job's lines go out (or are dropped), the match is the
 * loop's again. */
static void finish(struct tg_server *srv, struct tg_fanout_job *j, bool deliver, uint64_t t_taken)
{
	struct tg_match *m = j->m;
	m->job = NULL;
	srv->fanout->inflight--;
	if (deliver) {
		views_fanout_send(m, &j->b, j->turn != srv->turn);
		if (j->t_done) {
			tg_lat_add(&srv->lat, TG_LAT_FANOUT_QUEUE,
			           tg_lat_span(j->t_made, j->t_start));
			tg_lat_add(&srv->lat, TG_LAT_FANOUT_COMPUTE,
			           tg_lat_span(j->t_start, j->t_done));
			/* a job taken when its commit became durable: from then */
			tg_lat_add(
			    &srv->lat, TG_LAT_FANOUT_HANDOFF,
			    tg_lat_span(j->t_done > t_taken ? j->t_done : t_taken, uv_hrtime()));
		}
	}
	for (int r = 0; r <= TG_ROLE_MAX; r++)
		views_batch_clear_role(&j->b, r);
	free(j);
}

/* Under p->mu: the first done job whose lines may leave, out of the list;
 * NULL if none. */
static struct tg_fanout_job *take_sendable(struct tg_fanout_pool *p)
{
	struct tg_fanout_job *prev = NULL, *j = p->done_head;
	while (j && j->turn >= p->sendable_turn) {
		prev = j;
		j = j->next;
	}
	if (!j)
		return NULL;
	if (prev)
		prev->next = j->next;
	else
		p->done_head = j->next;
	if (p->done_tail == j)
		p->done_tail = prev;
	j->next = NULL;
	return j;
}

/* Sends the done jobs whose lines may leave, one at a time off the list:
 * sending may close a connection, and nothing done meanwhile must find a
 * job half delivered. The lines of every job taken go out together: one
 * TLS write per connection (a player in several matches, an actor's patch
 * and the ok released before it in the same cork). woken: on_done's, for
 * the loop's wake-up (cleared when no such job is left). */
static void take_done(struct tg_server *srv, bool woken, uint64_t t_taken)
{
	struct tg_fanout_pool *p = srv->fanout;
	tg_conn_cork();
	for (;;) {
		uv_mutex_lock(&p->mu);
		struct tg_fanout_job *j = take_sendable(p);
		if (!j && woken)
			p->loop_woken = false;
		uv_mutex_unlock(&p->mu);
		if (!j)
			break;
		/* Its commit is durable, and every held batch is of a newer
		 * one (release_held has sent the rest): its lines leave now. */
		srv->lines_durable = true;
		finish(srv, j, true, t_taken);
		srv->lines_durable = false;
	}
	tg_conn_uncork();
}

static void on_done(void *data)
{
	struct tg_server *srv = data;
	if (srv->fanout)
		take_done(srv, true, 0);
}

/* The turns whose commits are durable now (durable_gen) become sendable,
 * and their done jobs are taken. */
static void advance(struct tg_server *srv)
{
	struct tg_fanout_pool *p = srv->fanout;
	uint64_t turn = 0;
	unsigned k = 0;
	while (k < p->npending && p->pending[k].gen <= srv->durable_gen)
		turn = p->pending[k++].turn;
	if (!k)
		return;
	p->npending -= k;
	memmove(p->pending, p->pending + k, p->npending * sizeof p->pending[0]);
	/* No job in flight: none to tell (a job made later is of this turn or
	 * a later one, which a later commit makes sendable). */
	if (!p->inflight)
		return;
	uv_mutex_lock(&p->mu);
	if (turn > p->sendable_turn)
		p->sendable_turn = turn;
	uv_mutex_unlock(&p->mu);
	take_done(srv, false, uv_hrtime());
}

void fanout_committed(struct tg_server *srv)
{
	struct tg_fanout_pool *p = srv->fanout;
	if (!p)
		return;
	unsigned n = p->npending;
	if (n && p->pending[n - 1].gen == srv->commit_gen) {
		p->pending[n - 1].turn = srv->turn; /* the same commit generation */
	} else {
		if (n == sizeof p->pending / sizeof p->pending[0]) {
			/* Never seen (at most two commits wait for an fsync:
			 * syncer.c); the newest entry's turns then leave with
			 * this generation, later but not lost. */
			n--;
		}
		p->pending[n].turn = srv->turn;
		p->pending[n].gen = srv->commit_gen;
		p->npending = n + 1;
	}
	advance(srv);
}

void fanout_durable(struct tg_server *srv)
{
	if (srv->fanout)
		advance(srv);
}

int fanout_start(struct tg_server *srv)
{
	unsigned n = srv->cfg.workers;
	if (n == 0)
		return 0;
	struct tg_fanout_pool *p = calloc(1, sizeof *p);
	uv_thread_t *threads = calloc(n, sizeof *threads);
	struct tg_wake *wake = p && threads ? tg_wake_new(srv->loop, on_done, srv) : NULL;
	if (!wake || uv_mutex_init(&p->mu) != 0) {
		tg_wake_free(wake);
		free(p);
		free(threads);
		return -1;
	}
	uv_cond_init(&p->work);
	uv_cond_init(&p->done);
	p->wake = wake;
	p->threads = threads;
	for (; p->nthreads < n; p->nthreads++)
		if (uv_thread_create(&threads[p->nthreads], worker, p) != 0)
			break;
	srv->fanout = p;
	if (p->nthreads == 0) {
		fanout_stop(srv);
		return -1;
	}
	TG_INFO(0, 0, "%u fan-out workers", p->nthreads);
	return 0;
}

void fanout_stop(struct tg_server *srv)
{
	struct tg_fanout_pool *p = srv->fanout;
	if (!p)
		return;
	fanout_join_all(srv);
	uv_mutex_lock(&p->mu);
	p->stop = true;
	uv_cond_broadcast(&p->work);
	uv_mutex_unlock(&p->mu);
	for (unsigned i = 0; i < p->nthreads; i++)
		uv_thread_join(&p->threads[i]);
	tg_wake_free(p->wake);
	uv_cond_destroy(&p->work);
	uv_cond_destroy(&p->done);
	uv_mutex_destroy(&p->mu);
	free(p->threads);
	free(p);
	srv->fanout = NULL;
}

bool fanout_dispatch(struct tg_server *srv, struct tg_match *m)
{
	struct tg_fanout_pool *p = srv->fanout;
	if (!p || m->job)
		return false;
	struct tg_fanout_job *j = calloc(1, sizeof *j);
	if (!j)
		return false;
	views_fanout_prepare(srv, m, &j->b);
	if (j->b.server_ended) {
		/* The server's result goes into the view from m->row, the
		 * loop's: such a (last) fan-out runs on the loop. */
		free(j);
		return false;
	}
	j->m = m;
	j->turn = srv->turn;
	j->t_made = uv_hrtime();
	m->job = j;
	p->inflight++;
	uv_mutex_lock(&p->mu);
	if (p->queue_tail)
		p->queue_tail->next = j;
	else
		p->queue = j;
	p->queue_tail = j;
	uv_mutex_unlock(&p->mu);
	/* Nobody woken yet: fanout_kick, when the turn commits. */
	p->kick = true;
	return true;
}

void fanout_kick(struct tg_server *srv)
{
	struct tg_fanout_pool *p = srv->fanout;
	if (!p || !p->kick)
		return;
	p->kick = false;
	/* One worker: it wakes the next if it leaves jobs queued. A worker
	 * that looked at the queue before the jobs were queued waits on the
	 * condition by now (it looked under the lock), so the signal finds
	 * it; one still busy takes them when it looks again. */
	uv_cond_signal(&p->work);
}

void fanout_join(struct tg_server *srv, struct tg_match *m, bool deliver)
{
	struct tg_fanout_job *j = m->job;
	struct tg_fanout_pool *p = srv->fanout;
	if (!j || !p)
		return;
	/* A job no worker has taken yet goes to the queue's head: the loop
	 * waits for it alone, not for every job queued before it (at 400
	 * matches saturated a turn queues 70-110, and a stale act of the other
	 * role joins its match's; session 29). */
	uv_mutex_lock(&p->mu);
	if (!j->taken && p->queue != j) {
		struct tg_fanout_job *q = p->queue;
		while (q->next != j)
			q = q->next;
		q->next = j->next;
		if (p->queue_tail == j)
			p->queue_tail = q;
		j->next = p->queue;
		p->queue = j;
	}
	uv_mutex_unlock(&p->mu);
	/* a job queued in this turn waits for a worker woken */
	fanout_kick(srv);
	uv_mutex_lock(&p->mu);
	p->joining = j;
	while (!j->done)
		uv_cond_wait(&p->done, &p->mu);
	p->joining = NULL;
	/* out of the done list: on_done will not see it */
	struct tg_fanout_job **q = &p->done_head, *prev = NULL;
	while (*q && *q != j) {
		prev = *q;
		q = &(*q)->next;
	}
	if (*q) {
		*q = j->next;
		if (p->done_tail == j)
			p->done_tail = prev;
	}
	uv_mutex_unlock(&p->mu);
	j->next = NULL;
	finish(srv, j, deliver, 0);
}

void fanout_join_all(struct tg_server *srv)
{
	if (!srv->fanout || srv->fanout->inflight == 0)
		return;
	for (int b = 0; b < TG_MATCH_BUCKETS; b++)
		for (struct tg_match *m = srv->matches[b]; m; m = m->next)
			fanout_join(srv, m, true);
}

size_t fanout_done_waiting(struct tg_server *srv)
{
	struct tg_fanout_pool *p = srv->fanout;
	if (!p)
		return 0;
	size_t n = 0;
	uv_mutex_lock(&p->mu);
	for (struct tg_fanout_job *j = p->done_head; j; j = j->next)
		n++;
	uv_mutex_unlock(&p->mu);
	return n;
}
