/* mail_in.h — what a reply to a "your move" email does (issue 19): the
 * LMTP listener (mail_lmtp.c) hands each recipient of a message here. */
#ifndef TG_CORE_MAIL_IN_H
#define TG_CORE_MAIL_IN_H

#include <jansson.h>
#include <stddef.h>

struct tg_server;

#define TG_MAIL_REPLY_MAX 200 /* an LMTP reply line */

/* At RCPT TO: 0 if rcpt is a reply address whose token the store knows
 * (used or expired ones too: their reply is answered by email), else -1
 * with the LMTP refusal in reply. */
int mail_in_rcpt(struct tg_server *srv, const char *rcpt, char reply[TG_MAIL_REPLY_MAX]);
/* After DATA: the message msg (len bytes, as received, without the final
 * dot) from the envelope sender (empty for <>) to rcpt. Plays the move it
 * asks for, or queues an email saying why not, or ignores an automatic
 * message; writes the LMTP reply. Its writes are in the loop turn's
 * transaction: the caller commits before answering. */
void mail_in_deliver(struct tg_server *srv, const char *sender, const char *rcpt, const char *msg,
                     size_t len, char reply[TG_MAIL_REPLY_MAX]);

/* The action a reply's first line names among a view's actions (a new
 * reference, each param set), or NULL with a sentence in why: the
 * action's number, then one number per param in order (N, N.K, N.K.L;
 * a "many" param's as 1+3 or 0: mail/mail_body.h), or its label. *label
 * is the entry's label. */
json_t *mail_in_choose(const json_t *acts, const char *line, char *why, size_t n,
                       const char **label);

#endif
