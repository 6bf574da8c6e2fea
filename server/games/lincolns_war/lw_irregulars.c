/* lw_irregulars.c — 23.2 Irregulars (option "irregulars", CS card 69).
 *
 * What the rulebook states: the card is optional (1.2); Irregulars never
 * take blockade IT (8.2.2, here by construction: a counter is not a unit,
 * lw_naval_phase.c it_candidates() sees units only); dispersing one
 * reshuffles the Confederate deck (10.3.1, 23.2.5). Everything else is
 * RECONSTRUCTED (lw_optional.h, docs/political_optional.md "Decisions where the text is silent").
 */
#include <string.h>

#include "lw_engine.h"
#include "lw_ints.h"

bool lw_irr_event(const struct lw_card *k)
{
	return k && k->kind == LW_KIND_IRREGULARS && k->effect_id &&
	       strcmp(k->effect_id, "irregulars") == 0;
}

static int free_counter(const struct lw_state *s)
{
	for (int i = 0; i < LW_IRR_MAX; i++)
		if (s->opt.irr_hex[i] == LW_NO_HEX)
			return i;
	return -1;
}

/* 23.2 (reconstructed): guerrilla country is a Confederate state, Kentucky
 * or Missouri (the bushwhackers of Missouri, Morgan's and Mosby's raiders). */
static bool guerrilla_country(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	if (!h || !h->state)
		return false;
	return lw_hex_in_territory(hex, LW_CONFEDERATE) || strcmp(h->state, "KY") == 0 ||
	       strcmp(h->state, "MO") == 0;
}

int lw_irr_check(const struct lw_state *s, int hex, struct tg_error *err)
{
	if (free_counter(s) < 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "23.2 (reconstructed): both Irregulars counters are on the map");
	int c = lw_city_at(hex);
	if (c < 0 || lw_D()->cities[c].bracketed || !guerrilla_country(hex))
		return tg_fail(err, TG_E_ILLEGAL,
		               "23.2 (reconstructed): Irregulars are placed in a city of a "
		               "Confederate state, Kentucky or Missouri");
	int us[LW_MAX_UNITS];
	if (lw_units_at(s, hex, LW_UNION, us) > 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "23.2 (reconstructed): not in a hex holding a Union force");
	for (int i = 0; i < LW_IRR_MAX; i++)
		if (s->opt.irr_hex[i] == hex)
			return tg_fail(err, TG_E_ILLEGAL,
			               "23.2 (reconstructed): one Irregulars counter per hex");
	return 0;
}

void lw_irr_offer(const struct lw_state *s, struct tg_offers *list, int card)
{
	const struct lw_data *d = lw_D();
	const struct lw_card *k = lw_card(LW_CONFEDERATE, card);
	char hex[64];
	json_t *ch = json_array(); /* one entry, the city a param (issue 17) */
	for (size_t c = 0; c < d->n_cities; c++) {
		int hx = d->cities[c].hex;
		if (lw_irr_check(s, hx, NULL) == 0)
			json_array_append_new(ch, json_pack("{s:i,s:s}", "value", hx, "label",
			                                    lw_hex_label(hx, hex, sizeof hex)));
	}
	if (json_array_size(ch) == 0) {
		json_decref(ch);
		return;
	}
	tg_offer_choice(
	    list, tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", card, "use", "event"),
	    "hex", "City", ch, "Play card %d %s for its event: place Irregulars at a city (23.2)",
	    card, k ? k->name : "Irregulars");
}

void lw_irr_place(struct lw_state *s, int hex)
{
	int i = free_counter(s);
	if (i < 0)
		return;
	s->opt.irr_hex[i] = (int16_t)hex;
	char b[64];
	lw_log(s, "Irregulars take the field at %s (23.2).", lw_hex_label(hex, b, sizeof b));
}

void lw_irr_settle(struct lw_state *s, struct game_outcome *out)
{
	for (int i = 0; i < LW_IRR_MAX; i++) {
		int hx = s->opt.irr_hex[i], us[LW_MAX_UNITS];
		if (hx == LW_NO_HEX || lw_units_at(s, hx, LW_UNION, us) == 0)
			continue;
		char b[64];
		s->opt.irr_hex[i] = LW_NO_HEX;
		if (s->opt.irr_dispersed < 255)
			s->opt.irr_dispersed++;
		lw_log(s, "A Union force disperses the Irregulars at %s (23.2.5).",
		       lw_hex_label(hx, b, sizeof b));
		lw_reshuffle(s, LW_CONFEDERATE); /* 10.3.1 */
		if (out)
			out->barrier = true;
	}
}

void lw_irr_supply_phase(struct lw_state *s)
{
	for (int i = 0; i < LW_IRR_MAX; i++) {
		int hx = s->opt.irr_hex[i];
		if (hx == LW_NO_HEX)
			continue;
		int die = tg_rng_die(&s->rng, 6);
		char b[64];
		lw_hex_label(hx, b, sizeof b);
		if (die >= LW_IRR_RAID_MIN) {
			lw_lose_pc(s, LW_UNION, LW_IRR_RAID_PC);
			lw_log(s,
			       "The Irregulars at %s raid (roll %d): the Union loses %d PC (23.2).",
			       b, die, LW_IRR_RAID_PC);
		} else {
			lw_log(s, "The Irregulars at %s raid without effect (roll %d, 23.2).", b,
			       die);
		}
	}
}

json_t *lw_optional_view(const struct lw_state *s)
{
	json_t *irr = json_array();
	for (int i = 0; i < LW_IRR_MAX; i++)
		if (s->opt.irr_hex[i] != LW_NO_HEX)
			json_array_append_new(irr, json_integer(s->opt.irr_hex[i]));
	return json_pack("{s:o,s:i}", "irregulars", irr, "irregulars_dispersed",
	                 s->opt.irr_dispersed);
}

#define OPT_INTS (LW_IRR_MAX + 1)

static void optional_ints(const struct lw_optional_state *o, long long *v)
{
	for (int i = 0; i < LW_IRR_MAX; i++)
		v[i] = o->irr_hex[i];
	v[LW_IRR_MAX] = o->irr_dispersed;
}

json_t *lw_optional_save(const struct lw_optional_state *o)
{
	long long v[OPT_INTS];
	optional_ints(o, v);
	return lw_ints_json(v, OPT_INTS);
}

void lw_optional_save_text(struct tg_jw *w, const struct lw_optional_state *o)
{
	long long v[OPT_INTS];
	optional_ints(o, v);
	lw_ints_text(w, v, OPT_INTS);
}

int lw_optional_load(struct lw_optional_state *o, const json_t *saved)
{
	memset(o, 0, sizeof *o);
	if (!saved)
		return 0; /* a save from before the option: no Irregulars on the map */
	long long v[OPT_INTS];
	if (lw_ints_read(saved, v, OPT_INTS) != 0)
		return -1;
	for (int i = 0; i < LW_IRR_MAX; i++) {
		if (v[i] != LW_NO_HEX && !lw_data_hex(lw_D(), (int)v[i]))
			return -1;
		o->irr_hex[i] = (int16_t)v[i];
	}
	if (v[LW_IRR_MAX] < 0 || v[LW_IRR_MAX] > 255)
		return -1;
	o->irr_dispersed = (uint8_t)v[LW_IRR_MAX];
	return 0;
}
