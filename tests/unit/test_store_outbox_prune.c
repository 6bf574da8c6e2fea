/* test_store_outbox_prune.c — the outbox forgets what it has finished with
 * (issue 19's notifications; notify_outbox_keep_days): rows sent, parked or
 * dropped before the cut go, in batches of at most the limit; a pending row
 * stays however old, and so does a row created before the cut but sent
 * after it (a digest gathers for days). The readers of finished rows read
 * the same before and after: the mail-answer rate limit (the last hour's
 * rows, tg_store_outbox_recent) and the last send of a group (digest and
 * chat windows, tg_store_outbox_group_last). The clock is each call's `now`
 * (the daemon passes its injected clock). */
#include "store_testkit.h"

#include <string.h>

#define DAY 86400
#define NOW 1900000000LL
#define CUT (NOW - 30 * DAY)

struct row {
	const char *key, *event, *grp;
	long long created;
	const char *state; /* what becomes of it */
	long long done_at;
};

static const struct row rows[] = {
    {"old-sent", "your_move", NULL, NOW - 40 * DAY, "sent", NOW - 40 * DAY},
    {"old-parked", "your_move", NULL, NOW - 40 * DAY, "parked", NOW - 39 * DAY},
    {"old-dropped", "match_started", NULL, NOW - 35 * DAY, "dropped", NOW - 35 * DAY},
    {"old-answer-1", "mail_answer", NULL, NOW - 31 * DAY, "sent", NOW - 31 * DAY},
    {"old-answer-2", "mail_answer", NULL, NOW - 31 * DAY, "sent", NOW - 31 * DAY},
    {"recent-sent", "your_move", NULL, NOW - DAY, "sent", NOW - DAY},
    {"answer-1", "mail_answer", NULL, NOW - 600, "sent", NOW - 600},
    {"answer-2", "mail_answer", NULL, NOW - 500, "sent", NOW - 500},
    {"answer-3", "mail_answer", NULL, NOW - 400, "parked", NOW - 300},
    {"digest-late", "your_move", "digest", CUT - DAY, "sent", CUT + DAY},
    {"digest-old", "your_move", "digest", CUT - 5 * DAY, "sent", CUT - 4 * DAY},
};
#define NROWS (int)(sizeof rows / sizeof rows[0])

static int64_t count_kept(struct tg_store *s, int64_t uid)
{
	/* Every row the user still has, any event, any state. */
	static const char *const events[] = {"your_move", "match_started", "mail_answer", NULL};
	int64_t n = 0;
	for (int i = 0; events[i]; i++)
		n += tg_store_outbox_recent(s, uid, events[i], 0, &err);
	return n;
}

int main(void)
{
	if (!store_dir("test-prune"))
		return 1;
	struct tg_store *s = open_store();
	if (!s)
		return tap_done();
	int64_t uid = 0;
	CHECK_OK(tg_store_user_create(s, "grant", "h", NOW - 50 * DAY, &uid, &err));

	for (int i = 0; i < NROWS; i++) {
		json_t *r = json_pack("{s:s,s:I,s:s,s:s,s:s,s:s,s:s,s:I}", "idem_key", rows[i].key,
		                      "user_id", (json_int_t)uid, "channel", "email", "address",
		                      "grant@example.test", "event", rows[i].event, "subject", "s",
		                      "body", "b", "next_at", (json_int_t)rows[i].created);
		if (rows[i].grp)
			json_object_set_new(r, "grp", json_string(rows[i].grp));
		CHECK_EQ_INT(tg_store_outbox_add(s, r, rows[i].created, &err), 1);
		json_decref(r);
	}
	/* In insertion order (ids ascend): each row's outcome. */
	json_t *due = tg_store_outbox_due(s, NOW, 0, 100, &err);
	CHECK_EQ_INT(json_array_size(due), NROWS);
	for (int i = 0; i < NROWS && i < (int)json_array_size(due); i++) {
		int64_t id = json_integer_value(json_object_get(json_array_get(due, i), "id"));
		if (strcmp(rows[i].state, "dropped") != 0)
			CHECK_OK(tg_store_outbox_done(s, id, rows[i].state, rows[i].done_at,
			                              rows[i].done_at, NULL, &err));
	}
	json_decref(due);
	/* The one left pending is dropped (its address changed); then an old
	 * row waits, pending (a retry far off, or a long outage). */
	CHECK_OK(tg_store_outbox_drop(s, uid, "email", &err));
	json_t *p = json_pack("{s:s,s:I,s:s,s:s,s:s,s:s,s:s}", "idem_key", "old-pending", "user_id",
	                      (json_int_t)uid, "channel", "email", "address", "grant@example.test",
	                      "event", "your_move", "subject", "s", "body", "b");
	CHECK_EQ_INT(tg_store_outbox_add(s, p, NOW - 40 * DAY, &err), 1);
	json_decref(p);

	int64_t answers = tg_store_outbox_recent(s, uid, "mail_answer", NOW - 3600, &err);
	CHECK_EQ_INT(answers, 3);
	int64_t last = tg_store_outbox_group_last(s, uid, "email", "digest", &err);
	CHECK_EQ_INT(last, CUT + DAY);
	int64_t before = count_kept(s, uid);

	/* Six finished rows before the cut, in batches of two: 2, 2, 2, 0. */
	int64_t got[4];
	for (int i = 0; i < 4; i++)
		got[i] = tg_store_outbox_prune(s, CUT, 2, &err);
	CHECK_EQ_INT(got[0], 2);
	CHECK_EQ_INT(got[1], 2);
	CHECK_EQ_INT(got[2], 2);
	CHECK_EQ_INT(got[3], 0);
	CHECK_EQ_INT(count_kept(s, uid), before - 6);

	/* The rate limit counts the same across the prune, and the digest's
	 * window starts where it did. */
	CHECK_EQ_INT(tg_store_outbox_recent(s, uid, "mail_answer", NOW - 3600, &err), answers);
	CHECK_EQ_INT(tg_store_outbox_group_last(s, uid, "email", "digest", &err), last);
	/* The old pending row is still due. */
	due = tg_store_outbox_due(s, NOW, 0, 100, &err);
	CHECK_EQ_INT(json_array_size(due), 1);
	json_decref(due);

	tg_store_close(s);
	remove_store();
	return tap_done();
}
