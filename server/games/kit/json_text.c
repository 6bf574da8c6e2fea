/* json_text.c — see json_text.h. Bit d of more and is_obj describe the
 * container opened d-th (1 the outermost); depth 0 is the top, where
 * values follow one another without commas. */
#include "json_text.h"

#include <string.h>

void tg_jw_init(struct tg_jw *w, struct tg_text *t)
{
	*w = (struct tg_jw){.t = t};
}

void tg_jw_init_in(struct tg_jw *w, struct tg_text *t, uint32_t n)
{
	*w = (struct tg_jw){.t = t, .depth = 1, .base = 1, .more = n ? 2u : 0u};
}

/* Before a value: its comma, or none after its name or at the top. */
static void value_sep(struct tg_jw *w)
{
	if (w->keyed) {
		w->keyed = false;
		return;
	}
	if (w->depth == 0)
		return;
	uint64_t bit = (uint64_t)1 << w->depth;
	if (w->is_obj & bit) {
		w->bad = true; /* a member's value without its name */
		return;
	}
	if (w->more & bit)
		tg_text_put(w->t, ",", 1);
	w->more |= bit;
}

static void open_(struct tg_jw *w, char c, bool obj)
{
	value_sep(w);
	if (w->depth >= TG_JW_MAX_DEPTH) {
		w->bad = true;
		return;
	}
	tg_text_put(w->t, &c, 1);
	uint64_t bit = (uint64_t)1 << ++w->depth;
	w->more &= ~bit;
	if (obj)
		w->is_obj |= bit;
	else
		w->is_obj &= ~bit;
}

void tg_jw_obj(struct tg_jw *w)
{
	open_(w, '{', true);
}

void tg_jw_arr(struct tg_jw *w)
{
	open_(w, '[', false);
}

void tg_jw_end(struct tg_jw *w)
{
	if (w->depth <= w->base || w->keyed) {
		w->bad = true;
		return;
	}
	uint64_t bit = (uint64_t)1 << w->depth--;
	tg_text_put(w->t, (w->is_obj & bit) ? "}" : "]", 1);
}

void tg_jw_key(struct tg_jw *w, const char *name)
{
	uint64_t bit = (uint64_t)1 << w->depth;
	if (w->depth == 0 || !(w->is_obj & bit) || w->keyed) {
		w->bad = true;
		return;
	}
	if (w->more & bit)
		tg_text_put(w->t, ",", 1);
	w->more |= bit;
	if (tg_json_compact_string(w->t, name, strlen(name)) != 0)
		w->bad = true;
	tg_text_put(w->t, ":", 1);
	w->keyed = true;
}

void tg_jw_strn(struct tg_jw *w, const char *s, size_t len)
{
	value_sep(w);
	if (!s || tg_json_compact_string(w->t, s, len) != 0)
		w->bad = true;
}

void tg_jw_str(struct tg_jw *w, const char *s)
{
	tg_jw_strn(w, s, s ? strlen(s) : 0);
}

void tg_jw_str_or_null(struct tg_jw *w, const char *s)
{
	if (s)
		tg_jw_strn(w, s, strlen(s));
	else
		tg_jw_null(w);
}

void tg_jw_int(struct tg_jw *w, json_int_t x)
{
	value_sep(w);
	if (x >= 0 && x <= 9) {
		/* one digit, as tg_text_put puts one byte (issue 17: most of a
		 * save's thousands of numbers; the digits' buffer and the call
		 * to memcpy for them were most of this function's time) */
		struct tg_text *t = w->t;
		if ((t->oom || t->n + 2 > t->cap) && tg_text_reserve(t, 1) != 0)
			return;
		t->p[t->n++] = (char)('0' + x);
		t->p[t->n] = 0;
		return;
	}
	tg_json_compact_int(w->t, x);
}

void tg_jw_bool(struct tg_jw *w, bool b)
{
	value_sep(w);
	tg_text_put(w->t, b ? "true" : "false", b ? 4 : 5);
}

void tg_jw_null(struct tg_jw *w)
{
	value_sep(w);
	tg_text_put(w->t, "null", 4);
}

void tg_jw_json(struct tg_jw *w, const json_t *v)
{
	value_sep(w);
	if (!v || tg_json_compact_append(w->t, v) != 0)
		w->bad = true;
}

void tg_jw_raw(struct tg_jw *w, const char *text, size_t len)
{
	value_sep(w);
	if (!text || !len)
		w->bad = true;
	else
		tg_text_put(w->t, text, len);
}

void tg_jw_kstr(struct tg_jw *w, const char *name, const char *s)
{
	tg_jw_key(w, name);
	tg_jw_str(w, s);
}

void tg_jw_kint(struct tg_jw *w, const char *name, json_int_t x)
{
	tg_jw_key(w, name);
	tg_jw_int(w, x);
}

void tg_jw_kbool(struct tg_jw *w, const char *name, bool b)
{
	tg_jw_key(w, name);
	tg_jw_bool(w, b);
}

void tg_jw_knull(struct tg_jw *w, const char *name)
{
	tg_jw_key(w, name);
	tg_jw_null(w);
}

bool tg_jw_failed(const struct tg_jw *w)
{
	return w->bad || w->t->oom;
}

bool tg_jw_done(const struct tg_jw *w)
{
	return w->depth == w->base && !w->keyed;
}
