/* lw_base.c — the floor of the module (lw_base.h): the helpers every rules
 * file calls, and nothing that calls back up. */
#include "lw_base.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kit/text_format.h"
#include "kit/view_sections.h"
#include "lw_state.h"

/* ---- sides and roles -------------------------------------------------------- */

int lw_role_side(const char *role)
{
	if (!role)
		return -1;
	if (strcmp(role, "union") == 0)
		return LW_UNION;
	if (strcmp(role, "confederate") == 0)
		return LW_CONFEDERATE;
	if (strcmp(role, "observer") == 0)
		return LW_NOSIDE;
	return -1;
}

const char *lw_side_title(int side)
{
	return side == LW_UNION ? "Union" : side == LW_CONFEDERATE ? "Confederate" : "Nobody";
}

/* ---- the rules data ----------------------------------------------------------- */

static const struct lw_data *g_data;

const struct lw_data *lw_data_or_fail(struct tg_error *err)
{
	struct lw_data_error derr = {0};
	const struct lw_data *d = lw_data_get(&derr);
	if (!d) {
		tg_fail(err, TG_E_DATA, "Lincoln's War data: %s", derr.message);
		return NULL;
	}
	/* immutable, process-wide: only ever set to the same pointer; atomic,
	 * since the fan-out workers (server/core/fanout.c) read it while the
	 * loop sets up another match (a plain store raced, ThreadSanitizer) */
	__atomic_store_n(&g_data, d, __ATOMIC_RELEASE);
	return d;
}

const struct lw_data *lw_D(void)
{
	return __atomic_load_n(&g_data, __ATOMIC_ACQUIRE);
}

/* ---- the public log ------------------------------------------------------------- */

/* The slots of the ring an action overwrote, as they were (lw_base.h,
 * lw_log_undo): line[k] is the slot of the k-th line written since
 * lw_log_undo_begin, for the first LW_LOG_LINES of them (the ring has no
 * more slots). */
static _Thread_local struct {
	const struct lw_state *s; /* the state whose lines are kept, or NULL */
	uint32_t from;            /* its log_total at lw_log_undo_begin */
	char line[LW_LOG_LINES][LW_LOG_LEN];
	uint64_t stamp[LW_LOG_LINES]; /* the slot's log_stamp */
} undo;

void lw_log_undo_begin(const struct lw_state *s)
{
	undo.s = s;
	undo.from = s->log_total;
}

void lw_log_undo(struct lw_state *s)
{
	if (undo.s != s)
		return;
	uint32_t n = s->log_total - undo.from;
	for (uint32_t k = 0; k < n && k < LW_LOG_LINES; k++) {
		uint32_t slot = (undo.from + k) % LW_LOG_LINES;
		memcpy(s->log[slot], undo.line[k], LW_LOG_LEN);
		s->log_stamp[slot] = undo.stamp[k];
	}
	s->log_total = undo.from;
}

void lw_log_undo_end(void)
{
	undo.s = NULL;
}

size_t lw_log_undo_spans(const struct lw_state *s, size_t off, struct tg_byte_span *lines,
                         struct tg_byte_span *stamps)
{
	if (undo.s != s)
		return 0;
	uint32_t n = s->log_total - undo.from, from = undo.from % LW_LOG_LINES;
	if (n > LW_LOG_LINES)
		n = LW_LOG_LINES;
	/* the slots written are from, from + 1, ... (n of them, round the
	 * ring): in slot order, those past the ring's end first */
	uint32_t wrap = from + n > LW_LOG_LINES ? from + n - LW_LOG_LINES : 0;
	size_t c = 0;
	for (uint32_t j = 0; j < n; j++) {
		uint32_t slot = j < wrap ? j : from + (j - wrap);
		/* the first line written into the slot: lw_log kept it */
		uint32_t k = (slot + LW_LOG_LINES - from) % LW_LOG_LINES;
		lines[c] =
		    (struct tg_byte_span){off + offsetof(struct lw_state, log) + slot * LW_LOG_LEN,
		                          LW_LOG_LEN, undo.line[k]};
		stamps[c] = (struct tg_byte_span){off + offsetof(struct lw_state, log_stamp) +
		                                      slot * sizeof *s->log_stamp,
		                                  sizeof *s->log_stamp, &undo.stamp[k]};
		c++;
	}
	return c;
}

uint64_t lw_log_line_stamp(const char *line)
{
	return tg_stamp_bytes(0, line, strnlen(line, LW_LOG_LEN));
}

void lw_log(struct lw_state *s, const char *fmt, ...)
{
	char *line = s->log[s->log_total % LW_LOG_LINES];
	if (undo.s == s && s->log_total - undo.from < LW_LOG_LINES) {
		memcpy(undo.line[s->log_total - undo.from], line, LW_LOG_LEN);
		undo.stamp[s->log_total - undo.from] = s->log_stamp[s->log_total % LW_LOG_LINES];
	}
	/* vsnprintf's text (kit/text_format.h: by hand for %s, %d and %%;
	 * issue 17: vsnprintf was about 1,200 instructions a line, a tenth of
	 * lw_act's); every byte after the text is 0, whichever wrote it:
	 * whole-state comparisons see no stale bytes */
	va_list ap;
	va_start(ap, fmt);
	size_t len = tg_format(line, LW_LOG_LEN, fmt, ap);
	va_end(ap);
	memset(line + len, 0, LW_LOG_LEN - len);
	s->log_stamp[s->log_total % LW_LOG_LINES] = tg_stamp_bytes(0, line, len);
	s->log_total++;
}

/* ---- offers and actions --------------------------------------------------------- */

/* a's member key, or NULL (json_object_get's answer): an action holds a
 * few members, walked in order rather than the key hashed (issue 17:
 * json_object_get was about 170 instructions a call, 3.5 % of bench_rules
 * 6 6's lw_act; most asks are for "type", often the first member). The
 * key's length is compared too: a member's name may hold a NUL. */
static const json_t *member(const json_t *a, const char *key)
{
	if (json_object_size(a) > 8) /* a large one (a client's): by the hash */
		return json_object_get(a, key);
	size_t n = strlen(key);
	json_t *o = (json_t *)a; /* jansson's iterators take it so; nothing is changed */
	for (void *it = json_object_iter(o); it; it = json_object_iter_next(o, it))
		if (json_object_iter_key_len(it) == n &&
		    memcmp(json_object_iter_key(it), key, n) == 0)
			return json_object_iter_value(it);
	return NULL;
}

bool lw_a_int(const json_t *a, const char *key, int *v)
{
	const json_t *x = member(a, key);
	if (!json_is_integer(x))
		return false;
	json_int_t i = json_integer_value(x);
	if (i < -1000000 || i > 1000000)
		return false;
	*v = (int)i;
	return true;
}

/* the act whose "type" was read (lw_a_type_begin), and that type */
static _Thread_local struct lw_a_type acting;

const char *lw_a_str(const json_t *a, const char *key)
{
	/* "type" compared a byte at a time: no read past a shorter key */
	if (a && a == acting.a && key[0] == 't' && key[1] == 'y' && key[2] == 'p' &&
	    key[3] == 'e' && key[4] == '\0')
		return acting.type;
	return json_string_value(member(a, key));
}

const char *lw_a_type_begin(const json_t *a, struct lw_a_type *saved)
{
	*saved = acting;
	acting.a = NULL; /* looked up afresh, not from the outer act */
	acting.type = json_string_value(member(a, "type"));
	acting.a = a;
	return acting.type;
}

void lw_a_type_end(const struct lw_a_type *saved)
{
	acting = *saved;
}

const char *lw_copy_cut(char *buf, size_t n, const char *s)
{
	if (n == 0)
		return buf;
	size_t len = strlen(s);
	if (len >= n)
		len = n - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return buf;
}

const char *lw_hex_label(int hex, char *buf, size_t n)
{
	const struct lw_city *c = lw_data_city_at(lw_D(), hex);
	size_t len = c ? strlen(c->name) : 0;
	/* "NAME (HHHH)" or "HHHH" written by hand when it fits: snprintf's
	 * were about 400 instructions a label, 3.8 M of bench_views 300's
	 * fan-out (the offers' destinations and generals, the forces) */
	if (hex >= 0 && hex <= 9999 && (c ? len + 8 : 5) <= n) {
		char *p = buf;
		if (c) {
			memcpy(p, c->name, len);
			p += len;
			*p++ = ' ';
			*p++ = '(';
		}
		p[0] = (char)('0' + hex / 1000);
		p[1] = (char)('0' + hex / 100 % 10);
		p[2] = (char)('0' + hex / 10 % 10);
		p[3] = (char)('0' + hex % 10);
		p += 4;
		if (c)
			*p++ = ')';
		*p = '\0';
		return buf;
	}
	if (c)
		snprintf(buf, n, "%s (%04d)", c->name, hex);
	else
		snprintf(buf, n, "%04d", hex);
	return buf;
}

/* ---- the action types of a decision ----------------------------------------------- */

const struct lw_action *lw_action_find(const struct lw_actions *t, const char *type)
{
	if (!t || !type)
		return NULL;
	/* the first byte first: most rows differ there (issue 17: 45 K
	 * strcmp calls of bench_rules 6 6's lw_act) */
	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].type[0] == type[0] && strcmp(t->rows[i].type, type) == 0)
			return &t->rows[i];
	return NULL;
}

int lw_action_dispatch(const struct lw_actions *t, struct lw_state *s, int side, const json_t *a,
                       struct game_outcome *out, struct tg_error *err)
{
	const char *type = lw_a_str(a, "type");
	if (!type)
		return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	const struct lw_action *x = lw_action_find(t, type);
	return x ? x->act(s, side, a, out, err) : t->refuse(s, side, type, err);
}
