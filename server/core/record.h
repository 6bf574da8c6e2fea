/* record.h — the record of a finished match (PROTOCOL.md, "The match
 * record") and its verification: anyone holding the record and the rules can
 * check the commitment, the seed and every step. The `telegraph verify`
 * command calls tg_record_verify. */
#ifndef TG_CORE_RECORD_H
#define TG_CORE_RECORD_H

#include <jansson.h>

#include "games/game.h"

/* The record of a match from the store's match object (with seats) and its
 * full action log. NULL with err if the match is not finished
 * ("not_finished") or its data is incomplete. */
json_t *tg_record_build(const json_t *match_row, const json_t *actions, struct tg_error *err);

/* Verifies a record. 0 if it holds, with *report (if not NULL) set to
 * {"game","scenario","match","actions":applied,"undone":n,"result":{...},
 *  "final":summary, "rules_version": the record's (1 if it names none),
 *  "rules_named": whether it does, "rules_replayed": the verifier's,
 *  "rules_compatible": whether the game declares the record's version to
 *  replay the same (game.h, "Rules versions"), "rules_other": whether the
 *  two differ, "seats": {role: what the seat plays at the end (game.h
 *  seat_text, else the role's title)}}. -1 with err otherwise (a record of
 *  another version than the verifier's says so first in err's message);
 *  codes:
 *   bad_record          not a telegraph-record v1, or members missing/mistyped
 *   no_such_game        the game is not among `games`
 *   commitment_mismatch SHA-256(secret) is not the commitment
 *   seed_mismatch       SHA-256(secret || entropies) is not the seed
 *   bad_undo            a $undo entry does not match the undone marks
 *   action_rejected     the rules refuse a logged action (seq and reason given)
 *   result_mismatch     the replayed game does not end as recorded
 *   rules_changed       resumed from a saved state under newer rules
 *                       (rules_since > 0): not replayable from its seed
 * plus the game's own codes if setup refuses the scenario/options. */
int tg_record_verify(const json_t *record, const struct game_module *const *games, json_t **report,
                     struct tg_error *err);

#endif
