/* game.h — the one interface every game system implements.
 *
 * A game module is pure, deterministic C: no I/O (beyond reading its own
 * data files once, at setup/load), no clock, no globals that change, no
 * rand(). All randomness comes from the match's seeded generator
 * (kit/rng.h), which lives inside the game state, so that
 *     setup(seed, scenario, options) + the same actions  =>  the same state,
 * bit for bit (ARCHITECTURE.md, principle 1).
 *
 * Nothing about a match leaves the server except through view(g, role)
 * (principle 2): the daemon diffs successive views of one role to make the
 * RFC 6902 patches that role receives.
 *
 * ---------------------------------------------------------------------------
 * The view: a JSON object every module returns, with these common members
 * (a thin client renders them without knowing the rules):
 *
 *   "game":      module id                     "lincolns-war"
 *   "role":      the role this view is for     "union" | "confederate" | "observer"
 *   "awaiting":  roles the match waits for     ["confederate"]
 *   "finished":  true once the game is over
 *   "result":    null, or {"winner": role|null, "summary": "Union Major Victory (16.6.3)"}
 *                once finished, the same for every role and the observer:
 *                winner is roles[status().winner] (null for none) and
 *                summary is status().summary, which the lobby, the
 *                notifications and `telegraph verify` print (every game's
 *                playouts check it: tests/unit/game_result_check.h)
 *   "prompt":    null, or a sentence for this role ("Choose a card to play")
 *   "actions":   the legal actions of this role now (empty when not awaited):
 *        [{ "label":  "Activate Grant (cost 1) with card 12 [3 PC]",
 *           "action": { "type": "activate", "card": 12, "general": "grant" },
 *           "params": [ optional: arguments the player still chooses:
 *               { "name": "to", "label": "Destination",
 *                 "choices": [ {"value": "1903", "label": "Washington (1903)"} ] } ] }]
 *        A client sends "action" with each params[i].name set to the value
 *        of one of its choices; for a param with "many": true, to an array
 *        of the values of any number of its choices (none, some or all, in
 *        the choices' order: Birth of a Legend's assaulting units, 10.2).
 *        A param with "by": NAME (a param before it, not "many") has the
 *        choices NAME's chosen value opens: "choices_by" holds one
 *        {"only": [i...]} or {"except": [i...]} per choice of NAME, indices
 *        into its "choices" (kit/param_by.h reads it; PROTOCOL.md; issue
 *        17: Lincoln's War's rail destinations by general). A game uses it
 *        for pairs that are a product with a few holes.
 *        The module validates everything again: the list is a convenience,
 *        never a trust boundary.
 *   "log":       recent public events (strings or objects), newest last
 *   "board":     everything else, in the module's own shape.
 *
 * ---------------------------------------------------------------------------
 * The view in sections (optional; issue 17). A view changes in parts: an
 * action moves one force, and the cities, the boxes and most of the board
 * stay as they were. A module may name the members of its view that it
 * builds separately, in view_sections: JSON Pointers of one or two tokens,
 * "/log" or "/board/forces", in the order view() puts them (so that the
 * members' order, and the serialized bytes, are the same either way; the
 * sections inside one object are consecutive, as "/board/..." are). The
 * sections cover the whole view: every member of the view is a section, or
 * an object all of whose members are. view_stamps() fills one stamp per
 * section, a cheap function of the state such that an unchanged stamp
 * means an unchanged section (a hash of the state the section reads), or 0
 * for "rebuild every time" (for a section that is cheap, or changes with
 * every action anyway). The daemon keeps each role's last view serialized
 * (the text it sends, cut at the sections; no jansson tree between
 * actions) and, after an action, rebuilds only the sections whose stamp
 * moved and diffs only those whose text changed, parsing back only the old
 * array elements that the new text does not have (kit/view_sections.h).
 * A second game gets all of it by filling the three members below: its
 * view() may be tg_view_assemble().
 *
 * A section that is an array whose elements change a few at a time (the
 * forces: a move changes two of eighty) may also be built item by item
 * (view_items, optional): the module walks the array calling
 * tg_view_item(it, stamp) for each element, where the stamp is a hash of
 * everything that element shows (so equal stamps mean equal elements,
 * wherever they stand), and builds only the elements the kit asks for: the
 * ones whose stamp the kept view lacks. The kept view holds such a section
 * as its elements' stamps and lengths only, not their text (issue 17:
 * memory per match), and the patch is found on the stamps: the whole
 * array's diff, but an element changed in place is replaced whole (one
 * "replace" of it, where the whole diff gives the operations inside it),
 * unless it is an object of 384 bytes or more that keeps its member names:
 * such an element keeps its members' stamps and is patched member by member
 * (kit/view_sections.c, "An element diffed by its members"; session 25),
 * so a changed section costs what changed. A full view to send is built
 * again from the state, these sections by the same walk (so the walk must
 * depend only on the state and role, as the stamps do). An element with
 * stamp 0 (built every time) is replaced in every patch of its section:
 * use it for none but tiny arrays. The
 * section's own stamp still gates the walk (0: walk every time). Its
 * view_section() gives the whole array from the same walk
 * (tg_view_items_collect). Lincoln's War builds its forces, cities and log
 * so; Birth of a Legend and the fixture game leave view_items NULL or
 * use it for their own arrays (docs/ARCHITECTURE.md).
 *
 * A section may also be written straight as compact JSON text
 * (view_section_text, optional; issue 17): the daemon then builds no
 * jansson tree for it, and parses back only the elements of it that the
 * patch needs (an element changed in place, diffed inside). Every game
 * writes its "actions" so, with the kit's offer writer (kit/offer.h: the
 * same calls write a tree for view() or text for this), Lincoln's War and
 * Birth of a Legend through kit/pending.h's tg_pending_legal_text, the
 * fixture game by hand.
 *
 * The rule stays: the patch applied to the old view gives exactly view() of
 * the new state; tests/ prove it for every game by comparing the kept view
 * with a full rebuild after every action.
 *
 * A simultaneous secret choice (e.g. Lincoln's War's face-down Resource and
 * CSP cards, 16.3) is two actions: the first is held inside the state and is
 * absent from every view but its owner's until the second arrives.
 *
 * ---------------------------------------------------------------------------
 * Rules versions. A match is its seed and its action log (principle 1), so
 * a rule that changes what an action does, or which actions are legal, may
 * change what an old log replays into. Each module therefore states its
 * rules_version, a number it bumps whenever a stored log may replay
 * differently (a rule's reading changed, a question or choice added or
 * removed, a table corrected); a change that cannot alter any replay (a
 * view's wording, a speed-up, a refactoring) keeps it. A match records the
 * version it was created under (matches.rules_version, schema 106), and
 * the daemon compares the two before it replays a log (docs/ARCHITECTURE.md,
 * "Rules versions"): a module lists in rules_compatible the older versions
 * whose logs its author has shown replay the same. Each module's
 * README states its version and when to bump it.
 *
 * ---------------------------------------------------------------------------
 * Errors are data (principle 5): a rejected act() leaves the state exactly as
 * it was and fills err with a stable code and a sentence citing the rule:
 *     code "illegal_action", message "12.3: a Major Army may not enter mountains".
 */
#ifndef TG_GAME_H
#define TG_GAME_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TG_SEED_BYTES 32
#define TG_ERR_CODE_MAX 48
#define TG_ERR_MSG_MAX 320
#define TG_ROLE_MAX 8
#define TG_VIEW_SECTIONS_MAX 48 /* sections of one view (see "in sections") */
#define TG_SEAT_TEXT_MAX 96     /* a seat_text() buffer */

/* A precise, stable error. `code` is one of the documented protocol error
 * codes (protocol/PROTOCOL.md); `message` is for a person. */
struct tg_error {
	char code[TG_ERR_CODE_MAX];
	char message[TG_ERR_MSG_MAX];
};

/* Fills err (if not NULL) and returns -1, so that `return tg_fail(...)` reads
 * naturally in rule code. */
int tg_fail(struct tg_error *err, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Error codes a game module uses (a subset of the protocol's list). */
#define TG_E_ILLEGAL "illegal_action"      /* well-formed, but the rules forbid it */
#define TG_E_MALFORMED "malformed_action"  /* missing/mistyped members */
#define TG_E_NOT_YOUR_TURN "not_your_turn" /* this role is not awaited */
#define TG_E_BAD_SCENARIO "bad_scenario"
#define TG_E_BAD_OPTIONS "bad_options"
#define TG_E_BAD_SAVE "bad_save" /* load() of a corrupt/foreign save */
#define TG_E_DATA "game_data"    /* the module's data files are invalid */

struct game;          /* opaque: each module defines its own struct game */
struct tg_view_items; /* kit/view_items.h */
struct tg_text;       /* protocol/json_compact.h */

/* A stretch of a flat state as it was before an action (game_outcome
 * below): bytes [at, at + len) held the len bytes at `before`. The same
 * definition is util/byte_runs.h's, which the daemon includes and a game
 * does not. */
#ifndef TG_BYTE_SPAN_DEFINED
#define TG_BYTE_SPAN_DEFINED
struct tg_byte_span {
	size_t at, len;
	const void *before;
};
#endif

struct game_scenario {
	const char *id;          /* "campaign" */
	const char *title;       /* "Campaign Game (Summer 1861 - Summer 1864)" */
	const char *description; /* one or two sentences */
};

/* What one accepted action did, as far as the daemon needs to know. */
struct game_outcome {
	/* The action drew from the generator or revealed hidden information:
	 * a player may not undo back across it (issue 2, "Undo"). */
	bool barrier;
	/* A flat game's (flat_size) act() fills these on every accepted
	 * action: the stretches of the state the action may have written
	 * (offsets from the struct game pointer, sorted, not overlapping),
	 * each with its bytes as they were before the action. Every byte the
	 * action changed lies in one of them; a byte in one may be unchanged.
	 * They point at the module's own memory (its copy for putting a
	 * refused action back), valid until the next act() on this thread.
	 * The daemon brings its undo base's runs up to date from them alone
	 * (core/undo_base.c, util/byte_runs.h tg_byte_runs_update; issue 17:
	 * no copy of the whole state, no diff of it, an action), so a write
	 * outside them is a wrong undo: each game's spans are checked against
	 * a whole copy after every action of random games
	 * (tests/unit/test_undo_spans.c). The daemon compares every span's
	 * bytes after each action, so a game may leave out the parts it knows
	 * no action writes (a Debug build of the game best checks that nothing
	 * outside its spans moved). Lincoln's War gives the state but its
	 * log's ring and the unit and city slots past its counts, and the
	 * ring's slots the action wrote (lw_module.c lw_parts); Birth of a
	 * Legend and the fixture game the whole state. NULL (nbefore 0) on an
	 * accepted action of a flat game: the daemon drops its undo base (undo
	 * then replays from the store). The daemon reads them for a flat game
	 * only. */
	const struct tg_byte_span *before;
	size_t nbefore;
};

/* The daemon's summary of where a match stands; cheap to compute. */
struct game_status {
	unsigned awaiting; /* bit i set: roles[i] is awaited */
	bool finished;
	int winner;        /* index into roles, or -1 (none/draw/unfinished) */
	char summary[160]; /* "Summer 1862, Union operations", or the final result */
	uint32_t turn;     /* game turn number: the daemon snapshots when it changes */
};

struct game_module {
	const char *id;           /* stable, used in the database: "lincolns-war" */
	const char *title;        /* "Lincoln's War" */
	const char *const *roles; /* NULL-terminated */
	/* Optional: what a player reads for each role, in roles' order
	 * ("Union", "Confederates"); NULL, or a NULL entry, reads the role
	 * itself. Clients show these, never the role, in lobbies and prompts. */
	const char *const *role_titles;
	const struct game_scenario *scenarios; /* terminated by {NULL} */
	/* The rules version, 1 or more (see "Rules versions" above). */
	unsigned rules_version;
	/* Optional: older versions whose logs replay exactly as under this
	 * one, 0-terminated; NULL for none. */
	const unsigned *rules_compatible;

	/* JSON describing the match options: {"name": {"type": "boolean",
	 * "default": false, "label": "..."}, ...}. Caller owns the result. */
	json_t *(*options)(void);

	/* New game. options may be NULL (all defaults). NULL + err on failure. */
	struct game *(*setup)(const uint8_t seed[TG_SEED_BYTES], const char *scenario,
	                      const json_t *options, struct tg_error *err);

	/* Validate, then apply. 0 on success (out filled if not NULL; a flat
	 * game fills out->before, see game_outcome); -1 with err filled, and
	 * the state unchanged, on rejection (the daemon relies on it: it keeps
	 * no copy of its own to put a refused action back). */
	int (*act)(struct game *g, const char *role, const json_t *action, struct game_outcome *out,
	           struct tg_error *err);

	/* The view of one role, or of "observer". Caller owns the result. Must
	 * depend only on what that role may know: it must be byte-for-byte
	 * identical for two states that differ only in information hidden from
	 * that role (tests/rules/<game>/ prove it). */
	json_t *(*view)(const struct game *g, const char *role);

	/* The view in sections (see above); all three, or all NULL.
	 * view_sections: NULL-terminated, at most TG_VIEW_SECTIONS_MAX.
	 * view_stamps: fills stamps[i] for each section i of role's view.
	 * view_section: the value view() has at view_sections[i] (caller
	 * owns it); it obeys view()'s hidden-information rule. */
	const char *const *view_sections;
	void (*view_stamps)(const struct game *g, const char *role, uint64_t *stamps);
	json_t *(*view_section)(const struct game *g, const char *role, unsigned i);
	/* Optional (NULL: every section is built whole): section i built item
	 * by item (see "in sections" above). false: section i is not (nothing
	 * called); true: it walked section i's array calling tg_view_item
	 * for each element (kit/view_items.h). */
	bool (*view_items)(const struct game *g, const char *role, unsigned i,
	                   struct tg_view_items *it);
	/* Optional (NULL: every section built as a tree): section i written
	 * straight as compact JSON at the end of t (see "in sections" above),
	 * exactly the bytes view_section()'s value serializes to (as
	 * protocol/json_compact.h writes them). false: section i is not
	 * written so (t left as it was; it is built by view_items or
	 * view_section); true: written, or out of memory (t->oom set). */
	bool (*view_section_text)(const struct game *g, const char *role, unsigned i,
	                          struct tg_text *t);

	void (*status)(const struct game *g, struct game_status *st);
	/* Optional: status() with summary left "" (every other field as
	 * status() gives it). The daemon asks it after every accepted act and
	 * makes the summary only when it is read (the lobby's list, a finished
	 * match's result: core/match.c match_summary): Lincoln's War's line
	 * was 1.7 K instructions an act on the loop (issue 17). NULL: the
	 * daemon asks status(). Every game has it (Lincoln's War, Birth of a
	 * Legend, the fixture game). */
	void (*status_brief)(const struct game *g, struct game_status *st);

	/* Optional: what the seat of roles[role] plays now, for a player to
	 * read, where the game gives it something other than the role's title
	 * (Birth of a Legend's 16.1.1 bid may exchange seats and sides: the
	 * union seat then plays the Confederates). NULL, or a NULL return,
	 * reads the role's title. buf holds n bytes. */
	const char *(*seat_text)(const struct game *g, int role, char *buf, size_t n);

	/* Full state, including hidden information and the generator position.
	 * load(save(g)) must behave exactly like g. */
	json_t *(*save)(const struct game *g);
	struct game *(*load)(const json_t *saved, struct tg_error *err);
	/* Optional (NULL: the daemon writes save()'s tree): the same save
	 * written straight as compact JSON text at the end of t, byte for byte
	 * what protocol/json_compact.h writes for save(g)'s tree (that is
	 * json_dumps with JSON_COMPACT | JSON_ENSURE_ASCII). The daemon writes
	 * its snapshots so (issue 17: at every game turn and every
	 * snapshot_every actions it built a tree of thousands of nodes only to
	 * write it and free it). 0, or -1 when it could not (out of memory,
	 * t->oom): the daemon then saves the tree. Lincoln's War sets it (a
	 * test compares the two texts after every action of bot games); Birth
	 * of a Legend and the fixture game leave it NULL. */
	int (*save_text)(const struct game *g, struct tg_text *t);

	/* An independent copy of g (NULL when out of memory) that behaves
	 * exactly as g does, and shares nothing that either one changes. The
	 * daemon keeps the undo base as one (issue 17: a copy of a fixed-size
	 * state is its size and a memcpy, where a save() tree is twenty times
	 * its text). */
	struct game *(*copy)(const struct game *g);

	/* Optional (0: not flat). Nonzero: the state is one flat block of
	 * flat_size bytes at the struct game pointer, with no pointers in it
	 * (a game of fixed arrays: copy() is a memcpy of those bytes, and
	 * writing a block's bytes over another state of the game makes that
	 * state the block's). The daemon then keeps the undo base as the runs
	 * of bytes in which it differs from the live state (util/byte_runs.h;
	 * issue 17: a few hundred bytes instead of an 18 KB copy), brought up
	 * to date after each action from the spans act() gives
	 * (game_outcome.before: a flat game must fill them); a game without
	 * it keeps a copy() as its base. Every game whose state is flat sets
	 * it (sizeof its struct game). */
	size_t flat_size;

	void (*free)(struct game *g);
};

/* The games offered to users: a NULL-terminated table (games/registry.c).
 * Test binaries may link a different registry (tests/fixture/). */
extern const struct game_module *const tg_game_registry[];

/* Look a module up by id in a NULL-terminated table; NULL if absent. */
const struct game_module *tg_game_find(const struct game_module *const *table, const char *id);

/* Whether a log made under rules version v replays under m's rules as it
 * did when made: v is m's rules_version or listed in rules_compatible. */
bool tg_game_rules_replay(const struct game_module *m, unsigned v);

/* Index of role in m->roles, or -1. */
int tg_game_role_index(const struct game_module *m, const char *role);

/* What a player reads for roles[role]: its title (role_titles), else the
 * role itself. */
const char *tg_game_role_title(const struct game_module *m, int role);

/* What the seat of roles[role] plays now in g (seat_text), else the role's
 * title; g may be NULL (a match not in memory). buf holds n bytes. */
const char *tg_game_seat_text(const struct game_module *m, const struct game *g, int role,
                              char *buf, size_t n);

#endif
