/* backup.c — the operators' online backup (issue 24): `backup` copies the
 * database into <data>/backups/ with the store's backup API, a few hundred
 * pages per loop turn, between the turns' transactions, and answers when the
 * copy is whole. One backup at a time. Restore: docs/OPERATIONS.md. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "core/server_internal.h"
#include "util/log.h"

struct tg_backup {
	uv_idle_t idle;
	struct tg_server *srv;
	struct tg_store_backup *bk;
	struct tg_session *s; /* who asked (a reference) */
	json_t *req;
	char file[96]; /* relative to the data folder */
	int64_t started_ms;
};

static void backup_closed(uv_handle_t *h)
{
	free(h->data);
}

static void backup_end(struct tg_backup *b)
{
	uv_idle_stop(&b->idle);
	tg_store_backup_free(b->bk);
	session_unref(b->s);
	json_decref(b->req);
	if (b->srv)
		b->srv->backup = NULL;
	b->idle.data = b;
	uv_close((uv_handle_t *)&b->idle, backup_closed);
}

static void on_backup_idle(uv_idle_t *h)
{
	struct tg_backup *b = h->data;
	struct tg_server *srv = b->srv;
	if (srv->tx_open)
		return; /* between transactions only: the next idle turn */
	struct tg_error err = {0};
	int rc = tg_store_backup_step(b->bk, (int)srv->cfg.backup_pages_per_step, &err);
	if (rc == 0)
		return;
	int pages, remaining;
	tg_store_backup_progress(b->bk, &pages, &remaining);
	if (rc < 0) {
		TG_ERROR(b->s->id, 0, "backup %s failed: %s", b->file, err.message);
		if (!b->s->closed)
			srv_error_err(b->s, b->req, &err);
	} else {
		int64_t ms = (int64_t)uv_now(srv->loop) - b->started_ms;
		TG_INFO(b->s->id, 0, "backup %s done: %d pages in %lld ms", b->file, pages,
		        (long long)ms);
		if (!b->s->closed)
			srv_ok(b->s, b->req,
			       json_pack("{s:s,s:i,s:I}", "file", b->file, "pages", pages, "ms",
			                 (json_int_t)ms));
	}
	backup_end(b);
}

void op_backup(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	if (!srv_name_listed(srv->cfg.operators, s->user_name)) {
		srv_error(s, req, "not_an_operator", "Only the server's operators may do that.");
		return;
	}
	if (srv->backup) {
		srv_error(s, req, "backup_in_progress", "A backup is being made; wait for it.");
		return;
	}
	char dir[sizeof srv->cfg.data_dir + 16], path[sizeof dir + 100];
	snprintf(dir, sizeof dir, "%s/backups", srv->cfg.data_dir);
	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		srv_error(s, req, "storage", "Cannot make %s: %s", dir, strerror(errno));
		return;
	}
	struct tg_backup *b = calloc(1, sizeof *b);
	if (!b) {
		srv_error(s, req, "internal", "The server is out of memory.");
		return;
	}
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	char stamp[32];
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	/* A second backup in the same second gets the next free suffix. */
	for (int n = 0; n < 100; n++) {
		snprintf(b->file, sizeof b->file, "backups/telegraph-%s%s%.0d.db", stamp,
		         n ? "-" : "", n);
		snprintf(path, sizeof path, "%s/%s", srv->cfg.data_dir, b->file);
		struct stat st;
		if (stat(path, &st) != 0)
			break;
	}
	struct tg_error err = {0};
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_audit_add(srv->store, srv_now(), s->user_id, "backup", b->file,
	                       json_string_value(json_object_get(req, "reason"))
	                           ? json_string_value(json_object_get(req, "reason"))
	                           : "",
	                       &err) != 0 ||
	    !(b->bk = tg_store_backup_begin(srv->store, path, &err))) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		free(b);
		return;
	}
	b->srv = srv;
	b->s = s;
	session_ref(s);
	b->req = json_deep_copy(req);
	b->started_ms = (int64_t)uv_now(srv->loop);
	uv_idle_init(srv->loop, &b->idle);
	b->idle.data = b;
	uv_idle_start(&b->idle, on_backup_idle);
	srv->backup = b;
	TG_INFO(s->id, 0, "operator %s: backup to %s begun", s->user_name, b->file);
}

void backup_abandon(struct tg_server *srv)
{
	if (srv->backup) {
		srv->backup->srv = NULL;
		backup_end(srv->backup);
		srv->backup = NULL;
	}
}
