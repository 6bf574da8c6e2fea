/* An LMTP reply line (server/mail/lmtp_line.c): US-ASCII on the wire, as
 * RFC 5321 4.2 wants a reply without SMTPUTF8, whatever text it carries
 * (an action's label in "250 2.0.0 Played: ..."). */
#include <string.h>

#include "mail/lmtp_line.h"
#include "tap.h"

static const char *line(const char *in, size_t n)
{
	static char out[256];
	size_t len = tg_lmtp_line(out, n, in);
	CHECK_EQ_INT((int)len, (int)strlen(out));
	return out;
}

static int ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x7f ||
		    ((unsigned char)*s < 0x20 && *s != '\r' && *s != '\n'))
			return 0;
	return 1;
}

int main(void)
{
	CHECK_EQ_STR(line("250 2.0.0 OK", 256), "250 2.0.0 OK\r\n");
	/* A label of 8-bit text: each UTF-8 character one '?'. */
	const char *p = line("250 2.0.0 Played: Attaque \xc3\xa0 l'aube \xe2\x80\x94 Lee", 256);
	CHECK(ascii(p));
	CHECK_EQ_STR(p, "250 2.0.0 Played: Attaque ? l'aube ? Lee\r\n");
	/* Stray 8-bit bytes, a cut sequence, control characters and line ends
	 * inside the text: one line still. */
	p = line("250 x\xff\xfey\xc3 z\r\n421 fake\x01\x7f", 256);
	CHECK(ascii(p));
	CHECK_EQ_STR(p, "250 x??y? z  421 fake  \r\n");
	/* Cut to the buffer, CRLF kept. */
	p = line("250 2.0.0 Played: a long label", 12);
	CHECK_EQ_STR(p, "250 2.0.0\r\n");
	return tap_done();
}
