/* lw_save.c — the whole state as JSON and back (game.h save/load).
 *
 * Every field of lw_state.h is written by name, hidden information
 * included, so load(save(g)) behaves exactly like g and the replay test can
 * compare two saves byte for byte. Loading checks every bound: a corrupt or
 * foreign save is rejected with bad_save, never trusted. */
#include <string.h>

#include "kit/json_text.h"
#include "lw_engine.h"
#include "lw_ints.h"

#define SAVE_VERSION LW_SAVE_VERSION

/* ---- writing ------------------------------------------------------------- */

static json_t *u8s(const uint8_t *a, size_t n)
{
	json_t *arr = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, json_integer(a[i]));
	return arr;
}

static json_t *i16s(const int16_t *a, size_t n)
{
	json_t *arr = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, json_integer(a[i]));
	return arr;
}

static json_t *i8s(const int8_t *a, size_t n)
{
	json_t *arr = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, json_integer(a[i]));
	return arr;
}

static json_t *save_cards(const struct lw_cards *c)
{
	return json_pack("{s:o,s:o,s:o,s:o}", "draw", u8s(c->draw, c->draw_n), "discard",
	                 u8s(c->discard, c->discard_n), "hand", u8s(c->hand, c->hand_n), "out",
	                 u8s(c->out, c->out_n));
}

static json_t *save_side(const struct lw_player *p)
{
	json_t *o = json_object();
	json_object_set_new(o, "pc", json_integer(p->pc));
	json_object_set_new(o, "csp", json_integer(p->csp));
	json_object_set_new(o, "gic", json_integer(p->gic));
	json_object_set_new(o, "cards", save_cards(&p->cards));
	json_object_set_new(
	    o, "flags",
	    json_pack("[i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i]", p->passed, p->campaign_used,
	              p->campaign_card, p->committee, p->disgraced_bought, p->draft_left,
	              p->admin_done, p->president_killed, p->seditious_redraws, p->eastern_done,
	              p->richmond_bonus, p->draw_stage, p->campaign_turn_card, p->draw_partial,
	              p->committee_hand, p->committee_spent, p->gic_pending, p->gic_tier,
	              p->gic_old, p->gic_place, p->arrive_place));
	return o;
}

static json_t *save_unit(const struct lw_unit *u)
{
	return json_pack("[i,i,i,i,i,i,i,i,i,I,i,i]", u->gen, u->side, u->where, u->stars,
	                 u->cavalry, u->wounds, u->flags, u->hex, u->it, (json_int_t)u->cmd,
	                 u->it_new, u->arrive_turn);
}

static json_t *save_play(const struct lw_play *p)
{
	json_t *o =
	    json_pack("[i,i,i,i,i,i,i,i,i,i,i,i,i]", p->side, p->card, p->pc_left, p->campaign,
	              p->activations_left, p->erratic_rolled, p->co, p->start_hex, p->moved,
	              p->max_move, p->major, p->attacked, p->crossed_river);
	/* whole arrays (slots past the count too) so the state stays canonical */
	json_array_append_new(o, i16s(p->movers, LW_MAX_MOVERS));
	json_array_append_new(o, json_integer(p->movers_n));
	/* a slot of save format 4 no longer used (the campaign forces' hexes,
	 * never read): written [0,0], read and ignored, so saves still load */
	json_array_append_new(o, json_pack("[i,i]", 0, 0));
	json_array_append_new(o, json_integer(p->consolidated));
	json_array_append_new(o, json_integer(p->cons_hex));
	/* 12.3.1 (save format 18): the parts of a Major Army dispersed across
	 * the Mississippi in this card play, whole arrays */
	json_array_append_new(o, json_integer(p->mis_crossed));
	json_array_append_new(o, json_integer(p->mis_n));
	json_array_append_new(o, i16s(p->mis_unit, LW_MIS_MAX));
	json_array_append_new(o, u8s(p->mis_part, LW_MIS_MAX));
	return o;
}

static json_t *save_battle(const struct lw_battle *b)
{
	json_t *o = json_pack("[i,i,i,i,i,i,i,i,i,i,i,i,i,i,i]", b->active, b->attacker, b->att_hex,
	                      b->def_hex, b->empty_city, b->winner, b->result, b->rout, b->diff,
	                      b->casualty_side, b->casualty_victim_side, b->casualty_rank,
	                      b->retreat_side, b->strength[1], b->strength[2]);
	json_array_append_new(o, i16s(b->att_units, LW_MAX_MOVERS));
	json_array_append_new(o, json_integer(b->att_n));
	/* all LW_SIDE_SLOTS entries, the unused [LW_NOSIDE] one too (canonical) */
	json_array_append_new(o, u8s(b->res_card, LW_SIDE_SLOTS));
	json_array_append_new(o, i8s(b->csp, LW_SIDE_SLOTS));
	json_array_append_new(o, u8s(b->committed, LW_SIDE_SLOTS));
	json_array_append_new(o, json_integer(b->strength[0]));
	return o;
}

json_t *lw_save_json(const struct lw_state *s)
{
	json_t *o = json_object();
	json_object_set_new(o, "version", json_integer(SAVE_VERSION));
	json_object_set_new(o, "game",
	                    json_pack("[i,i,i,i,i,i,i,i,i,i,i,i,I,I,i]", s->scenario, s->turn,
	                              s->first_turn, s->last_turn, s->phase, s->step, s->initiative,
	                              s->first, s->phasing, s->options, s->winner, s->ops_round,
	                              (json_int_t)s->actions, (json_int_t)s->cmd_seq,
	                              s->awaiting_side));
	json_object_set_new(o, "rng", tg_rng_save(&s->rng));
	json_t *sides = json_array();
	for (int i = LW_UNION; i <= LW_CONFEDERATE; i++)
		json_array_append_new(sides, save_side(&s->side[i]));
	json_object_set_new(o, "sides", sides);
	json_t *units = json_array();
	for (int i = 0; i < s->n_units; i++)
		json_array_append_new(units, save_unit(&s->unit[i]));
	json_object_set_new(o, "units", units);
	json_t *cities = json_array();
	for (int i = 0; i < s->n_cities; i++)
		json_array_append_new(cities, json_pack("[i,i,i]", s->city[i].owner,
		                                        s->city[i].garrison, s->city[i].raided));
	json_object_set_new(o, "cities", cities);
	json_object_set_new(o, "kentucky",
	                    json_pack("[i,i]", s->kentucky.violator, s->kentucky.pending));
	json_object_set_new(o, "play", save_play(&s->play));
	json_object_set_new(o, "battle", save_battle(&s->battle));
	json_object_set_new(o, "land", lw_land_save(&s->land));
	json_object_set_new(o, "navy", lw_naval_save(&s->navy));
	json_object_set_new(o, "rail", lw_rail_save(&s->rail));
	json_object_set_new(o, "cavalry", lw_cav_save(&s->cav));
	json_object_set_new(o, "amphib", lw_amphib_save(&s->amphib));
	json_object_set_new(o, "political", lw_political_save(&s->pol));
	json_object_set_new(o, "optional", lw_optional_save(&s->opt)); /* 23.2 */
	json_object_set_new(o, "groups", lw_groups_save(&s->groups));
	json_object_set_new(o, "resource_events", lw_resev_save(&s->resev));
	json_object_set_new(o, "command", lw_command_save(&s->command));
	json_object_set_new(o, "result", json_string(s->result));
	json_t *log = json_array();
	uint32_t n = s->log_total < LW_LOG_LINES ? s->log_total : LW_LOG_LINES;
	for (uint32_t i = s->log_total - n; i < s->log_total; i++)
		json_array_append_new(log, json_string(s->log[i % LW_LOG_LINES]));
	json_object_set_new(o, "log", log);
	json_object_set_new(o, "log_total", json_integer(s->log_total));
	return o;
}

/* ---- writing as text ----------------------------------------------------- */

/* The same save written straight as compact JSON text (game.h save_text;
 * issue 17: the daemon's snapshot, every game turn and every snapshot_every
 * actions, built lw_save_json's tree of about 3,000 nodes only to write it
 * and free it). The writers below mirror the tree's writers above member
 * for member, in the same order: a field added to one is added to the
 * other (tests/rules/lincolns_war/test_module_save_text compares the two texts
 * after every action of bot games). The parts of the state kept in their
 * own files (land, navy, rail, ...) have their text writers there, beside
 * their trees' (lw_land_save_text, ...), and the generator's is the kit's
 * (tg_rng_save_text). */

static void w_cards(struct tg_jw *w, const struct lw_cards *c)
{
	tg_jw_obj(w);
	tg_jw_key(w, "draw");
	LW_INTS_TEXT(w, c->draw, c->draw_n);
	tg_jw_key(w, "discard");
	LW_INTS_TEXT(w, c->discard, c->discard_n);
	tg_jw_key(w, "hand");
	LW_INTS_TEXT(w, c->hand, c->hand_n);
	tg_jw_key(w, "out");
	LW_INTS_TEXT(w, c->out, c->out_n);
	tg_jw_end(w);
}

static void w_side(struct tg_jw *w, const struct lw_player *p)
{
	tg_jw_obj(w);
	tg_jw_kint(w, "pc", p->pc);
	tg_jw_kint(w, "csp", p->csp);
	tg_jw_kint(w, "gic", p->gic);
	tg_jw_key(w, "cards");
	w_cards(w, &p->cards);
	tg_jw_key(w, "flags");
	const int flags[] = {p->passed,
	                     p->campaign_used,
	                     p->campaign_card,
	                     p->committee,
	                     p->disgraced_bought,
	                     p->draft_left,
	                     p->admin_done,
	                     p->president_killed,
	                     p->seditious_redraws,
	                     p->eastern_done,
	                     p->richmond_bonus,
	                     p->draw_stage,
	                     p->campaign_turn_card,
	                     p->draw_partial,
	                     p->committee_hand,
	                     p->committee_spent,
	                     p->gic_pending,
	                     p->gic_tier,
	                     p->gic_old,
	                     p->gic_place,
	                     p->arrive_place};
	LW_INTS_TEXT(w, flags, sizeof flags / sizeof flags[0]);
	tg_jw_end(w);
}

static void w_unit(struct tg_jw *w, const struct lw_unit *u)
{
	tg_jw_arr(w);
	const int a[] = {u->gen,    u->side,  u->where, u->stars, u->cavalry,
	                 u->wounds, u->flags, u->hex,   u->it};
	for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
		tg_jw_int(w, a[i]);
	tg_jw_int(w, (json_int_t)u->cmd);
	tg_jw_int(w, u->it_new);
	tg_jw_int(w, u->arrive_turn);
	tg_jw_end(w);
}

static void w_play(struct tg_jw *w, const struct lw_play *p)
{
	tg_jw_arr(w);
	const int a[] = {
	    p->side,           p->card,     p->pc_left,      p->campaign, p->activations_left,
	    p->erratic_rolled, p->co,       p->start_hex,    p->moved,    p->max_move,
	    p->major,          p->attacked, p->crossed_river};
	for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
		tg_jw_int(w, a[i]);
	LW_INTS_TEXT(w, p->movers, LW_MAX_MOVERS);
	tg_jw_int(w, p->movers_n);
	/* save format 4's unused slot, as save_play writes it */
	tg_jw_arr(w);
	tg_jw_int(w, 0);
	tg_jw_int(w, 0);
	tg_jw_end(w);
	tg_jw_int(w, p->consolidated);
	tg_jw_int(w, p->cons_hex);
	tg_jw_int(w, p->mis_crossed);
	tg_jw_int(w, p->mis_n);
	LW_INTS_TEXT(w, p->mis_unit, LW_MIS_MAX);
	LW_INTS_TEXT(w, p->mis_part, LW_MIS_MAX);
	tg_jw_end(w);
}

static void w_battle(struct tg_jw *w, const struct lw_battle *b)
{
	tg_jw_arr(w);
	const int a[] = {b->active,
	                 b->attacker,
	                 b->att_hex,
	                 b->def_hex,
	                 b->empty_city,
	                 b->winner,
	                 b->result,
	                 b->rout,
	                 b->diff,
	                 b->casualty_side,
	                 b->casualty_victim_side,
	                 b->casualty_rank,
	                 b->retreat_side,
	                 b->strength[1],
	                 b->strength[2]};
	for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
		tg_jw_int(w, a[i]);
	LW_INTS_TEXT(w, b->att_units, LW_MAX_MOVERS);
	tg_jw_int(w, b->att_n);
	LW_INTS_TEXT(w, b->res_card, LW_SIDE_SLOTS);
	LW_INTS_TEXT(w, b->csp, LW_SIDE_SLOTS);
	LW_INTS_TEXT(w, b->committed, LW_SIDE_SLOTS);
	tg_jw_int(w, b->strength[0]);
	tg_jw_end(w);
}

int lw_save_text(const struct lw_state *s, struct tg_text *t)
{
	/* Room for a whole save at once (about 11 KB in play): growing the text
	 * while the parts' trees are freed cost glibc a consolidation of its
	 * free lists at each step. */
	if (tg_text_reserve(t, 16384) != 0)
		return -1;
	struct tg_jw w;
	tg_jw_init(&w, t);
	tg_jw_obj(&w);
	tg_jw_kint(&w, "version", SAVE_VERSION);
	tg_jw_key(&w, "game");
	tg_jw_arr(&w);
	const int game[] = {s->scenario, s->turn,    s->first_turn, s->last_turn,
	                    s->phase,    s->step,    s->initiative, s->first,
	                    s->phasing,  s->options, s->winner,     s->ops_round};
	for (size_t i = 0; i < sizeof game / sizeof game[0]; i++)
		tg_jw_int(&w, game[i]);
	tg_jw_int(&w, (json_int_t)s->actions);
	tg_jw_int(&w, (json_int_t)s->cmd_seq);
	tg_jw_int(&w, s->awaiting_side);
	tg_jw_end(&w);
	tg_jw_key(&w, "rng");
	tg_rng_save_text(&w, &s->rng);
	tg_jw_key(&w, "sides");
	tg_jw_arr(&w);
	for (int i = LW_UNION; i <= LW_CONFEDERATE; i++)
		w_side(&w, &s->side[i]);
	tg_jw_end(&w);
	tg_jw_key(&w, "units");
	tg_jw_arr(&w);
	for (int i = 0; i < s->n_units; i++)
		w_unit(&w, &s->unit[i]);
	tg_jw_end(&w);
	tg_jw_key(&w, "cities");
	tg_jw_arr(&w);
	for (int i = 0; i < s->n_cities; i++) {
		const int c[] = {s->city[i].owner, s->city[i].garrison, s->city[i].raided};
		LW_INTS_TEXT(&w, c, 3);
	}
	tg_jw_end(&w);
	tg_jw_key(&w, "kentucky");
	const int ky[] = {s->kentucky.violator, s->kentucky.pending};
	LW_INTS_TEXT(&w, ky, 2);
	tg_jw_key(&w, "play");
	w_play(&w, &s->play);
	tg_jw_key(&w, "battle");
	w_battle(&w, &s->battle);
	tg_jw_key(&w, "land");
	lw_land_save_text(&w, &s->land);
	tg_jw_key(&w, "navy");
	lw_naval_save_text(&w, &s->navy);
	tg_jw_key(&w, "rail");
	lw_rail_save_text(&w, &s->rail);
	tg_jw_key(&w, "cavalry");
	lw_cav_save_text(&w, &s->cav);
	tg_jw_key(&w, "amphib");
	lw_amphib_save_text(&w, &s->amphib);
	tg_jw_key(&w, "political");
	lw_political_save_text(&w, &s->pol);
	tg_jw_key(&w, "optional");
	lw_optional_save_text(&w, &s->opt);
	tg_jw_key(&w, "groups");
	lw_groups_save_text(&w, &s->groups);
	tg_jw_key(&w, "resource_events");
	lw_resev_save_text(&w, &s->resev);
	tg_jw_key(&w, "command");
	lw_command_save_text(&w, &s->command);
	tg_jw_kstr(&w, "result", s->result);
	tg_jw_key(&w, "log");
	tg_jw_arr(&w);
	uint32_t n = s->log_total < LW_LOG_LINES ? s->log_total : LW_LOG_LINES;
	for (uint32_t i = s->log_total - n; i < s->log_total; i++)
		tg_jw_str(&w, s->log[i % LW_LOG_LINES]);
	tg_jw_end(&w);
	tg_jw_kint(&w, "log_total", s->log_total);
	tg_jw_end(&w);
	return tg_jw_failed(&w) || !tg_jw_done(&w) ? -1 : 0;
}

/* ---- reading ------------------------------------------------------------- */

/* Reads an integer array element by element with bounds. */
struct rd {
	const json_t *arr;
	size_t i;
	int bad;
};

static long long rd_int(struct rd *r, long long lo, long long hi)
{
	const json_t *v = json_array_get(r->arr, r->i++);
	if (!json_is_integer(v)) {
		r->bad = 1;
		return lo;
	}
	long long x = json_integer_value(v);
	if (x < lo || x > hi) {
		r->bad = 1;
		return lo;
	}
	return x;
}

static const json_t *rd_arr(struct rd *r)
{
	const json_t *v = json_array_get(r->arr, r->i++);
	if (!json_is_array(v))
		r->bad = 1;
	return v;
}

/* Copy an integer array of at most max items in [lo, hi] into a uint8 array. */
static int load_u8s(const json_t *a, uint8_t *out, uint8_t *n, size_t max, int lo, int hi)
{
	if (!json_is_array(a) || json_array_size(a) > max)
		return -1;
	struct rd r = {a, 0, 0};
	size_t cnt = json_array_size(a);
	for (size_t i = 0; i < cnt; i++)
		out[i] = (uint8_t)rd_int(&r, lo, hi);
	if (n)
		*n = (uint8_t)cnt;
	return r.bad ? -1 : 0;
}

static int load_i16s(const json_t *a, int16_t *out, uint8_t *n, size_t max, int lo, int hi)
{
	if (!json_is_array(a) || json_array_size(a) > max)
		return -1;
	struct rd r = {a, 0, 0};
	size_t cnt = json_array_size(a);
	for (size_t i = 0; i < cnt; i++)
		out[i] = (int16_t)rd_int(&r, lo, hi);
	if (n)
		*n = (uint8_t)cnt;
	return r.bad ? -1 : 0;
}

static int load_cards(const json_t *o, struct lw_cards *c)
{
	if (!json_is_object(o))
		return -1;
	if (load_u8s(json_object_get(o, "draw"), c->draw, &c->draw_n, LW_DECK_CARDS, 1,
	             LW_DECK_CARDS) ||
	    load_u8s(json_object_get(o, "discard"), c->discard, &c->discard_n, LW_DECK_CARDS, 1,
	             LW_DECK_CARDS) ||
	    load_u8s(json_object_get(o, "hand"), c->hand, &c->hand_n, LW_HAND_MAX, 1,
	             LW_DECK_CARDS) ||
	    load_u8s(json_object_get(o, "out"), c->out, &c->out_n, LW_DECK_CARDS, 1, LW_DECK_CARDS))
		return -1;
	/* every card at most once */
	int seen[LW_DECK_CARDS + 1] = {0};
	const uint8_t *lists[] = {c->draw, c->discard, c->hand, c->out};
	const uint8_t ns[] = {c->draw_n, c->discard_n, c->hand_n, c->out_n};
	for (int l = 0; l < 4; l++)
		for (int i = 0; i < ns[l]; i++)
			if (seen[lists[l][i]]++)
				return -1;
	return 0;
}

static int load_side(const json_t *o, struct lw_player *p)
{
	json_int_t pc, csp, gic;
	json_t *cards, *flags;
	if (json_unpack((json_t *)o, "{s:I,s:I,s:I,s:o,s:o}", "pc", &pc, "csp", &csp, "gic", &gic,
	                "cards", &cards, "flags", &flags) != 0)
		return -1;
	if (pc < 0 || pc > 999 || csp < 0 || csp > 10 || gic < LW_NONE || gic >= LW_MAX_UNITS)
		return -1;
	p->pc = (int16_t)pc;
	p->csp = (int16_t)csp;
	p->gic = (int16_t)gic;
	if (load_cards(cards, &p->cards) || !json_is_array(flags) || json_array_size(flags) != 21)
		return -1;
	struct rd r = {flags, 0, 0};
	p->passed = (uint8_t)rd_int(&r, 0, 1);
	p->campaign_used = (uint8_t)rd_int(&r, 0, 1);
	p->campaign_card = (uint8_t)rd_int(&r, 0, LW_DECK_CARDS);
	p->committee = (uint8_t)rd_int(&r, 0, 1);
	p->disgraced_bought = (uint8_t)rd_int(&r, 0, 1);
	p->draft_left = (uint8_t)rd_int(&r, 0, 8);
	p->admin_done = (uint8_t)rd_int(&r, 0, 1);
	p->president_killed = (uint8_t)rd_int(&r, 0, 1);
	p->seditious_redraws = (uint8_t)rd_int(&r, 0, 8);
	p->eastern_done = (uint8_t)rd_int(&r, 0, 1);
	p->richmond_bonus = (uint8_t)rd_int(&r, 0, 1);
	p->draw_stage = (uint8_t)rd_int(&r, 0, 2);
	p->campaign_turn_card = (uint8_t)rd_int(&r, 0, LW_DECK_CARDS);
	p->draw_partial = (uint8_t)rd_int(&r, 0, 1);
	p->committee_hand = (uint8_t)rd_int(&r, 0, 1);
	p->committee_spent = (uint8_t)rd_int(&r, 0, 1);
	p->gic_pending = (uint8_t)rd_int(&r, 0, 1);
	p->gic_tier = (uint8_t)rd_int(&r, 0, 3);
	p->gic_old = (int16_t)rd_int(&r, LW_NONE, LW_MAX_UNITS - 1);
	p->gic_place = (uint8_t)rd_int(&r, 0, LW_GIC_PLACE_VOLUNTARY);
	p->arrive_place = (uint8_t)rd_int(&r, 0, 1);
	return r.bad ? -1 : 0;
}

static int load_unit(const json_t *a, struct lw_unit *u)
{
	if (!json_is_array(a) || json_array_size(a) != 12)
		return -1;
	struct rd r = {a, 0, 0};
	u->gen = (int16_t)rd_int(&r, LW_NONE, LW_MAX_UNITS);
	u->side = (int8_t)rd_int(&r, LW_UNION, LW_CONFEDERATE);
	u->where = (uint8_t)rd_int(&r, LW_W_UNUSED, LW_W_REMOVED);
	u->stars = (uint8_t)rd_int(&r, 0, 3);
	u->cavalry = (uint8_t)rd_int(&r, 0, 1);
	u->wounds = (uint8_t)rd_int(&r, 0, 99);
	u->flags = (uint8_t)rd_int(&r, 0, 255);
	u->hex = (int16_t)rd_int(&r, 0, 9999);
	u->it = (int16_t)rd_int(&r, 0, 999);
	u->cmd = (uint32_t)rd_int(&r, 0, UINT32_MAX);
	u->it_new = (int16_t)rd_int(&r, 0, 999);
	u->arrive_turn = (uint8_t)rd_int(&r, 0, 255);
	return r.bad ? -1 : 0;
}

/* 12.3.1: play.mis_* from r (the list of parts; slots past mis_n are 0). */
static int load_mis(struct rd *r, struct lw_play *p, int n_units)
{
	p->mis_crossed = (uint8_t)rd_int(r, 0, 1);
	p->mis_n = (uint8_t)rd_int(r, 0, LW_MIS_MAX);
	const json_t *u = rd_arr(r), *k = rd_arr(r);
	if (r->bad || json_array_size(u) != LW_MIS_MAX || json_array_size(k) != LW_MIS_MAX ||
	    load_i16s(u, p->mis_unit, NULL, LW_MIS_MAX, 0, n_units - 1) ||
	    load_u8s(k, p->mis_part, NULL, LW_MIS_MAX, 0, LW_MIS_MAX))
		return -1;
	for (int i = 0; i < LW_MIS_MAX; i++) {
		bool used = i < p->mis_n;
		if (used ? p->mis_part[i] == 0 : p->mis_part[i] != 0 || p->mis_unit[i] != 0)
			return -1;
		for (int j = 0; j < i && used; j++)
			if (p->mis_unit[j] == p->mis_unit[i])
				return -1; /* each general in one part */
	}
	return 0;
}

static int load_play(const json_t *a, struct lw_play *p, int n_units)
{
	if (!json_is_array(a) || json_array_size(a) != 22)
		return -1;
	struct rd r = {a, 0, 0};
	p->side = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	p->card = (uint8_t)rd_int(&r, 0, LW_DECK_CARDS);
	p->pc_left = (int8_t)rd_int(&r, -20, 20);
	p->campaign = (uint8_t)rd_int(&r, 0, 2);
	p->activations_left = (uint8_t)rd_int(&r, 0, 2);
	p->erratic_rolled = (uint8_t)rd_int(&r, 0, 1);
	p->co = (int16_t)rd_int(&r, LW_NONE, LW_MAX_UNITS - 1);
	p->start_hex = (int16_t)rd_int(&r, 0, 9999);
	p->moved = (uint8_t)rd_int(&r, 0, 20);
	p->max_move = (uint8_t)rd_int(&r, 0, 20);
	p->major = (uint8_t)rd_int(&r, 0, 1);
	p->attacked = (uint8_t)rd_int(&r, 0, 1);
	p->crossed_river = (uint8_t)rd_int(&r, 0, 1);
	if (r.bad || load_i16s(rd_arr(&r), p->movers, NULL, LW_MAX_MOVERS, -1, LW_MAX_UNITS - 1))
		return -1;
	p->movers_n = (uint8_t)rd_int(&r, 0, LW_MAX_MOVERS);
	if (r.bad)
		return -1;
	const json_t *th = rd_arr(&r); /* the unused slot (save_play) */
	int16_t unused[2];
	if (r.bad || json_array_size(th) != 2 || load_i16s(th, unused, NULL, 2, 0, 9999))
		return -1;
	p->consolidated = (uint8_t)rd_int(&r, 0, 2);
	p->cons_hex = (int16_t)rd_int(&r, 0, 9999);
	if (r.bad || load_mis(&r, p, n_units) != 0)
		return -1;
	return r.bad ? -1 : 0;
}

static int load_battle(const json_t *a, struct lw_battle *b)
{
	if (!json_is_array(a) || json_array_size(a) != 21)
		return -1;
	struct rd r = {a, 0, 0};
	b->active = (uint8_t)rd_int(&r, 0, 1);
	b->attacker = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	b->att_hex = (int16_t)rd_int(&r, 0, 9999);
	b->def_hex = (int16_t)rd_int(&r, 0, 9999);
	b->empty_city = (uint8_t)rd_int(&r, 0, 1);
	b->winner = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	b->result = (uint8_t)rd_int(&r, 0, 3);
	b->rout = (uint8_t)rd_int(&r, 0, 1);
	b->diff = (int16_t)rd_int(&r, -999, 999);
	b->casualty_side = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	b->casualty_victim_side = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	b->casualty_rank = (int8_t)rd_int(&r, -1, 3);
	b->retreat_side = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	b->strength[1] = (int16_t)rd_int(&r, -999, 999);
	b->strength[2] = (int16_t)rd_int(&r, -999, 999);
	if (r.bad || load_i16s(rd_arr(&r), b->att_units, NULL, LW_MAX_MOVERS, -1, LW_MAX_UNITS - 1))
		return -1;
	b->att_n = (uint8_t)rd_int(&r, 0, LW_MAX_MOVERS);
	if (r.bad || load_u8s(rd_arr(&r), b->res_card, NULL, LW_SIDE_SLOTS, 0, LW_DECK_CARDS))
		return -1;
	const json_t *csp = rd_arr(&r);
	if (r.bad || json_array_size(csp) != LW_SIDE_SLOTS)
		return -1;
	struct rd rc = {csp, 0, 0};
	for (int i = 0; i < LW_SIDE_SLOTS; i++)
		b->csp[i] = (int8_t)rd_int(&rc, -1, 10);
	if (rc.bad || load_u8s(rd_arr(&r), b->committed, NULL, LW_SIDE_SLOTS, 0, 1))
		return -1;
	b->strength[0] = (int16_t)rd_int(&r, -999, 999);
	return r.bad ? -1 : 0;
}

int lw_load_json(struct lw_state *s, const json_t *saved, struct tg_error *err)
{
	memset(s, 0, sizeof *s);
	if (!lw_data_or_fail(err))
		return -1;
	json_int_t version = 0, log_total = 0;
	json_t *game = NULL, *rng = NULL, *sides = NULL, *units = NULL, *cities = NULL, *ky = NULL,
	       *play = NULL, *battle = NULL, *log = NULL, *land = NULL;
	const char *result = "";
	if (!json_is_object(saved) ||
	    json_unpack((json_t *)saved, "{s:I,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:s,s:o,s:I}",
	                "version", &version, "game", &game, "rng", &rng, "sides", &sides, "units",
	                &units, "cities", &cities, "kentucky", &ky, "play", &play, "battle",
	                &battle, "land", &land, "result", &result, "log", &log, "log_total",
	                &log_total) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "not a Lincoln's War save");
	if (version != SAVE_VERSION)
		return tg_fail(err, TG_E_BAD_SAVE, "save version %lld is not %d",
		               (long long)version, SAVE_VERSION);
	if (!json_is_array(game) || json_array_size(game) != 15)
		return tg_fail(err, TG_E_BAD_SAVE, "bad game header");
	struct rd r = {game, 0, 0};
	s->version = SAVE_VERSION;
	s->scenario = (uint8_t)rd_int(&r, 0, LW_SCN_COUNT - 1);
	s->turn = (uint8_t)rd_int(&r, 0, 6);
	s->first_turn = (uint8_t)rd_int(&r, 0, 6);
	s->last_turn = (uint8_t)rd_int(&r, 0, 6);
	s->phase = (uint8_t)rd_int(&r, LW_PH_GIC, LW_PH_NAVAL) /* the highest phase */;
	s->step = (uint8_t)rd_int(&r, LW_ST_CARD, LW_ST_RIT_ASK /* the last step */);
	s->initiative = (int8_t)rd_int(&r, LW_UNION, LW_CONFEDERATE);
	s->first = (int8_t)rd_int(&r, LW_UNION, LW_CONFEDERATE);
	s->phasing = (int8_t)rd_int(&r, LW_UNION, LW_CONFEDERATE);
	s->options = (uint8_t)rd_int(&r, 0, 255);
	s->winner = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	s->ops_round = (uint8_t)rd_int(&r, 0, 255);
	s->actions = (uint32_t)rd_int(&r, 0, LW_MAX_ACTIONS);
	s->cmd_seq = (uint32_t)rd_int(&r, 0, UINT32_MAX);
	s->awaiting_side = (int8_t)rd_int(&r, LW_NOSIDE, LW_CONFEDERATE);
	if (r.bad)
		return tg_fail(err, TG_E_BAD_SAVE, "game header out of range");
	if (tg_rng_load(&s->rng, rng) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad generator state");
	if (!json_is_array(sides) || json_array_size(sides) != 2)
		return tg_fail(err, TG_E_BAD_SAVE, "bad sides");
	for (int i = LW_UNION; i <= LW_CONFEDERATE; i++)
		if (load_side(json_array_get(sides, (size_t)i - 1), &s->side[i]) != 0)
			return tg_fail(err, TG_E_BAD_SAVE, "bad %s side", lw_side_title(i));
	if (!json_is_array(units) || json_array_size(units) > LW_MAX_UNITS)
		return tg_fail(err, TG_E_BAD_SAVE, "bad units");
	s->n_units = (uint16_t)json_array_size(units);
	for (int i = 0; i < s->n_units; i++)
		if (load_unit(json_array_get(units, i), &s->unit[i]) != 0)
			return tg_fail(err, TG_E_BAD_SAVE, "bad unit %d", i);
	const struct lw_data *d = lw_D();
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		bool regular = i < (int)d->n_generals;
		if ((regular && u->gen != i) || (!regular && u->gen != LW_NONE))
			return tg_fail(err, TG_E_BAD_SAVE, "unit %d does not match the data", i);
		if (u->where == LW_W_MAP && !lw_data_hex(d, u->hex))
			return tg_fail(err, TG_E_BAD_SAVE, "unit %d stands off the map", i);
	}
	for (int i = LW_UNION; i <= LW_CONFEDERATE; i++)
		if (s->side[i].gic >= s->n_units)
			return tg_fail(err, TG_E_BAD_SAVE, "GiC out of range");
	if (!json_is_array(cities) || json_array_size(cities) > LW_MAX_CITIES)
		return tg_fail(err, TG_E_BAD_SAVE, "bad cities");
	s->n_cities = (uint16_t)json_array_size(cities);
	if (s->n_cities != d->n_cities)
		return tg_fail(err, TG_E_BAD_SAVE, "the save has %d cities, the map %zu",
		               s->n_cities, d->n_cities);
	for (int i = 0; i < s->n_cities; i++) {
		struct rd rc = {json_array_get(cities, i), 0, 0};
		if (!json_is_array(rc.arr) || json_array_size(rc.arr) != 3)
			return tg_fail(err, TG_E_BAD_SAVE, "bad city %d", i);
		s->city[i].owner = (int8_t)rd_int(&rc, LW_NOSIDE, LW_CONFEDERATE);
		s->city[i].garrison = (uint8_t)rd_int(&rc, 0, 1);
		s->city[i].raided = (uint8_t)rd_int(&rc, 0, 1);
		if (rc.bad)
			return tg_fail(err, TG_E_BAD_SAVE, "bad city %d", i);
	}
	struct rd rk = {ky, 0, 0};
	if (!json_is_array(ky) || json_array_size(ky) != 2)
		return tg_fail(err, TG_E_BAD_SAVE, "bad kentucky");
	s->kentucky.violator = (int8_t)rd_int(&rk, LW_NOSIDE, LW_CONFEDERATE);
	s->kentucky.pending = (uint8_t)rd_int(&rk, 0, 1);
	if (rk.bad || load_play(play, &s->play, s->n_units) != 0 ||
	    load_battle(battle, &s->battle) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad card play or battle");
	for (int i = 0; i < s->play.movers_n; i++)
		if (s->play.movers[i] < 0 || s->play.movers[i] >= s->n_units)
			return tg_fail(err, TG_E_BAD_SAVE, "mover out of range");
	for (int i = 0; i < s->battle.att_n; i++)
		if (s->battle.att_units[i] < 0 || s->battle.att_units[i] >= s->n_units)
			return tg_fail(err, TG_E_BAD_SAVE, "attacker out of range");
	if (s->play.co >= s->n_units)
		return tg_fail(err, TG_E_BAD_SAVE, "CO out of range");
	if (lw_land_load(&s->land, land) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad land rules block");
	for (int i = 0; i < s->land.group_n; i++)
		if (s->land.group[i] < 0 || s->land.group[i] >= s->n_units)
			return tg_fail(err, TG_E_BAD_SAVE, "retreating general out of range");
	for (int i = 0; i < s->land.cand_n; i++)
		if (s->land.cand[i] < 0 || s->land.cand[i] >= s->n_units)
			return tg_fail(err, TG_E_BAD_SAVE, "general to demote out of range");
	if (lw_naval_load(&s->navy, json_object_get(saved, "navy")) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad naval block");
	if (lw_rail_load(&s->rail, json_object_get(saved, "rail")) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad rail block");
	if (lw_cav_load(&s->cav, json_object_get(saved, "cavalry")) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad cavalry block");
	/* 13.2.3: the RIT question and its step go together, asked of a side,
	 * about a general of the other side */
	if (((s->cav.ask & LW_RIT_ASK_PENDING) != 0) != (s->step == LW_ST_RIT_ASK) ||
	    (s->step == LW_ST_RIT_ASK &&
	     (s->awaiting_side == LW_NOSIDE || s->cav.ask_unit >= s->n_units ||
	      s->unit[s->cav.ask_unit].side != LW_OTHER(s->awaiting_side))))
		return tg_fail(err, TG_E_BAD_SAVE, "bad RIT question (13.2.3)");
	if (lw_amphib_load(&s->amphib, json_object_get(saved, "amphib"), s->n_units) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad amphibious/siege block");
	if (lw_political_load(&s->pol, json_object_get(saved, "political")) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad political block (7.1.9, 19.0)");
	if (lw_optional_load(&s->opt, json_object_get(saved, "optional")) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad optional block (23.2 Irregulars)");
	if (lw_groups_load(&s->groups, json_object_get(saved, "groups"), s->n_units) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad march groups block (12.8, 10.7.3)");
	if (lw_resev_load(&s->resev, json_object_get(saved, "resource_events")) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad resource_events block (16.3)");
	if (lw_command_load(&s->command, json_object_get(saved, "command"), s->n_units) != 0)
		return tg_fail(err, TG_E_BAD_SAVE, "bad command block (11.0.3, 20.4)");
	snprintf(s->result, sizeof s->result, "%s", result);
	if (!json_is_array(log) || json_array_size(log) > LW_LOG_LINES || log_total < 0 ||
	    log_total > UINT32_MAX || (json_int_t)json_array_size(log) > log_total ||
	    (log_total < LW_LOG_LINES && (json_int_t)json_array_size(log) != log_total) ||
	    (log_total >= LW_LOG_LINES && json_array_size(log) != LW_LOG_LINES))
		return tg_fail(err, TG_E_BAD_SAVE, "bad log");
	s->log_total = (uint32_t)log_total;
	uint32_t n = (uint32_t)json_array_size(log);
	for (uint32_t i = 0; i < n; i++) {
		const char *line = json_string_value(json_array_get(log, i));
		if (!line)
			return tg_fail(err, TG_E_BAD_SAVE, "bad log line");
		uint32_t slot = (s->log_total - n + i) % LW_LOG_LINES;
		snprintf(s->log[slot], LW_LOG_LEN, "%s", line);
		s->log_stamp[slot] = lw_log_line_stamp(s->log[slot]);
	}
	return 0;
}
