/* tourney_export.c — a tournament exported (PROTOCOL.md, "tourney_export"):
 * as JSON (its settings, rounds and pairings, the record of every finished
 * match, the standings and the log) or as a text crosstable. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/server_internal.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

/* A growing text buffer. */
struct text {
	char *s;
	size_t len, cap;
	bool failed;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	for (int attempt = 0; attempt < 2 && !t->failed; attempt++) {
		va_start(ap, fmt);
		int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			t->failed = true;
			return;
		}
		if (t->s && t->len + (size_t)n < t->cap) {
			t->len += (size_t)n;
			return;
		}
		size_t cap = (t->cap + (size_t)n + 1) * 2;
		char *s = realloc(t->s, cap);
		if (!s) {
			t->failed = true;
			return;
		}
		t->s = s;
		t->cap = cap;
	}
}

/* One cell of the crosstable: the result, the opponent's rank and one's
 * side (the first letter of the role), e.g. "+3u", "=5c", "-2u"; a bye
 * "+BYE"; a forfeit "+F3" / "-F3"; a game being played "*3u". */
static void cell(char *out, size_t cap, const json_t *g, bool first, int opp_rank,
                 const char *roles[2])
{
	const char *r = str(g, "result");
	if (json_is_null(json_object_get(g, "side1"))) {
		snprintf(out, cap, "+BYE");
		return;
	}
	char side = roles[first ? 0 : 1][0];
	if (!r) {
		snprintf(out, cap, "*%d%c", opp_rank, side);
		return;
	}
	bool ff = r[0] == '+' || r[0] == '-';
	bool won = strcmp(r, first ? "1-0" : "0-1") == 0 || strcmp(r, first ? "+-" : "-+") == 0;
	bool draw = strcmp(r, "1/2-1/2") == 0;
	if (ff)
		snprintf(out, cap, "%sF%d", won ? "+" : "-", opp_rank);
	else
		snprintf(out, cap, "%c%d%c", draw ? '=' : won ? '+' : '-', opp_rank, side);
}

static const char *tb_short(const char *name)
{
	return !strcmp(name, "buchholz_cut1")      ? "BH-1"
	       : !strcmp(name, "buchholz")         ? "BH"
	       : !strcmp(name, "sonneborn_berger") ? "SB"
	       : !strcmp(name, "direct")           ? "DE"
	                                           : "W";
}

char *tourney_crosstable_text(const json_t *t, const struct game_module *mod)
{
	json_t *st = tourney_standings_json(t);
	const json_t *players = json_object_get(t, "players"), *games = json_object_get(t, "games");
	if (!st)
		return NULL;
	const char *roles[2] = {mod && mod->roles[0] ? mod->roles[0] : "0",
	                        mod && mod->roles[1] ? mod->roles[1] : "1"};
	if (roles[0][0] == roles[1][0])
		roles[0] = "1", roles[1] = "2";
	struct text out = {0};
	int rounds = (int)num(t, "round");
	put(&out, "%s: %s, %s %s, %lld rounds, %s%s\n", str(t, "name"), str(t, "format"),
	    str(t, "game"), str(t, "scenario"), (long long)num(t, "rounds"), str(t, "status"),
	    json_is_true(json_object_get(t, "paused")) ? " (paused)" : "");
	put(&out, "%3s %-20s %5s", "#", "Player", "Pts");
	for (int r = 1; r <= rounds; r++) {
		char h[16];
		snprintf(h, sizeof h, "R%d", r);
		put(&out, " %6s", h);
	}
	const json_t *tb0 = json_object_get(json_array_get(st, 0), "tiebreaks");
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)tb0, k, v) put(&out, " %6s", tb_short(k));
	put(&out, "\n");
	size_t i;
	json_t *row;
	json_array_foreach(st, i, row)
	{
		const char *name = str(row, "user");
		put(&out, "%3lld %-20.20s %5.1f", (long long)num(row, "rank"), name,
		    json_number_value(json_object_get(row, "points")));
		for (int r = 1; r <= rounds; r++) {
			char c[32] = "";
			size_t gi;
			json_t *g;
			json_array_foreach(games, gi, g)
			{
				if (num(g, "round") != r)
					continue;
				const json_t *p0 = NULL, *p1 = NULL;
				size_t pi;
				json_t *p;
				json_array_foreach(players, pi, p)
				{
					if (num(p, "user_id") == num(g, "side0"))
						p0 = p;
					if (num(p, "user_id") == num(g, "side1"))
						p1 = p;
				}
				bool first = p0 && !strcmp(str(p0, "name"), name);
				bool second = p1 && !strcmp(str(p1, "name"), name);
				if (!first && !second)
					continue;
				const char *opp =
				    first ? (p1 ? str(p1, "name") : NULL) : str(p0, "name");
				int opp_rank = 0;
				size_t si;
				json_t *srow;
				json_array_foreach(st, si,
				                   srow) if (opp && !strcmp(str(srow, "user"), opp))
				    opp_rank = (int)si + 1;
				cell(c, sizeof c, g, first, opp_rank, roles);
			}
			put(&out, " %6s", c);
		}
		json_object_foreach(json_object_get(row, "tiebreaks"), k, v)
		    put(&out, " %6.1f", json_number_value(v));
		if (json_is_true(json_object_get(row, "withdrawn")))
			put(&out, "  withdrawn");
		put(&out, "\n");
	}
	put(&out,
	    "Cells: result (+ win, = draw, - loss, * playing), the opponent's line number "
	    "and one's side (%s, %s); +BYE a bye; +F/-F a forfeit.\n",
	    roles[0], roles[1]);
	json_decref(st);
	if (out.failed) {
		free(out.s);
		return NULL;
	}
	return out.s;
}

static int by_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

void op_tourney_export(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const char *format = json_string_value(json_object_get(req, "format"));
	if (json_object_get(req, "format") &&
	    (!format || (strcmp(format, "json") != 0 && strcmp(format, "text") != 0))) {
		srv_error(s, req, "malformed_request", "\"format\" is \"json\" or \"text\".");
		return;
	}
	json_t *t = tourney_req(s, req);
	if (!t)
		return;
	struct tg_error err = {0};
	const struct game_module *mod = tg_game_find(srv->games, str(t, "game"));
	if (format && strcmp(format, "text") == 0) {
		char *text = tourney_crosstable_text(t, mod);
		if (!text)
			srv_error(s, req, "internal", "Out of memory writing the crosstable.");
		else
			srv_ok(s, req,
			       json_pack("{s:I,s:s}", "tourney", num(t, "id"), "text", text));
		free(text);
		json_decref(t);
		return;
	}
	/* JSON: the tournament object with its log, and the records of the
	 * finished matches (a match still played shows nothing of its moves),
	 * in match order from after records_after, as many as fit in half the
	 * connection's outbound limit: a reply over max_outbuf would close the
	 * connection as a client that does not read. */
	json_int_t after = 0;
	const json_t *ra = json_object_get(req, "records_after");
	if (ra && (!json_is_integer(ra) || json_integer_value(ra) < 0)) {
		srv_error(s, req, "malformed_request",
		          "\"records_after\" is a match id (0 or more).");
		json_decref(t);
		return;
	}
	after = ra ? json_integer_value(ra) : 0;
	size_t budget = srv->cfg.max_outbuf / 2;
	json_t *info = tourney_info(t, s->user_id, true);
	json_t *log = tg_store_tourney_log_list(srv->store, num(t, "id"), &err);
	json_t *records = json_object();
	json_int_t more = 0;
	size_t used = 0;
	if (info && log) {
		json_object_del(info, "invite");
		json_object_set(info, "log", log);
		used = json_dumpb(info, NULL, 0, JSON_COMPACT) + 200;
		if (used > budget) {
			srv_error(
			    s, req, "export_too_large",
			    "Tournament %lld is %zu bytes without its records, over the %zu this "
			    "server sends in one reply (half its max_outbuf); an operator may "
			    "raise max_outbuf.",
			    (long long)num(t, "id"), used, budget);
			goto fail_quiet;
		}
	}
	/* The event's matches in id order (the games list is by round). */
	size_t nids = 0, i;
	int64_t *ids = calloc(json_array_size(json_object_get(t, "games")) + 1, sizeof *ids);
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		json_t *mid = json_object_get(g, "match");
		if (ids && json_is_integer(mid) && json_integer_value(mid) > after)
			ids[nids++] = json_integer_value(mid);
	}
	if (ids)
		qsort(ids, nids, sizeof *ids, by_id);
	else
		info = (json_decref(info), NULL);
	json_int_t last = 0;
	for (i = 0; i < nids && log && info && !more; i++) {
		struct tg_match *m = match_get(srv, ids[i], &err);
		if (!m) {
			json_decref(log);
			log = NULL;
			break;
		}
		if (strcmp(match_status(m), "finished") != 0)
			continue;
		json_t *actions = tg_store_action_list(srv->store, m->id, 0, &err);
		json_t *rec = actions ? tg_record_build(m->row, actions, &err) : NULL;
		json_decref(actions);
		if (!rec) {
			json_decref(log);
			log = NULL;
			break;
		}
		size_t size = json_dumpb(rec, NULL, 0, JSON_COMPACT) + 32;
		if (used + size > budget) {
			json_decref(rec);
			if (json_object_size(records) == 0) {
				srv_error(
				    s, req, "export_too_large",
				    "The record of match %lld alone is %zu bytes, over the %zu "
				    "this "
				    "server sends in one reply (half its max_outbuf); export it "
				    "with \"export\", or an operator may raise max_outbuf.",
				    (long long)m->id, size, budget - used);
				free(ids);
				goto fail_quiet;
			}
			more = last; /* the next page starts with this match */
			break;
		}
		used += size;
		last = m->id;
		char key[32];
		snprintf(key, sizeof key, "%lld", (long long)m->id);
		json_object_set_new(records, key, rec);
	}
	free(ids);
	if (!log || !info) {
		json_decref(info);
		json_decref(records);
		json_decref(log);
		if (!err.code[0])
			tg_fail(&err, "internal", "out of memory exporting");
		srv_error_err(s, req, &err);
		json_decref(t);
		return;
	}
	json_decref(log);
	json_object_set_new(info, "records", records);
	json_t *reply = json_pack("{s:I,s:o}", "tourney", num(t, "id"), "export", info);
	if (more)
		json_object_set_new(reply, "more_records_after", json_integer(more));
	srv_ok(s, req, reply);
	json_decref(t);
	return;
fail_quiet:
	json_decref(info);
	json_decref(log);
	json_decref(records);
	json_decref(t);
}
