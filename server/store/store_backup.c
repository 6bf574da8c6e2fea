/* store_backup.c — an online copy of the database with SQLite's backup API
 * (https://sqlite.org/backup.html), taken in steps so the daemon goes on
 * serving between them. The copy is made through the store's own
 * connection, so what the daemon writes meanwhile is carried into the copy
 * as it goes: the finished file is the database as of the last step. It is
 * written to "<path>.part", private (0600), and renamed to path at the end. */
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct tg_store_backup {
	struct tg_store *src;
	sqlite3 *dest;
	sqlite3_backup *b;
	char path[1024], part[1040];
	int pages, remaining;
};

struct tg_store_backup *tg_store_backup_begin(struct tg_store *s, const char *path,
                                              struct tg_error *err)
{
	struct tg_store_backup *bk = calloc(1, sizeof *bk);
	if (!bk) {
		tg_fail(err, TG_STORE_E_STORAGE, "out of memory starting a backup");
		return NULL;
	}
	bk->src = s;
	snprintf(bk->path, sizeof bk->path, "%s", path);
	snprintf(bk->part, sizeof bk->part, "%s.part", path);
	int fd = open(bk->part, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		tg_fail(err, TG_STORE_E_STORAGE, "cannot create %s: %s", bk->part, strerror(errno));
		free(bk);
		return NULL;
	}
	close(fd);
	if (sqlite3_open_v2(bk->part, &bk->dest, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
	    !(bk->b = sqlite3_backup_init(bk->dest, "main", s->db, "main"))) {
		tg_fail(err, TG_STORE_E_STORAGE, "cannot start a backup to %s: %s", bk->part,
		        bk->dest ? sqlite3_errmsg(bk->dest) : "out of memory");
		sqlite3_close(bk->dest);
		unlink(bk->part);
		free(bk);
		return NULL;
	}
	return bk;
}

int tg_store_backup_step(struct tg_store_backup *bk, int pages, struct tg_error *err)
{
	int rc = sqlite3_backup_step(bk->b, pages);
	bk->pages = sqlite3_backup_pagecount(bk->b);
	bk->remaining = sqlite3_backup_remaining(bk->b);
	if (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
		return 0;
	if (rc != SQLITE_DONE) {
		tg_fail(err, TG_STORE_E_STORAGE, "backup to %s failed: %s", bk->part,
		        sqlite3_errstr(rc));
		return -1;
	}
	/* The copy holds every commit made so far, and with deferred syncs
	 * (tg_store_defer_sync) the latest may not be on disk yet: a power cut
	 * could take them from the live database, acks unsent, while the copy
	 * keeps them. So they are made durable before the copy is whole. */
	if (tg_store_sync(bk->src, err) != 0)
		return -1;
	rc = sqlite3_backup_finish(bk->b);
	bk->b = NULL;
	if (rc != SQLITE_OK || sqlite3_close(bk->dest) != SQLITE_OK) {
		tg_fail(err, TG_STORE_E_STORAGE, "finishing the backup %s failed: %s", bk->part,
		        sqlite3_errstr(rc));
		return -1;
	}
	bk->dest = NULL;
	if (rename(bk->part, bk->path) != 0) {
		tg_fail(err, TG_STORE_E_STORAGE, "cannot rename %s: %s", bk->part, strerror(errno));
		return -1;
	}
	return 1;
}

void tg_store_backup_progress(const struct tg_store_backup *bk, int *pages, int *remaining)
{
	*pages = bk->pages;
	*remaining = bk->remaining;
}

void tg_store_backup_free(struct tg_store_backup *bk)
{
	if (!bk)
		return;
	if (bk->b)
		sqlite3_backup_finish(bk->b);
	if (bk->dest) {
		sqlite3_close(bk->dest);
		unlink(bk->part); /* not finished: no half copy is left */
	}
	free(bk);
}
