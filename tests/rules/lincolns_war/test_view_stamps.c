/* test_view_stamps.c — Lincoln's War's section stamps (game.h "The view in
 * sections", lw_view.c lw_view_stamps) move with what their section shows
 * and only with it, for changes the random games of test_view_sections make
 * seldom or never. The state is edited by hand between two updates of a
 * kept view; after each edit the kept view must be the full view's bytes,
 * and the sections the edit does not show in must be spared (issue 17: the
 * boxes were stamped by every unit, so every move rebuilt them, and the
 * navy was rebuilt after every action).
 *   - a general moves one hex on the map: the reinforcements, disgraced and
 *     deceased boxes and the navy keep their stamps;
 *   - a general on the map dies: the deceased box's stamp moves, and the
 *     kept view is the full view;
 *   - a Union garrison takes a Southern ocean port (8.2: it counts as
 *     blockaded, so the navy's "blockaded_supply" grows) while no fleet
 *     moves: the navy's stamp moves, and the kept view is the full view;
 *   - the log (stamped from the stamps lw_log keeps beside its lines): a
 *     line written moves its stamp; the state put back (an undo) and
 *     other lines written, as many, moves it too, when only the last line
 *     differs and when only an earlier one does, and the kept view is the
 *     full view each time; a loaded state has the stamps of the state
 *     saved, its ring wrapped;
 *   - the political track (stamped 0 before session 23: rebuilt after
 *     every action): a move on the map leaves its stamp; a Southern city
 *     taken by the Union (7.1.9's count of them), a declaration, an
 *     assassination move it for both players; the Confederate's purchase
 *     of the plot moves the Confederate's only (7.1.9: secret), the
 *     Union's both; what it does not show (the 19.2 prompt) leaves it; and
 *     the kept view is the full view each time;
 *   - the board's small sections (stamped 0 before session 24: built as
 *     trees after every action): a move on the map leaves each one's
 *     stamp; each field one of them shows, edited, moves its stamp and
 *     the kept view is the full view: the phase, the step, the
 *     initiative, the first player, the phasing player, Kentucky's
 *     violator, the Irregulars, the amphibious marker and a siege, the
 *     stars railed (the railer's only), a battle and its commitments, a
 *     card play, its CO (seen by his owner only while hidden under
 *     another's), its mover's hex and the campaign's regions, a RIT, a
 *     raided CO (the cavalry rebuilt while one is), the end. The awaited
 *     sides and the prompt are stamped by the values they show;
 *   - the forces (stamped 0 before session 25: walked after every
 *     action): PCs and CSPs leave their stamp; a wound, the GiC, a
 *     subordinate revealed, a siege move it and the kept view is the
 *     full view each time;
 *   - every update of both roles runs in one window (kit/view_sections.h,
 *     as the daemon's fan-out does), where what every role's stamps read
 *     is computed once: each edit above proves the last window's is not
 *     reused; a window's number is new and its state's only, and in it
 *     the stamps of its state (another's stamped between its roles) and
 *     of another state are those made without a window. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/view_sections.h"
#include "lw_engine.h"
#include "lw_siege.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;
static const char *const roles[] = {"union", "confederate"};

static unsigned section(const char *ptr)
{
	for (unsigned i = 0; M->view_sections[i]; i++)
		if (strcmp(M->view_sections[i], ptr) == 0)
			return i;
	return TG_VIEW_SECTIONS_MAX;
}

/* The same as moved, of role 1's sections (the Confederate's). */
static bool moved_c[TG_VIEW_SECTIONS_MAX];

/* Brings both kept views up to date with g; each must be the full view.
 * moved[i] (of role 0's sections; role 1's in moved_c): section i's stamp
 * moved, or is 0 (rebuilt every time). */
static void update(struct game *g, struct tg_view_kept *k, bool *moved, const char *what)
{
	/* one update of both roles, as the daemon's fan-out makes it: what
	 * every role's stamps read is computed once (kit/view_sections.h), so
	 * each edit below also proves the last update's is not reused */
	tg_view_update_begin(g);
	for (int r = 0; r < 2; r++) {
		uint64_t before[TG_VIEW_SECTIONS_MAX];
		for (unsigned i = 0; i < k[r].nsec; i++)
			before[i] = k[r].cut[i].stamp;
		json_t *ops = json_array();
		CHECKF(tg_view_update(&k[r], M, g, roles[r], ops) == 0, "%s, %s: updated", what,
		       roles[r]);
		json_t *full = M->view(g, roles[r]);
		char *want = json_dumps(full, TG_VIEW_DUMP_FLAGS);
		/* The kept text holds the sections kept as text (the boxes and
		 * the navy among them); the item sections are rebuilt from g. */
		char *kept = tg_view_kept_text(&k[r], M, g, roles[r]);
		CHECKF(kept && want && strcmp(kept, want) == 0,
		       "%s, %s: the kept view is the full view", what, roles[r]);
		free(kept);
		for (unsigned i = 0; i < k[r].nsec; i++)
			(r == 0 ? moved : moved_c)[i] =
			    !k[r].cut[i].stamp || k[r].cut[i].stamp != before[i];
		free(want);
		json_decref(full);
		json_decref(ops);
	}
	tg_view_update_end();
}

/* The stamps of every role of g, made in the window open now (w: its
 * state), are those made without one; other (or NULL): a state stamped
 * between g's roles. */
static void stamps_alike(const struct game *g, const struct game *w, const struct game *other,
                         const char *what)
{
	uint64_t in[3][TG_VIEW_SECTIONS_MAX], out[TG_VIEW_SECTIONS_MAX];
	const char *role[3] = {roles[0], roles[1], "observer"};
	for (int r = 0; r < 3; r++) {
		M->view_stamps(g, role[r], in[r]);
		if (other)
			M->view_stamps(other, role[r], out);
	}
	tg_view_update_end();
	for (int r = 0; r < 3; r++) {
		M->view_stamps(g, role[r], out);
		CHECKF(memcmp(in[r], out, tg_view_section_count(M) * sizeof *out) == 0,
		       "%s, %s: the stamps are those made alone", what, role[r]);
	}
	tg_view_update_begin(w);
}

/* An update's window (kit/view_sections.h): its number is new with each
 * window and 0 outside one or for another state; inside one, the stamps of
 * the window's state and of another are those made without a window (the
 * shared part, lw_view.c shared_stamps, is the window's state's only). */
static void windows(struct game *g)
{
	struct tg_error err;
	json_t *saved = M->save(g);
	struct game *h = saved ? M->load(saved, &err) : NULL;
	json_decref(saved);
	if (!CHECKF(h != NULL, "a second state"))
		return;
	/* h differs from g where every role's shared part reads: the
	 * blockades' supply (8.2: a Union garrison in a Southern port) */
	const struct lw_data *d = lw_D();
	struct lw_state *s = &h->s;
	int port = -1;
	for (int c = 0; c < s->n_cities && port < 0; c++)
		if (d->cities[c].southern_ocean_port && d->cities[c].supply > 0 &&
		    s->city[c].owner == LW_CONFEDERATE && !lw_naval_blockaded_for_effects(s, c))
			port = c;
	if (CHECK(port >= 0)) {
		s->city[port].owner = LW_UNION;
		s->city[port].garrison = 1;
	}
	CHECK(tg_view_update_epoch(g) == 0);
	tg_view_update_begin(g);
	uint64_t e1 = tg_view_update_epoch(g);
	CHECKF(e1 != 0 && tg_view_update_epoch(h) == 0 && tg_view_update_epoch(NULL) == 0,
	       "a window's number is its state's only");
	stamps_alike(g, g, NULL, "the window's state");
	stamps_alike(h, g, NULL, "another state in g's window");
	stamps_alike(g, g, h, "the window's state, another's stamped between its roles");
	tg_view_update_end();
	CHECK(tg_view_update_epoch(g) == 0);
	tg_view_update_begin(h);
	CHECKF(tg_view_update_epoch(h) != 0 && tg_view_update_epoch(h) != e1,
	       "each window has a new number");
	stamps_alike(h, h, NULL, "h's window after g's");
	tg_view_update_end();
	M->free(h);
}

/* Each of the board's small sections (lw_view.c small_stamps): edited,
 * its stamp moves (moved: of role 0; moved_c: of role 1) and the kept view
 * is the full view (update's check); a move on the map leaves them. u: a
 * general on the map (for the play's CO). */
static void small_sections(struct game *g, struct tg_view_kept *k, int u)
{
	struct lw_state *s = &g->s;
	bool moved[TG_VIEW_SECTIONS_MAX];
	static const char *const small[] = {
	    "/finished",         "/result",       "/board/phase",   "/board/step",
	    "/board/initiative", "/board/first",  "/board/phasing", "/board/kentucky_violator",
	    "/board/optional",   "/board/amphib", "/board/rail",    "/board/battle",
	    "/board/play",       "/awaiting",     "/prompt",        "/board/cavalry"};
	enum { N = sizeof small / sizeof *small };
	unsigned sec[N];
	for (unsigned i = 0; i < N; i++)
		if (!CHECKF((sec[i] = section(small[i])) < TG_VIEW_SECTIONS_MAX, "%s", small[i]))
			return;
	update(g, k, moved, "small: nothing");
	int hex = s->unit[u].hex;
	s->unit[u].hex = (int16_t)(hex == 1903 ? 1904 : 1903);
	update(g, k, moved, "small: a general moved");
	for (unsigned i = 0; i < N; i++)
		CHECKF(!moved[sec[i]] && !moved_c[sec[i]], "a move on the map leaves %s's stamp",
		       small[i]);
	s->unit[u].hex = (int16_t)hex;
	update(g, k, moved, "small: the general back");

#define EDIT(what, ptr, both, stmt)                                                                \
	do {                                                                                       \
		stmt;                                                                              \
		update(g, k, moved, what);                                                         \
		unsigned i_ = section(ptr);                                                        \
		CHECKF(moved[i_] && (moved_c[i_] || !(both)), "%s moves %s's stamp", what, ptr);   \
	} while (0)
	EDIT("the step", "/board/step", true, s->step = (uint8_t)(s->step + 1));
	EDIT("the initiative", "/board/initiative", true,
	     s->initiative = (int8_t)LW_OTHER(s->initiative));
	EDIT("the first player", "/board/first", true, s->first = (int8_t)LW_OTHER(s->first));
	EDIT("the phasing player", "/board/phasing", true,
	     s->phasing = (int8_t)LW_OTHER(s->phasing));
	EDIT("Kentucky violated", "/board/kentucky_violator", true,
	     s->kentucky.violator = LW_CONFEDERATE);
	EDIT("the Irregulars dispersed", "/board/optional", true, s->opt.irr_dispersed++);
	EDIT("the PCSA placed", "/board/amphib", true, s->amphib.pcsa.hex = 1903);
	EDIT("a siege offered", "/board/amphib", true,
	     (s->amphib.siege.stage = LW_SG_OFFER, s->amphib.siege.besieger = LW_UNION,
	      s->amphib.siege.city_hex = 1903, s->amphib.siege.camp_hex = 1904));
	s->amphib.siege.stage = LW_SG_NONE;
	EDIT("stars railed by the Union", "/board/rail", false, s->rail.used[LW_UNION] += 2);
	CHECKF(!moved_c[section("/board/rail")],
	       "the Union's stars railed leave the Confederate's");
	EDIT("a battle", "/board/battle", true,
	     (s->battle.active = 1, s->battle.attacker = LW_UNION, s->battle.att_hex = 1904,
	      s->battle.def_hex = 1903));
	EDIT("the Union commits", "/board/battle", true,
	     (s->battle.committed[LW_UNION] = 1, s->battle.csp[LW_UNION] = 2));
	EDIT("the Confederate commits", "/board/battle", true,
	     (s->battle.committed[LW_CONFEDERATE] = 1, s->battle.csp[LW_CONFEDERATE] = 1));
	EDIT("the roles reversed", "/board/battle", true, s->resev.reversed = 1);
	s->resev.reversed = 0;
	s->battle = (struct lw_battle){0};
	EDIT("the battle over", "/board/battle", true, (void)0);
	EDIT("a card played", "/board/play", true,
	     (s->play.side = LW_UNION, s->play.card = 1, s->play.pc_left = 3, s->play.co = LW_NONE,
	      s->play.movers_n = 0));
	EDIT("a PC spent", "/board/play", true, s->play.pc_left--);
	/* the CO: a general under another CO is hidden from the enemy (12.7) */
	int co = -1, sub = -1;
	for (int a = 0; a < s->n_units && sub < 0; a++)
		for (int b = 0; b < s->n_units && sub < 0; b++)
			if (a != b && s->unit[a].where == LW_W_MAP &&
			    s->unit[b].where == LW_W_MAP && s->unit[a].side == s->unit[b].side &&
			    s->unit[a].hex == s->unit[b].hex && s->unit[a].gen >= 0 &&
			    s->unit[b].gen >= 0 &&
			    lw_force_co_side(s, s->unit[a].hex, s->unit[a].side) == a &&
			    !(s->unit[b].flags & LW_UF_REVEALED)) {
				co = a;
				sub = b;
			}
	if (CHECKF(sub >= 0, "a force of two generals")) {
		s->play.side = s->unit[sub].side;
		update(g, k, moved, "the play's side");
		s->play.co = (int16_t)sub;
		update(g, k, moved, "a subordinate activated");
		unsigned pl = section("/board/play");
		bool own = s->play.side == LW_UNION;
		CHECKF(own ? moved[pl] && !moved_c[pl] : moved_c[pl] && !moved[pl],
		       "12.7: a hidden subordinate's activation moves his owner's stamp only");
		s->play.co = (int16_t)co;
		EDIT("the CO activated", "/board/play", true, (void)0);
		s->play.movers[0] = (int16_t)co;
		EDIT("the mover", "/board/play", true, s->play.movers_n = 1);
		EDIT("the mover moved", "/board/play", true,
		     s->unit[co].hex = (int16_t)(s->unit[co].hex == 1903 ? 1904 : 1903));
	}
	EDIT("a campaign", "/board/play", true,
	     (s->play.campaign = 1, s->groups.camp_n = 1, s->groups.camp_region[0] = 1));
	EDIT("its region", "/board/play", true, s->groups.camp_region[0] = 2);
	s->play = (struct lw_play){0};
	s->groups.camp_n = 0;
	EDIT("the play over", "/board/play", true, (void)0);
	EDIT("a RIT placed", "/board/cavalry", true, s->cav.rit[s->cav.rit_n++] = 1903);
	/* a raided general: who sees his marker reads the forces, so the
	 * section is rebuilt while one is raided, then stamped again */
	if (co >= 0) {
		s->cav.raided[co / 8] |= (uint8_t)(1u << (co % 8));
		CHECK(lw_co_raided(s, co));
		EDIT("a CO raided", "/board/cavalry", true, (void)0);
		EDIT("the raided CO moved", "/board/cavalry", true,
		     s->unit[co].hex = (int16_t)(s->unit[co].hex == 1903 ? 1904 : 1903));
	}
	memset(s->cav.raided, 0, sizeof s->cav.raided);
	update(g, k, moved, "the raids cleared");
	update(g, k, moved, "the raids cleared, again");
	CHECKF(!moved[section("/board/cavalry")], "no general raided: the cavalry stamped again");
	EDIT("the game over", "/finished", true, s->phase = LW_PH_OVER);
	CHECKF(moved[section("/board/phase")] && moved[section("/result")],
	       "the end moves the phase's and the result's stamps");
	EDIT("the summary", "/result", true, snprintf(s->result, sizeof s->result, "a draw"));
	EDIT("the winner", "/result", true, s->winner = LW_UNION);
#undef EDIT
}

/* The forces (stamped 0 before session 25: every force walked, its
 * record built and hashed, after every action): what no force shows
 * leaves the section's stamp; each thing forces_items reads besides the
 * units' moves, edited alone, moves it and the kept view is the full
 * view: a unit's counter (a wound), the GiC (the CO of his force and the
 * marker), a siege (besieged, besieging), a subordinate revealed. */
static void forces_section(struct game *g, struct tg_view_kept *k)
{
	struct lw_state *s = &g->s;
	bool moved[TG_VIEW_SECTIONS_MAX];
	unsigned f = section("/board/forces");
	if (!CHECK(f < TG_VIEW_SECTIONS_MAX))
		return;
	update(g, k, moved, "forces: nothing");
	s->side[LW_UNION].pc++;
	s->side[LW_CONFEDERATE].csp++;
	s->play.pc_left++;
	update(g, k, moved, "forces: PCs and CSPs");
	CHECKF(!moved[f] && !moved_c[f], "what no force shows leaves the forces' stamp");
	update(g, k, moved, "forces: nothing again");
	CHECKF(!moved[f] && !moved_c[f], "nothing changed: the forces' stamp stays");
	/* a force of two generals, the CO not the GiC; and a force in a city */
	int co = -1, sub = -1, town = -1;
	for (int a = 0; a < s->n_units; a++) {
		const struct lw_unit *x = &s->unit[a];
		if (x->where != LW_W_MAP || x->gen < 0)
			continue;
		if (town < 0 && lw_city_at(x->hex) >= 0)
			town = a;
		for (int b = 0; b < s->n_units && sub < 0; b++)
			if (a != b && s->unit[b].where == LW_W_MAP && s->unit[b].side == x->side &&
			    s->unit[b].hex == x->hex && s->unit[b].gen >= 0 &&
			    lw_force_co_side(s, x->hex, x->side) == a &&
			    s->side[x->side].gic != a && s->side[x->side].gic != b) {
				co = a;
				sub = b;
			}
	}
	if (!CHECKF(sub >= 0 && town >= 0, "a force of two generals, a force in a city"))
		return;
#define EDIT(what, stmt)                                                                           \
	do {                                                                                       \
		stmt;                                                                              \
		update(g, k, moved, what);                                                         \
		CHECKF(moved[f] && moved_c[f], "%s moves the forces' stamp", what);                \
	} while (0)
	EDIT("a wound", s->unit[co].wounds++);
	int side = s->unit[sub].side, gic = s->side[side].gic;
	EDIT("the GiC moved to a subordinate", s->side[side].gic = (int16_t)sub);
	CHECKF(lw_force_co_side(s, s->unit[sub].hex, side) == sub,
	       "11.0.1: the GiC commands his force");
	EDIT("the GiC back", s->side[side].gic = (int16_t)gic);
	EDIT("a subordinate revealed", s->unit[sub].flags |= LW_UF_REVEALED);
	EDIT("hidden again", s->unit[sub].flags &= (uint8_t)~LW_UF_REVEALED);
	int i = LW_MAX_SIEGES - 1, besieged = s->unit[town].side;
	struct lw_siege was = s->amphib.sieges[i];
	EDIT("a siege on", (s->amphib.sieges[i].stage = LW_SG_ON,
	                    s->amphib.sieges[i].besieger = (int8_t)LW_OTHER(besieged),
	                    s->amphib.sieges[i].city_hex = s->unit[town].hex));
	CHECK(lw_siege_besieged(s, s->unit[town].hex, besieged));
	EDIT("the siege lifted", s->amphib.sieges[i] = was);
#undef EDIT
}

int main(void)
{
	uint8_t seed[TG_SEED_BYTES] = {17};
	struct tg_error err;
	struct game *g = M->setup(seed, "campaign", NULL, &err);
	if (!CHECKF(g != NULL, "campaign set up: %s", g ? "" : err.message))
		return tap_done();
	struct lw_state *s = &g->s;
	const struct lw_data *d = lw_D();
	struct tg_view_kept k[2] = {{0}};
	for (int r = 0; r < 2; r++)
		tg_view_keep_full(&k[r], M, g, roles[r]);
	bool moved[TG_VIEW_SECTIONS_MAX];
	unsigned pend = section("/board/reinforcements"), disg = section("/board/disgraced"),
	         dec = section("/board/deceased"), navy = section("/board/navy"),
	         pol = section("/board/political");
	CHECK(pend < TG_VIEW_SECTIONS_MAX && disg < TG_VIEW_SECTIONS_MAX &&
	      dec < TG_VIEW_SECTIONS_MAX && navy < TG_VIEW_SECTIONS_MAX &&
	      pol < TG_VIEW_SECTIONS_MAX);

	/* a general on the map, and a neighbouring hex */
	int u = -1;
	for (int i = 0; i < s->n_units && u < 0; i++)
		if (s->unit[i].where == LW_W_MAP && s->unit[i].gen >= 0)
			u = i;
	if (!CHECK(u >= 0))
		return tap_done();
	int from = s->unit[u].hex, to = -1;
	for (size_t h = 0; h < d->n_hexes && to < 0; h++)
		if (d->hexes[h].id != from && d->hexes[h].id / 100 == from / 100 &&
		    abs(d->hexes[h].id - from) == 1)
			to = d->hexes[h].id;
	if (!CHECK(to >= 0))
		return tap_done();

	s->unit[u].hex = (int16_t)to;
	update(g, k, moved, "a general moved");
	CHECKF(!moved[pend] && !moved[disg] && !moved[dec],
	       "a move on the map leaves the boxes' stamps (%d %d %d)", moved[pend], moved[disg],
	       moved[dec]);
	CHECKF(!moved[navy], "a move on the map leaves the navy's stamp");
	CHECKF(!moved[pol] && !moved_c[pol], "a move on the map leaves the political stamp");

	s->unit[u].where = LW_W_DECEASED;
	s->unit[u].hex = LW_NO_HEX;
	update(g, k, moved, "a general died");
	CHECKF(moved[dec] && !moved[pend] && !moved[disg],
	       "a death moves the deceased box's stamp only (%d %d %d)", moved[pend], moved[disg],
	       moved[dec]);

	/* 8.2: a Southern ocean port held by a Union garrison counts as
	 * blockaded; no fleet moves */
	int port = -1;
	for (int c = 0; c < s->n_cities && port < 0; c++)
		if (d->cities[c].southern_ocean_port && d->cities[c].supply > 0 &&
		    s->city[c].owner == LW_CONFEDERATE && !lw_naval_blockaded_for_effects(s, c))
			port = c;
	if (!CHECK(port >= 0))
		return tap_done();
	int supply = lw_naval_blockaded_supply(s);
	s->city[port].owner = LW_UNION;
	s->city[port].garrison = 1;
	CHECKF(lw_naval_blockaded_supply(s) > supply, "the port's supply is blockaded (%s)",
	       d->cities[port].id);
	update(g, k, moved, "a port taken");
	CHECKF(moved[navy], "taking a port moves the navy's stamp");

	/* the political track: each value it shows, as each player sees it;
	 * 7.1.9: the Union holds one more city that began Confederate */
	int taken = -1;
	for (int c = 0; c < s->n_cities && taken < 0; c++)
		if (d->cities[c].control == LW_CTRL_CONFEDERATE &&
		    s->city[c].owner == LW_CONFEDERATE)
			taken = c;
	if (!CHECK(taken >= 0))
		return tap_done();
	int holds = lw_plot_union_holds(s);
	s->city[taken].owner = LW_UNION;
	CHECK_EQ_INT(lw_plot_union_holds(s), holds + 1);
	update(g, k, moved, "a Southern city taken");
	CHECKF(moved[pol] && moved_c[pol], "a Southern city taken moves the political stamp");
	s->pol.ep = 1;
	update(g, k, moved, "the EP declared");
	CHECKF(moved[pol] && moved_c[pol], "19.1 declared: the political stamp moves for both");
	s->pol.plot_bought = LW_CONFEDERATE;
	update(g, k, moved, "the Confederate bought the plot");
	CHECKF(!moved[pol] && moved_c[pol],
	       "7.1.9: the Confederate's purchase moves his political stamp only (%d %d)",
	       moved[pol], moved_c[pol]);
	s->pol.plot_bought = 0;
	s->pol.plot_stage = 1;
	s->pol.president_vp[LW_CONFEDERATE] = 1;
	update(g, k, moved, "Lincoln assassinated");
	CHECKF(moved[pol] && moved_c[pol], "an assassination moves the political stamp for both");
	s->pol.plot_bought = LW_UNION;
	update(g, k, moved, "the Union bought the plot");
	CHECKF(moved[pol] && moved_c[pol],
	       "the Union's purchase moves the political stamp for both");
	s->pol.bi_offer = 1;
	update(g, k, moved, "the BI prompt");
	CHECKF(!moved[pol] && !moved_c[pol], "the 19.2 prompt leaves the political stamp");

	small_sections(g, k, u);
	forces_section(g, k);
	windows(g);

	/* the log: the ring wrapped first */
	unsigned log = section("/log");
	CHECK(log < TG_VIEW_SECTIONS_MAX);
	for (int i = 0; i < LW_LOG_LINES + 5; i++)
		lw_log(s, "filler %d", i);
	update(g, k, moved, "the log wrapped");
	CHECKF(moved[log], "lines written move the log's stamp");
	struct lw_state *back = malloc(sizeof *back);
	*back = *s;
	lw_log(s, "line A");
	update(g, k, moved, "line A");
	CHECKF(moved[log], "a line written moves the log's stamp");
	*s = *back;
	lw_log(s, "line B");
	update(g, k, moved, "undone, line B");
	CHECKF(moved[log], "the same count, another last line: the log's stamp moves");
	*s = *back;
	lw_log(s, "line C");
	lw_log(s, "line D");
	update(g, k, moved, "undone, lines C D");
	*s = *back;
	lw_log(s, "line E");
	lw_log(s, "line D");
	update(g, k, moved, "undone, lines E D");
	CHECKF(moved[log], "the same count and last line, another line before: the stamp moves");
	update(g, k, moved, "nothing");
	CHECKF(!moved[log], "nothing written: the log's stamp stays");
	free(back);

	json_t *saved = M->save(g);
	struct game *h = saved ? M->load(saved, &err) : NULL;
	if (CHECKF(h != NULL, "loaded: %s", h ? "" : err.message)) {
		CHECK_EQ_INT((int)h->s.log_total, (int)s->log_total);
		CHECKF(memcmp(h->s.log_stamp, s->log_stamp, sizeof s->log_stamp) == 0,
		       "the loaded ring's stamps are the saved state's");
		M->free(h);
	}
	json_decref(saved);

	for (int r = 0; r < 2; r++)
		tg_view_kept_clear(&k[r]);
	M->free(g);
	return tap_done();
}
