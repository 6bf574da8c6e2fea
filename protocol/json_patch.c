/* json_patch.c — RFC 6902 apply (see json_patch.h). The patch is applied to a
 * deep copy of the document, so a failure at operation N simply drops the
 * copy: the caller's document is never touched. The in-place apply runs the
 * same operations on the caller's document itself. */
#include "json_patch.h"
#include "json_pointer.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Deepest document apply will build or accept (containers nested). Above
 * jansson's own parser bound so that any parsed document and patch fits, and
 * low enough that jansson's recursive functions stay far from the stack
 * limit. */
#define MAX_DOC_DEPTH 4096

struct apply {
	json_t *root; /* the working copy, owned (in place: the caller's document) */
	size_t depth_bound;
	size_t copy_budget;
	size_t op_index;
	const char *op_name; /* NULL until the op member is known */
	int in_op;           /* errors name the operation once it is being applied */
	int take;            /* an op's value goes into the document itself, not a copy */
	enum tg_json_patch_status st;
	char *err;
	size_t errlen;
};

const char *tg_json_patch_status_code(enum tg_json_patch_status st)
{
	switch (st) {
	case TG_JSON_PATCH_OK:
		return "ok";
	case TG_JSON_PATCH_MALFORMED:
		return "malformed";
	case TG_JSON_PATCH_BAD_POINTER:
		return "bad_pointer";
	case TG_JSON_PATCH_NO_TARGET:
		return "no_target";
	case TG_JSON_PATCH_BAD_INDEX:
		return "bad_index";
	case TG_JSON_PATCH_MOVE_INTO_CHILD:
		return "move_into_child";
	case TG_JSON_PATCH_TEST_FAILED:
		return "test_failed";
	case TG_JSON_PATCH_TOO_LARGE:
		return "too_large";
	case TG_JSON_PATCH_NOMEM:
		return "out_of_memory";
	}
	return "unknown";
}

__attribute__((format(printf, 3, 4))) static int fail(struct apply *a, enum tg_json_patch_status st,
                                                      const char *fmt, ...)
{
	a->st = st;
	if (a->err && a->errlen) {
		int n;
		if (a->in_op)
			n = snprintf(a->err, a->errlen,
			             "%s: operation %zu (%s): ", tg_json_patch_status_code(st),
			             a->op_index, a->op_name ? a->op_name : "?");
		else
			n = snprintf(a->err, a->errlen, "%s: ", tg_json_patch_status_code(st));
		if (n >= 0 && (size_t)n < a->errlen) {
			va_list ap;
			va_start(ap, fmt);
			vsnprintf(a->err + n, a->errlen - (size_t)n, fmt, ap);
			va_end(ap);
		}
	}
	return -1;
}

static int fail_pointer(struct apply *a, enum tg_json_pointer_status ps, const char *what)
{
	enum tg_json_patch_status st = TG_JSON_PATCH_NO_TARGET;
	switch (ps) {
	case TG_JSON_POINTER_SYNTAX:
		st = TG_JSON_PATCH_BAD_POINTER;
		break;
	case TG_JSON_POINTER_TOO_DEEP:
		st = TG_JSON_PATCH_TOO_LARGE;
		break;
	case TG_JSON_POINTER_NOMEM:
		st = TG_JSON_PATCH_NOMEM;
		break;
	case TG_JSON_POINTER_BAD_INDEX:
	case TG_JSON_POINTER_OUT_OF_RANGE:
		st = TG_JSON_PATCH_BAD_INDEX;
		break;
	case TG_JSON_POINTER_OK:
	case TG_JSON_POINTER_NO_MEMBER:
	case TG_JSON_POINTER_NOT_CONTAINER:
		break;
	}
	return fail(a, st, "%s: %s", what, tg_json_pointer_status_name(ps));
}

/* Nesting depth of containers (a scalar is 0), or limit+1 once above limit. */
static size_t depth_of(const json_t *v, size_t limit)
{
	if (limit == 0)
		return json_is_object(v) || json_is_array(v) ? 1 : 0;
	size_t max = 0;
	if (json_is_object(v)) {
		const char *k;
		json_t *c;
		json_object_foreach((json_t *)v, k, c)
		{
			size_t d = depth_of(c, limit - 1);
			if (d > max)
				max = d;
			if (max >= limit)
				break;
		}
		return max + 1;
	}
	if (json_is_array(v)) {
		size_t i;
		json_t *c;
		json_array_foreach(v, i, c)
		{
			size_t d = depth_of(c, limit - 1);
			if (d > max)
				max = d;
			if (max >= limit)
				break;
		}
		return max + 1;
	}
	return 0;
}

/* Number of values in v, counting stops once above limit. */
static size_t count_nodes(const json_t *v, size_t limit)
{
	size_t n = 1;
	if (json_is_object(v)) {
		const char *k;
		json_t *c;
		json_object_foreach((json_t *)v, k, c)
		{
			if (n > limit)
				break;
			n += count_nodes(c, limit - n);
		}
	} else if (json_is_array(v)) {
		size_t i;
		json_t *c;
		json_array_foreach(v, i, c)
		{
			if (n > limit)
				break;
			n += count_nodes(c, limit - n);
		}
	}
	return n;
}

/* An integer and a double are equal when the double is exactly that integer
 * (the range check keeps the conversion defined). */
static int int_equals_real(json_int_t i, double r)
{
	if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0))
		return 0;
	return (json_int_t)r == i && (double)i == r;
}

/* RFC 6902 section 4.6 equality: like json_equal, except that numbers are
 * equal when numerically equal (1 and 1.0). */
static int values_equal(const json_t *x, const json_t *y)
{
	if (json_is_number(x) && json_is_number(y)) {
		if (json_is_integer(x) && json_is_integer(y))
			return json_integer_value(x) == json_integer_value(y);
		if (json_is_integer(x))
			return int_equals_real(json_integer_value(x), json_real_value(y));
		if (json_is_integer(y))
			return int_equals_real(json_integer_value(y), json_real_value(x));
		return json_real_value(x) == json_real_value(y);
	}
	if (json_typeof(x) != json_typeof(y))
		return 0;
	if (json_is_array(x)) {
		if (json_array_size(x) != json_array_size(y))
			return 0;
		for (size_t i = 0; i < json_array_size(x); i++)
			if (!values_equal(json_array_get(x, i), json_array_get(y, i)))
				return 0;
		return 1;
	}
	if (json_is_object(x)) {
		if (json_object_size(x) != json_object_size(y))
			return 0;
		const char *k;
		size_t klen;
		json_t *c;
		json_object_keylen_foreach((json_t *)x, k, klen, c)
		{
			const json_t *o = json_object_getn(y, k, klen);
			if (!o || !values_equal(c, o))
				return 0;
		}
		return 1;
	}
	return json_equal(x, y);
}

/* Accounts for placing a value of depth at most vdepth at pointer p; v is
 * measured exactly only when the cheap bound would exceed the limit. */
static int check_depth(struct apply *a, const struct tg_json_pointer *p, const json_t *v,
                       size_t vdepth)
{
	if (p->ntokens + vdepth > MAX_DOC_DEPTH) {
		vdepth = depth_of(v, MAX_DOC_DEPTH);
		if (p->ntokens + vdepth > MAX_DOC_DEPTH)
			return fail(a, TG_JSON_PATCH_TOO_LARGE,
			            "the document would be nested more than %d deep",
			            MAX_DOC_DEPTH);
	}
	if (p->ntokens + vdepth > a->depth_bound)
		a->depth_bound = p->ntokens + vdepth;
	return 0;
}

static int is_dash(const struct tg_json_pointer *p)
{
	size_t n = p->ntokens;
	return p->lens[n - 1] == 1 && p->tokens[n - 1][0] == '-';
}

/* Finds the container holding the last token of p. */
static int parent_of(struct apply *a, const struct tg_json_pointer *p, json_t **parent)
{
	enum tg_json_pointer_status ps = tg_json_pointer_get(a->root, p, p->ntokens - 1, parent);
	if (ps != TG_JSON_POINTER_OK)
		return fail_pointer(a, ps, "the parent of the target location");
	if (!json_is_object(*parent) && !json_is_array(*parent))
		return fail(a, TG_JSON_PATCH_NO_TARGET, "the target's parent is a scalar");
	return 0;
}

/* Resolves the last token of p as an index into the array parent; with
 * allow_end, "-" and size are accepted (insertion points). */
static int array_slot(struct apply *a, const struct tg_json_pointer *p, const json_t *parent,
                      int allow_end, size_t *idx)
{
	size_t n = p->ntokens;
	size_t size = json_array_size(parent);
	if (allow_end && is_dash(p)) {
		*idx = size;
		return 0;
	}
	enum tg_json_pointer_status ps =
	    tg_json_pointer_index(p->tokens[n - 1], p->lens[n - 1], idx);
	if (ps != TG_JSON_POINTER_OK)
		return fail_pointer(a, ps, "the array index");
	if (*idx > size || (*idx == size && !allow_end))
		return fail(a, TG_JSON_PATCH_BAD_INDEX,
		            "index %zu is out of range (array size %zu)", *idx, size);
	return 0;
}

/* add (and the second half of move and copy). Steals value. */
static int do_add(struct apply *a, const struct tg_json_pointer *p, json_t *value)
{
	if (p->ntokens == 0) {
		json_decref(a->root);
		a->root = value;
		return 0;
	}
	json_t *parent;
	size_t idx;
	if (parent_of(a, p, &parent) != 0)
		goto fail;
	if (json_is_object(parent)) {
		size_t n = p->ntokens;
		/* jansson neither parses nor compares such names correctly. */
		if (memchr(p->tokens[n - 1], '\0', p->lens[n - 1])) {
			fail(a, TG_JSON_PATCH_BAD_POINTER,
			     "a member name cannot contain a NUL byte");
			goto fail;
		}
		if (json_object_setn_new(parent, p->tokens[n - 1], p->lens[n - 1], value) != 0)
			return fail(a, TG_JSON_PATCH_NOMEM, "cannot set the member");
		return 0;
	}
	if (array_slot(a, p, parent, 1, &idx) != 0)
		goto fail;
	if (json_array_insert_new(parent, idx, value) != 0)
		return fail(a, TG_JSON_PATCH_NOMEM, "cannot insert into the array");
	return 0;
fail:
	json_decref(value);
	return -1;
}

/* remove (and the first half of move). If removed is not NULL it receives a
 * reference to the removed value. */
static int do_remove(struct apply *a, const struct tg_json_pointer *p, json_t **removed)
{
	if (p->ntokens == 0) {
		if (removed)
			*removed = a->root;
		else
			json_decref(a->root);
		a->root = json_null();
		return 0;
	}
	json_t *parent;
	if (parent_of(a, p, &parent) != 0)
		return -1;
	size_t n = p->ntokens;
	if (json_is_object(parent)) {
		json_t *v = json_object_getn(parent, p->tokens[n - 1], p->lens[n - 1]);
		if (!v)
			return fail(a, TG_JSON_PATCH_NO_TARGET, "no member to remove");
		if (removed)
			*removed = json_incref(v);
		json_object_deln(parent, p->tokens[n - 1], p->lens[n - 1]);
		return 0;
	}
	size_t idx;
	if (array_slot(a, p, parent, 0, &idx) != 0)
		return -1;
	if (removed)
		*removed = json_incref(json_array_get(parent, idx));
	json_array_remove(parent, idx);
	return 0;
}

/* replace: like remove + add, but in place (object member order and array
 * position are kept). Steals value. */
static int do_replace(struct apply *a, const struct tg_json_pointer *p, json_t *value)
{
	if (p->ntokens == 0)
		return do_add(a, p, value);
	json_t *parent;
	size_t idx, n = p->ntokens;
	if (parent_of(a, p, &parent) != 0)
		goto fail;
	if (json_is_object(parent)) {
		if (!json_object_getn(parent, p->tokens[n - 1], p->lens[n - 1])) {
			fail(a, TG_JSON_PATCH_NO_TARGET, "no member to replace");
			goto fail;
		}
		return do_add(a, p, value);
	}
	if (array_slot(a, p, parent, 0, &idx) != 0)
		goto fail;
	if (json_array_set_new(parent, idx, value) != 0)
		return fail(a, TG_JSON_PATCH_NOMEM, "cannot set the array element");
	return 0;
fail:
	json_decref(value);
	return -1;
}

static int get_pointer(struct apply *a, const json_t *op, const char *member,
                       struct tg_json_pointer *p)
{
	const json_t *v = json_object_get(op, member);
	if (!v)
		return fail(a, TG_JSON_PATCH_MALFORMED, "missing '%s'", member);
	if (!json_is_string(v))
		return fail(a, TG_JSON_PATCH_MALFORMED, "'%s' is not a string", member);
	enum tg_json_pointer_status ps =
	    tg_json_pointer_parse(json_string_value(v), json_string_length(v), p);
	if (ps != TG_JSON_POINTER_OK)
		return fail_pointer(a, ps, member);
	return 0;
}

static int get_existing(struct apply *a, const struct tg_json_pointer *p, const char *what,
                        json_t **out)
{
	enum tg_json_pointer_status ps = tg_json_pointer_get(a->root, p, p->ntokens, out);
	if (ps != TG_JSON_POINTER_OK)
		return fail_pointer(a, ps, what);
	return 0;
}

static int op_with_value(struct apply *a, const json_t *op, const struct tg_json_pointer *path)
{
	const json_t *value = json_object_get(op, "value");
	if (!value)
		return fail(a, TG_JSON_PATCH_MALFORMED, "missing 'value'");
	if (strcmp(a->op_name, "test") == 0) {
		json_t *cur;
		if (get_existing(a, path, "path", &cur) != 0)
			return -1;
		if (!values_equal(cur, value))
			return fail(a, TG_JSON_PATCH_TEST_FAILED, "the value differs");
		return 0;
	}
	if (check_depth(a, path, value, depth_of(value, MAX_DOC_DEPTH)) != 0)
		return -1;
	json_t *copy = a->take ? json_incref((json_t *)value) : json_deep_copy(value);
	if (!copy)
		return fail(a, TG_JSON_PATCH_NOMEM, "cannot copy the value");
	if (strcmp(a->op_name, "add") == 0)
		return do_add(a, path, copy);
	return do_replace(a, path, copy);
}

static int op_with_from(struct apply *a, const json_t *op, const struct tg_json_pointer *path)
{
	struct tg_json_pointer from;
	json_t *src;
	int rc = -1;
	if (get_pointer(a, op, "from", &from) != 0)
		return -1;
	if (get_existing(a, &from, "from", &src) != 0)
		goto out;
	/* The moved or copied value sits at from, so it is at most this deep. */
	size_t vdepth = a->depth_bound > from.ntokens ? a->depth_bound - from.ntokens : 0;
	if (strcmp(a->op_name, "copy") == 0) {
		size_t nodes = count_nodes(src, a->copy_budget);
		if (nodes > a->copy_budget) {
			fail(a, TG_JSON_PATCH_TOO_LARGE, "copies more than %d values in all",
			     TG_JSON_PATCH_MAX_COPY_NODES);
			goto out;
		}
		a->copy_budget -= nodes;
		if (check_depth(a, path, src, vdepth) != 0)
			goto out;
		json_t *copy = json_deep_copy(src);
		if (!copy) {
			fail(a, TG_JSON_PATCH_NOMEM, "cannot copy the value");
			goto out;
		}
		rc = do_add(a, path, copy);
		goto out;
	}
	if (tg_json_pointer_equal(&from, path)) {
		rc = 0;
		goto out;
	}
	if (tg_json_pointer_is_proper_prefix(&from, path)) {
		fail(a, TG_JSON_PATCH_MOVE_INTO_CHILD, "cannot move a value into itself");
		goto out;
	}
	if (check_depth(a, path, src, vdepth) != 0)
		goto out;
	json_t *moved;
	if (do_remove(a, &from, &moved) != 0)
		goto out;
	rc = do_add(a, path, moved);
out:
	tg_json_pointer_free(&from);
	return rc;
}

static int apply_op(struct apply *a, const json_t *op)
{
	if (!json_is_object(op))
		return fail(a, TG_JSON_PATCH_MALFORMED, "an operation must be an object");
	const json_t *name = json_object_get(op, "op");
	if (!json_is_string(name))
		return fail(a, TG_JSON_PATCH_MALFORMED, "missing or non-string 'op'");
	static const char *const known[] = {"add", "remove", "replace", "move", "copy", "test"};
	a->op_name = NULL;
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(json_string_value(name), known[i]) == 0 &&
		    json_string_length(name) == strlen(known[i]))
			a->op_name = known[i];
	if (!a->op_name)
		return fail(a, TG_JSON_PATCH_MALFORMED, "unknown op");

	struct tg_json_pointer path;
	if (get_pointer(a, op, "path", &path) != 0)
		return -1;
	int rc;
	if (strcmp(a->op_name, "remove") == 0)
		rc = do_remove(a, &path, NULL);
	else if (strcmp(a->op_name, "move") == 0 || strcmp(a->op_name, "copy") == 0)
		rc = op_with_from(a, op, &path);
	else
		rc = op_with_value(a, op, &path);
	tg_json_pointer_free(&path);
	return rc;
}

/* The operations of patch, in order, on a->root; stops at the first that
 * fails (a->st says how). */
static void apply_ops(struct apply *a, const json_t *patch)
{
	for (size_t i = 0; i < json_array_size(patch); i++) {
		a->op_index = i;
		a->in_op = 1;
		if (apply_op(a, json_array_get(patch, i)) != 0)
			break;
	}
}

json_t *tg_json_patch_apply_status(const json_t *doc, const json_t *patch,
                                   enum tg_json_patch_status *st, char *err, size_t errlen)
{
	struct apply a = {
	    .copy_budget = TG_JSON_PATCH_MAX_COPY_NODES, .err = err, .errlen = errlen};
	if (err && errlen)
		err[0] = '\0';
	if (!doc) {
		fail(&a, TG_JSON_PATCH_MALFORMED, "no document to patch");
	} else if (!json_is_array(patch)) {
		fail(&a, TG_JSON_PATCH_MALFORMED, "the patch must be an array");
	} else if (json_array_size(patch) > TG_JSON_PATCH_MAX_OPS) {
		fail(&a, TG_JSON_PATCH_TOO_LARGE, "more than %d operations", TG_JSON_PATCH_MAX_OPS);
	} else if ((a.depth_bound = depth_of(doc, MAX_DOC_DEPTH)) > MAX_DOC_DEPTH) {
		fail(&a, TG_JSON_PATCH_TOO_LARGE, "the document is nested more than %d deep",
		     MAX_DOC_DEPTH);
	} else if (!(a.root = json_deep_copy(doc))) {
		fail(&a, TG_JSON_PATCH_NOMEM, "cannot copy the document");
	} else {
		apply_ops(&a, patch);
	}
	if (st)
		*st = a.st;
	if (a.st != TG_JSON_PATCH_OK) {
		json_decref(a.root);
		return NULL;
	}
	return a.root;
}

json_t *tg_json_patch_apply(const json_t *doc, const json_t *patch, char *err, size_t errlen)
{
	return tg_json_patch_apply_status(doc, patch, NULL, err, errlen);
}

static enum tg_json_patch_status apply_in_place(json_t **doc, const json_t *patch, int take,
                                                char *err, size_t errlen)
{
	/* No copy and no walk of the document: its depth is bounded by the
	 * caller's promise (json_patch.h), and each operation keeps it so
	 * (check_depth), so the bound for a moved or copied value is the
	 * limit itself and only such a value is measured. */
	struct apply a = {.root = doc ? *doc : NULL,
	                  .depth_bound = MAX_DOC_DEPTH,
	                  .copy_budget = TG_JSON_PATCH_MAX_COPY_NODES,
	                  .take = take,
	                  .err = err,
	                  .errlen = errlen};
	if (err && errlen)
		err[0] = '\0';
	if (!a.root)
		fail(&a, TG_JSON_PATCH_MALFORMED, "no document to patch");
	else if (!json_is_array(patch))
		fail(&a, TG_JSON_PATCH_MALFORMED, "the patch must be an array");
	else if (json_array_size(patch) > TG_JSON_PATCH_MAX_OPS)
		fail(&a, TG_JSON_PATCH_TOO_LARGE, "more than %d operations", TG_JSON_PATCH_MAX_OPS);
	else
		apply_ops(&a, patch);
	if (doc)
		*doc = a.root;
	return a.st;
}

enum tg_json_patch_status tg_json_patch_apply_in_place(json_t **doc, const json_t *patch, char *err,
                                                       size_t errlen)
{
	return apply_in_place(doc, patch, 0, err, errlen);
}

enum tg_json_patch_status tg_json_patch_apply_in_place_take(json_t **doc, json_t *patch, char *err,
                                                            size_t errlen)
{
	return apply_in_place(doc, patch, 1, err, errlen);
}
