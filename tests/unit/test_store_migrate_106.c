/* test_store_migrate_106.c — schema/106_rules_version.sql: a database made
 * by the migrations before it, holding a match, opens with 106 applied; the
 * old match reads rules version 1 from its setup (rules_since 0), a new one
 * records the version it is created under, and a match resumed under a newer
 * version records it and the action it applies after (game.h, "Rules
 * versions"). */
#include "migrate_testkit.h"

int main(void)
{
	struct tg_error err = {0};
	if (!migrate_dirs("106"))
		return 1;

	/* A database as the builds before 106 left it, with a finished match. */
	apply_old(106);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 106"), 0);
	CHECK_EQ_INT(old_match("finished", "", ""), SQLITE_OK);

	/* The next open applies 106: the old match reads rules version 1, played
	 * under it from its setup (rules_since 0). */
	copy_schema(0);
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 106"), 1);
	struct tg_store *s = tg_store_open(db_path, schema, &err);
	CHECKF(s != NULL, "%s", err.message);
	if (!s)
		return tap_done();
	json_t *row = tg_store_match_get(s, 5, &err);
	CHECKF(row != NULL, "%s", err.message);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_version")), 1);
	CHECK(json_is_integer(json_object_get(row, "rules_since")) &&
	      json_integer_value(json_object_get(row, "rules_since")) == 0);
	json_decref(row);

	/* A new match records the version it is created under; one without a
	 * version, or with version 0, is refused. */
	json_t *spec =
	    json_pack("{s:s,s:s,s:s,s:I,s:s,s:s,s:I,s:i}", "game", "fixture-duel", "scenario",
	              "standard", "visibility", "public", "creator", (json_int_t)1, "secret", "dd",
	              "commitment", "ee", "created", (json_int_t)3, "rules_version", 3);
	int64_t id = 0;
	CHECKF(tg_store_match_create(s, spec, &id, &err) == 0, "%s", err.message);
	row = tg_store_match_get(s, id, &err);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_version")), 3);
	json_decref(row);
	json_object_set_new(spec, "rules_version", json_integer(0));
	CHECK(tg_store_match_create(s, spec, &id, &err) != 0);
	json_object_del(spec, "rules_version");
	CHECK(tg_store_match_create(s, spec, &id, &err) != 0);
	json_decref(spec);

	/* A match resumed under version 2 from its state at action 40. */
	CHECKF(tg_store_match_set_rules(s, 5, 2, 40, &err) == 0, "%s", err.message);
	row = tg_store_match_get(s, 5, &err);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_version")), 2);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_since")), 40);
	json_decref(row);
	CHECK(tg_store_match_set_rules(s, 5, 0, 0, &err) != 0);
	CHECK(tg_store_match_set_rules(s, 99, 2, 0, &err) != 0 &&
	      strcmp(err.code, "no_such_match") == 0);
	tg_store_close(s);
	/* Reopening applies nothing again. */
	CHECK(opens());

	migrate_cleanup();
	return tap_done();
}
