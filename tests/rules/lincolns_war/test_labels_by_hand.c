/* The hex labels, the generals' names and ids written by hand
 * (lw_hex_label, lw_unit_name, lw_unit_id; issue 17: snprintf's were
 * about 400 instructions each, several thousand an update of the offers)
 * hold to the snprintf formats they replaced, byte for byte, cut alike:
 * every hex number 0-9999 and a few outside, every unit of a Campaign
 * game (generals and TCOs), at buffer sizes from 0 to beyond the text. */
#include "lw_testkit.h"

static const size_t sizes[] = {0, 1, 2, 4, 5, 6, 9, 12, 17, 23, 31, 64};
enum { NSIZES = sizeof sizes / sizeof *sizes };
static int compared, bad;

static void same(const char *want, size_t wn, const char *got, const char *got_ret, const char *buf,
                 const char *what, int k, size_t n)
{
	compared++;
	/* a size 0 writes nothing: the guard byte stays */
	bool ok = got_ret == buf && memcmp(want, got, wn) == 0;
	if (!ok && bad++ < 5)
		CHECKF(false, "%s %d at size %zu: \"%.*s\", want \"%.*s\"", what, k, n, (int)wn,
		       got, (int)wn, want);
}

int main(void)
{
	struct game *g = tk_new("campaign", 100);
	const struct lw_state *s = &g->s;
	char want[80], got[80];
	int cities = 0;
	for (int hex = -12; hex <= 10012; hex++) {
		const struct lw_city *c = lw_data_city_at(lw_D(), hex);
		cities += c != NULL;
		for (size_t i = 0; i < NSIZES; i++) {
			size_t n = sizes[i];
			memset(want, '#', sizeof want);
			memset(got, '#', sizeof got);
			if (c)
				snprintf(want, n, "%s (%04d)", c->name, hex);
			else
				snprintf(want, n, "%04d", hex);
			const char *r = lw_hex_label(hex, got, n);
			same(want, n ? n : 1, got, r, got, "hex", hex, n);
		}
	}
	CHECKF(cities > 50, "%d cities met", cities);
	int gens = 0;
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		gens += x->gen >= 0;
		for (size_t i = 0; i < NSIZES; i++) {
			size_t n = sizes[i];
			memset(want, '#', sizeof want);
			memset(got, '#', sizeof got);
			if (x->gen >= 0)
				snprintf(want, n, "%s", lw_D()->generals[x->gen].name);
			else
				snprintf(want, n, "TCO %s(%d star%s)", x->cavalry ? "cavalry " : "",
				         x->stars, x->stars == 1 ? "" : "s");
			same(want, n ? n : 1, got, lw_unit_name(s, u, got, n), got, "name", u, n);
			memset(want, '#', sizeof want);
			memset(got, '#', sizeof got);
			if (x->gen >= 0)
				snprintf(want, n, "%s", lw_D()->generals[x->gen].id);
			else
				snprintf(want, n, "tco-%d", u);
			same(want, n ? n : 1, got, lw_unit_id(s, u, got, n), got, "id", u, n);
		}
	}
	CHECKF(gens > 20, "%d generals met", gens);
	CHECKF(bad == 0, "%d of %d labels differ", bad, compared);
	lincolns_war_module.free(g);
	return tap_done();
}
