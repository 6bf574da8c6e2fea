/* The games telegraphd offers to users. Add a module here and nowhere else.
 * (The test fixture game is never listed here: tests link their own table.) */
#include "game.h"

extern const struct game_module lincolns_war_module;
extern const struct game_module birth_of_a_legend_module;

const struct game_module *const tg_game_registry[] = {
	&lincolns_war_module,
	&birth_of_a_legend_module,
	NULL,
};
