/* 9.1 by email reply: a rail move is offered as an entry per mode with two
 * params, the general ("unit") and the destination ("to"), "to" by "unit":
 * each general's destinations those his "only"/"except" list opens (issue
 * 17, PROTOCOL.md). A player by email gives both as N.K.L ("Moves by email
 * reply"): for every rail entry of the view at the Rail Phases of a
 * bot-played Campaign game, the reply naming its first and its last
 * general with the first and the last destination each one's list opens is
 * read by the daemon's own parser (mail_in_choose) into an action that
 * act() accepts, the general and destination those of the numbers; a
 * destination his list shuts is refused with a sentence (act() would
 * refuse it too); and N.K alone (a number short) is refused. */
#include <stdlib.h>
#include <string.h>

#include "core/mail_in.h"
#include "kit/param_by.h"
#include "lw_testkit.h"

static const struct game_module *M = &lincolns_war_module;
static int entries, replies, accepted, shut;

static const char *param_value_text(const json_t *ps, size_t p, size_t k, char *buf, size_t n)
{
	const json_t *v = json_object_get(
	    json_array_get(json_object_get(json_array_get(ps, p), "choices"), k), "value");
	if (json_is_string(v))
		return json_string_value(v);
	snprintf(buf, n, "%lld", (long long)json_integer_value(v));
	return buf;
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (s->phase != LW_PH_RAIL || s->rail.stage[s->phasing] != 0)
		return;
	const char *role = M->roles[s->phasing - 1];
	json_t *v = M->view(g, role);
	const json_t *acts = json_object_get(v, "actions");
	size_t i;
	json_t *e;
	json_array_foreach(acts, i, e)
	{
		const json_t *a = json_object_get(e, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "rail") != 0)
			continue;
		entries++;
		const json_t *ps = json_object_get(e, "params");
		size_t nu = json_array_size(json_object_get(json_array_get(ps, 0), "choices"));
		size_t nt = json_array_size(json_object_get(json_array_get(ps, 1), "choices"));
		if (!CHECKF(json_array_size(ps) == 2 && nu > 0 && nt > 0,
		            "turn %d: a rail entry without its two params", s->turn))
			continue;
		const json_t *pto = json_array_get(ps, 1);
		size_t us[2] = {0, nu - 1};
		for (int x = 0; x < 2; x++) {
			size_t ts[2] = {nt, nt}, closed = nt;
			for (size_t t = 0; t < nt; t++) {
				if (!tg_param_open(pto, us[x], t)) {
					closed = closed < nt ? closed : t;
					continue;
				}
				ts[0] = ts[0] < nt ? ts[0] : t;
				ts[1] = t;
			}
			if (!CHECKF(ts[0] < nt,
			            "turn %d: general %zu of a rail entry has no "
			            "destination",
			            s->turn, us[x] + 1))
				continue;
			if (closed < nt) {
				char line[64], why[300] = "";
				snprintf(line, sizeof line, "%zu.%zu.%zu", i + 1, us[x] + 1,
				         closed + 1);
				const char *label = NULL;
				json_t *no = mail_in_choose(acts, line, why, sizeof why, &label);
				CHECKF(no == NULL && strstr(why, "not open"),
				       "turn %d: reply %s (a destination his list shuts) taken: %s",
				       s->turn, line, why);
				json_decref(no);
				shut++;
			}
			for (int y = 0; y < 2; y++) {
				char line[64], why[300] = "", b1[32], b2[32];
				snprintf(line, sizeof line, "%zu.%zu.%zu", i + 1, us[x] + 1,
				         ts[y] + 1);
				const char *label = NULL;
				json_t *act = mail_in_choose(acts, line, why, sizeof why, &label);
				replies++;
				if (!CHECKF(act != NULL, "turn %d: reply %s refused: %s", s->turn,
				            line, why))
					continue;
				const char *unit = param_value_text(ps, 0, us[x], b1, sizeof b1);
				const char *to = param_value_text(ps, 1, ts[y], b2, sizeof b2);
				char got_to[32];
				snprintf(got_to, sizeof got_to, "%lld",
				         (long long)json_integer_value(json_object_get(act, "to")));
				CHECKF(strcmp(json_string_value(json_object_get(act, "unit")),
				              unit) == 0 &&
				           strcmp(got_to, to) == 0,
				       "turn %d: reply %s names %s to %s", s->turn, line, unit, to);
				struct game *copy = M->copy(g);
				struct game_outcome o = {0};
				struct tg_error err = {0};
				if (CHECKF(M->act(copy, role, act, &o, &err) == 0,
				           "turn %d: %s: %s", s->turn, line, err.message))
					accepted++;
				M->free(copy);
				json_decref(act);
			}
		}
		/* one number short: refused, with a sentence */
		char line[32], why[300] = "";
		snprintf(line, sizeof line, "%zu.1", i + 1);
		const char *label = NULL;
		json_t *none = mail_in_choose(acts, line, why, sizeof why, &label);
		CHECKF(none == NULL && why[0], "turn %d: reply %s taken", s->turn, line);
		json_decref(none);
	}
	json_decref(v);
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 1,
	                                        .seed_tag = 0x9e,
	                                        .scenario = "campaign",
	                                        .bot_mul = 7,
	                                        .bot_add = 1,
	                                        .max_actions = 600},
	                 after, NULL);
	printf("# %d rail entries, %d replies read, %d accepted by act(), %d shut refused\n",
	       entries, replies, accepted, shut);
	CHECK(entries > 10);
	CHECK(shut > 0);
	CHECK(accepted == replies);
	return tap_done();
}
