/* param_many.c — a "many" param's choices named on one line (see
 * param_many.h). */
#include "param_many.h"

#include <stdbool.h>
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
