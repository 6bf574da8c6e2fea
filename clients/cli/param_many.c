/* param_many.c — a "many" param's choices named on one line (see
 * param_many.h). */
#include "param_many.h"

#include "games/kit/param_by.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

json_t *param_many_pick(const json_t *choices, const char *line)
{
	size_t n = json_array_size(choices);
	bool *in = calloc(n ? n : 1, sizeof *in);
	if (!in)
		return NULL;
	while (*line == ' ' || *line == '\t')
		line++;
	bool all = (line[0] == 'a' || line[0] == 'A') && line[strspn(line + 1, " \t") + 1] == '\0';
	for (const char *p = line; !all && *p;) {
		if (*p == ' ' || *p == '\t' || *p == ',') {
			p++;
			continue;
		}
		char *end;
		long k = strtol(p, &end, 10);
		if (end == p || k < 1 || (size_t)k > n ||
		    (*end && *end != ' ' && *end != '\t' && *end != ',')) {
			free(in);
			return NULL;
		}
		in[k - 1] = true;
		p = end;
	}
	json_t *out = json_array();
	for (size_t i = 0; out && i < n; i++)
		if (all || in[i])
			json_array_append(out,
			                  json_object_get(json_array_get(choices, i), "value"));
	free(in);
	return out;
}

size_t param_open_choices(const json_t *params, const json_t *p, const json_t *action, size_t *idx)
{
	size_t n = json_array_size(json_object_get(p, "choices")), m = 0;
	long by = tg_param_by_index(params, p), b = -1;
	if (by >= 0) {
		const json_t *q = json_array_get(params, (size_t)by);
		b = tg_param_choice_index(
		    q, json_object_get(action, json_string_value(json_object_get(q, "name"))));
		if (b < 0)
			return 0;
	}
	for (size_t k = 0; k < n; k++)
		if (b < 0 || tg_param_open(p, (size_t)b, k))
			idx[m++] = k;
	return m;
}
