-- 260_snapshots_text.sql: a snapshot's state is no longer checked by
-- json_valid() on every write (issue 17). The check parsed the whole text
-- inside SQLite: 0.53 M of the 0.59 M instructions of the INSERT of
-- Lincoln's War's 12 KB state (a stand-alone insert into a copy of a bench
-- run's database, callgrind), at every game turn and every snapshot_every
-- actions, on the daemon's loop thread. A snapshot is a cache of what the
-- seed and the log give (docs/ARCHITECTURE.md): its writers are the
-- store's compact writer of save()'s tree and the games' save_text, which
-- test_module_save_text compares with that writer; and a snapshot whose
-- text does not parse is now refused when read (tg_store_snapshot_latest:
-- "bad_snapshot"), the match rebuilt from its seed and log, as a snapshot
-- the game refuses always was. The action log keeps its check.
--
-- SQLite cannot drop a CHECK in place: the table is rebuilt (it refers to
-- matches, nothing refers to it), every snapshot copied.
ALTER TABLE snapshots RENAME TO snapshots_old;
CREATE TABLE snapshots (
	match_id INTEGER NOT NULL REFERENCES matches(id),
	seq INTEGER NOT NULL CHECK (seq >= 0),
	state TEXT NOT NULL,
	PRIMARY KEY (match_id, seq)
) STRICT, WITHOUT ROWID;
INSERT INTO snapshots (match_id, seq, state) SELECT match_id, seq, state FROM snapshots_old;
DROP TABLE snapshots_old;
