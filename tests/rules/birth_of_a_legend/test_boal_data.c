/* The data files against every number the text gives (README "Data"): 3.2
 * the 45 areas and the names and numbers the text prints, 15.4 the bridges,
 * 15.6 the James River, 14 the victory areas, 4.3.3 the commands, 5.1-5.2
 * the set-up, 5.2.2 / 15.5 the three printed divisions, 9.2 / 10.3 movement
 * costs, 10.6 casualty points, 7.1, 9.5.2, 9.1.2, 6.2.1, 6.2.2, 13.3, 15.1;
 * that nothing reconstructed is labelled as published; and that the loader
 * refuses broken files with a sentence naming file and item. */
#include <jansson.h>
#include <stdlib.h>
#include <unistd.h>

#include "boal_testkit.h"

static const struct {
	int id;
	const char *name;
} NAMED[] = {{1, "Haws Shop"},
             {2, "Enon Church"}, /* printed "Enron": README, data source */
             {6, "Ellerson's Mill"},
             {7, "Gaines Mill/Cold Harbor"},
             {9, "Bowles"},
             {10, "Linney's/Old Church"},
             {17, "White House Landing"},
             {19, "Providence Church"},
             {23, "Charles City Court House"},
             {26, "Evelington"},
             {27, "Harrison's Landing"},
             {28, "Shirley Plantation"},
             {29, "Crenshaw"},
             {33, "White Oak Swamp"},
             {35, "Malvern Hill"},
             {36, "New Market"},
             {37, "Chaffin's Bluff"},
             {38, "White's Tavern"},
             {39, "Seven Pines"},
             {40, "Fair Oaks"},
             {41, "Old Tavern"},
             {42, "Charles City Road"},
             {43, "Laurel Hill Church"},
             {44, "Richmond"},
             {45, "Meadow's Bridge Road"}};
/* numbered by 15.4 but not named */
static const int NUMBERED[] = {15, 21, 22, 25, 31, 32, 34};

/* 15.4: "New Bridge (Areas 6 and 41), Grapevine Bridge (Areas 7 and 40),
 * Bottom's Bridge (Areas 15 and 33), White Oak Swamp (Areas 33 and 34),
 * Bailey's Creek (Areas 36 and 37), Turkey Run (Areas 35 and 36), Turkey
 * Island Creek (Areas 29 and 35), Herring Creek (Areas 26 and 27, and Areas
 * 25 and 31), Long Bridge (Areas 19 and 32), and Jones Bridge (Areas 21 and
 * 22)" */
static const struct {
	int a, b;
	const char *name;
} BRIDGES[] = {
    {6, 41, "New Bridge"},           {7, 40, "Grapevine Bridge"}, {15, 33, "Bottom's Bridge"},
    {33, 34, "White Oak Swamp"},     {36, 37, "Bailey's Creek"},  {35, 36, "Turkey Run"},
    {29, 35, "Turkey Island Creek"}, {26, 27, "Herring Creek"},   {25, 31, "Herring Creek"},
    {19, 32, "Long Bridge"},         {21, 22, "Jones Bridge"}};

/* 5.2: area -> units, leaders (CSA units under the Union heading: README 1) */
static const struct {
	int area;
	const char *units[10];
	const char *leaders[4];
} SETUP[] = {
    {6, {"mccall_inf", "mccall_art", "8ill_cav"}, {"porter"}},
    {7,
     {"morell_inf", "morell_art", "sykes_inf", "sykes_art", "reserve_a_art", "reserve_b_art"},
     {0}},
    {40,
     {"slocum_inf", "slocum_art", "smith_inf", "smith_art", "richardson_inf", "richardson_art",
      "sedgwick_inf", "sedgwick_art", "ii_res_art"},
     {"franklin", "sumner"}},
    {39, {"hooker_inf", "hooker_art", "kearny_inf", "kearny_art", "iii_res_art"}, {"heintzelman"}},
    {38, {"couch_inf", "couch_art", "peck_inf", "peck_art", "iv_res_art"}, {"keyes"}},
    {36, {"8penn_cav"}, {0}},
    {33, {"hq_inf", "hq_cav", "6ny_cav", "3penn_cav", "1ny_cav"}, {"mcclellan"}},
    {17, {"whitehouse_inf"}, {"casey"}},
    {10, {"emory_cav"}, {0}},
    {9, {"blake_cav"}, {0}},
    {44, {"richmond_garrison"}, {0}},
    {41,
     {"jones_inf", "jones_art", "mclaws_inf", "mclaws_art", "cobb_inf", "cobb_art"},
     {"magruder"}},
    {42, {"huger_inf", "huger_art", "ransom_inf", "reserve_art"}, {"huger", "pendleton"}},
    {43, {"nc_inf", "nc_art", "wise_inf"}, {"holmes"}},
    {1, {"stuart_cav", "stuart_horse_art"}, {"stuart"}},
    {2,
     {"whiting_inf", "whiting_art", "winder_inf", "winder_art", "ewell_inf", "ewell_art",
      "johnson_inf", "johnson_art", "2va_cav"},
     {"jackson", "ewell"}},
    {45,
     {"aphill_inf", "aphill_art", "anderson_inf", "anderson_art", "dhhill_inf", "dhhill_art"},
     {"lee", "aphill", "longstreet", "dhhill"}},
};

/* 4.3.3: the independents by name */
static const char *const INDEPENDENT[] = {
    "blake_cav",   "emory_cav",   "reserve_a_art", "reserve_b_art", "hq_inf",           "hq_cav",
    "johnson_inf", "johnson_art", "wise_inf",      "2va_cav",       "richmond_garrison"};

static void check_map(const struct boal_data *d)
{
	bool mentioned[BOAL_AREAS + 1] = {false};
	for (size_t i = 0; i < sizeof NAMED / sizeof NAMED[0]; i++) {
		CHECK_EQ_STR(d->area[NAMED[i].id].name, NAMED[i].name);
		mentioned[NAMED[i].id] = true;
	}
	for (size_t i = 0; i < sizeof NUMBERED / sizeof NUMBERED[0]; i++)
		mentioned[NUMBERED[i]] = true;
	/* an area's name is labelled "rule" exactly when the text mentions it */
	for (int a = 1; a <= BOAL_AREAS; a++)
		CHECKF(d->area[a].named_by_rule == mentioned[a], "area %d", a);
	CHECK_EQ_INT(d->graph.n, 45);

	/* the bridges: the 11 of 15.4, Union-held, on major water */
	int union_held = 0;
	for (size_t i = 0; i < sizeof BRIDGES / sizeof BRIDGES[0]; i++) {
		int b = boal_data_bridge(d, BRIDGES[i].a, BRIDGES[i].b);
		CHECKF(b >= 0, "bridge %d-%d", BRIDGES[i].a, BRIDGES[i].b);
		if (b < 0)
			continue;
		CHECK_EQ_STR(d->bridge[b].name, BRIDGES[i].name);
		CHECK_EQ_INT(d->bridge[b].initial, BOAL_UNION);
		CHECK(d->bridge[b].by_rule);
		const struct tg_area_edge *e =
		    tg_areagraph_edge(&d->graph, BRIDGES[i].a, BRIDGES[i].b);
		CHECK(e && e->type == TG_BOUNDARY_MAJOR && e->bridge == b);
	}
	for (int b = 0; b < d->n_bridges; b++)
		union_held += d->bridge[b].initial == BOAL_UNION;
	CHECK_EQ_INT(union_held, 11);
	/* any other bridge is reconstructed and says so */
	for (int b = 0; b < d->n_bridges; b++)
		if (d->bridge[b].initial != BOAL_UNION)
			CHECK(!d->bridge[b].by_rule);

	/* 15.6 and 14 */
	static const int james[] = {37, 36, 29, 28, 27, 26, 23};
	int nj = 0, ng = 0, nv = 0;
	for (int a = 1; a <= BOAL_AREAS; a++) {
		nj += d->area[a].james_river;
		ng += d->area[a].gunboat_defense;
		nv += d->area[a].victory;
		CHECK(d->area[a].tem >= 1 && d->area[a].tem <= 4); /* 3.2.3 */
	}
	CHECK_EQ_INT(nj, 7);
	CHECK_EQ_INT(ng, 8);
	for (size_t i = 0; i < 7; i++)
		CHECK(d->area[james[i]].james_river && d->area[james[i]].gunboat_defense);
	CHECK(d->area[17].gunboat_defense && !d->area[17].james_river);
	CHECK_EQ_INT(nv, 5);
	static const int vp[] = {17, 19, 27, 35, 44};
	for (size_t i = 0; i < 5; i++)
		CHECK(d->area[vp[i]].victory);

	/* every area is reachable from Richmond: the map is one piece */
	bool all[TG_AREA_MAX + 1];
	for (int a = 0; a <= TG_AREA_MAX; a++)
		all[a] = true;
	for (int a = 1; a <= BOAL_AREAS; a++)
		CHECKF(tg_areagraph_reach(&d->graph, 44, a, all, NULL, NULL), "area %d", a);
}

static void check_units(const struct boal_data *d)
{
	int units[2] = {0}, leaders[2] = {0};
	for (int u = 0; u < d->n_units; u++)
		units[d->unit[u].side]++;
	for (int l = 0; l < d->n_leaders; l++)
		leaders[d->leader[l].side]++;
	CHECK_EQ_INT(units[BOAL_UNION], 37);
	CHECK_EQ_INT(leaders[BOAL_UNION], 7);
	CHECK_EQ_INT(units[BOAL_CONFEDERATE], 31);
	CHECK_EQ_INT(leaders[BOAL_CONFEDERATE], 11);

	bool listed_u[BOAL_UNITS_MAX] = {false}, listed_l[BOAL_LEADERS_MAX] = {false};
	for (size_t i = 0; i < sizeof SETUP / sizeof SETUP[0]; i++) {
		for (int k = 0; k < 10 && SETUP[i].units[k]; k++) {
			int u = bt_unit(SETUP[i].units[k]);
			CHECKF(d->unit[u].setup == SETUP[i].area, "%s", SETUP[i].units[k]);
			listed_u[u] = true;
		}
		for (int k = 0; k < 4 && SETUP[i].leaders[k]; k++) {
			int l = bt_leader(SETUP[i].leaders[k]);
			CHECKF(d->leader[l].setup == SETUP[i].area, "%s", SETUP[i].leaders[k]);
			listed_l[l] = true;
		}
	}
	for (int u = 0; u < d->n_units; u++)
		CHECKF(listed_u[u], "unit %s is not in 5.2", d->unit[u].id);
	for (int l = 0; l < d->n_leaders; l++)
		CHECKF(listed_l[l], "leader %s is not in 5.2", d->leader[l].id);

	/* 5.2.2, 15.5: "Use the 6-7-5 A.P. Hill unit (the 4-4-5 unit ...)" */
	static const struct {
		const char *id;
		int f[6];
	} printed[] = {{"aphill_inf", {6, 7, 5, 4, 4, 5}},
	               {"anderson_inf", {6, 6, 5, 4, 4, 5}},
	               {"dhhill_inf", {5, 6, 5, 3, 4, 5}}};
	for (size_t i = 0; i < 3; i++) {
		const struct boal_unit *u = &d->unit[bt_unit(printed[i].id)];
		CHECK_EQ_INT(u->attack, printed[i].f[0]);
		CHECK_EQ_INT(u->defense, printed[i].f[1]);
		CHECK_EQ_INT(u->move, printed[i].f[2]);
		CHECK(u->reduced);
		CHECK_EQ_INT(u->reduced_attack, printed[i].f[3]);
		CHECK_EQ_INT(u->reduced_defense, printed[i].f[4]);
		CHECK_EQ_INT(u->reduced_move, printed[i].f[5]);
	}
	/* no other unit's factors claim to be published, none other is reduced */
	int by_rule = 0, reduced = 0;
	for (int u = 0; u < d->n_units; u++) {
		by_rule += d->unit[u].factors_by_rule;
		reduced += d->unit[u].reduced;
	}
	CHECK_EQ_INT(by_rule, 3);
	CHECK_EQ_INT(reduced, 3);

	/* 4.3.3: commands, independents, leaders' commands */
	for (size_t i = 0; i < sizeof INDEPENDENT / sizeof INDEPENDENT[0]; i++)
		CHECKF(d->command[d->unit[bt_unit(INDEPENDENT[i])].command].independent, "%s",
		       INDEPENDENT[i]);
	int indep = 0;
	for (int u = 0; u < d->n_units; u++)
		indep += d->command[d->unit[u].command].independent;
	CHECK_EQ_INT(indep, 11);
	int n[2] = {0};
	for (int c = 0; c < d->n_commands; c++)
		n[d->command[c].side]++;
	CHECK_EQ_INT(n[BOAL_UNION], 8);
	CHECK_EQ_INT(n[BOAL_CONFEDERATE], 11);
	CHECK(d->command[boal_data_command(d, BOAL_UNION, "mcdowell")].optional);
	static const struct {
		const char *unit, *leader;
	} same[] = {{"mccall_inf", "porter"},   {"slocum_inf", "franklin"},
	            {"sedgwick_inf", "sumner"}, {"kearny_inf", "heintzelman"},
	            {"peck_inf", "keyes"},      {"whitehouse_inf", "casey"},
	            {"jones_inf", "magruder"},  {"huger_inf", "huger"},
	            {"nc_inf", "holmes"},       {"stuart_cav", "stuart"},
	            {"winder_inf", "jackson"},  {"ewell_inf", "ewell"},
	            {"aphill_inf", "aphill"},   {"anderson_inf", "longstreet"},
	            {"dhhill_inf", "dhhill"},   {"ransom_inf", "pendleton"}};
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
		CHECKF(d->unit[bt_unit(same[i].unit)].command ==
		           d->leader[bt_leader(same[i].leader)].command,
		       "%s under %s", same[i].unit, same[i].leader);
	/* 4.4.1: Army Leaders have only an Initiative Rating; 9.1.2: 7 MF */
	CHECK(d->leader[bt_leader("lee")].army && d->leader[bt_leader("lee")].command == -1);
	CHECK(d->leader[bt_leader("mcclellan")].army);
	CHECK_EQ_INT(d->leader_mf, 7);
	/* 4.2.2: Stuart's Horse Artillery is its own kind (artillery that screens) */
	CHECK_EQ_INT(d->unit[bt_unit("stuart_horse_art")].type, BOAL_HORSE_ARTILLERY);
}

static void check_setup_and_tracks(const struct boal_data *d)
{
	/* 5.2.1: entrenchments */
	static const int ent[][3] = {{6, BOAL_UNION, 1},        {40, BOAL_UNION, 2},
	                             {39, BOAL_UNION, 2},       {38, BOAL_UNION, 1},
	                             {44, BOAL_CONFEDERATE, 2}, {41, BOAL_CONFEDERATE, 2},
	                             {42, BOAL_CONFEDERATE, 2}};
	CHECK_EQ_INT(d->n_entrench, 7);
	for (int i = 0; i < 7 && i < d->n_entrench; i++) {
		bool found = false;
		for (int e = 0; e < d->n_entrench; e++)
			found |= d->entrench[e].area == ent[i][0] &&
			         d->entrench[e].side == ent[i][1] &&
			         d->entrench[e].level == ent[i][2];
		CHECKF(found, "entrenchment in %d", ent[i][0]);
	}
	CHECK_EQ_INT(d->train_area, 17);
	CHECK_EQ_STR(d->turn_label[d->first_turn], "June 26");
	int regular = 0;
	for (int t = 0; t < d->n_turns; t++)
		regular += !d->turn_optional[t];
	CHECK_EQ_INT(regular, 7); /* 6.0: "A game has seven Turns" */
	CHECK_EQ_STR(d->turn_label[d->n_turns - 1], "July 2");
	CHECK_EQ_INT(d->advantage, BOAL_CONFEDERATE);
	CHECK_EQ_INT(d->advantage_space, 0);
	CHECK_EQ_INT(d->impulse_first, 0);
	CHECK_EQ_INT(d->stacking_max, 10);
	CHECK_EQ_INT(d->bridge_crossing_max, 5);
	CHECK_EQ_INT(d->lee_active_on, 3);
	CHECK_EQ_INT(d->mcclellan_active_on, 5);
	CHECK_EQ_INT(d->train_moved_drm, -1);
	CHECK_EQ_INT(d->rp_confederate, 1);
	CHECK_EQ_INT(d->rp_union_landing, 2);
	CHECK_EQ_INT(d->rp_union_otherwise, 1);
	CHECK_EQ_INT(d->rp_advantage, 1);
	CHECK_EQ_INT(d->train_transit_days, 3);
	CHECK_EQ_INT(d->move_cost.vacant, 1);
	CHECK_EQ_INT(d->move_cost.vacant_by_fresh_artillery, 2);
	CHECK_EQ_INT(d->move_cost.only_exhausted, 3);
	CHECK_EQ_INT(d->move_cost.fresh_enemy, 4);
	CHECK_EQ_INT(d->move_cost.contested_exhausted, 1);
	CHECK_EQ_INT(d->move_cost.contested_fresh, 2);
	CHECK_EQ_INT(d->cp.fresh_exhausted, 1);
	CHECK_EQ_INT(d->cp.fresh_eliminated, 3);
	CHECK_EQ_INT(d->cp.exhausted_retreats, 1);
	CHECK_EQ_INT(d->cp.fresh_exhausted_retreats, 2);
	CHECK_EQ_INT(d->cp.exhausted_eliminated, 2);
	CHECK_EQ_INT(d->rain_on, 6);
}

/* A copy of the data folder with one file changed by `edit`; the loader
 * must refuse it with a message containing `want`. */
static void check_refused(const char *file, void (*edit)(json_t *), const char *want)
{
	char dir[] = "/tmp/boal_dataXXXXXX";
	if (!mkdtemp(dir)) {
		CHECK(!"mkdtemp");
		return;
	}
	static const char *const files[] = {"map.json", "units.json", "setup.json", "tracks.json"};
	for (int f = 0; f < 4; f++) {
		char src[1024], dst[1024];
		snprintf(src, sizeof src, "%s/server/games/birth_of_a_legend/data/%s",
		         TG_SOURCE_DIR, files[f]);
		snprintf(dst, sizeof dst, "%s/%s", dir, files[f]);
		json_t *j = json_load_file(src, 0, NULL);
		CHECK(j != NULL);
		if (j && strcmp(files[f], file) == 0)
			edit(j);
		if (j)
			json_dump_file(j, dst, 0);
		json_decref(j);
	}
	struct boal_data *d = malloc(sizeof *d);
	struct tg_error err = {{0}, {0}};
	CHECK(d && boal_data_load(dir, d, &err) == -1);
	CHECKF(strstr(err.message, want) != NULL, "\"%s\" in \"%s\"", want, err.message);
	CHECK_EQ_STR(err.code, TG_E_DATA);
	free(d);
	for (int f = 0; f < 4; f++) {
		char p[1024];
		snprintf(p, sizeof p, "%s/%s", dir, files[f]);
		unlink(p);
	}
	rmdir(dir);
}

static void drop_area(json_t *m)
{
	json_array_remove(json_object_get(m, "areas"), 44);
}
static void unbridge(json_t *m)
{
	json_t *b = json_object_get(m, "boundaries");
	size_t i;
	json_t *x;
	json_array_foreach(b, i, x) if (json_is_string(json_object_get(x, "bridge")))
	{
		json_object_set_new(x, "bridge", json_null());
		break;
	}
}
static void guess_source(json_t *u)
{
	json_object_set_new(json_array_get(json_object_get(u, "units"), 0), "source",
	                    json_string("factors 5-6-5"));
}
static void overstack(json_t *u)
{
	json_t *units = json_object_get(u, "units");
	size_t i;
	json_t *x;
	json_array_foreach(
	    units, i, x) if (strcmp(json_string_value(json_object_get(x, "side")), "union") == 0)
	    json_object_set_new(x, "setup", json_integer(40));
}
static void unknown_command(json_t *u)
{
	json_object_set_new(json_array_get(json_object_get(u, "units"), 0), "command",
	                    json_string("mcdowel"));
}

int main(void)
{
	const struct boal_data *d = bt_data();
	check_map(d);
	check_units(d);
	check_setup_and_tracks(d);
	check_refused("map.json", drop_area, "3.2 gives 45 areas");
	check_refused("map.json", unbridge, "major water boundary is crossed only at a bridge");
	check_refused("units.json", guess_source, "\"source\"");
	check_refused("units.json", overstack, "(7.1: 10)");
	check_refused("units.json", unknown_command, "names no command");
	return tap_done();
}
