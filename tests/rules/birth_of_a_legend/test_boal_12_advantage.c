/* 12.0-12.1.1 Advantage: "The Confederate player starts the game controlling
 * the Advantage. Control of the Advantage can change through voluntary use
 * by the player who possesses it." 12.1.1 Advantage Shift: "After the
 * Advantage is used it belongs to neither player until the end of the
 * current Phase or Impulse, at which time it becomes the property of the
 * player who did not use it." */
#include "boal_mechanics.h"
#include "boal_testkit.h"

int main(void)
{
	struct boal_state s;
	struct tg_error err = {{0}, {0}};
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	bt_setup(&s, false);
	CHECK_EQ_INT(s.advantage, C);
	/* only its holder spends it */
	CHECK_EQ_INT(boal_advantage_spend(&s, U, &err), -1);
	CHECK(strstr(err.message, "12.1") != NULL);
	CHECK_EQ_INT(s.advantage, C);
	/* an impulse ends unused: nothing moves */
	boal_advantage_settle(&s);
	CHECK_EQ_INT(s.advantage, C);
	/* spent: nobody's until the end of the impulse, then the Union's */
	CHECK_EQ_INT(boal_advantage_spend(&s, C, &err), 0);
	CHECK_EQ_INT(s.advantage, BOAL_NOBODY);
	CHECK_EQ_INT(boal_advantage_spend(&s, C, &err), -1); /* once */
	CHECK_EQ_INT(boal_advantage_spend(&s, U, &err), -1); /* not yet his */
	boal_advantage_settle(&s);
	CHECK_EQ_INT(s.advantage, U);
	boal_advantage_settle(&s);
	CHECK_EQ_INT(s.advantage, U);
	/* and back */
	CHECK_EQ_INT(boal_advantage_spend(&s, U, &err), 0);
	boal_advantage_settle(&s);
	CHECK_EQ_INT(s.advantage, C);
	return tap_done();
}
