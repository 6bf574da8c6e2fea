#include "lw_ints.h"

#include "kit/json_text.h"

json_t *lw_ints_json(const long long *v, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

void lw_ints_text(struct tg_jw *w, const long long *v, int n)
{
	LW_INTS_TEXT(w, v, n);
}

int lw_ints_read(const json_t *saved, long long *v, int n)
{
	if (!json_is_array(saved) || json_array_size(saved) != (size_t)n)
		return -1;
	for (int i = 0; i < n; i++) {
		const json_t *x = json_array_get(saved, (size_t)i);
		if (!json_is_integer(x))
			return -1;
		v[i] = json_integer_value(x);
		if (v[i] < -32768 || v[i] > 32767)
			return -1;
	}
	return 0;
}
