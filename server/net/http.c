/* http.c — see http.h. RFC 9112 section 3 (request line) and section 5
 * (field lines), narrowed to what web.c needs; obsolete line folding is
 * refused (RFC 9112 5.2 allows that). */
#include "http.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

/* RFC 9110 5.6.2: tchar. */
static bool is_tchar(unsigned char ch)
{
	if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'))
		return true;
	return ch && strchr("!#$%&'*+-.^_`|~", ch) != NULL;
}

/* A visible character of a request target (RFC 3986 plus '%'): no spaces,
 * no controls, nothing above 0x7e. */
static bool is_target_char(unsigned char ch)
{
	return ch > 0x20 && ch < 0x7f;
}

/* The end of the head: the index just past the blank line, or 0. */
static size_t head_end(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (buf[i] != '\n')
			continue;
		if (i + 1 < len && buf[i + 1] == '\n')
			return i + 2;
		if (i + 2 < len && buf[i + 1] == '\r' && buf[i + 2] == '\n')
			return i + 3;
	}
	return 0;
}

/* Copies [v, v+n) into field (size cap). -431 if it does not fit. */
static int keep(char *field, size_t cap, const char *v, size_t n, bool join)
{
	size_t have = join ? strlen(field) : 0;
	size_t sep = have ? 2 : 0;
	if (have + sep + n + 1 > cap)
		return -431;
	if (sep)
		memcpy(field + have, ", ", 2);
	memcpy(field + have + sep, v, n);
	field[have + sep + n] = '\0';
	return 0;
}

static int field_line(const char *line, size_t n, struct tg_http_req *req)
{
	size_t i = 0;
	while (i < n && is_tchar((unsigned char)line[i]))
		i++;
	if (i == 0 || i >= n || line[i] != ':')
		return -400; /* no name, a space before the colon, or no colon */
	size_t name_len = i++;
	while (i < n && (line[i] == ' ' || line[i] == '\t'))
		i++;
	size_t vend = n;
	while (vend > i && (line[vend - 1] == ' ' || line[vend - 1] == '\t'))
		vend--;
	for (size_t k = i; k < vend; k++) {
		unsigned char ch = (unsigned char)line[k];
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			return -400; /* a control (NUL, CR) in a value */
	}
	const char *v = line + i;
	size_t vn = vend - i;
	struct {
		const char *name;
		char *field;
		size_t cap;
		bool join; /* a list header: repeats are joined */
	} kept[] = {
	    {"host", req->host, sizeof req->host, false},
	    {"origin", req->origin, sizeof req->origin, false},
	    {"upgrade", req->upgrade, sizeof req->upgrade, true},
	    {"connection", req->connection, sizeof req->connection, true},
	    {"sec-websocket-key", req->ws_key, sizeof req->ws_key, false},
	    {"sec-websocket-version", req->ws_version, sizeof req->ws_version, true},
	    {"if-none-match", req->if_none_match, sizeof req->if_none_match, true},
	};
	for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
		if (strlen(kept[k].name) != name_len || strncasecmp(kept[k].name, line, name_len))
			continue;
		if (!kept[k].join && kept[k].field[0])
			return -400;
		return keep(kept[k].field, kept[k].cap, v, vn, kept[k].join);
	}
	return 0;
}

static int request_line(const char *line, size_t n, struct tg_http_req *req)
{
	size_t i = 0;
	while (i < n && is_tchar((unsigned char)line[i]))
		i++;
	if (i == 0 || i >= n || line[i] != ' ')
		return -400;
	if (i >= sizeof req->method)
		return -400; /* no method of ours is that long */
	memcpy(req->method, line, i);
	req->method[i] = '\0';
	size_t t = ++i;
	while (i < n && is_target_char((unsigned char)line[i]))
		i++;
	if (i == t || i >= n || line[i] != ' ')
		return -400;
	if (i - t >= sizeof req->target)
		return -414;
	memcpy(req->target, line + t, i - t);
	req->target[i - t] = '\0';
	i++;
	if (n - i != 8 || memcmp(line + i, "HTTP/", 5) != 0 || line[i + 6] != '.' ||
	    line[i + 5] < '0' || line[i + 5] > '9' || line[i + 7] < '0' || line[i + 7] > '9')
		return -400;
	if (line[i + 5] != '1' || (line[i + 7] != '0' && line[i + 7] != '1'))
		return -505;
	req->minor = line[i + 7] - '0';
	return 0;
}

int tg_http_parse_head(const char *buf, size_t len, struct tg_http_req *req)
{
	memset(req, 0, sizeof *req);
	size_t end = head_end(buf, len);
	if (!end)
		return len >= TG_HTTP_HEAD_MAX ? -431 : 0;
	if (end > TG_HTTP_HEAD_MAX)
		return -431;
	size_t pos = 0;
	bool first = true;
	while (pos < end) {
		const char *nl = memchr(buf + pos, '\n', end - pos);
		size_t n = (size_t)(nl - (buf + pos));
		const char *line = buf + pos;
		pos += n + 1;
		if (n && line[n - 1] == '\r')
			n--;
		if (n == 0) {
			if (first)
				return -400; /* an empty line before the request line */
			break;               /* the blank line: end of the head */
		}
		int r;
		if (first) {
			r = request_line(line, n, req);
			first = false;
		} else {
			if (line[0] == ' ' || line[0] == '\t')
				return -400; /* obsolete line folding */
			r = field_line(line, n, req);
		}
		if (r < 0)
			return r;
	}
	if (req->minor == 1 && !req->host[0])
		return -400; /* RFC 9112 3.2: an HTTP/1.1 request without Host */
	req->head_len = end;
	return (int)end;
}

int tg_http_has_token(const char *list, const char *token)
{
	size_t tn = strlen(token);
	const char *p = list;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		const char *s = p;
		while (*p && *p != ',')
			p++;
		const char *e = p;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if ((size_t)(e - s) == tn && strncasecmp(s, token, tn) == 0)
			return 1;
	}
	return 0;
}
