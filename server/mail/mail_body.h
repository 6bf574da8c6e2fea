/* mail_body.h — reading a player's reply to a "your move" email (issue
 * 19): the answer is the first line he wrote himself, above the quoted
 * email, the "On ... wrote:" line and his signature. Pure functions. */
#ifndef TG_MAIL_BODY_H
#define TG_MAIL_BODY_H

#include <stddef.h>

/* The first line of text that is neither blank nor quoted ("> ..."), above
 * the first signature separator ("-- "), attribution ("On ... wrote:",
 * possibly wrapped over two lines) or forwarded/original-message marker;
 * trimmed, into out (cut at n - 1 bytes). 0, or -1 if there is none. */
int tg_mail_first_line(const char *text, char *out, size_t n);

/* A reply line read as numbers: "3", "#3", "3.", "3)" or "3 anything"
 * give action 3 and no parts; "3.2" gives action 3 and one part, choice 2
 * of its parameter; "3.2.5" two parts, choice 2 of its first parameter and
 * 5 of its second, one number per parameter in order (issue 17: an action
 * offered as a product of choices has several). A part of a "many"
 * parameter may list several choices joined by '+' ("3.1+4") or be 0 for
 * none. 0 if it is numbers so, -1 if not (then it may be a label). */
#define TG_MAIL_PARTS_MAX 8  /* parameters one reply can choose */
#define TG_MAIL_PICKS_MAX 16 /* choices one part can list */
struct tg_mail_numbers {
	int action;
	int nparts;
	int npick[TG_MAIL_PARTS_MAX];                   /* 0: the part was "0" */
	int pick[TG_MAIL_PARTS_MAX][TG_MAIL_PICKS_MAX]; /* 1-based, as written */
};
int tg_mail_numbers(const char *line, struct tg_mail_numbers *out);

/* Whether a reply line names a label: the same words, without case and
 * with runs of spaces as one. */
int tg_mail_label_is(const char *line, const char *label);

/* The text of an HTML body: tags removed, <br>, </p>, </div>, </tr> and
 * </li> as line ends, <head>, <style>, <script> and <blockquote> (the quoted
 * email) dropped, the common entities decoded. malloc'd, or NULL. */
char *tg_mail_html_text(const char *html);

#endif
