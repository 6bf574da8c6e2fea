/* timecontrol.h — a match's time control and the arithmetic of its clocks.
 *
 * Pure: the caller passes the time (`now`, seconds since the epoch) and the
 * roles the match awaits, so tests inject the clock and nothing sleeps. The
 * daemon keeps a struct tg_clock with each match, stores it with the match,
 * and orders matches by tg_clock_deadline() (issue 19).
 *
 * Kinds:
 *   correspondence  each role has a bank (e.g. 3 days) that runs while he is
 *                   awaited; when his move ends the increment (e.g. 12 h) is
 *                   added, never above the cap (e.g. 5 days);
 *   per_move        a fixed time (e.g. 2 days) for each move, afresh each
 *                   time the role becomes awaited;
 *   live            minutes for the whole game plus an increment per move
 *                   (Fischer), no cap.
 *
 * A role's "move" ends when he stops being awaited: Lincoln's War makes a
 * player act several times in a row, and an increment per action would pay
 * him for splitting his turn into small steps. A simultaneous choice (both
 * roles awaited) runs both clocks. A paused role (on vacation) is awaited
 * but his clock does not run. */
#ifndef TG_CLOCK_TIMECONTROL_H
#define TG_CLOCK_TIMECONTROL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TG_CLOCK_ROLES 8
#define TG_TC_NAME_MAX 32

enum tg_tc_kind {
	TG_TC_NONE = 0,
	TG_TC_CORRESPONDENCE,
	TG_TC_PER_MOVE,
	TG_TC_LIVE,
};

struct tg_time_control {
	enum tg_tc_kind kind;
	int64_t initial;             /* correspondence and live: the starting bank (s) */
	int64_t increment;           /* correspondence and live: added when a move ends (s) */
	int64_t cap;                 /* correspondence: the bank never exceeds it (s); 0 = none */
	int64_t per_move;            /* per_move: the time for each move (s) */
	char preset[TG_TC_NAME_MAX]; /* the preset's name, or "" for custom */
	/* Out of time: false ("claim"), the opponent may claim the win; true
	 * ("auto"), the match also ends by itself a grace period after the flag. */
	bool auto_timeout;
};

struct tg_clock {
	int64_t bank[TG_CLOCK_ROLES]; /* seconds left at `since` */
	int64_t since;                /* when the banks were last brought up to date */
	unsigned awaiting;            /* roles awaited at `since` */
	unsigned running;             /* awaited and not paused */
	unsigned flagged;             /* roles out of time */
	int64_t flagged_at;           /* when the first role ran out of time; 0: none */
};

/* Bounds: a bank, an increment or a per-move time of at most a year; a live
 * game of at least a minute. */
#define TG_TC_MAX_SECONDS (366 * 86400LL)

/* The named presets, terminated by a zeroed entry. */
extern const struct tg_time_control tg_tc_presets[];

/* From the create op's "time_control" member: null or absent (no clock),
 * "NAME" (a preset), or {"kind": "correspondence", "initial": s,
 * "increment": s, "cap": s} / {"kind": "per_move", "per_move": s} /
 * {"kind": "live", "initial": s, "increment": s}, each with an optional
 * "on_timeout": "claim" (the default) or "auto". 0 on success; -1 with a
 * sentence for a person in err. */
int tg_tc_parse(const json_t *j, struct tg_time_control *tc, char *err, size_t errlen);

/* The control as the match object shows it; NULL for none. */
json_t *tg_tc_json(const struct tg_time_control *tc);

/* The clocks at the start of a match with nroles roles. */
void tg_clock_start(struct tg_clock *c, const struct tg_time_control *tc, int nroles,
                    unsigned awaiting, unsigned paused, int64_t now);

/* Brings the banks up to `now`, then applies the match's new situation:
 * roles that stop being awaited get the increment (capped); roles newly
 * awaited under per_move get a fresh allowance; `running` becomes
 * awaiting & ~paused. A role whose bank reaches zero is flagged (and stays
 * flagged). Call it after every accepted action and every change of pause. */
void tg_clock_update(struct tg_clock *c, const struct tg_time_control *tc, int nroles,
                     unsigned awaiting, unsigned paused, int64_t now);

/* The seconds role has left at `now` (its bank minus the running time). */
int64_t tg_clock_left(const struct tg_clock *c, int role, int64_t now);

/* When the first running role runs out of time; INT64_MAX if none runs. */
int64_t tg_clock_deadline(const struct tg_clock *c);

/* After the daemon (re)starts: the time since the banks were last brought
 * up to date counts as usual (the daemon cannot tell how much of it it was
 * down), but every running bank that is not flagged is then raised to at
 * least `grace` seconds, so that an outage never forfeits a match by itself
 * and a player has time to move once the server is back. */
void tg_clock_after_restart(struct tg_clock *c, int nroles, int64_t grace, int64_t now);

/* The stored form: {"bank": [s per role], "since", "awaiting", "running",
 * "flagged", "flagged_at"} (role bit masks; "flagged_at" may be absent: 0). */
json_t *tg_clock_json(const struct tg_clock *c, int nroles);
/* Reads the stored form for nroles roles; -1 if it is not one. */
int tg_clock_from_json(const json_t *j, int nroles, struct tg_clock *c);

#endif
