/* mail_body.c — the answer in a reply's text (mail_body.h). */
#include "mail/mail_body.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool starts_ci(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && strncasecmp(s, prefix, k) == 0;
}

static bool ends_ci(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);
	return n >= k && strncasecmp(s + n - k, suffix, k) == 0;
}

/* Where a reply's own text ends: a signature, an attribution, a forward. */
static bool is_stop(const char *s, size_t n, const char *next, size_t next_n)
{
	if ((n == 3 && memcmp(s, "-- ", 3) == 0) || (n == 2 && memcmp(s, "--", 2) == 0))
		return true;
	if (starts_ci(s, n, "-----Original Message") || starts_ci(s, n, "----- Forwarded") ||
	    starts_ci(s, n, "---------- Forwarded") || starts_ci(s, n, "________________"))
		return true;
	if (starts_ci(s, n, "On ")) {
		if (ends_ci(s, n, "wrote:"))
			return true;
		/* wrapped: "On Sun, 29 Nov 2026, Telegraph <" / "tg@example.org> wrote:" */
		if (next && ends_ci(next, next_n, "wrote:"))
			return true;
	}
	return false;
}

/* The next line of text at *p: its start and trimmed length; advances *p. */
static const char *next_line(const char **p, size_t *n)
{
	const char *s = *p;
	if (!*s)
		return NULL;
	const char *e = strchr(s, '\n');
	size_t len = e ? (size_t)(e - s) : strlen(s);
	*p = e ? e + 1 : s + len;
	while (len && (s[len - 1] == '\r' || isspace((unsigned char)s[len - 1])))
		len--;
	while (len && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	*n = len;
	return s;
}

int tg_mail_first_line(const char *text, char *out, size_t n)
{
	const char *p = text;
	size_t len;
	const char *s;
	while ((s = next_line(&p, &len))) {
		const char *q = p;
		size_t next_len = 0;
		const char *next = next_line(&q, &next_len);
		if (is_stop(s, len, next, next_len))
			return -1;
		if (!len || s[0] == '>')
			continue;
		if (n == 0)
			return -1;
		size_t k = len < n - 1 ? len : n - 1;
		memcpy(out, s, k);
		out[k] = '\0';
		return 0;
	}
	return -1;
}

static int read_int(const char **p)
{
	long v = 0;
	if (!isdigit((unsigned char)**p))
		return -1;
	while (isdigit((unsigned char)**p)) {
		v = v * 10 + (**p - '0');
		if (v > 100000)
			return -1;
		(*p)++;
	}
	return (int)v;
}

int tg_mail_numbers(const char *line, struct tg_mail_numbers *out)
{
	const char *p = line;
	if (*p == '#')
		p++;
	struct tg_mail_numbers n = {.action = read_int(&p)};
	if (n.action <= 0)
		return -1;
	while (*p == '.' && isdigit((unsigned char)p[1])) {
		if (n.nparts == TG_MAIL_PARTS_MAX)
			return -1;
		p++;
		int v = read_int(&p), k = 0;
		if (v < 0)
			return -1;
		if (v > 0) {
			n.pick[n.nparts][k++] = v;
			while (*p == '+' && isdigit((unsigned char)p[1])) {
				p++;
				if (k == TG_MAIL_PICKS_MAX || (v = read_int(&p)) <= 0)
					return -1;
				n.pick[n.nparts][k++] = v;
			}
		}
		n.npick[n.nparts++] = k;
	}
	/* the numbers stand alone, or are followed by a separator */
	if (*p && !(isspace((unsigned char)*p) || strchr(".):-,", *p)))
		return -1;
	*out = n;
	return 0;
}

/* The next word of s (at *p) for comparing: its start and length. */
static const char *word(const char **p, size_t *n)
{
	const char *s = *p;
	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return NULL;
	const char *e = s;
	while (*e && !isspace((unsigned char)*e))
		e++;
	*n = (size_t)(e - s);
	*p = e;
	return s;
}

int tg_mail_label_is(const char *line, const char *label)
{
	const char *a = line, *b = label, *wa, *wb;
	size_t na, nb;
	for (;;) {
		wa = word(&a, &na);
		wb = word(&b, &nb);
		if (!wa || !wb)
			return !wa && !wb;
		if (na != nb || strncasecmp(wa, wb, na) != 0)
			return 0;
	}
}

struct out {
	char *p;
	size_t len, cap;
};

static bool put(struct out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		size_t cap = (o->len + n + 1) * 2;
		char *p = realloc(o->p, cap);
		if (!p)
			return false;
		o->p = p;
		o->cap = cap;
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
	o->p[o->len] = '\0';
	return true;
}

/* The tag at s ('<' ...): its name (lowercase, without '/') and whether it
 * closes; returns the length of the whole tag (to its '>'), 0 if none. */
static size_t tag_at(const char *s, char *name, size_t n, bool *closing)
{
	const char *e = strchr(s, '>');
	if (!e)
		return 0;
	const char *p = s + 1;
	*closing = *p == '/';
	if (*closing)
		p++;
	size_t k = 0;
	while (isalnum((unsigned char)*p) && k + 1 < n)
		name[k++] = (char)tolower((unsigned char)*p++);
	name[k] = '\0';
	return (size_t)(e - s) + 1;
}

static const struct {
	const char *name;
	const char *text;
} entities[] = {{"amp", "&"},  {"lt", "<"},   {"gt", ">"},  {"quot", "\""},
                {"apos", "'"}, {"nbsp", " "}, {"#39", "'"}, {"#160", " "}};

char *tg_mail_html_text(const char *html)
{
	struct out o = {0};
	if (!put(&o, "", 0))
		return NULL;
	const char *s = html;
	int skip = 0; /* inside head, style, script or blockquote */
	while (*s) {
		if (*s == '<') {
			if (strncmp(s, "<!--", 4) == 0) {
				const char *e = strstr(s + 4, "-->");
				s = e ? e + 3 : s + strlen(s);
				continue;
			}
			char name[16];
			bool closing;
			size_t n = tag_at(s, name, sizeof name, &closing);
			if (!n)
				break;
			s += n;
			bool hidden = !strcmp(name, "head") || !strcmp(name, "style") ||
			              !strcmp(name, "script") || !strcmp(name, "blockquote");
			if (hidden)
				skip += closing ? (skip > 0 ? -1 : 0) : 1;
			if (!skip && (!strcmp(name, "br") ||
			              (closing && (!strcmp(name, "p") || !strcmp(name, "div") ||
			                           !strcmp(name, "tr") || !strcmp(name, "li")))))
				if (!put(&o, "\n", 1))
					goto oom;
			continue;
		}
		if (skip) {
			s++;
			continue;
		}
		if (*s == '&') {
			const char *semi = strchr(s, ';');
			bool done = false;
			for (size_t i = 0;
			     semi && semi - s <= 6 && i < sizeof entities / sizeof *entities; i++) {
				size_t k = strlen(entities[i].name);
				if ((size_t)(semi - s - 1) == k &&
				    strncmp(s + 1, entities[i].name, k) == 0) {
					if (!put(&o, entities[i].text, strlen(entities[i].text)))
						goto oom;
					s = semi + 1;
					done = true;
					break;
				}
			}
			if (done)
				continue;
		}
		if (!put(&o, s, 1))
			goto oom;
		s++;
	}
	return o.p;
oom:
	free(o.p);
	return NULL;
}
