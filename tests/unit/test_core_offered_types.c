/* The types a view's actions offer (match.c refuses an action of a type
 * none offers, naming the offered ones): each entry's action's type, and
 * the values of a param named "type" (PROTOCOL.md, "Actions and their
 * params"; Lincoln's War's promotion to 2 stars and its draft are one
 * entry so, issue 17), each once in the order first seen. */
#include <string.h>

#include "core/offered_types.h"
#include "tap.h"

int main(void)
{
	json_error_t je;
	json_t *acts = json_loads(
	    "[{\"label\":\"Buy CSP\",\"action\":{\"type\":\"buy_csp\"},"
	    "\"params\":[{\"name\":\"amount\",\"label\":\"CSP\",\"choices\":[{\"value\":1}]}]},"
	    "{\"label\":\"Promote\",\"action\":{\"type\":\"promote\"},"
	    "\"params\":[{\"name\":\"type\",\"label\":\"How\",\"choices\":[{\"value\":\"promote\"},"
	    "{\"value\":\"draft\"}]},{\"name\":\"general\",\"label\":\"General\","
	    "\"choices\":[{\"value\":\"grant\"}]}]},"
	    "{\"label\":\"Promote\",\"action\":{\"type\":\"promote\"}},"
	    "{\"label\":\"A note\",\"action\":{\"text\":\"no type\"}},"
	    "{\"label\":\"End\",\"action\":{\"type\":\"end_admin\"}}]",
	    0, &je);
	CHECK(acts != NULL);
	json_t *t = tg_offered_types(acts);
	CHECK_EQ_INT((int)json_array_size(t), 4);
	const char *want[] = {"buy_csp", "promote", "draft", "end_admin"};
	for (size_t i = 0; i < 4 && i < json_array_size(t); i++)
		CHECK_EQ_STR(json_string_value(json_array_get(t, i)), want[i]);
	json_decref(t);
	t = tg_offered_types(NULL);
	CHECK_EQ_INT((int)json_array_size(t), 0);
	json_decref(t);
	json_decref(acts);
	return tap_done();
}
