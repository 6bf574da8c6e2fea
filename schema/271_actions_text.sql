-- 271_actions_text.sql: an action's text is no longer checked by
-- json_valid() on every INSERT (issue 17). The check parsed each action in
-- SQLite on the daemon's loop thread, about 2.8 K instructions an action
-- (json_valid 2.1 K, its parse's aux data freed at the statement's end
-- 0.7 K; session 26's callgrind_loop.py). The text is JSON where it is
-- built: the store writes every action from its jansson tree with
-- tg_json_compact_append (store_bind_json_kept), whose bytes are
-- json_dumps's (tests/unit/test_json_compact.c), and
-- test_store_migrate_271 checks SQLite's json_valid() on random trees
-- written so. An action whose text does not parse is refused when read
-- (store_column_json: "stored action is not valid JSON").
--
-- Removing a CHECK changes nothing on disk, so the table is not rebuilt
-- (the log may be large): its CREATE text is edited in sqlite_schema, as
-- SQLite's ALTER TABLE documentation describes for such changes ("Making
-- Other Kinds Of Table Schema Changes"). The CREATE and DROP of a scratch
-- table move the schema version, so that another connection reads the
-- new text; writable_schema=RESET reloads it on this one (the store's own,
-- whose statements are prepared after the migrations). Every other rule of
-- the table stays: seq >= 1, barrier and undone 0 or 1, the match's
-- foreign key, the primary key, STRICT.
PRAGMA writable_schema=ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'action TEXT NOT NULL CHECK (json_valid(action))', 'action TEXT NOT NULL')
 WHERE type = 'table' AND name = 'actions';
PRAGMA writable_schema=RESET;
CREATE TABLE tg_schema_version_bump (x);
DROP TABLE tg_schema_version_bump;
