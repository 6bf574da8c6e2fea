/* chat_notify.c — "chat while you were away" (issue 19): a chat message in
 * a match tells each other player who is not connected and following that
 * match, unless he has blocked the sender or turned the event off. A chatty
 * opponent sends one mail, not twenty: the notification waits
 * notify_chat_delay_s (5 min) and gathers every message of the match that
 * comes meanwhile, and the next one of that match goes at least
 * notify_chat_gap_s (an hour) after it (notify_queue_group). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notify.h"
#include "core/server_internal.h"

/* "  grant: text\n", control characters shown as spaces: a message cannot
 * fake the mail's own lines or its signature. */
static char *chat_line(const char *from, const char *text)
{
	size_t n = strlen(from) + strlen(text) + 8;
	char *out = malloc(n);
	if (!out)
		return NULL;
	snprintf(out, n, "  %s: %s\n", from, text);
	for (char *p = out + 2; p[1]; p++)
		if ((unsigned char)*p < ' ' || *p == 127)
			*p = ' ';
	return out;
}

int notify_chat(struct tg_server *srv, struct tg_match *m, int role, const char *from,
                const char *text, int64_t chat_id, struct tg_error *err)
{
	int64_t sender = 0;
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(m->row, "seats"), i, seat)
	{
		const char *r = json_string_value(json_object_get(seat, "role"));
		if (r && strcmp(r, m->mod->roles[role]) == 0)
			sender = json_integer_value(json_object_get(seat, "user_id"));
	}
	char *line = chat_line(from, text);
	if (!line)
		return tg_fail(err, "internal", "out of memory");
	int64_t now = srv_now();
	int rc = 0;
	json_array_foreach(json_object_get(m->row, "seats"), i, seat)
	{
		int64_t uid = json_integer_value(json_object_get(seat, "user_id"));
		int r =
		    tg_game_role_index(m->mod, json_string_value(json_object_get(seat, "role")));
		if (uid == sender || r < 0 || notify_following(m, uid, r) ||
		    blocks_has(srv, uid, sender))
			continue;
		char subject[300], key[96], grp[48];
		size_t n = strlen(line) + 400;
		char *body = malloc(n);
		if (!body) {
			rc = tg_fail(err, "internal", "out of memory");
			break;
		}
		snprintf(body, n,
		         "While you were away, the chat of match %lld (%s, %s) went on. Read and "
		         "answer it with: telegraph play %lld\n\n%s",
		         (long long)m->id, m->mod->title,
		         json_string_value(json_object_get(m->row, "scenario")), (long long)m->id,
		         line);
		snprintf(subject, sizeof subject, "%s wrote in match %lld of %s", from,
		         (long long)m->id, m->mod->title);
		snprintf(key, sizeof key, "chat:m%lld:c%lld", (long long)m->id, (long long)chat_id);
		snprintf(grp, sizeof grp, "chat:m%lld", (long long)m->id);
		struct notify_group g = {
		    grp, now + srv->cfg.notify_chat_delay_s, srv->cfg.notify_chat_gap_s, line, NULL,
		    NULL};
		json_t *extra = json_pack("{s:I,s:s,s:s}", "match", (json_int_t)m->id, "game",
		                          m->mod->id, "from", from);
		rc = extra ? notify_queue_group(srv, uid, TG_EV_CHAT_AWAY, key, NULL, subject, body,
		                                extra, &g, err)
		           : tg_fail(err, "internal", "out of memory");
		json_decref(extra);
		free(body);
		if (rc != 0)
			break;
	}
	free(line);
	return rc;
}
