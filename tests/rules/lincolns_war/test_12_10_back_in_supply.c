/* 12.10: "Once an out of supply force moves back into supply, the OOS marker
 * is immediately removed." */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	/* next to Washington, a lone general marked out of supply */
	int from = fx_plain_neighbour(1903);
	if (!CHECK(from != LW_NO_HEX))
		return tap_done();
	int u = fx_place(s, "thomas", from, 1);
	s->unit[u].flags |= LW_UF_OOS;
	lw_march_begin(s, u, false);
	ACT_OK(s, LW_UNION, "{\"type\":\"move\",\"to\":1903}");
	ACT_OK(s, LW_UNION, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->unit[u].hex, 1903);
	CHECK(!(s->unit[u].flags & LW_UF_OOS));
	free(s);
	return tap_done();
}
