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

#include "core/server_internal.h"
#include "core/wake.h"
#include "util/log.h"
#include "util/thread_name.h"

struct tg_fanout_job {
	struct tg_fanout_job *next; /* in the queue, then in the done list */
	struct tg_match *m;
	uint64_t turn; /* srv->turn when made */
	bool done;
	/* uv_hrtime: made (loop), taken and done (its worker, under the
	 * pool's lock before the loop reads them): latency.h's stages. */
	uint64_t t_made, t_start, t_done;
	struct views_batch b;
};

struct tg_fanout_pool {
	uv_mutex_t mu;
	uv_cond_t work; /* a job queued, or stop */
	uv_cond_t done; /* a job done */
	struct tg_fanout_job *queue, *queue_tail;
	struct tg_fanout_job *done_head, *done_tail;
	bool stop;
	unsigned nthreads;
	uv_thread_t *threads;
	struct tg_wake *wake; /* the loop's (core/wake.h): it closes after the pool is freed */
	unsigned inflight;    /* jobs made and not yet delivered (the loop's count) */
	bool kick;            /* jobs queued since the last fanout_kick (the loop's) */
	unsigned named;       /* workers that have named themselves (under mu) */
};

/* The wake-ups are counted per turn, not per job (issue 17): the loop
 * queues a turn's jobs without waking anyone and wakes one worker when the
 * turn commits (fanout_kick; a job's lines wait for that commit anyway);
 * a worker that takes a job and leaves others queued wakes the next one.
 * The loop is woken (its tg_wake) when the done list goes from empty to
 * not: while it is not empty the loop has been woken and has not emptied
 * it yet (on_done takes jobs until it finds none), so a worker whose job
 * joins a list the loop is still taking from wakes nobody. Every signal
 * and wake-up is made after the unlock, so that the thread woken does not
 * find the mutex held and sleep on it again. */
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
		bool wake_loop = !p->done_head;
		if (p->done_tail)
			p->done_tail->next = j;
		else
			p->done_head = j;
		p->done_tail = j;
		uv_cond_broadcast(&p->done);
		if (wake_loop) {
			uv_mutex_unlock(&p->mu);
			tg_wake_send(p->wake);
			uv_mutex_lock(&p->mu);
		}
	}
	uv_mutex_unlock(&p->mu);
}

/* On the loop: the job's lines go out (or are dropped), the match is the
 * loop's again. */
static void finish(struct tg_server *srv, struct tg_fanout_job *j, bool deliver)
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
			tg_lat_add(&srv->lat, TG_LAT_FANOUT_HANDOFF,
			           tg_lat_span(j->t_done, uv_hrtime()));
		}
	}
	for (int r = 0; r <= TG_ROLE_MAX; r++)
		views_batch_clear_role(&j->b, r);
	free(j);
}

/* One job at a time off the done list: sending may close a connection,
 * and nothing done meanwhile must find a job half delivered. */
static void on_done(void *data)
{
	struct tg_server *srv = data;
	if (!srv->fanout)
		return;
	struct tg_fanout_pool *p = srv->fanout;
	/* The lines of every job done so far go out together: one TLS write
	 * per connection (a player in several matches, an actor's patch and
	 * the next turn's). */
	tg_conn_cork();
	for (;;) {
		uv_mutex_lock(&p->mu);
		struct tg_fanout_job *j = p->done_head;
		if (j) {
			p->done_head = j->next;
			if (!p->done_head)
				p->done_tail = NULL;
			j->next = NULL;
		}
		uv_mutex_unlock(&p->mu);
		if (!j)
			break;
		finish(srv, j, true);
	}
	tg_conn_uncork();
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
	/* a job queued in this turn waits for a worker woken */
	fanout_kick(srv);
	uv_mutex_lock(&p->mu);
	while (!j->done)
		uv_cond_wait(&p->done, &p->mu);
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
	finish(srv, j, deliver);
}

void fanout_join_all(struct tg_server *srv)
{
	if (!srv->fanout || srv->fanout->inflight == 0)
		return;
	for (int b = 0; b < TG_MATCH_BUCKETS; b++)
		for (struct tg_match *m = srv->matches[b]; m; m = m->next)
			fanout_join(srv, m, true);
}
