/* notify.h — notifications (issue 19): what the engine's files call. The
 * outbox rows are written in the loop turn's transaction by the hooks below
 * (notify.c); notify_send.c sends them after the commit, off the loop thread
 * (libcurl in the libuv thread pool); notify_ops.c is the players' settings,
 * the email verification, the forgotten password and unsubscribing. */
#ifndef TG_CORE_NOTIFY_H
#define TG_CORE_NOTIFY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"

struct tg_server;
struct tg_match;
struct tg_session;

/* The events a player may choose (a bit set, stored in notify_settings). */
enum {
	TG_EV_YOUR_MOVE = 1,
	TG_EV_MATCH_STARTED = 2,
	TG_EV_MATCH_FINISHED = 4,
	TG_EV_CLOCK_LOW = 8,
	TG_EV_OPPONENT_VACATION = 16,
	TG_EV_INVITED = 32,   /* invited to a private match (invite.c) */
	TG_EV_CHAT_AWAY = 64, /* chat while you were away (chat_notify.c) */
	TG_EV_ALL = 127,
	/* Not a choice: the answer to an email reply that played nothing
	 * (mail_in.c), mailed like a code (to the verified address whatever
	 * the events, never gathered, no webhook) under its own event name. */
	TG_EV_MAIL_ANSWER = 128
};
#define TG_NOTIFY_CODE_DIGITS 8 /* the email verification code */
#define TG_NOTIFY_VERIFY_TRIES 5
#define TG_NOTIFY_VERIFY_S 86400

/* ---- notify.c: the hooks, in the open transaction ---- */
/* After an action of role actor (by_reply: played by its email reply;
 * actor -1: none): "your move" to each role awaited now that was not before
 * (unless its player is connected and following the match); where replies
 * are taken, also to a role still awaited whose reply address the action
 * spent (notify.c reply_spent). */
int notify_awaited(struct tg_server *srv, struct tg_match *m, unsigned before, int actor,
                   bool by_reply, struct tg_error *err);
/* "match started" to every player, then "your move" to the awaited. */
int notify_match_started(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* "match finished" with the result, to every player. */
int notify_match_finished(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* "Your clock runs low" to role r's player (unless connected and
 * following): left seconds, out of time at deadline. */
int notify_clock_low(struct tg_server *srv, struct tg_match *m, int r, int64_t left,
                     int64_t deadline, struct tg_error *err);
/* The opponents of user uid (role r of m) are told his vacation runs until
 * `until` (0: it ended). */
int notify_vacation(struct tg_server *srv, struct tg_match *m, int r, int64_t until,
                    struct tg_error *err);
/* Queues one message to the user's verified channels that take event ev
 * (ev 0: an email to `email` even unverified, for codes). subject and text
 * are plain text; key makes it once-only. 0 or -1. */
int notify_queue(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                 const char *email, const char *subject, const char *text, json_t *extra,
                 struct tg_error *err);
/* A notification that gathers (schema 056): the rows of group grp are one
 * per channel while they wait; a new one is due at `due`, and at least `gap`
 * seconds after the group's previous row went out. While a row waits, a
 * further event adds `more` to it (to the email's text before its
 * signature, to the webhook body's text) instead of queueing another. A new
 * row that must wait takes later_subject and later_body where they are set
 * (the digest's heading). */
struct notify_group {
	const char *grp;
	int64_t due, gap;
	const char *more;
	const char *later_subject, *later_body;
};
int notify_queue_group(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                       const char *email, const char *subject, const char *text, json_t *extra,
                       const struct notify_group *g, struct tg_error *err);
/* Whether an email to uid, in digest mode of `hours`, would be gathered
 * now (the window of his last digest email is still open) rather than go
 * at once: 1, 0, or -1 on a storage failure. */
int notify_digest_holds(struct tg_server *srv, int64_t uid, int64_t hours, struct tg_error *err);
/* "chat" to each other player of m away from it (chat_notify.c): from
 * (role) wrote text, chat row chat_id. */
int notify_chat(struct tg_server *srv, struct tg_match *m, int role, const char *from,
                const char *text, int64_t chat_id, struct tg_error *err);
/* Whether the user is connected and following m in role r. */
bool notify_following(const struct tg_match *m, int64_t uid, int r);
/* notify_queue with the email's Reply-To (NULL: none). */
int notify_queue_reply(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                       const char *email, const char *subject, const char *text, json_t *extra,
                       const char *reply_to, struct tg_error *err);
/* The seat of role r: its user id (0: none). */
int64_t notify_seat_user(const struct tg_match *m, int r);
/* The base of the links: public_url, else the listening address. */
void notify_base_url(struct tg_server *srv, char *out, size_t n);

/* ---- notify_move.c: the "your move" email ---- */
/* "Your move" to role r's player (unless connected and following): his
 * view's prompt, what changed since his last such email, the legal actions
 * numbered, and (where lmtp_listen is set and the mail goes out) a reply
 * address with a fresh single-use token. why non-NULL: an answer to his
 * email reply, sent whatever he follows, saying why first; it also goes
 * when he is not awaited (then with the position and no actions). */
int notify_your_move(struct tg_server *srv, struct tg_match *m, int r, const char *why,
                     struct tg_error *err);
/* The unsubscribe link of a user (malloc'd) and its token (64 hex). */
char *notify_unsub_url(struct tg_server *srv, int64_t uid);
int notify_unsub_token(struct tg_server *srv, int64_t uid, char out[65]);

/* ---- notify_send.c: the sender ---- */
int notify_start(struct tg_server *srv);
/* After the turn's commit: sends what it queued. */
void notify_after_turn(struct tg_server *srv);
/* No new sends (shutdown); true once none is in flight. */
bool notify_stop(struct tg_server *srv);
void notify_free(struct tg_server *srv);
/* Sends still in flight (the shutdown waits for them). */
unsigned notify_inflight(const struct tg_server *srv);
/* Since the start: SMTP connections opened, and sends retried on a new
 * connection after a kept session was dropped. */
void notify_smtp_counts(const struct tg_server *srv, uint64_t *connections, uint64_t *retries);
/* Finished outbox rows deleted since the start (notify_outbox_keep_days). */
uint64_t notify_pruned(const struct tg_server *srv);

/* ---- notify_ops.c ---- */
void op_notify_settings(struct tg_session *s, const json_t *req);
void op_verify_email(struct tg_session *s, const json_t *req);
void op_forgot_password(struct tg_session *s, const json_t *req);
void op_unsubscribe(struct tg_session *s, const json_t *req);
/* Turns a user's notifications off by the token of his link: 0, or -1. */
int notify_unsubscribe(struct tg_server *srv, int64_t uid, const char *token, struct tg_error *err);

#endif
