/* offer.h — a game's legal-action list (game.h "actions"), as every module
 * writes it: entries {label, action, params} appended one by one to a
 * struct tg_offers. Both games wrote these functions alike (lw_base.c,
 * boal_impulse.c); a new game uses them.
 *
 * One list is written in one of two forms, by the same calls:
 *   - a tree (tg_offers_tree): the entries appended to a jansson array, as
 *     view() and a game's own readers of its offers (a bot, the tests)
 *     take it;
 *   - text (tg_offers_text): the list written straight as compact JSON
 *     into a struct tg_text (protocol/json_compact.h), the bytes that
 *     json_dumps(tree, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY)
 *     gives for the tree the same calls build (issue 17: the offers were
 *     built as trees, serialized and freed after every action, about a
 *     third of the fan-out workers' instructions; game.h
 *     view_section_text). tests/unit/test_kit_offer.c compares the two.
 *
 * An entry that json_pack would have refused (no action, no choices, a
 * label or a param's name or label that is not UTF-8) is not appended, in
 * either form. */
#ifndef TG_KIT_OFFER_H
#define TG_KIT_OFFER_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "json_compact.h"

struct tg_offers {
	json_t *tree;      /* tree form: the array the entries go to */
	struct tg_text *t; /* text form: where the list is written */
	size_t n;          /* entries appended */
	bool failed;       /* out of memory (text form: the text is not JSON) */
	/* Optional: an entry whose action's "type" keep() refuses is not
	 * appended (a game's list filtered by the kind of action, e.g.
	 * Lincoln's War's march entries that may resolve an overstack). Set
	 * around the calls it filters (tg_offers_filter, tg_offers_unfilter). */
	bool (*keep)(const char *type, const void *ctx);
	const void *keep_ctx;
	/* text form: the action tg_act wrote last (freed by tg_offers_close) */
	struct tg_text act;
	const char *act_type; /* its "type" (the caller's string), or NULL */
	bool act_ok;          /* false: json_pack would have refused it */
	/* the entry tg_offer_begin opened (tree form: it and its params;
	 * text form: where it starts), and whether it is to be appended */
	json_t *e_tree, *e_params;
	size_t e_at, e_n;
	bool e_open, e_ok, e_text;
};

/* A list written into array (a jansson array, owned by the caller). */
void tg_offers_tree(struct tg_offers *o, json_t *array);

/* A list written into array, as an expression: f(s, TG_OFFERS_TREE(l)). */
#define TG_OFFERS_TREE(array) (&(struct tg_offers){.tree = (array), .failed = !(array)})

/* A list written as text at the end of t: "[" now, "]" by tg_offers_close. */
void tg_offers_text(struct tg_offers *o, struct tg_text *t);

/* Ends the list (the text form's "]"). 0, or -1 when anything failed (out
 * of memory: the text form's text is then not to be used). */
int tg_offers_close(struct tg_offers *o);

/* Sets the filter (see keep above), the previous one saved in *was for
 * tg_offers_unfilter. */
struct tg_offers_keep {
	bool (*keep)(const char *type, const void *ctx);
	const void *ctx;
};
void tg_offers_filter(struct tg_offers *o, bool (*keep)(const char *type, const void *ctx),
                      const void *ctx, struct tg_offers_keep *was);
void tg_offers_unfilter(struct tg_offers *o, const struct tg_offers_keep *was);

/* An entry's action, as json_pack(fmt, ...) builds it, for the tg_offer
 * call it is an argument of (issue 17: the actions were built as trees
 * only to be serialized): in the text form a flat object of strings,
 * integers and booleans ("{s:s,s:i,s:b}", each name once) is written as
 * text (the returned pointer stands for it: give it to one tg_offer or
 * tg_offer_choice on o at once, and to nothing else); any other format,
 * and the tree form, give json_pack's tree. */
json_t *tg_act(struct tg_offers *o, const char *fmt, ...);

/* Append {label, action, params: []}; the label is printf's text of fmt,
 * cut at 255 bytes (takes ownership of action). */
void tg_offer(struct tg_offers *o, json_t *action, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* printf's text of fmt in label, cut at 255 bytes: the bytes tg_offer
 * makes of a label (%s, %d and %% written by hand, any other conversion
 * by vsnprintf), for a label written elsewhere (a choice's, an entry's
 * of several params; issue 17: snprintf cost about 600 instructions a
 * label). Returns label. */
char *tg_label(char label[256], const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The same with the label as it is (not cut); label NULL appends nothing. */
void tg_offer_labelled(struct tg_offers *o, json_t *action, const char *label);

/* Append {label, action, params: [{name: param, label: param_label,
 * choices}]}: the player picks one of choices ([{value, label}]) for
 * action[param] (game.h: one entry, not one per value). Takes ownership of
 * action and choices. */
void tg_offer_choice(struct tg_offers *o, json_t *action, const char *param,
                     const char *param_label, json_t *choices, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* tg_offer_choice if choices has any: an action whose param has nothing
 * to choose is not offered (choices empty or NULL: nothing appended).
 * Takes ownership of action and choices either way. */
void tg_offer_some(struct tg_offers *o, json_t *action, const char *param, const char *param_label,
                   json_t *choices, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Append entry, a whole {label, action, params} the caller built (an
 * entry of another shape: two params); takes it. NULL appends nothing. */
void tg_offer_entry(struct tg_offers *o, json_t *entry);

/* Append each entry of array, in order (array stays the caller's). */
void tg_offers_extend(struct tg_offers *o, const json_t *array);

/* An entry of several params, written param by param (issue 17: Lincoln's
 * War's rail move and campaign designation, a param "by" another with its
 * "choices_by" (kit/param_by.h), were built as trees only to be written as
 * text and freed, a tenth of the fan-out's instructions in the Rail
 * Phase): the same bytes as tg_offer_entry of the json_pack-built
 * {label, action, params: [{name, label, [by,] choices, [choices_by]}...]}
 *
 *     struct tg_offer_list units, dests, by;
 *     tg_offer_list_open(o, &units);   ...  tg_offer_list_choice(&units, id, label);
 *     tg_offer_begin(o, tg_act(o, "{s:s}", "type", "rail"), "Rail a general");
 *     tg_offer_param(o, "unit", "General", NULL, &units, NULL);
 *     tg_offer_param(o, "to", "Destination", "unit", &dests, &by);
 *     tg_offer_end(o);
 *
 * A list is a jansson array in the tree form, its text in the text form.
 * Anything json_pack would have refused (a string not UTF-8, a list out of
 * memory) appends nothing, as tg_offer_entry(NULL). The filter (keep) reads
 * the action's type at tg_offer_begin. */
struct tg_offer_list {
	json_t *tree;     /* tree form */
	struct tg_text t; /* text form: "[" and the elements so far */
	size_t n;         /* elements */
	bool failed;
};

/* Opens an empty list in o's form. */
void tg_offer_list_open(const struct tg_offers *o, struct tg_offer_list *l);

/* Appends {"value": value, "label": label} ({"value": value} when label
 * is NULL), value a string or an integer. */
void tg_offer_list_choice(struct tg_offer_list *l, const char *value, const char *label);
void tg_offer_list_choice_int(struct tg_offer_list *l, json_int_t value, const char *label);

/* Appends v, built as a tree (takes it; NULL: the list fails). */
void tg_offer_list_add(struct tg_offer_list *l, json_t *v);

/* Appends a choices_by element, {"only": idx} or {"except": idx}. */
void tg_offer_list_by(struct tg_offer_list *l, bool only, const int *idx, size_t n);

/* Frees a list that was not given to tg_offer_param. */
void tg_offer_list_free(struct tg_offer_list *l);

/* tg_offer_some with its choices written as a list (tg_offer_list_choice,
 * no tree built: issue 17, the Administration's purchases were built as
 * jansson arrays only to be written as text and freed): the same entry,
 * appended only when the list has a choice; a list that failed (a label
 * not UTF-8, out of memory) appends nothing. Takes action and the list
 * (freed either way). */
void tg_offer_list_some(struct tg_offers *o, json_t *action, const char *param,
                        const char *param_label, struct tg_offer_list *choices, const char *fmt,
                        ...) __attribute__((format(printf, 6, 7)));

/* Opens an entry (takes action, as tg_offer), its label as it is. */
void tg_offer_begin(struct tg_offers *o, json_t *action, const char *label);

/* Its next param: {name, label, by (when not NULL), choices, choices_by
 * (when not NULL)}; takes the lists (freed). */
void tg_offer_param(struct tg_offers *o, const char *name, const char *label, const char *by,
                    struct tg_offer_list *choices, struct tg_offer_list *choices_by);

/* Closes the entry: appended, unless anything was refused or filtered. */
void tg_offer_end(struct tg_offers *o);

#endif
