/* boal_bid.c — 16.1 Side Determination: a simultaneous secret bid. Each
 * seat's bid is held in the state and shown to no one else (the view omits
 * it) until both are in; then both are revealed together (README 40). */
#include "boal_phases.h"

int boal_seat_side(const struct boal_state *s, int seat)
{
	return s->swapped ? !seat : seat;
}

int boal_side_seat(const struct boal_state *s, int side)
{
	return s->swapped ? !side : side;
}

/* 16.1.1: "The bids are revealed simultaneously and the player with the
 * larger bid plays the preferred side. The other player puts Replacement
 * Points on the Record Track equal to his opponent's bid. If both bids are
 * the same, determine sides with both players making a dr. The player with
 * the high die roll receives the preferred side, while the player with the
 * low die roll plays the other side with the tied bid being marked as
 * Replacement Points marked on the Record Track of the loser." */
static void reveal(struct boal_state *s, const struct boal_data *d)
{
	s->bid_revealed = true;
	int win;
	if (s->bid[0] != s->bid[1]) {
		win = s->bid[0] > s->bid[1] ? 0 : 1;
	} else {
		do { /* a tie of the drs decides nothing: both roll again */
			s->bid_dr[0] = (int8_t)boal_roll_die(s);
			s->bid_dr[1] = (int8_t)boal_roll_die(s);
		} while (s->bid_dr[0] == s->bid_dr[1]);
		win = s->bid_dr[0] > s->bid_dr[1] ? 0 : 1;
	}
	/* the winning seat plays bid_side: seat `win` is seat bid_side unless
	 * the sides are exchanged */
	s->swapped = win != s->bid_side;
	int loser_side = !s->bid_side;
	int rp = s->reserve[loser_side] + s->bid[win];
	s->reserve[loser_side] = (int16_t)(rp > d->record_max ? d->record_max : rp);
	boal_log(s,
	         "16.1.1: bids revealed: %d (seat union) and %d (seat confederate)%s; seat %s "
	         "plays the %s, the %s receives "
	         "%d Replacement Points",
	         s->bid[0], s->bid[1], s->bid_dr[0] ? " (tie broken by dr)" : "",
	         win == 0 ? "union" : "confederate", boal_side_name(s->bid_side),
	         boal_side_name(loser_side), s->bid[win]);
}

int boal_bid(struct boal_state *s, const struct boal_data *d, int seat, int rp,
             struct tg_error *err)
{
	if (s->step != BOAL_STEP_BID || seat < 0 || seat > 1)
		return tg_fail(err, TG_E_ILLEGAL, "16.1.1: no bid is asked for now");
	if (s->bid_made[seat])
		return tg_fail(err, TG_E_ILLEGAL, "16.1.1: your bid is already written");
	if (rp < 0 || rp > d->record_max)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "16.1.1: a bid is 0 to %d Replacement Points (3.5, the Record Track)",
		    d->record_max);
	s->bid[seat] = (int16_t)rp;
	s->bid_made[seat] = true;
	if (!s->bid_made[!seat])
		return 0;
	reveal(s, d);
	boal_dawn_begin(s, d);
	return 0;
}
