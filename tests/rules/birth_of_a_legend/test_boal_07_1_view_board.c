/* 7.1: "A player may freely examine stacks of enemy units at any time": the
 * view's board shows every area, unit, leader and bridge, each under its
 * own name. Each member of view_sections is filled by the section of that
 * name (the web board reads board.areas as the 45 areas, board.units as
 * the units, board.bridges as the bridges). */
#include "boal_module_testkit.h"

static json_t *at(json_t *v, const char *a, const char *b)
{
	return json_object_get(json_object_get(v, a), b);
}

int main(void)
{
	struct game *g = bm_new(7, NULL);
	json_t *v = BM->view(g, "union");
	json_t *areas = at(v, "board", "areas");
	CHECK(json_is_array(areas));
	CHECK_EQ_INT((int)json_array_size(areas), 45);
	for (size_t i = 0; i < json_array_size(areas); i++) {
		json_t *a = json_array_get(areas, i);
		CHECK_EQ_INT((int)json_integer_value(json_object_get(a, "id")), (int)i + 1);
		CHECK(json_is_string(json_object_get(a, "name")));
	}
	json_t *units = at(v, "board", "units");
	CHECK(json_is_array(units) && json_array_size(units) > 0);
	for (size_t i = 0; i < json_array_size(units); i++)
		CHECK(json_is_boolean(json_object_get(json_array_get(units, i), "exhausted")));
	json_t *leaders = at(v, "board", "leaders");
	CHECK(json_is_array(leaders) && json_array_size(leaders) > 0);
	for (size_t i = 0; i < json_array_size(leaders); i++)
		CHECK(json_is_integer(json_object_get(json_array_get(leaders, i), "initiative")));
	/* 15.4: the 11 Union-held bridges and the reconstructed two */
	json_t *bridges = at(v, "board", "bridges");
	CHECK(json_is_array(bridges));
	CHECK_EQ_INT((int)json_array_size(bridges), 13);
	for (size_t i = 0; i < json_array_size(bridges); i++)
		CHECK(json_is_string(json_object_get(json_array_get(bridges, i), "state")));
	/* the impulse in progress: none before the first Daylight */
	CHECK(json_object_get(json_object_get(v, "board"), "impulse") != NULL);
	CHECK(json_is_string(json_object_get(at(v, "board", "track"), "turn")));
	/* every section is where the list says: view() is the sections joined */
	for (unsigned i = 0; BM->view_sections[i]; i++) {
		json_t *x = BM->view_section(g, "union", i);
		const char *p = BM->view_sections[i];
		const char *slash = strchr(p + 1, '/');
		json_t *y = slash ? at(v, "board", slash + 1) : json_object_get(v, p + 1);
		CHECKF(json_equal(x, y), "section %s", p);
		json_decref(x);
	}
	json_decref(v);
	BM->free(g);
	return tap_done();
}
