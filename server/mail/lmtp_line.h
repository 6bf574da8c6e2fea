/* lmtp_line.h — one reply line of the LMTP listener (issue 19), as it goes
 * on the wire. An SMTP/LMTP reply is US-ASCII (RFC 5321 4.2; 8-bit text
 * only after SMTPUTF8, which the listener does not offer), and some of its
 * text comes from elsewhere (an action's label in "250 Played: ..."). Pure. */
#ifndef TG_MAIL_LMTP_LINE_H
#define TG_MAIL_LMTP_LINE_H

#include <stddef.h>

/* line with CRLF into out (n >= 3): at most n - 3 bytes of text, each
 * character outside printable US-ASCII replaced by one '?' (a UTF-8
 * sequence as one character) and a control character by a space. The
 * length written (without the NUL). */
size_t tg_lmtp_line(char *out, size_t n, const char *line);

#endif
