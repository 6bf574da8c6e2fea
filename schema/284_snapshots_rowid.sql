-- 284_snapshots_rowid.sql: the snapshots table becomes a rowid table whose
-- primary key is an index of (match_id, seq) alone (issue 17).
--
-- As a WITHOUT ROWID table (001, 260) its rows lived in the primary key's
-- B-tree, state and all. A Lincoln's War state is about 12 KB, so each row
-- overflowed onto three pages, and SQLite compares a key with such a row
-- only after reading the whole row into memory, overflow pages included
-- (btree.c, sqlite3BtreeIndexMoveto). So every snapshot written on the
-- daemon's loop read the overflow chains of each stored row its search
-- met, at every level of the tree: in a bench's database (283 snapshots,
-- 100 matches at 1,000 actions/s) those were the loop's pread64 calls,
-- groups of three consecutive pages (strace, session 29), and the rest
-- came from the page cache as 12 KB copies. Now the key's B-tree holds
-- (match_id, seq, rowid) only, and the state lives in the table's row,
-- which a search by rowid never reads; a new snapshot is appended at the
-- table's right edge. test_store_migrate_284 counts the pages a write
-- fetches (28 before among 300 stored states, at most 10 after; 4 in its run).
--
-- Every rule of the table stays: seq 0 or more, the match's foreign key,
-- one snapshot a (match_id, seq) (the store's upsert targets it), STRICT.
-- The table is rebuilt (nothing refers to it), every snapshot copied in
-- key order.
ALTER TABLE snapshots RENAME TO snapshots_old;
CREATE TABLE snapshots (
	match_id INTEGER NOT NULL REFERENCES matches(id),
	seq INTEGER NOT NULL CHECK (seq >= 0),
	state TEXT NOT NULL,
	PRIMARY KEY (match_id, seq)
) STRICT;
INSERT INTO snapshots (match_id, seq, state)
	SELECT match_id, seq, state FROM snapshots_old ORDER BY match_id, seq;
DROP TABLE snapshots_old;
