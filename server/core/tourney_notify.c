/* tourney_notify.c — offline notice of a new round (issue 20: "Notifications
 * ... tell players that their next round has started"), through the
 * notification outbox of issue 19 (notify.h). Each player still in gets,
 * on the channels he chose for starts (TG_EV_MATCH_STARTED), the event, the
 * round, his opponent, his side and his match, or his bye; the webhook body
 * carries them as "tourney", "round", "match", "opponent", "side", "bye" and
 * "forfeit". The match's own "match started" notice (match.c) still comes
 * too: this one says which tournament it belongs to, and is the only one a
 * bye gets, or a player whose scheduled opponent withdrew before the round
 * (a round robin's forfeit without a match: he wins it, and is told so). */
#include <stdio.h>
#include <string.h>

#include "core/server_internal.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

static const char *name_of(const json_t *t, json_int_t uid)
{
	const json_t *p = tourney_player_of(t, uid);
	return p ? str(p, "name") : "?";
}

int tourney_notify_round(struct tg_server *srv, const json_t *t, int round, struct tg_error *err)
{
	const struct game_module *mod = tg_game_find(srv->games, str(t, "game"));
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (num(g, "round") != round)
			continue;
		const json_t *s1 = json_object_get(g, "side1"), *mid = json_object_get(g, "match");
		for (int side = 0; side < 2; side++) {
			if (side == 1 && !json_is_integer(s1))
				break;
			json_int_t me = side == 0 ? num(g, "side0") : json_integer_value(s1);
			const json_t *p = tourney_player_of(t, me);
			if (!p || json_is_true(json_object_get(p, "withdrawn")))
				continue;
			char subject[200], text[600], key[96];
			snprintf(subject, sizeof subject, "Round %d of %s has started", round,
			         str(t, "name"));
			json_t *extra;
			if (!json_is_integer(s1)) {
				snprintf(text, sizeof text,
				         "Round %d of the tournament %s (%lld) has started. You "
				         "have a bye "
				         "this round: it counts as a win.\n",
				         round, str(t, "name"), (long long)num(t, "id"));
				extra = json_pack("{s:I,s:i,s:n,s:n,s:n,s:b,s:b}", "tourney",
				                  num(t, "id"), "round", round, "match", "opponent",
				                  "side", "bye", 1, "forfeit", 0);
			} else if (!json_is_integer(mid)) {
				/* A forfeit decided at once: his opponent withdrew. */
				const char *opp = name_of(t, side == 0 ? json_integer_value(s1)
				                                       : num(g, "side0"));
				snprintf(text, sizeof text,
				         "Round %d of the tournament %s (%lld) has started. Your "
				         "opponent %s withdrew from the tournament: you win this "
				         "round by forfeit, with nothing to play.\n",
				         round, str(t, "name"), (long long)num(t, "id"), opp);
				extra = json_pack("{s:I,s:i,s:n,s:s,s:n,s:b,s:b}", "tourney",
				                  num(t, "id"), "round", round, "match", "opponent",
				                  opp, "side", "bye", 0, "forfeit", 1);
			} else {
				const char *opp = name_of(t, side == 0 ? json_integer_value(s1)
				                                       : num(g, "side0"));
				const char *role =
				    mod ? mod->roles[side] : (side ? "second" : "first");
				snprintf(
				    text, sizeof text,
				    "Round %d of the tournament %s (%lld) has started. You play %s "
				    "against %s in match %lld.\n",
				    round, str(t, "name"), (long long)num(t, "id"), role, opp,
				    (long long)json_integer_value(mid));
				extra = json_pack("{s:I,s:i,s:O,s:s,s:s,s:b,s:b}", "tourney",
				                  num(t, "id"), "round", round, "match", mid,
				                  "opponent", opp, "side", role, "bye", 0,
				                  "forfeit", 0);
			}
			/* Once per game: a round paired again (new matches) is told again. */
			snprintf(key, sizeof key, "tourney%lld:r%d:b%lld:m%lld",
			         (long long)num(t, "id"), round, (long long)num(g, "board"),
			         json_is_integer(mid) ? (long long)json_integer_value(mid) : 0LL);
			int rc = extra ? notify_queue(srv, me, TG_EV_MATCH_STARTED, key, NULL,
			                              subject, text, extra, err)
			               : tg_fail(err, "internal", "out of memory");
			json_decref(extra);
			if (rc != 0)
				return -1;
		}
	}
	return 0;
}
