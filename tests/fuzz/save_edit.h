/* save_edit.h — fuzzing a game module's save loader (game.h load()).
 * The daemon keeps every match as its module's JSON save in SQLite and
 * loads it back at each restart and each replay, so a damaged row, a
 * hand-edited file or a save of another version must be refused with a
 * sentence, never crash.
 *
 * A save is tens of kilobytes, too big for byte mutations to stay valid
 * JSON, so the input is an edit script applied to a real save: byte 0 picks
 * one of the target's bases (saves made once by playing a game a fixed
 * number of steps); then each edit is a path (a depth byte, one byte per
 * level picking a member or an element) and an operation with a 32-bit
 * operand (set a number, nudge it, null, a string, an empty container,
 * delete, duplicate an element).
 *
 * Properties (abort on violation):
 * - load() refuses with a code and a sentence, or accepts;
 * - an accepted save reads back exactly: save(load(x)) is x, and loads
 *   again (a loader that cuts an out-of-range number to a narrower field
 *   fails here);
 * - the state it gives is usable: view() for every seat and the observer,
 *   and status(), run without crashing (the sanitizers see the rest). */
#ifndef TG_FUZZ_SAVE_EDIT_H
#define TG_FUZZ_SAVE_EDIT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

#define SAVE_FUZZ_BASES_MAX 16

struct save_fuzz {
	const char *name; /* the TG_FUZZ_STATS line's: "lw_save" */
	const struct game_module *module;
	size_t nbases; /* at most SAVE_FUZZ_BASES_MAX */
	/* Base i's save (a new reference), made on first use and kept. */
	json_t *(*make_base)(size_t i);
};

/* One fuzz input against f's module; aborts on a violated property. A
 * target has one struct save_fuzz: the bases are cached per index. */
int save_fuzz_one(const struct save_fuzz *f, const uint8_t *data, size_t size);

#endif
