/* undo_base.c — the undo base: the state right after the latest barrier,
 * from which undo rebuilds a match by replaying the few actions since
 * (undo.c, match.c match_rebuild_from_base).
 *
 * A flat game's state (game.h flat_size: one block of bytes, no pointers)
 * is kept as the runs of bytes in which the base differs from the live
 * state (util/byte_runs.h), not as a copy (issue 17: Lincoln's War's state
 * is 18 KB, an action after a barrier changes a few hundred bytes of it).
 * The runs follow the live state: after each accepted action they are
 * brought up to date from the spans the game says the action may have
 * written, with their bytes before it (game.h game_outcome.before; util/
 * byte_runs.h tg_byte_runs_update), reading those spans and the runs only:
 * no copy of the state and no diff of all of it an action (issue 17,
 * session 26: until then the base was made whole in a scratch buffer
 * before each action, an 18 KB memcpy, and all 18 KB diffed after it,
 * beside the game's own copy for putting a refused action back; now the
 * game's copy serves both). A refused action changes nothing (game.h act).
 * At a barrier the base goes (match.c). A game that is not flat keeps a
 * copy (game.h copy), as before.
 *
 * Every change of m->g outside match_act must keep the runs true or drop
 * them: a new game installed (match.c match_replay_and_install, a start)
 * forgets the base, an undo's rebuild diffs the runs again. Only the loop
 * thread reads or writes the base and the scratch buffer (the fan-out
 * workers read m->g, never while an action or an undo runs on it). */
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__ /* defined by the headers above */
#include <malloc.h>
#endif

#include "core/server_internal.h"

void match_base_drop(struct tg_match *m)
{
	if (m->base)
		m->mod->free(m->base);
	m->base = NULL;
	tg_byte_runs_clear(&m->base_runs);
	m->base_flat = false;
}

void match_base_forget(struct tg_match *m)
{
	match_base_drop(m);
	m->take_base = true;
}

bool match_base_held(const struct tg_match *m)
{
	return m->base || m->base_flat;
}

void match_base_before_act(struct tg_match *m)
{
	if (!m->take_base)
		return;
	/* The state after the latest barrier: undo never reaches behind it.
	 * Flat: no runs yet (the base is the state). Otherwise a copy; without
	 * memory for it (NULL) undo falls back to the store. */
	match_base_drop(m);
	m->base_seq = m->seq;
	m->take_base = false;
	if (m->mod->flat_size)
		m->base_flat = true;
	else
		m->base = m->mod->copy(m->g);
}

void match_base_after_act(struct tg_server *srv, struct tg_match *m, const struct game_outcome *out)
{
	if (!m->base_flat)
		return;
	/* No spans (the game broke game.h's contract), spans out of order or
	 * out of memory: the base goes, undo falls back to the store. */
	if (!out->before || tg_byte_runs_update(&m->base_runs, &srv->base_scratch, m->g,
	                                        m->mod->flat_size, out->before, out->nbefore) != 0)
		match_base_drop(m);
}

/* The base as a game of its own (NULL: none, or out of memory). */
static struct game *base_state(const struct tg_match *m)
{
	if (m->base)
		return m->mod->copy(m->base);
	if (!m->base_flat || !m->g)
		return NULL;
	struct game *b = m->mod->copy(m->g);
	if (b && !tg_byte_runs_apply(&m->base_runs, b, m->mod->flat_size)) {
		m->mod->free(b);
		return NULL;
	}
	return b;
}

int match_rebuild_from_base(struct tg_server *srv, struct tg_match *m, int64_t target,
                            struct tg_error *err)
{
	if (!match_base_held(m) || m->base_seq >= target)
		return tg_fail(err, "internal", "no base before seq %lld", (long long)target);
	/* Replayed on a copy: the base stays for the next undo. */
	struct game *b = base_state(m);
	struct game *g = b ? m->mod->copy(b) : NULL;
	if (!g) {
		if (b)
			m->mod->free(b);
		return tg_fail(err, "internal", "out of memory copying the undo base");
	}
	if (match_replay_onto(srv, m, g, m->base_seq, err) != 0) {
		m->mod->free(b); /* m->g unchanged: the runs still hold */
		return -1;
	}
	/* m->g is the rebuilt game: the runs are diffed against it. */
	if (m->base_flat && tg_byte_runs_diff(&m->base_runs, b, m->g, m->mod->flat_size) != 0)
		match_base_drop(m);
	m->mod->free(b);
	return 0;
}

size_t match_base_bytes(const struct tg_match *m)
{
	const void *p = m->base ? (const void *)m->base : (const void *)m->base_runs.buf;
	if (!p)
		return 0;
#ifdef __GLIBC__
	return malloc_usable_size((void *)p);
#else
	return m->base ? 1 : m->base_runs.cap; /* a copy's size is unknown here */
#endif
}
