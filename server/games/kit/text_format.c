/* text_format.c — see text_format.h. */
#include "text_format.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "json_compact.h"

/* Appends s[0, n) to buf[*at, max), cut there; false once full. */
static bool put(char *buf, size_t max, size_t *at, const char *s, size_t n)
{
	size_t room = max - *at;
	if (n > room)
		n = room;
	memcpy(buf + *at, s, n);
	*at += n;
	return *at < max;
}

/* tg_format_plain's text, inlined into tg_format: a call of tg_format_plain
 * from it and the va_copy were 24 instructions a log line (0.2 % of
 * bench_rules 6 6's lw_act), which an inline tg_format in the header
 * cannot save (GCC never inlines a function that uses va_copy). */
static inline __attribute__((always_inline)) int format_plain(char *buf, size_t size,
                                                              const char *fmt, va_list ap)
{
	size_t at = 0, max = size - 1; /* the text's bytes: the NUL after them */
	const char *p = fmt;
	for (;;) {
		const char *pc = strchr(p, '%');
		size_t lit = pc ? (size_t)(pc - p) : strlen(p);
		if (!put(buf, max, &at, p, lit) || !pc)
			break;
		bool room = true;
		if (pc[1] == 's') {
			const char *s = va_arg(ap, const char *);
			if (!s)
				s = "(null)"; /* glibc's text for a NULL %s */
			room = put(buf, max, &at, s, strnlen(s, max - at));
		} else if (pc[1] == 'd') {
			int d = va_arg(ap, int);
			char num[24], *e = num + sizeof num;
			char *b = tg_decimal_end(e, d < 0 ? 0 - (uint64_t)(int64_t)d : (uint64_t)d);
			if (d < 0)
				*--b = '-';
			room = put(buf, max, &at, b, (size_t)(e - b));
		} else if (pc[1] == '%') {
			room = put(buf, max, &at, "%", 1);
		} else {
			return -1;
		}
		if (!room)
			break;
		p = pc + 2;
	}
	buf[at] = 0;
	return (int)at;
}

int tg_format_plain(char *buf, size_t size, const char *fmt, va_list ap)
{
	return format_plain(buf, size, fmt, ap);
}

size_t tg_format(char *buf, size_t size, const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = format_plain(buf, size, fmt, aq); /* %s, %d, %% */
	va_end(aq);
	if (n >= 0)
		return (size_t)n;
	vsnprintf(buf, size, fmt, ap);
	return strlen(buf); /* %c of 0 ends it early */
}
