/* test_action_members.c — an action's members as lw_a_str and lw_a_int
 * read them (lw_base.c: walked in order for a small object, not hashed;
 * issue 17) are json_object_get's: a member anywhere in the object, none
 * for a missing key, a name that only begins with the key (a NUL inside
 * it, or longer), a key that only begins a name, a value of another
 * type, an object of more than eight members, and something not an
 * object at all; and so while an act's "type" is held (lw_a_type_begin). */
#include <stdio.h>
#include <string.h>

#include "lincolns_war/lw_base.h"
#include "tap.h"

static const char *const keys[] = {"type", "to", "unit", "card", "hex", "", "typ", "types"};

/* lw_a_str and lw_a_int of every key against json_object_get's */
static int same(const json_t *a, const char *what)
{
	int wrong = 0;
	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		const json_t *x = json_object_get(a, keys[k]);
		const char *want_s = json_string_value(x);
		const char *got_s = lw_a_str(a, keys[k]);
		int got_i = -7, want_i = -7;
		bool want_ok = json_is_integer(x) && json_integer_value(x) >= -1000000 &&
		               json_integer_value(x) <= 1000000;
		if (want_ok)
			want_i = (int)json_integer_value(x);
		bool got_ok = lw_a_int(a, keys[k], &got_i);
		bool ok = got_s == want_s && got_ok == want_ok && got_i == want_i;
		if (!ok)
			CHECKF(ok, "%s: key \"%s\": str %s int %d (%d), want %s %d (%d)", what,
			       keys[k], got_s ? got_s : "(null)", got_i, got_ok,
			       want_s ? want_s : "(null)", want_i, want_ok);
		wrong += !ok;
	}
	return wrong;
}

int main(void)
{
	int wrong = 0;
	json_t *a = json_pack("{s:s, s:i, s:s}", "type", "move", "to", 807, "unit", "g-12");
	wrong += same(a, "in order");
	json_t *b = json_pack("{s:i, s:s, s:s}", "to", 1203, "unit", "g-3", "type", "rail");
	wrong += same(b, "type last");
	/* names that begin with a key, or that a key begins */
	json_t *c = json_object();
	json_object_setn_new(c, "type\0x", 6, json_string("nul inside"));
	json_object_set_new(c, "types", json_string("longer"));
	json_object_set_new(c, "typ", json_integer(5));
	json_object_set_new(c, "", json_integer(-1));
	wrong += same(c, "near names");
	CHECK(lw_a_str(c, "type") == NULL);
	json_object_set_new(c, "type", json_string("march"));
	wrong += same(c, "near names, then the name");
	CHECK_EQ_STR(lw_a_str(c, "type"), "march");
	/* values of another type, and integers out of lw_a_int's range */
	json_t *d = json_pack("{s:i, s:s, s:n, s:b, s:I, s:f}", "type", 3, "to", "807", "unit",
	                      "card", 1, "hex", (json_int_t)2000000, "typ", 1.0);
	wrong += same(d, "other types");
	/* more than eight members, the key among them and not */
	json_t *e = json_object();
	for (int i = 0; i < 20; i++) {
		char name[16];
		snprintf(name, sizeof name, "m%d", i);
		json_object_set_new(e, name, json_integer(i));
		if (i == 13)
			json_object_set_new(e, "to", json_integer(1903));
	}
	wrong += same(e, "large, no type");
	json_object_set_new(e, "type", json_string("pass"));
	wrong += same(e, "large");
	/* not objects */
	json_t *f = json_pack("[s,s]", "type", "move");
	wrong += same(f, "an array");
	wrong += same(NULL, "NULL");
	json_t *g = json_object();
	wrong += same(g, "empty");
	/* an act's type read once (lw_a_type_begin): the held object's type
	 * is its own, every other object's and key's are looked up; nested,
	 * the inner's ends back at the outer's, and none is left after */
	struct lw_a_type out_saved, in_saved;
	CHECK_EQ_STR(lw_a_type_begin(b, &out_saved), "rail");
	CHECK(lw_a_str(b, "type") == json_string_value(json_object_get(b, "type")));
	const json_t *all[] = {a, b, c, d, e, f, NULL, g};
	for (size_t k = 0; k < sizeof all / sizeof *all; k++)
		wrong += same(all[k], "b's type held");
	CHECK_EQ_STR(lw_a_type_begin(a, &in_saved), "move");
	CHECK_EQ_STR(lw_a_str(a, "type"), "move");
	CHECK_EQ_STR(lw_a_str(b, "type"), "rail");
	for (size_t k = 0; k < sizeof all / sizeof *all; k++)
		wrong += same(all[k], "a's type held in b's");
	lw_a_type_end(&in_saved);
	CHECK_EQ_STR(lw_a_str(b, "type"), "rail");
	CHECK_EQ_STR(lw_a_str(a, "type"), "move");
	CHECK(lw_a_type_begin(d, &in_saved) == NULL); /* an integer "type" */
	CHECK(lw_a_str(d, "type") == NULL);
	lw_a_type_end(&in_saved);
	CHECK(lw_a_type_begin(NULL, &in_saved) == NULL);
	wrong += same(NULL, "NULL held");
	wrong += same(g, "empty, NULL held");
	lw_a_type_end(&in_saved);
	lw_a_type_end(&out_saved);
	/* none held: a's type changed is read anew */
	json_object_set_new(a, "type", json_string("attack"));
	CHECK_EQ_STR(lw_a_str(a, "type"), "attack");
	wrong += same(a, "after, a changed");
	CHECK_EQ_INT(wrong, 0);
	json_decref(a);
	json_decref(b);
	json_decref(c);
	json_decref(d);
	json_decref(e);
	json_decref(f);
	json_decref(g);
	return tap_done();
}
