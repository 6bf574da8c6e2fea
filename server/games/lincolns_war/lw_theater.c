/* lw_theater.c — 10.7.3.2 the theater of each Dual-Theater force, named by
 * the player (see lw_theater.h). */
#include "lw_theater.h"

#include <string.h>

#include "lw_campaign.h"

static const char *const theater_id[LW_REGION_COUNT] = {
    NULL, "eastern", "up_north", "kentucky_tennessee", "down_south", "trans_mississippi"};

static const char *const theater_label[LW_REGION_COUNT] = {
    NULL,
    "Campaign in the Eastern Theater (VA)",
    "Campaign Up North (IL, IN, OH, PA, MD)",
    "Campaign in Kentucky/Tennessee",
    "Campaign Down South (NC, SC, GA, FL, AL, MS)",
    "Campaign in the Trans-Mississippi (IA, MO, KS, AR, Indian Territory, LA, TX)"};

static const char *const theater_name[LW_REGION_COUNT] = {
    NULL,
    "the Eastern Theater (VA)",
    "Up North (IL, IN, OH, PA, MD)",
    "Kentucky/Tennessee",
    "Down South (NC, SC, GA, FL, AL, MS)",
    "the Trans-Mississippi (IA, MO, KS, AR, Indian Territory, LA, TX)"};

static int region_of(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h ? (int)h->region : LW_REGION_NONE;
}

bool lw_theater_pending(const struct lw_state *s)
{
	const struct lw_groups *g = &s->groups;
	if (s->play.campaign != 2)
		return false;
	for (int i = 0; i < g->camp_n && i < 2; i++)
		if (g->camp_region[i] <= LW_REGION_NONE)
			return true;
	return false;
}

/* The theaters designated force u of `side` can end its movement in: as
 * the designation judged it (lw_card_checks.c lw_play_campaign_reach), but all of them. */
static unsigned force_reach(const struct lw_state *s, int side, int u)
{
	const struct lw_unit *x = &s->unit[u];
	/* 16.9.5.2: the besiegers do not move ("may not disengage"): their
	 * activation ends where they stand, in the besieged city */
	if (x->where == LW_W_MAP && lw_siege_besieging(s, x->hex, side) &&
	    lw_force_co(s, x->hex) == u)
		return LW_CAMP_BIT(region_of(x->hex)) & LW_CAMP_THEATERS;
	return lw_campaign_reach_force(s, side, u, LW_CAMP_THEATERS, LW_REGION_COUNT - 1) &
	       LW_CAMP_THEATERS;
}

/* The theaters force i may be given: within its reach, not the other
 * force's ("two separate theaters"), and none that would leave the other
 * force, still unnamed, without a theater of its own. reach[o] is only
 * read when the other force is designated and unnamed. */
static unsigned choices_for(const struct lw_state *s, int i, const unsigned reach[2])
{
	const struct lw_groups *g = &s->groups;
	unsigned m = reach[i];
	int o = 1 - i;
	if (o >= g->camp_n)
		return m;
	if (g->camp_region[o] > LW_REGION_NONE)
		return m & ~LW_CAMP_BIT(g->camp_region[o]);
	for (int r = 1; r < LW_REGION_COUNT; r++)
		if ((m & LW_CAMP_BIT(r)) && !(reach[o] & ~LW_CAMP_BIT(r)))
			m &= ~LW_CAMP_BIT(r);
	return m;
}

/* reach[] of the designated forces that are still unnamed (0 for the
 * others). */
static void reaches(const struct lw_state *s, unsigned reach[2])
{
	const struct lw_groups *g = &s->groups;
	reach[0] = reach[1] = 0;
	for (int i = 0; i < g->camp_n && i < 2; i++)
		if (g->camp_region[i] <= LW_REGION_NONE)
			reach[i] = force_reach(s, s->play.side, g->camp_co[i]);
}

void lw_theater_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_groups *g = &s->groups;
	if (!lw_theater_pending(s) || side != s->play.side)
		return;
	unsigned reach[2];
	reaches(s, reach);
	char name[64], hex[64], id[48];
	for (int i = 0; i < g->camp_n && i < 2; i++) {
		if (g->camp_region[i] > LW_REGION_NONE)
			continue;
		unsigned m = choices_for(s, i, reach);
		if (!m)
			continue;
		json_t *ch = json_array();
		for (int r = 1; r < LW_REGION_COUNT; r++)
			if (m & LW_CAMP_BIT(r))
				json_array_append_new(ch,
				                      json_pack("{s:s,s:s}", "value", theater_id[r],
				                                "label", theater_label[r]));
		int u = g->camp_co[i];
		tg_offer_choice(list,
		                tg_act(list, "{s:s,s:s}", "type", "campaign_theater", "general",
		                       lw_unit_id(s, u, id, sizeof id)),
		                "theater", "Theater", ch,
		                "Dual-Theater campaign: name the theater where %s at %s ends "
		                "its movement (10.7.3.2)",
		                lw_unit_name(s, u, name, sizeof name),
		                lw_hex_label(s->unit[u].hex, hex, sizeof hex));
	}
}

int lw_theater_act(struct lw_state *s, int side, const json_t *a, struct tg_error *err)
{
	struct lw_groups *g = &s->groups;
	const char *gen = lw_a_str(a, "general"), *th = lw_a_str(a, "theater");
	if (!gen || !th)
		return tg_fail(err, TG_E_MALFORMED,
		               "campaign_theater needs \"general\" and \"theater\"");
	if (!lw_theater_pending(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: no Dual-Theater campaign force awaits its theater");
	int u = lw_unit_by_id(s, gen), i = -1;
	for (int k = 0; k < g->camp_n && k < 2; k++)
		if (u != LW_NONE && g->camp_co[k] == u)
			i = k;
	if (i < 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: \"%s\" is not one of the designated campaign forces",
		               gen);
	if (g->camp_region[i] > LW_REGION_NONE)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: this force's theater is named already: %s",
		               theater_name[g->camp_region[i]]);
	int r = LW_REGION_NONE;
	for (int k = 1; k < LW_REGION_COUNT; k++)
		if (strcmp(th, theater_id[k]) == 0)
			r = k;
	if (r == LW_REGION_NONE)
		return tg_fail(err, TG_E_MALFORMED,
		               "10.7.3.2: \"theater\" is eastern, up_north, kentucky_tennessee, "
		               "down_south or trans_mississippi");
	int o = 1 - i;
	if (o < g->camp_n && g->camp_region[o] == r)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: the campaign must take place in two separate theaters: "
		               "the other force's theater is %s",
		               theater_name[r]);
	unsigned reach[2];
	reaches(s, reach);
	if (!(reach[i] & LW_CAMP_BIT(r)))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: this force could not end its movement in %s on this "
		               "activation",
		               theater_name[r]);
	if (!(choices_for(s, i, reach) & LW_CAMP_BIT(r)))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: the campaign must take place in two separate theaters: "
		               "the other force could end its movement only in %s",
		               theater_name[r]);
	g->camp_region[i] = (int8_t)r;
	char name[64];
	lw_log(s, "The %s player names %s as the theater of the campaign force of %s (10.7.3.2).",
	       lw_side_title(side), theater_name[r], lw_public_name(s, u, name, sizeof name));
	return 0;
}

json_t *lw_theater_view(const struct lw_state *s)
{
	const struct lw_groups *g = &s->groups;
	if (!s->play.campaign || !g->camp_n)
		return json_null();
	json_t *o = json_array();
	for (int i = 0; i < g->camp_n && i < 2; i++) {
		int r = g->camp_region[i];
		json_array_append_new(o, r > LW_REGION_NONE && r < LW_REGION_COUNT
		                             ? json_string(theater_id[r])
		                             : json_null());
	}
	return o;
}
