#include "message.h"

#include "games/kit/json_arena.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Nesting depth of the JSON text, counted outside strings: refuses deep
 * documents before the recursive parser sees them. */
static bool too_deep(const char *s, size_t len)
{
	int depth = 0;
	bool in_string = false;
	for (size_t i = 0; i < len; i++) {
		char ch = s[i];
		if (in_string) {
			if (ch == '\\')
				i++;
			else if (ch == '"')
				in_string = false;
		} else if (ch == '"') {
			in_string = true;
		} else if (ch == '[' || ch == '{') {
			if (++depth > TG_NET_MAX_DEPTH)
				return true;
		} else if (ch == ']' || ch == '}') {
			depth--;
		}
	}
	return false;
}

/* ---- the plain messages' reader ------------------------------------------
 *
 * Issue 17: jansson's reader cost the loop about 20,000 instructions for an
 * act of 85 bytes (its lexer takes each byte through a UTF-8 check and a
 * string buffer), 6.5 % of the loop's instructions an action. Nearly every
 * message is plain: ASCII strings without escapes, integers, true, false,
 * null, objects and arrays. Those are read here, straight into the same
 * jansson values json_loadb makes (the keys in the text's order); at the
 * first byte of anything else (an escape, a byte outside printable ASCII, a
 * real, an integer of more than 18 digits, a duplicate key, anything not
 * JSON) the reader gives up and the message goes to json_loadb, which
 * accepts it or says why not exactly as before. */

struct plain {
	const char *p, *end;
	/* Since the "action" value began: a space skipped, or a -0 read
	 * (written back as 0), so its text is not its compact dump. */
	bool loose;
	/* The top-level "action" member's value as the text holds it, and
	 * whether that text is its compact dump (tg_net_message_text). */
	const json_t *action_value;
	const char *action;
	size_t action_len;
	bool action_compact;
};

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static inline void skip_ws(struct plain *r)
{
	if (r->p >= r->end || !is_ws(*r->p))
		return;
	r->loose = true;
	do
		r->p++;
	while (r->p < r->end && is_ws(*r->p));
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A string at r->p (its opening quote): its bytes' start and length, or
 * false if it holds an escape or a byte outside 0x20..0x7e (jansson reads
 * those). */
static bool plain_string(struct plain *r, const char **s, size_t *n)
{
	const char *p = ++r->p;
	for (; p < r->end; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '"') {
			*s = r->p;
			*n = (size_t)(p - r->p);
			r->p = p + 1;
			return true;
		}
		if (c == '\\' || c < 0x20 || c > 0x7e)
			return false;
	}
	return false;
}

static json_t *plain_value(struct plain *r, int depth);

static json_t *plain_object(struct plain *r, int depth)
{
	json_t *o = json_object();
	if (!o)
		return NULL;
	r->p++; /* { */
	skip_ws(r);
	if (r->p < r->end && *r->p == '}') {
		r->p++;
		return o;
	}
	for (;;) {
		const char *k;
		size_t kn;
		if (r->p >= r->end || *r->p != '"' || !plain_string(r, &k, &kn))
			goto fail;
		skip_ws(r);
		if (r->p >= r->end || *r->p != ':')
			goto fail;
		r->p++;
		skip_ws(r);
		/* the message's own "action": its text kept for the log */
		bool action = depth == 1 && kn == 6 && memcmp(k, "action", 6) == 0;
		const char *start = r->p;
		if (action)
			r->loose = false;
		/* JSON_REJECT_DUPLICATES: jansson says so. A duplicate key
		 * replaces its value and leaves the size as it was: told so
		 * after the set, without a second look-up of the key before it
		 * (issue 17: about 550 instructions an act on the loop). */
		size_t size = json_object_size(o);
		json_t *v = plain_value(r, depth);
		if (!v || json_object_setn_new_nocheck(o, k, kn, v) != 0 ||
		    json_object_size(o) == size)
			goto fail;
		if (action) {
			r->action_value = v;
			r->action = start;
			r->action_len = (size_t)(r->p - start);
			r->action_compact = !r->loose;
		}
		skip_ws(r);
		if (r->p >= r->end)
			goto fail;
		if (*r->p == '}') {
			r->p++;
			return o;
		}
		if (*r->p != ',')
			goto fail;
		r->p++;
		skip_ws(r);
	}
fail:
	json_decref(o);
	return NULL;
}

static json_t *plain_array(struct plain *r, int depth)
{
	json_t *a = json_array();
	if (!a)
		return NULL;
	r->p++; /* [ */
	skip_ws(r);
	if (r->p < r->end && *r->p == ']') {
		r->p++;
		return a;
	}
	for (;;) {
		json_t *v = plain_value(r, depth);
		if (!v || json_array_append_new(a, v) != 0)
			goto fail;
		skip_ws(r);
		if (r->p >= r->end)
			goto fail;
		if (*r->p == ']') {
			r->p++;
			return a;
		}
		if (*r->p != ',')
			goto fail;
		r->p++;
	}
fail:
	json_decref(a);
	return NULL;
}

/* An integer of at most 18 digits (no overflow), JSON's grammar: no leading
 * zero, no '+'. A fraction or an exponent is jansson's (a real). */
static json_t *plain_integer(struct plain *r)
{
	const char *p = r->p;
	bool neg = p < r->end && *p == '-';
	p += neg;
	const char *digits = p;
	long long v = 0;
	while (p < r->end && *p >= '0' && *p <= '9' && p - digits < 18)
		v = 10 * v + (*p++ - '0');
	size_t n = (size_t)(p - digits);
	if (n == 0 || (n > 1 && *digits == '0'))
		return NULL;
	if (p < r->end && (*p == '.' || *p == 'e' || *p == 'E' || (*p >= '0' && *p <= '9')))
		return NULL;
	if (neg && v == 0)
		r->loose = true; /* -0 is written 0 */
	r->p = p;
	return json_integer(neg ? -v : v);
}

/* true, false or null, not followed by a letter (jansson reads the whole
 * word, and "nulls" is not JSON). */
static json_t *plain_word(struct plain *r, const char *word, size_t n, json_t *(*make)(void))
{
	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return NULL;
	if (r->p + n < r->end && is_alpha(r->p[n]))
		return NULL;
	r->p += n;
	return make();
}

static json_t *plain_value(struct plain *r, int depth)
{
	skip_ws(r);
	if (r->p >= r->end || depth >= TG_NET_MAX_DEPTH)
		return NULL;
	switch (*r->p) {
	case '{':
		return plain_object(r, depth + 1);
	case '[':
		return plain_array(r, depth + 1);
	case '"': {
		const char *s;
		size_t n;
		return plain_string(r, &s, &n) ? json_stringn_nocheck(s, n) : NULL;
	}
	case 't':
		return plain_word(r, "true", 4, json_true);
	case 'f':
		return plain_word(r, "false", 5, json_false);
	case 'n':
		return plain_word(r, "null", 4, json_null);
	default:
		return plain_integer(r);
	}
}

static json_t *parse_plain(struct plain *r)
{
	skip_ws(r);
	if (r->p >= r->end || *r->p != '{')
		return NULL;
	json_t *o = plain_object(r, 1);
	if (!o)
		return NULL;
	skip_ws(r);
	if (r->p != r->end) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *tg_net_parse_plain(const char *line, size_t len)
{
	struct plain r = {.p = line, .end = line + len};
	return parse_plain(&r);
}

/* The message open on this thread (tg_net_message_open) and its "action"
 * member's compact text, if the plain reader read it so; value NULL when
 * none. */
static _Thread_local struct {
	const json_t *value;
	const char *text;
	size_t len;
} open_action;

static json_t *parse_message(const char *line, size_t len, char *why, size_t whylen,
                             struct plain *r)
{
	/* The plain reader makes no container deeper than TG_NET_MAX_DEPTH
	 * (plain_value), and its strings hold no escape, so too_deep's count
	 * of a text it read is never over: the count is made only for what it
	 * gives up on (issue 17: the scan of every byte was about 1,000
	 * instructions an act on the loop). */
	json_t *j = parse_plain(r);
	if (j)
		return j;
	r->action = NULL;
	if (too_deep(line, len)) {
		snprintf(why, whylen, "JSON nested deeper than %d levels", TG_NET_MAX_DEPTH);
		return NULL;
	}
	json_error_t jerr;
	j = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!j) {
		snprintf(why, whylen, "not valid JSON at byte %d: %s", jerr.position, jerr.text);
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		snprintf(why, whylen, "a message must be a JSON object");
		return NULL;
	}
	return j;
}

json_t *tg_net_parse_message(const char *line, size_t len, char *why, size_t whylen)
{
	struct plain r = {.p = line, .end = line + len};
	return parse_message(line, len, why, whylen, &r);
}

json_t *tg_net_message_open(const char *line, size_t len, char *why, size_t whylen, unsigned *token)
{
	tg_json_arena_begin();
	struct plain r = {.p = line, .end = line + len};
	json_t *j = parse_message(line, len, why, whylen, &r);
	if (!j) {
		tg_json_arena_end();
		return NULL;
	}
	open_action.value = NULL;
	if (r.action && r.action_compact) {
		open_action.value = r.action_value;
		open_action.text = r.action;
		open_action.len = r.action_len;
	}
	*token = tg_json_arena_pause();
	return j;
}

const char *tg_net_message_text(const json_t *value, size_t *len)
{
	if (!value || value != open_action.value)
		return NULL;
	*len = open_action.len;
	return open_action.text;
}

void tg_net_message_close(json_t *msg, unsigned token)
{
	open_action.value = NULL;
	tg_json_arena_resume(token);
	json_decref(msg); /* the region's blocks: nothing but the counts */
	tg_json_arena_end();
}
