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

/* A reply line read as a number: "3", "#3", "3.", "3)" or "3 anything"
 * give action 3 (choice 0); "3.2" gives action 3, choice 2 (an action's
 * parameter). 0 if it is a number so, -1 if not (then it may be a label). */
int tg_mail_number(const char *line, int *action, int *choice);

/* Whether a reply line names a label: the same words, without case and
 * with runs of spaces as one. */
int tg_mail_label_is(const char *line, const char *label);

/* The text of an HTML body: tags removed, <br>, </p>, </div>, </tr> and
 * </li> as line ends, <head>, <style>, <script> and <blockquote> (the quoted
 * email) dropped, the common entities decoded. malloc'd, or NULL. */
char *tg_mail_html_text(const char *html);

#endif
