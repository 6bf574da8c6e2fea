/* boal_view.c — the view of one seat (game.h), in sections: the full state
 * (7.1: "A player may freely examine stacks of enemy units at any time")
 * except the generator's position and a 16.1 bid not yet revealed, which
 * only its own seat sees. */
#include <string.h>

#include "boal_module.h"
#include "json_compact.h"
#include "kit/view_sections.h"

static const char *const seat_role[2] = {"union", "confederate"};
static const char *const phase_name[] = {"dawn", "daylight", "night", "end", "over"};
static const char *const step_name[] = {"bid",     "leader_return", "dawn_advantage", "dawn_train",
                                        "impulse", "night",         "end_entrench",   "over"};

/* in the order of the enum below: section i is filled by case i */
const char *const boal_view_sections[] = {
    "/game",        "/role",        "/awaiting",      "/finished",      "/result",
    "/prompt",      "/actions",     "/log",           "/board/track",   "/board/impulse",
    "/board/areas", "/board/units", "/board/leaders", "/board/bridges", NULL};

enum {
	SEC_GAME,
	SEC_ROLE,
	SEC_AWAITING,
	SEC_FINISHED,
	SEC_RESULT,
	SEC_PROMPT,
	SEC_ACTIONS,
	SEC_LOG,
	SEC_TRACK,
	SEC_IMPULSE,
	SEC_AREAS,
	SEC_UNITS,
	SEC_LEADERS,
	SEC_BRIDGES,
	SEC_N
};
_Static_assert(sizeof boal_view_sections / sizeof *boal_view_sections == SEC_N + 1,
               "one path in boal_view_sections for each SEC_ case");

static json_t *side_or_null(int side)
{
	return side == BOAL_UNION         ? json_string("union")
	       : side == BOAL_CONFEDERATE ? json_string("confederate")
	                                  : json_null();
}

/* 16.1.1: what a seat may know of the bids: whether each is written, its
 * own amount, and both once revealed */
static json_t *bid_view(const struct boal_state *s, int seat)
{
	json_t *o = json_pack("{s:o,s:{s:b,s:b},s:b}", "side", side_or_null(s->bid_side), "written",
	                      "union", s->bid_made[0], "confederate", s->bid_made[1], "revealed",
	                      s->bid_revealed);
	if (s->bid_revealed) {
		json_object_set_new(
		    o, "bids",
		    json_pack("{s:i,s:i}", "union", s->bid[0], "confederate", s->bid[1]));
		if (s->bid_dr[0])
			json_object_set_new(o, "tie_drs",
			                    json_pack("{s:i,s:i}", "union", s->bid_dr[0],
			                              "confederate", s->bid_dr[1]));
	} else if (seat >= 0 && s->bid_made[seat]) {
		json_object_set_new(o, "yours", json_integer(s->bid[seat]));
	}
	return o;
}

static json_t *track(const struct boal_state *s, const struct boal_data *d, int seat)
{
	json_t *o = json_object();
	json_object_set_new(o, "turn", json_string(d->turn_label[s->turn]));
	json_object_set_new(o, "turn_index", json_integer(s->turn));
	json_object_set_new(o, "phase", json_string(phase_name[s->phase]));
	json_object_set_new(o, "step", json_string(step_name[s->step]));
	json_object_set_new(o, "impulse", json_integer(s->impulse));
	json_object_set_new(o, "active", side_or_null(s->active));
	json_object_set_new(o, "first_impulse", side_or_null(s->first_side));
	json_object_set_new(o, "advantage", side_or_null(s->advantage));
	json_object_set_new(o, "advantage_to", side_or_null(s->advantage_next));
	json_object_set_new(o, "sunset_dr", json_integer(s->imp.sunset_dr));
	json_object_set_new(o, "sunset_pending", json_boolean(s->day_ends));
	json_object_set_new(o, "weather", json_string(s->rain ? "rain" : "clear"));
	json_object_set_new(o, "weather_dr", json_integer(s->weather_dr));
	json_object_set_new(o, "weather_change", json_boolean(s->weather_change));
	json_object_set_new(o, "advanced", json_boolean(s->advanced));
	json_object_set_new(o, "army_leader",
	                    json_pack("{s:{s:b,s:i},s:{s:b,s:i}}", "lee", "active",
	                              s->army_active[BOAL_CONFEDERATE], "dr",
	                              s->army_dr[BOAL_CONFEDERATE], "mcclellan", "active",
	                              s->army_active[BOAL_UNION], "dr", s->army_dr[BOAL_UNION]));
	json_t *train = json_object();
	json_object_set_new(train, "area",
	                    s->train_area ? json_integer(s->train_area) : json_null());
	json_object_set_new(train, "moved", json_boolean(s->train_moved));
	json_object_set_new(train, "arrives",
	                    s->train_arrives >= 0 && s->train_arrives < d->n_turns
	                        ? json_string(d->turn_label[s->train_arrives])
	                        : json_null());
	json_object_set_new(o, "supply_train", train);
	json_object_set_new(o, "replacement_points",
	                    json_pack("{s:i,s:i}", "union", s->reserve[BOAL_UNION], "confederate",
	                              s->reserve[BOAL_CONFEDERATE]));
	json_object_set_new(o, "night_side", side_or_null(s->night_side));
	/* 16.1.1: which side each seat plays */
	json_object_set_new(o, "sides",
	                    json_pack("{s:o,s:o}", "union", side_or_null(boal_seat_side(s, 0)),
	                              "confederate", side_or_null(boal_seat_side(s, 1))));
	if (s->bidding)
		json_object_set_new(o, "bid", bid_view(s, seat));
	return o;
}

/* the Impulse in progress (boal_impulse.h): what it is, where, and the
 * assault being resolved */
static json_t *impulse(const struct boal_state *s, const struct boal_data *d)
{
	static const char *const istep[BOAL_IS_OVER + 1] = {
	    [BOAL_IS_IDLE] = "idle",
	    [BOAL_IS_CHOOSE] = "choose",
	    [BOAL_IS_SINGLE] = "single",
	    [BOAL_IS_MOVE] = "move",
	    [BOAL_IS_REGROUP] = "regroup",
	    [BOAL_IS_SCREEN] = "screen",
	    [BOAL_IS_FORWARD] = "forward",
	    [BOAL_IS_HEROIC] = "heroic",
	    [BOAL_IS_CP] = "casualties",
	    [BOAL_IS_VOLUNTARY] = "voluntary_retreat",
	    [BOAL_IS_RETREAT] = "retreat",
	    [BOAL_IS_FALL_BACK] = "fall_back",
	    [BOAL_IS_DEMOLISH] = "demolish",
	    [BOAL_IS_LEADER_CASUALTY] = "leader_casualty",
	    [BOAL_IS_ENTRENCH] = "entrench_capture",
	    [BOAL_IS_PLACE_LEADER] = "place_leader",
	    [BOAL_IS_LEADER_RETREAT] = "leader_retreat",
	    [BOAL_IS_OVER] = "over"};
	static const char *const ikind[] = {"none", "assault", "regroup", "pass", "train"};
	const struct boal_impulse *m = &s->imp;
	if (m->step == BOAL_IS_IDLE)
		return json_null();
	json_t *o = json_pack("{s:s,s:s,s:o,s:o,s:o}", "step",
	                      m->step <= BOAL_IS_OVER && istep[m->step] ? istep[m->step] : "?",
	                      "kind", ikind[m->kind], "attacker", side_or_null(m->side), "area",
	                      m->area ? json_integer(m->area) : json_null(), "area2",
	                      m->area2 ? json_integer(m->area2) : json_null());
	json_t *leaders = json_array();
	for (int i = 0; i < 2; i++)
		if (m->leader[i] >= 0 && m->leader[i] < s->n_leaders)
			json_array_append_new(leaders, json_string(d->leader[m->leader[i]].id));
	json_object_set_new(o, "leaders", leaders);
	json_t *active = json_array();
	for (int u = 0; u < s->n_units; u++)
		if (m->uflag[u] & BOAL_IU_ACTIVE)
			json_array_append_new(
			    active, json_pack("{s:s,s:i}", "unit", d->unit[u].id, "mf", m->mf[u]));
	json_object_set_new(o, "activated", active);
	if (m->a_area)
		json_object_set_new(o, "assault",
		                    json_pack("{s:i,s:i,s:i,s:i,s:o,s:o}", "area", m->a_area,
		                              "attack_total", m->a_at, "defense_total", m->a_dt,
		                              "cp_left", m->a_cp, "point",
		                              m->a_point >= 0 && m->a_point < s->n_units
		                                  ? json_string(d->unit[m->a_point].id)
		                                  : json_null(),
		                              "forward",
		                              m->a_forward >= 0 && m->a_forward < s->n_units
		                                  ? json_string(d->unit[m->a_forward].id)
		                                  : json_null()));
	return o;
}

static json_t *areas(const struct boal_state *s, const struct boal_data *d)
{
	json_t *arr = json_array();
	for (int a = 1; a <= BOAL_AREAS; a++) {
		json_t *o =
		    json_pack("{s:i,s:s,s:i,s:o,s:b,s:b}", "id", a, "name", d->area[a].name, "tem",
		              d->area[a].tem, "control", side_or_null(s->control[a]), "victory",
		              d->area[a].victory, "contested", boal_contested(s, d, a));
		if (s->entrench_side[a] != BOAL_NOBODY)
			json_object_set_new(o, "entrenchment",
			                    json_pack("{s:o,s:i}", "side",
			                              side_or_null(s->entrench_side[a]), "level",
			                              s->entrench_level[a]));
		json_array_append_new(arr, o);
	}
	return arr;
}

static json_t *units(const struct boal_state *s, const struct boal_data *d)
{
	json_t *arr = json_array();
	for (int u = 0; u < s->n_units; u++)
		json_array_append_new(
		    arr, json_pack("{s:s,s:s,s:o,s:s,s:o,s:b,s:b,s:i,s:i,s:i}", "id", d->unit[u].id,
		                   "name", d->unit[u].name, "side", side_or_null(d->unit[u].side),
		                   "command", d->command[d->unit[u].command].id, "area",
		                   s->unit[u].area ? json_integer(s->unit[u].area) : json_null(),
		                   "exhausted", s->unit[u].exhausted, "reduced", s->unit[u].reduced,
		                   "attack", boal_unit_attack(s, d, u), "defense",
		                   boal_unit_defense(s, d, u), "move", boal_unit_move(s, d, u)));
	return arr;
}

static json_t *leaders(const struct boal_state *s, const struct boal_data *d)
{
	json_t *arr = json_array();
	for (int l = 0; l < s->n_leaders; l++)
		json_array_append_new(
		    arr,
		    json_pack("{s:s,s:s,s:o,s:b,s:o,s:b,s:b,s:i,s:i}", "id", d->leader[l].id,
		              "name", d->leader[l].name, "side", side_or_null(d->leader[l].side),
		              "army", d->leader[l].army, "area",
		              s->leader[l].area ? json_integer(s->leader[l].area) : json_null(),
		              "inactive", s->leader[l].inactive, "killed", s->leader[l].killed,
		              "initiative", d->leader[l].initiative, "combat",
		              s->leader[l].killed ? 0 : d->leader[l].combat));
	return arr;
}

static json_t *bridges(const struct boal_state *s, const struct boal_data *d)
{
	json_t *arr = json_array();
	/* "engineers": the 15.4.4 Union Engineer marker is on this bridge */
	for (int b = 0; b < s->n_bridges; b++)
		json_array_append_new(arr,
		                      json_pack("{s:s,s:[i,i],s:s,s:b}", "name", d->bridge[b].name,
		                                "areas", d->bridge[b].a, d->bridge[b].b, "state",
		                                s->bridge[b] == BOAL_NOBODY  ? "destroyed"
		                                : s->bridge[b] == BOAL_UNION ? "union"
		                                                             : "confederate",
		                                "engineers", s->imp.engineers == b + 1));
	return arr;
}

static json_t *log_view(const struct boal_state *s)
{
	json_t *arr = json_array();
	for (int i = 0; i < BOAL_LOG_MAX; i++) {
		const char *t = s->log[(s->log_next + i) % BOAL_LOG_MAX];
		if (*t)
			json_array_append_new(arr, json_string(t));
	}
	return arr;
}

bool boal_view_section_text(const struct boal_state *s, int seat, unsigned i, struct tg_text *t)
{
	if (i != SEC_ACTIONS)
		return false;
	if (seat == 0 || seat == 1)
		boal_legal_text(s, seat, t);
	else
		tg_text_put(t, "[]", 2); /* the observer's */
	return true;
}

json_t *boal_view_section(const struct boal_state *s, int seat, unsigned i)
{
	const struct boal_data *d = boal_data(NULL);
	bool player = seat == 0 || seat == 1;
	unsigned aw = boal_awaiting(s);
	char buf[512];
	switch (i) {
	case SEC_GAME:
		return json_string("birth-of-a-legend");
	case SEC_ROLE:
		return json_string(player ? seat_role[seat] : "observer");
	case SEC_AWAITING: {
		json_t *arr = json_array();
		for (int k = 0; k < 2; k++)
			if (aw >> k & 1u)
				json_array_append_new(arr, json_string(seat_role[k]));
		return arr;
	}
	case SEC_FINISHED:
		return json_boolean(s->phase == BOAL_OVER);
	case SEC_RESULT:
		if (s->phase != BOAL_OVER)
			return json_null();
		return json_pack("{s:o,s:s}", "winner",
		                 s->winner == BOAL_NOBODY
		                     ? json_null()
		                     : json_string(seat_role[boal_side_seat(s, s->winner)]),
		                 "summary", boal_result_text(s, buf, sizeof buf));
	case SEC_PROMPT: {
		const char *p = player ? boal_seat_prompt(s, seat, buf, sizeof buf) : NULL;
		return p ? json_string(p) : json_null();
	}
	case SEC_ACTIONS:
		return player ? boal_legal(s, seat) : json_array();
	case SEC_LOG:
		return log_view(s);
	case SEC_TRACK:
		return track(s, d, player ? seat : -1);
	case SEC_IMPULSE:
		return impulse(s, d);
	case SEC_AREAS:
		return areas(s, d);
	case SEC_UNITS:
		return units(s, d);
	case SEC_LEADERS:
		return leaders(s, d);
	case SEC_BRIDGES:
		return bridges(s, d);
	default:
		return json_null();
	}
}

void boal_view_stamps(const struct boal_state *s, int seat, uint64_t *stamps)
{
	(void)seat;
	for (unsigned i = 0; i < SEC_N; i++)
		stamps[i] = 0; /* rebuilt every time: cheap, or changed by most actions */
	/* the board's parts change rarely: a hash of what each one reads (+1 so
	 * that a stamp is never 0) */
	uint64_t h = tg_stamp_bytes(0, s->control, sizeof s->control);
	h = tg_stamp_bytes(h, s->entrench_side, sizeof s->entrench_side);
	h = tg_stamp_bytes(h, s->entrench_level, sizeof s->entrench_level);
	/* "contested" reads the units' areas */
	for (int u = 0; u < s->n_units; u++)
		h = tg_stamp_bytes(h, &s->unit[u].area, sizeof s->unit[u].area);
	stamps[SEC_AREAS] = h | 1u;
	h = 0;
	for (int u = 0; u < s->n_units; u++)
		h = tg_stamp_bytes(h, &s->unit[u], sizeof s->unit[u]);
	stamps[SEC_UNITS] = h | 1u;
	h = 0;
	for (int l = 0; l < s->n_leaders; l++)
		h = tg_stamp_bytes(h, &s->leader[l], sizeof s->leader[l]);
	stamps[SEC_LEADERS] = h | 1u;
	h = tg_stamp_bytes(0, s->bridge, sizeof s->bridge);
	stamps[SEC_BRIDGES] = tg_stamp_bytes(h, &s->imp.engineers, sizeof s->imp.engineers) | 1u;
}
