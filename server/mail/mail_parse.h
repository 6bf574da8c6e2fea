/* mail_parse.h — an inbound email read with GMime (issue 19): whether it is
 * automatic (RFC 3834 Auto-Submitted, Precedence: bulk/junk/list) or one of
 * our own emails come back (a loop), and the text its sender wrote. */
#ifndef TG_MAIL_PARSE_H
#define TG_MAIL_PARSE_H

#include <stdbool.h>
#include <stddef.h>

struct tg_mail {
	bool automatic; /* Auto-Submitted other than "no", or Precedence bulk/junk/list */
	bool loop;      /* carries X-Telegraph-Event: an email of ours came back */
	bool html;      /* text was made from a text/html part (no text/plain one) */
	char *text;     /* the first text/plain part not an attachment (UTF-8), else the
	                   text of the first text/html one; NULL if none */
};

/* Reads msg (len bytes, RFC 5322). 0, or -1 if GMime could not make a
 * message of it at all. Either way tg_mail_free frees what was set. */
int tg_mail_parse(const char *msg, size_t len, struct tg_mail *out);
void tg_mail_free(struct tg_mail *m);

#endif
