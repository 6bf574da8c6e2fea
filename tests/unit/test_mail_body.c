/* Reading a reply to a "your move" email (server/mail/mail_body.c and
 * mail_parse.c): the first line the player wrote, his number or label,
 * HTML-only mail, automatic mail and loops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/mail_body.h"
#include "mail/mail_parse.h"
#include "tap.h"

static const char *first(const char *text)
{
	static char out[300];
	return tg_mail_first_line(text, out, sizeof out) == 0 ? out : NULL;
}

static void test_first_line(void)
{
	CHECK_EQ_STR(first("3\n"), "3");
	CHECK_EQ_STR(first("\r\n  \r\n  12  \r\n"), "12");
	/* quoted text above or below */
	CHECK_EQ_STR(first("> 1. Pass\n> 2. Move\n\n2\n"), "2");
	CHECK_EQ_STR(first("4\n\nOn Sun, 29 Nov 2026, Telegraph wrote:\n> 1\n"), "4");
	CHECK(first("On Sun, 29 Nov 2026, Telegraph wrote:\n> 1\n") == NULL);
	/* an attribution wrapped over two lines */
	CHECK(first("On Sun, 29 Nov 2026 at 01:00, Telegraph <\ntg@x.org> wrote:\n5\n") == NULL);
	/* signatures */
	CHECK(first("-- \nA. Lincoln\n7\n") == NULL);
	CHECK_EQ_STR(first("6\n-- \n7\n"), "6");
	CHECK(first("--\n7\n") == NULL);
	/* Outlook and forwards */
	CHECK(first("-----Original Message-----\nFrom: x\n1\n") == NULL);
	CHECK(first("________________________________\nFrom: x\n1\n") == NULL);
	CHECK(first("") == NULL);
	CHECK(first("\n\n> only quotes\n") == NULL);
	/* a long line is cut to the buffer */
	char big[1000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	CHECK_EQ_INT(strlen(first(big)), 299);
}

/* The action and, with one part of one choice, that choice (0: none). */
static int num(const char *line, int *a, int *c)
{
	struct tg_mail_numbers n;
	if (tg_mail_numbers(line, &n) != 0)
		return -1;
	*a = n.action;
	*c = n.nparts == 1 && n.npick[0] == 1 ? n.pick[0][0] : 0;
	return n.nparts <= 1 ? 0 : 1;
}

static void test_number(void)
{
	int a = -1, c = -1;
	CHECK(num("3", &a, &c) == 0 && a == 3 && c == 0);
	CHECK(num("#12", &a, &c) == 0 && a == 12 && c == 0);
	CHECK(num("3.", &a, &c) == 0 && a == 3 && c == 0);
	CHECK(num("3)", &a, &c) == 0 && a == 3 && c == 0);
	CHECK(num("3 please", &a, &c) == 0 && a == 3 && c == 0);
	CHECK(num("3. Buy 1 CSP", &a, &c) == 0 && a == 3 && c == 0);
	CHECK(num("4.2", &a, &c) == 0 && a == 4 && c == 2);
	CHECK(num("4.2 Washington", &a, &c) == 0 && a == 4 && c == 2);
	CHECK(num("0", &a, &c) == -1);
	CHECK(num("3rd", &a, &c) == -1);
	CHECK(num("Buy 3", &a, &c) == -1);
	CHECK(num("", &a, &c) == -1);
	CHECK(num("99999999999", &a, &c) == -1);
	/* issue 17: one number per parameter, N.K.L; a many part as 1+3 or 0 */
	struct tg_mail_numbers n;
	CHECK(tg_mail_numbers("4.2.7", &n) == 0 && n.action == 4 && n.nparts == 2 &&
	      n.npick[0] == 1 && n.pick[0][0] == 2 && n.npick[1] == 1 && n.pick[1][0] == 7);
	CHECK(tg_mail_numbers("4.2.7. Grant to Cairo", &n) == 0 && n.nparts == 2);
	CHECK(tg_mail_numbers("5.1.2+4", &n) == 0 && n.nparts == 2 && n.npick[1] == 2 &&
	      n.pick[1][0] == 2 && n.pick[1][1] == 4);
	CHECK(tg_mail_numbers("5.1.0", &n) == 0 && n.nparts == 2 && n.npick[1] == 0);
	CHECK(tg_mail_numbers("4.0", &n) == 0 && n.nparts == 1 && n.npick[0] == 0);
	CHECK(tg_mail_numbers("5.1.0+2", &n) == -1);
	CHECK(tg_mail_numbers("5.1.2+0", &n) == -1);
	CHECK(tg_mail_numbers("5.1.2+", &n) == -1);
	CHECK(tg_mail_numbers("4.2x", &n) == -1);
	CHECK(tg_mail_numbers("1.1.1.1.1.1.1.1.1", &n) == 0 && n.nparts == 8);
	CHECK(tg_mail_numbers("1.1.1.1.1.1.1.1.1.1", &n) == -1);
	CHECK(tg_mail_numbers("2.1+2+3+4+5+6+7+8+9+10+11+12+13+14+15+16", &n) == 0 &&
	      n.npick[0] == 16);
	CHECK(tg_mail_numbers("2.1+2+3+4+5+6+7+8+9+10+11+12+13+14+15+16+17", &n) == -1);
}

static void test_label(void)
{
	CHECK(tg_mail_label_is("end your administration (7.0)", "End your administration (7.0)"));
	CHECK(tg_mail_label_is("  End   your administration (7.0) ",
	                       "End your administration (7.0)"));
	CHECK(!tg_mail_label_is("End your administration", "End your administration (7.0)"));
	CHECK(!tg_mail_label_is("", "End"));
	CHECK(tg_mail_label_is("", ""));
}

static void test_html(void)
{
	char *t = tg_mail_html_text(
	    "<html><head><title>1</title><style>p{}</style></head><body><div>3 &amp; go"
	    "</div><!-- 9 --><div class=\"gmail_quote\"><blockquote>1<br>2</blockquote></div>"
	    "<p>x&lt;y&nbsp;z</p><script>4</script></body></html>");
	CHECK(t != NULL);
	CHECK_EQ_STR(t, "3 & go\n\nx<y z\n");
	CHECK_EQ_STR(first(t), "3 & go");
	free(t);
	t = tg_mail_html_text("a<br>b<unterminated");
	CHECK_EQ_STR(t, "a\nb");
	free(t);
}

static void parse(const char *msg, struct tg_mail *m)
{
	CHECK(tg_mail_parse(msg, strlen(msg), m) == 0);
}

static void test_parse(void)
{
	struct tg_mail m;
	parse("From: a@b\r\nSubject: Re: x\r\nContent-Type: text/plain; charset=iso-8859-1\r\n"
	      "Content-Transfer-Encoding: quoted-printable\r\n\r\n2 caf=E9=\r\n!\r\n",
	      &m);
	CHECK(!m.automatic && !m.loop && !m.html);
	CHECK_EQ_STR(m.text, "2 caf\xc3\xa9!\r\n"); /* decoded, and to UTF-8 */
	tg_mail_free(&m);
	/* multipart/alternative: the plain part */
	parse("From: a@b\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; "
	      "boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>9</p>\r\n--b\r\n"
	      "Content-Type: text/plain\r\n\r\n4\r\n--b--\r\n",
	      &m);
	CHECK(!m.html && m.text && strcmp(first(m.text), "4") == 0);
	tg_mail_free(&m);
	/* HTML only, base64 */
	parse("From: a@b\r\nContent-Type: text/html; charset=utf-8\r\n"
	      "Content-Transfer-Encoding: "
	      "base64\r\n\r\nPGRpdj41PC9kaXY+PGJsb2NrcXVvdGU+MTwvYmxvY2txdW90ZT4=\r\n",
	      &m);
	CHECK(m.html && m.text && strcmp(first(m.text), "5") == 0);
	tg_mail_free(&m);
	/* an attachment is not the reply */
	parse("From: a@b\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\n"
	      "Content-Type: text/plain\r\nContent-Disposition: attachment; filename=x.txt\r\n\r\n"
	      "1\r\n--b--\r\n",
	      &m);
	CHECK(m.text == NULL);
	tg_mail_free(&m);
	/* automatic mail (RFC 3834), lists, and our own mail come back */
	const char *autos[] = {"Auto-Submitted: auto-replied\r\n",
	                       "Auto-Submitted: auto-generated\r\n", "Precedence: bulk\r\n",
	                       "Precedence: junk\r\n", "Precedence: list\r\n"};
	for (size_t i = 0; i < sizeof autos / sizeof *autos; i++) {
		char msg[300];
		snprintf(msg, sizeof msg, "From: a@b\r\n%s\r\n1\r\n", autos[i]);
		parse(msg, &m);
		CHECKF(m.automatic, "%s", autos[i]);
		tg_mail_free(&m);
	}
	parse("From: a@b\r\nAuto-Submitted: no\r\nPrecedence: first-class\r\n\r\n1\r\n", &m);
	CHECK(!m.automatic && !m.loop);
	tg_mail_free(&m);
	parse("From: a@b\r\nX-Telegraph-Event: your_move\r\n\r\n1\r\n", &m);
	CHECK(m.loop);
	tg_mail_free(&m);
}

int main(void)
{
	test_first_line();
	test_number();
	test_label();
	test_html();
	test_parse();
	return tap_done();
}
