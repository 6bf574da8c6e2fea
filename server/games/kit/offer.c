/* offer.c — see offer.h. */
#include "offer.h"
#include "scratch.h"
#include "text_format.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tg_offers_tree(struct tg_offers *o, json_t *array)
{
	*o = (struct tg_offers){.tree = array, .failed = !array};
}

void tg_offers_text(struct tg_offers *o, struct tg_text *t)
{
	*o = (struct tg_offers){.t = t};
	tg_text_put(t, "[", 1);
}

int tg_offers_close(struct tg_offers *o)
{
	tg_text_give(&o->act, TG_SCRATCH_ACT);
	if (o->t) {
		tg_text_put(o->t, "]", 1);
		o->failed |= o->t->oom != 0;
	}
	return o->failed ? -1 : 0;
}

void tg_offers_filter(struct tg_offers *o, bool (*keep)(const char *type, const void *ctx),
                      const void *ctx, struct tg_offers_keep *was)
{
	*was = (struct tg_offers_keep){o->keep, o->keep_ctx};
	o->keep = keep;
	o->keep_ctx = ctx;
}

void tg_offers_unfilter(struct tg_offers *o, const struct tg_offers_keep *was)
{
	o->keep = was->keep;
	o->keep_ctx = was->ctx;
}

/* {label, action, params} built member by member: json_pack read its
 * format string again for every entry, about half of an entry's cost
 * (issue 17: 7,101 entries in bench_views 300). NULL, and action and
 * params released, if a value is missing or the label is not UTF-8
 * (json_pack's "s" and "o" refuse the same). */
static json_t *entry(const char *label, size_t label_len, json_t *action, json_t *params)
{
	json_t *e = NULL, *l = json_stringn(label, label_len);
	if (l && action && params && (e = json_object()) &&
	    json_object_set_new_nocheck(e, "label", l) == 0) {
		l = NULL;
		int rc = json_object_set_new_nocheck(e, "action", action);
		action = NULL;
		rc |= json_object_set_new_nocheck(e, "params", params);
		params = NULL;
		if (rc != 0) {
			json_decref(e);
			e = NULL;
		}
	}
	json_decref(l);
	json_decref(action);
	json_decref(params);
	return e;
}

/* The tree form's params: [] or [{name, label, choices}] (takes choices). */
static json_t *params_tree(const char *param, const char *param_label, json_t *choices)
{
	json_t *params = json_array();
	if (!param)
		return params;
	json_t *p = json_object();
	json_t *name = json_string(param), *pl = json_string(param_label);
	int rc = !p || !params || !name || !pl || !choices;
	rc |= json_object_set_new_nocheck(p, "name", name);
	rc |= json_object_set_new_nocheck(p, "label", pl);
	rc |= json_object_set_new_nocheck(p, "choices", choices);
	rc |= json_array_append_new(params, p);
	if (rc) {
		json_decref(params);
		params = NULL;
	}
	return params;
}

/* What tg_act returns for an action it wrote as text: never read. */
static char act_text_mark;
#define ACT_TEXT ((json_t *)(void *)&act_text_mark)

/* s as a JSON string at the end of t, *len its length: a string of
 * printable ASCII without '"' or '\\' (the names and most values of the
 * actions) as it is, which is what tg_json_compact_string writes for it,
 * without a strlen first (issue 17: an action's members were 284 of its
 * 500 instructions); any other by tg_json_compact_string. 0, or -1 as
 * tg_json_compact_string. */
static int put_str(struct tg_text *t, const char *s, size_t *len)
{
	size_t n = 0;
	unsigned char c;
	while ((c = (unsigned char)s[n]) >= 0x20 && c <= 0x7e && c != '"' && c != '\\')
		n++;
	if (c != 0) {
		n += strlen(s + n);
		*len = n;
		return tg_json_compact_string(t, s, n);
	}
	*len = n;
	if (tg_text_reserve(t, n + 2) != 0)
		return -1;
	char *w = t->p + t->n;
	*w++ = '"';
	memcpy(w, s, n);
	w[n] = '"';
	t->n += n + 2;
	t->p[t->n] = 0;
	return 0;
}

static void skip_spaces(const char **p)
{
	while (**p == ' ')
		(*p)++;
}

/* The action of fmt and ap written as text in o->act, when fmt is a flat
 * object, "{s:X,...}" with X one of s, i, b (spaces allowed): the format
 * read once, as it is written (it was checked whole first, then read
 * again). false at the first byte of any other format: the caller gives
 * fmt to json_pack with an ap this one has not read. */
static bool act_text(struct tg_offers *o, const char *fmt, va_list ap)
{
	struct tg_text *t = &o->act;
	if (!t->p) /* this thread's buffer, kept between jobs (scratch.h) */
		tg_text_take(t, TG_SCRATCH_ACT);
	t->n = 0;
	o->act_type = NULL;
	o->act_ok = true;
	const char *p = fmt;
	skip_spaces(&p);
	if (*p++ != '{')
		return false;
	tg_text_put(t, "{", 1);
	for (bool first = true;; first = false) {
		skip_spaces(&p);
		if (*p == '}')
			break;
		if (!first) {
			if (*p++ != ',')
				return false;
			tg_text_put(t, ",", 1);
			skip_spaces(&p);
		}
		if (*p++ != 's')
			return false;
		skip_spaces(&p);
		if (*p++ != ':')
			return false;
		skip_spaces(&p);
		char kind = *p++;
		if (kind != 's' && kind != 'i' && kind != 'b')
			return false;
		const char *name = va_arg(ap, const char *);
		size_t name_len = 0;
		if (!name || put_str(t, name, &name_len) != 0)
			o->act_ok = false;
		tg_text_put(t, ":", 1);
		if (kind == 's') {
			const char *s = va_arg(ap, const char *);
			size_t len;
			if (!s || put_str(t, s, &len) != 0)
				o->act_ok = false;
			else if (!o->act_type && name_len == 4 && memcmp(name, "type", 4) == 0)
				o->act_type = s;
		} else if (kind == 'i') {
			tg_json_compact_int(t, va_arg(ap, int));
		} else {
			int b = va_arg(ap, int);
			tg_text_put(t, b ? "true" : "false", b ? 4 : 5);
		}
	}
	p++;
	skip_spaces(&p);
	if (*p != 0)
		return false;
	tg_text_put(t, "}", 1);
	if (t->oom)
		o->act_ok = false;
	return true;
}

json_t *tg_act(struct tg_offers *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (!o->tree && o->t) {
		va_list aq;
		va_copy(aq, ap);
		bool text = act_text(o, fmt, aq);
		va_end(aq);
		if (text) {
			va_end(ap);
			return ACT_TEXT;
		}
	}
	json_t *a = json_vpack_ex(NULL, 0, fmt, ap);
	va_end(ap);
	return a;
}

/* A literal's bytes, its length known where it is written. */
#define PUT_LIT(t, s) tg_text_put((t), (s), sizeof(s) - 1)

static bool put_list(struct tg_text *t, struct tg_offer_list *l);

/* The text form's entry, after its comma; false when json_pack would have
 * refused it (the caller takes the text back). Its choices are the tree
 * choices or, when listed is not NULL, the list's text. */
static bool entry_text(const struct tg_offers *o, struct tg_text *t, const char *label,
                       size_t label_len, const json_t *action, const char *param,
                       const char *param_label, const json_t *choices, struct tg_offer_list *listed)
{
	PUT_LIT(t, "{\"label\":");
	if (tg_json_compact_string(t, label, label_len) != 0)
		return false;
	PUT_LIT(t, ",\"action\":");
	if (action == ACT_TEXT) {
		if (!o->act_ok)
			return false;
		tg_text_put(t, o->act.p, o->act.n);
	} else if (!action || tg_json_compact_append(t, action) != 0) {
		return false;
	}
	if (!param) {
		PUT_LIT(t, ",\"params\":[]}");
		return true;
	}
	PUT_LIT(t, ",\"params\":[{\"name\":");
	if (tg_json_compact_string(t, param, strlen(param)) != 0)
		return false;
	PUT_LIT(t, ",\"label\":");
	if (!param_label || tg_json_compact_string(t, param_label, strlen(param_label)) != 0)
		return false;
	PUT_LIT(t, ",\"choices\":");
	if (listed ? !put_list(t, listed) : !choices || tg_json_compact_append(t, choices) != 0)
		return false;
	PUT_LIT(t, "}]}");
	return true;
}

/* An offer not made (refused, filtered out, nothing to choose): what it
 * took is given back. */
static void drop(json_t *action, json_t *choices)
{
	if (action != ACT_TEXT)
		json_decref(action);
	json_decref(choices);
}

/* Whether o's filter (tg_offers_keep) lets an entry of this action in:
 * the type is the one tg_act wrote (text) or the tree's "type". */
static bool kept(const struct tg_offers *o, const json_t *action)
{
	return !o->keep ||
	       o->keep(action == ACT_TEXT ? o->act_type
	                                  : json_string_value(json_object_get(action, "type")),
	               o->keep_ctx);
}

/* One entry, in o's form; takes action and choices (or, text form, the
 * text of listed: given back by the caller). */
static void add_listed(struct tg_offers *o, const char *label, size_t label_len, json_t *action,
                       const char *param, const char *param_label, json_t *choices,
                       struct tg_offer_list *listed)
{
	if (!kept(o, action)) {
		drop(action, choices);
		return;
	}
	if (o->tree) {
		json_t *params = params_tree(param, param_label, choices);
		json_t *e = entry(label, label_len, action, params);
		if (e && json_array_append_new(o->tree, e) == 0)
			o->n++;
		return;
	}
	if (o->t && !o->failed) {
		size_t at = o->t->n;
		if (o->n)
			tg_text_put(o->t, ",", 1);
		bool ok = entry_text(o, o->t, label, label_len, action, param, param_label, choices,
		                     listed);
		if (o->t->oom) {
			o->failed = true;
		} else if (ok) {
			o->n++;
		} else { /* refused: taken back */
			o->t->n = at;
			o->t->p[at] = 0;
		}
	}
	drop(action, choices);
}

static void add(struct tg_offers *o, const char *label, size_t label_len, json_t *action,
                const char *param, const char *param_label, json_t *choices)
{
	add_listed(o, label, label_len, action, param, param_label, choices, NULL);
}

void tg_offer_entry(struct tg_offers *o, json_t *entry)
{
	if (!entry)
		return;
	if (!kept(o, json_object_get(entry, "action"))) {
		json_decref(entry);
		return;
	}
	if (o->tree) {
		if (json_array_append_new(o->tree, entry) == 0)
			o->n++;
		return;
	}
	if (o->t && !o->failed) {
		if (o->n)
			tg_text_put(o->t, ",", 1);
		if (tg_json_compact_append(o->t, entry) != 0 || o->t->oom)
			o->failed = true;
		else
			o->n++;
	}
	json_decref(entry);
}

void tg_offers_extend(struct tg_offers *o, const json_t *array)
{
	size_t i;
	json_t *e;
	json_array_foreach(array, i, e)
	{
		tg_offer_entry(o, json_incref(e));
	}
}

/* ---- a label: printf's text of its format ------------------------------- */

enum { LABEL_MAX = 255 }; /* a label's bytes: vsnprintf's into 256 */

/* A label's text: kit/text_format.c's tg_format writes %s, %d and %% as
 * vsnprintf(label, 256, ...) would (issue 17: vsnprintf cost about 480
 * instructions a label, a tenth of the fan-out's offers) and gives any
 * other conversion to vsnprintf. */

/* The label of fmt and ap in label (256 bytes): its text, and *len. A
 * format without a conversion that fits is its own label, not copied. */
static const char *label_of(char label[LABEL_MAX + 1], size_t *len, const char *fmt, va_list ap)
{
	if (!strchr(fmt, '%')) {
		size_t n = strnlen(fmt, LABEL_MAX + 1);
		if (n <= LABEL_MAX) {
			*len = n;
			return fmt;
		}
	}
	*len = tg_format(label, LABEL_MAX + 1, fmt, ap);
	return label;
}

char *tg_label(char label[LABEL_MAX + 1], const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tg_format(label, LABEL_MAX + 1, fmt, ap);
	va_end(ap);
	return label;
}

void tg_offer(struct tg_offers *o, json_t *action, const char *fmt, ...)
{
	char buf[LABEL_MAX + 1];
	size_t len;
	va_list ap;
	va_start(ap, fmt);
	const char *label = label_of(buf, &len, fmt, ap);
	va_end(ap);
	add(o, label, len, action, NULL, NULL, NULL);
}

void tg_offer_labelled(struct tg_offers *o, json_t *action, const char *label)
{
	if (!label) { /* json_pack's "s" refused it: nothing appended */
		drop(action, NULL);
		return;
	}
	add(o, label, strlen(label), action, NULL, NULL, NULL);
}

/* tg_offer_choice's entry, its label formatted (takes action and choices). */
static void vchoice(struct tg_offers *o, json_t *action, const char *param, const char *param_label,
                    json_t *choices, const char *fmt, va_list ap)
{
	if (!param) { /* json_string(NULL) refused it: nothing appended */
		drop(action, choices);
		return;
	}
	char buf[LABEL_MAX + 1];
	size_t len;
	const char *label = label_of(buf, &len, fmt, ap);
	add(o, label, len, action, param, param_label, choices);
}

void tg_offer_choice(struct tg_offers *o, json_t *action, const char *param,
                     const char *param_label, json_t *choices, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vchoice(o, action, param, param_label, choices, fmt, ap);
	va_end(ap);
}

void tg_offer_some(struct tg_offers *o, json_t *action, const char *param, const char *param_label,
                   json_t *choices, const char *fmt, ...)
{
	if (json_array_size(choices) == 0) { /* nothing to choose: no offer */
		drop(action, choices);
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	vchoice(o, action, param, param_label, choices, fmt, ap);
	va_end(ap);
}

/* ---- an entry of several params ------------------------------------------ */

/* The text form's lists are written in this thread's kept buffers
 * (scratch.h: each list's first 4 KB realloc, after the frees of jansson's
 * trees elsewhere in the update, had glibc consolidate its fast bins:
 * 3 % of bench_views' fan-out in the offers' lists alone). */
enum { LIST_SLOTS = TG_SCRATCH_LIST3 - TG_SCRATCH_LIST0 + 1 };

static void list_take(struct tg_text *t)
{
	*t = (struct tg_text){0};
	for (unsigned i = 0; i < LIST_SLOTS && !t->p; i++)
		tg_text_take(t, TG_SCRATCH_LIST0 + i);
}

static void list_give(struct tg_text *t)
{
	for (unsigned i = 0; i < LIST_SLOTS && t->p; i++)
		if (!tg_scratch_peek(TG_SCRATCH_LIST0 + i))
			tg_text_give(t, TG_SCRATCH_LIST0 + i);
	free(t->p); /* every slot held one */
	*t = (struct tg_text){0};
}

void tg_offer_list_open(const struct tg_offers *o, struct tg_offer_list *l)
{
	*l = (struct tg_offer_list){0};
	if (o->tree || !o->t) {
		l->tree = json_array();
		l->failed = !l->tree;
	} else {
		list_take(&l->t);
		tg_text_put(&l->t, "[", 1);
	}
}

static void list_sep(struct tg_offer_list *l)
{
	if (l->n++)
		tg_text_put(&l->t, ",", 1);
}

static void list_tree_add(struct tg_offer_list *l, json_t *v)
{
	if (!v || json_array_append_new(l->tree, v) != 0)
		l->failed = true;
	else
		l->n++;
}

/* {"value":<written by value()>[,"label":label]} */
static void choice_text(struct tg_offer_list *l, const char *label)
{
	if (label) {
		tg_text_put(&l->t, ",\"label\":", 9);
		if (tg_json_compact_string(&l->t, label, strlen(label)) != 0)
			l->failed = true;
	}
	tg_text_put(&l->t, "}", 1);
}

static json_t *choice_tree(json_t *value, const char *label)
{
	json_t *c = json_object(), *lv = label ? json_string(label) : NULL;
	int rc = !c || !value || (label && !lv);
	if (!rc) {
		rc |= json_object_set_new_nocheck(c, "value", value);
		value = NULL;
		if (label) {
			rc |= json_object_set_new_nocheck(c, "label", lv);
			lv = NULL;
		}
	}
	json_decref(value);
	json_decref(lv);
	if (rc) {
		json_decref(c);
		c = NULL;
	}
	return c;
}

void tg_offer_list_choice(struct tg_offer_list *l, const char *value, const char *label)
{
	if (l->tree) {
		list_tree_add(l, choice_tree(value ? json_string(value) : NULL, label));
		return;
	}
	list_sep(l);
	tg_text_put(&l->t, "{\"value\":", 9);
	size_t len;
	if (!value || put_str(&l->t, value, &len) != 0)
		l->failed = true;
	choice_text(l, label);
}

void tg_offer_list_choice_int(struct tg_offer_list *l, json_int_t value, const char *label)
{
	if (l->tree) {
		list_tree_add(l, choice_tree(json_integer(value), label));
		return;
	}
	list_sep(l);
	tg_text_put(&l->t, "{\"value\":", 9);
	tg_json_compact_int(&l->t, value);
	choice_text(l, label);
}

void tg_offer_list_add(struct tg_offer_list *l, json_t *v)
{
	if (l->tree) {
		list_tree_add(l, v);
		return;
	}
	list_sep(l);
	if (!v || tg_json_compact_append(&l->t, v) != 0)
		l->failed = true;
	json_decref(v);
}

void tg_offer_list_by(struct tg_offer_list *l, bool only, const int *idx, size_t n)
{
	const char *key = only ? "only" : "except";
	if (l->tree) {
		json_t *a = json_array(), *e = json_object();
		bool ok = a && e;
		for (size_t i = 0; ok && i < n; i++)
			ok = json_array_append_new(a, json_integer(idx[i])) == 0;
		if (ok && json_object_set_new_nocheck(e, key, a) == 0) {
			list_tree_add(l, e);
			return;
		}
		json_decref(a);
		json_decref(e);
		l->failed = true;
		return;
	}
	list_sep(l);
	tg_text_put(&l->t, only ? "{\"only\":[" : "{\"except\":[", only ? 9 : 11);
	for (size_t i = 0; i < n; i++) {
		if (i)
			tg_text_put(&l->t, ",", 1);
		tg_json_compact_int(&l->t, idx[i]);
	}
	tg_text_put(&l->t, "]}", 2);
}

void tg_offer_list_free(struct tg_offer_list *l)
{
	json_decref(l->tree);
	list_give(&l->t);
	*l = (struct tg_offer_list){0};
}

void tg_offer_list_some(struct tg_offers *o, json_t *action, const char *param,
                        const char *param_label, struct tg_offer_list *choices, const char *fmt,
                        ...)
{
	if (choices->n == 0 || choices->failed || !param) {
		drop(action, NULL); /* nothing to choose, or a choice refused */
		tg_offer_list_free(choices);
		return;
	}
	char buf[LABEL_MAX + 1];
	size_t len;
	va_list ap;
	va_start(ap, fmt);
	const char *label = label_of(buf, &len, fmt, ap);
	va_end(ap);
	if (choices->tree) {
		json_t *c = choices->tree;
		choices->tree = NULL;
		add(o, label, len, action, param, param_label, c);
	} else {
		add_listed(o, label, len, action, param, param_label, NULL, choices);
	}
	tg_offer_list_free(choices);
}

void tg_offer_begin(struct tg_offers *o, json_t *action, const char *label)
{
	o->e_open = true;
	o->e_ok = o->e_text = false;
	o->e_n = 0;
	o->e_tree = o->e_params = NULL;
	if (!kept(o, action)) {
		drop(action, NULL);
		return;
	}
	if (o->tree) {
		o->e_params = json_array();
		o->e_tree = label ? entry(label, strlen(label), action, o->e_params) : NULL;
		if (!label) {
			json_decref(action);
			json_decref(o->e_params);
		}
		o->e_ok = o->e_tree != NULL;
		if (!o->e_ok)
			o->e_params = NULL;
		return;
	}
	if (o->t && !o->failed) {
		o->e_at = o->t->n;
		o->e_text = true;
		if (o->n)
			tg_text_put(o->t, ",", 1);
		PUT_LIT(o->t, "{\"label\":");
		o->e_ok = label && tg_json_compact_string(o->t, label, strlen(label)) == 0;
		PUT_LIT(o->t, ",\"action\":");
		if (action == ACT_TEXT)
			o->e_ok = o->e_ok && o->act_ok;
		if (o->e_ok && action == ACT_TEXT)
			tg_text_put(o->t, o->act.p, o->act.n);
		else if (o->e_ok && (!action || tg_json_compact_append(o->t, action) != 0))
			o->e_ok = false;
		PUT_LIT(o->t, ",\"params\":[");
	}
	drop(action, NULL);
}

/* A list's text, closed, at the end of t; false when it failed. */
static bool put_list(struct tg_text *t, struct tg_offer_list *l)
{
	if (l->failed || l->t.oom || !l->t.p)
		return false;
	tg_text_put(t, l->t.p, l->t.n);
	tg_text_put(t, "]", 1);
	return true;
}

void tg_offer_param(struct tg_offers *o, const char *name, const char *label, const char *by,
                    struct tg_offer_list *choices, struct tg_offer_list *choices_by)
{
	if (o->e_open && o->e_ok && o->e_tree) {
		json_t *p = json_object();
		json_t *nv = name ? json_string(name) : NULL,
		       *lv = label ? json_string(label) : NULL;
		json_t *bv = by ? json_string(by) : NULL;
		int rc = !p || !nv || !lv || (by && !bv) || !choices || choices->failed ||
		         (choices_by && choices_by->failed);
		rc |= json_object_set_new_nocheck(p, "name", nv);
		rc |= json_object_set_new_nocheck(p, "label", lv);
		if (by)
			rc |= json_object_set_new_nocheck(p, "by", bv);
		if (choices) {
			rc |= json_object_set_new_nocheck(p, "choices", choices->tree);
			choices->tree = NULL;
		}
		if (choices_by) {
			rc |= json_object_set_new_nocheck(p, "choices_by", choices_by->tree);
			choices_by->tree = NULL;
		}
		rc |= json_array_append_new(o->e_params, p);
		if (rc)
			o->e_ok = false;
	} else if (o->e_open && o->e_ok && o->e_text && !o->failed) {
		struct tg_text *t = o->t;
		if (o->e_n)
			tg_text_put(t, ",", 1);
		PUT_LIT(t, "{\"name\":");
		bool ok = name && tg_json_compact_string(t, name, strlen(name)) == 0;
		PUT_LIT(t, ",\"label\":");
		ok = ok && label && tg_json_compact_string(t, label, strlen(label)) == 0;
		if (by) {
			PUT_LIT(t, ",\"by\":");
			ok = ok && tg_json_compact_string(t, by, strlen(by)) == 0;
		}
		PUT_LIT(t, ",\"choices\":");
		ok = ok && choices && put_list(t, choices);
		if (choices_by) {
			PUT_LIT(t, ",\"choices_by\":");
			ok = ok && put_list(t, choices_by);
		}
		tg_text_put(t, "}", 1);
		o->e_ok = ok;
	}
	o->e_n++;
	if (choices)
		tg_offer_list_free(choices);
	if (choices_by)
		tg_offer_list_free(choices_by);
}

void tg_offer_end(struct tg_offers *o)
{
	if (!o->e_open)
		return;
	o->e_open = false;
	if (o->tree) {
		if (o->e_ok && o->e_tree && json_array_append_new(o->tree, o->e_tree) == 0)
			o->n++;
		else if (!o->e_ok)
			json_decref(o->e_tree);
		o->e_tree = o->e_params = NULL;
		return;
	}
	if (!o->e_text || o->failed)
		return;
	PUT_LIT(o->t, "]}");
	if (o->t->oom) {
		o->failed = true;
	} else if (o->e_ok) {
		o->n++;
	} else if (o->t->n > o->e_at) { /* refused: taken back */
		o->t->n = o->e_at;
		o->t->p[o->e_at] = 0;
	}
}
