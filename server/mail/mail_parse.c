/* mail_parse.c — an inbound email read with GMime 3 (mail_parse.h). GMime
 * does what a hand-written reader would get wrong: MIME structure,
 * quoted-printable and base64, RFC 2047 headers and charsets to UTF-8. */
#include "mail/mail_parse.h"

#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/mail_body.h"

static void init_once(void)
{
	static bool done;
	if (!done) {
		g_mime_init();
		done = true;
	}
}

static bool header_is(GMimeObject *o, const char *name, const char *const *values, bool negate)
{
	const char *v = g_mime_object_get_header(o, name);
	if (!v)
		return false;
	while (*v == ' ' || *v == '\t')
		v++;
	size_t n = strcspn(v, " \t;(");
	for (int i = 0; values[i]; i++)
		if (strlen(values[i]) == n && strncasecmp(v, values[i], n) == 0)
			return !negate;
	return negate;
}

/* The first text part of the given subtype that is not an attachment,
 * depth first; forwarded messages (message/rfc822) are not looked into. */
static GMimeTextPart *find_text(GMimeObject *o, const char *subtype, int depth)
{
	if (!o || depth > 20)
		return NULL;
	if (GMIME_IS_MULTIPART(o)) {
		GMimeMultipart *mp = GMIME_MULTIPART(o);
		int n = g_mime_multipart_get_count(mp);
		for (int i = 0; i < n; i++) {
			GMimeTextPart *t =
			    find_text(g_mime_multipart_get_part(mp, i), subtype, depth + 1);
			if (t)
				return t;
		}
		return NULL;
	}
	if (!GMIME_IS_TEXT_PART(o) || g_mime_part_is_attachment(GMIME_PART(o)))
		return NULL;
	GMimeContentType *ct = g_mime_object_get_content_type(o);
	return ct && g_mime_content_type_is_type(ct, "text", subtype) ? GMIME_TEXT_PART(o) : NULL;
}

static char *text_of(GMimeTextPart *t)
{
	char *g = g_mime_text_part_get_text(t);
	char *s = g ? strdup(g) : NULL;
	g_free(g);
	return s;
}

int tg_mail_parse(const char *msg, size_t len, struct tg_mail *out)
{
	memset(out, 0, sizeof *out);
	init_once();
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(msg, len);
	GMimeParser *parser = g_mime_parser_new_with_stream(stream);
	g_object_unref(stream);
	GMimeMessage *m = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	if (!m)
		return -1;
	GMimeObject *o = GMIME_OBJECT(m);
	static const char *const no[] = {"no", NULL};
	static const char *const bulk[] = {"bulk", "junk", "list", NULL};
	out->automatic =
	    header_is(o, "Auto-Submitted", no, true) || header_is(o, "Precedence", bulk, false);
	out->loop = g_mime_object_get_header(o, "X-Telegraph-Event") != NULL;
	GMimeObject *body = g_mime_message_get_mime_part(m);
	GMimeTextPart *t = find_text(body, "plain", 0);
	if (t) {
		out->text = text_of(t);
	} else if ((t = find_text(body, "html", 0))) {
		char *html = text_of(t);
		out->text = html ? tg_mail_html_text(html) : NULL;
		out->html = true;
		free(html);
	}
	g_object_unref(m);
	return 0;
}

void tg_mail_free(struct tg_mail *m)
{
	free(m->text);
	m->text = NULL;
}
