/* 12.4 in the middle of the Supply Phase: a 20.4 demotion takes the only
 * three-star of an eight-star army down to two, so the hex holds six stars
 * at most ("Stacking limits are checked and must be met after the
 * completion of ... actions of any kind"); a general is displaced to an
 * adjacent space (11.1.2.3), his owner choosing who and where. The phase's
 * later steps read where the generals stand: supply is traced hex by hex
 * and a force out of supply forages, one IT plus one per general without
 * forage on each force (20.5). So the phase holds for the answer, and the
 * general the owner displaced is the one who forages alone where he went.
 * Asked after the phase had run on (the old order), the junior had foraged
 * in his place and the one displaced instead carried nothing. */
#include "lw_supply_fixture.h"

/* The offered "displace" action for general u, with "to" the first of its
 * hexes out of supply; NULL if not offered. */
static json_t *displace_offer(struct game *g, int u, int *to)
{
	struct lw_state *s = &g->s;
	char id[48];
	lw_unit_id(s, u, id, sizeof id);
	json_t *v = lincolns_war_module.view(g, "union"), *r = NULL;
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(v, "actions"), i, e)
	{
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *gen = json_string_value(json_object_get(a, "general"));
		if (!t || strcmp(t, "displace") != 0 || !gen || strcmp(gen, id) != 0)
			continue;
		json_t *cands = json_array();
		if (json_object_get(a, "to"))
			json_array_append(cands, json_object_get(a, "to"));
		size_t k;
		json_t *c;
		json_array_foreach(
		    json_object_get(json_array_get(json_object_get(e, "params"), 0), "choices"), k,
		    c) json_array_append(cands, json_object_get(c, "value"));
		json_array_foreach(cands, k, c)
		{
			int h = (int)json_integer_value(c);
			if (!lw_supply_traced(s, h, LW_UNION, NULL)) {
				r = json_deep_copy(a);
				json_object_set_new(r, "to", json_integer(h));
				*to = h;
				break;
			}
		}
		json_decref(cands);
		break;
	}
	json_decref(v);
	return r;
}

int main(void)
{
	struct game *g = sx_game();
	struct lw_state *s = &g->s;
	int hooker = tk_unit(g, "hooker");
	int hex = sx_supply_hex(g, "GA", LW_UNION, hooker, false, true);
	if (!CHECK(hex != LW_NO_HEX))
		return tap_done();
	int meade = tk_put(g, "meade", hex, 1, 0);
	int sedgwick = tk_put(g, "sedgwick", hex, 2, 0);
	tk_put(g, "hancock", hex, 2, 0);
	tk_put(g, "hooker", hex, 3, 5); /* eight stars under the only three-star */
	sx_no_forage(s, LW_UNION);
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"hooker\"}",
	         hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[hooker].stars, 2);
	CHECK_EQ_INT(lw_force_co(s, hex), hooker); /* not below anyone: keeps command */
	CHECK(s->unit[meade].hex != hex);          /* the procedure's: the junior */

	/* the phase holds for the 12.4 question: no supply check yet */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECK(!(s->unit[meade].flags & LW_UF_OOS));
	CHECK_EQ_INT(s->unit[meade].it, 0);
	CHECK_EQ_INT(tk_awaiting(g), 1); /* the Union only */
	int to = LW_NO_HEX;
	json_t *a = displace_offer(g, sedgwick, &to);
	if (!CHECK(a != NULL)) {
		lincolns_war_module.free(g);
		return tap_done();
	}
	char *txt = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	CHECK(tk_act(g, "confederate", txt) != 0); /* the owner's choice */
	CHECKF(tk_act(g, "union", txt) == 0, "%s: %s", txt, tk_err.message);
	free(txt);
	CHECK_EQ_INT(s->unit[sedgwick].hex, to);
	CHECK_EQ_INT(s->unit[meade].hex, hex); /* back in the army */

	/* the phase went on from there: Sedgwick, alone out of supply, foraged
	 * for himself (1 + 1 IT); the army of three (1 + 3 IT, on Hooker) */
	CHECK(s->unit[sedgwick].flags & LW_UF_OOS);
	CHECK_EQ_INT(s->unit[sedgwick].it, 2);
	CHECK_EQ_INT(s->unit[hooker].it, 4);
	CHECK_EQ_INT(s->unit[meade].it, 0);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	lincolns_war_module.free(g);
	return tap_done();
}
