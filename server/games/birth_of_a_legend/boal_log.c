/* boal_log.c — the public events of a match, a ring of the newest
 * BOAL_LOG_MAX lines kept in the state (the view's "log"). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "boal_phases.h"

void boal_log(struct boal_state *s, const char *fmt, ...)
{
	char *line = s->log[s->log_next % BOAL_LOG_MAX];
	memset(line, 0, BOAL_LOG_LEN); /* the state stays canonical: copies compare equal */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, BOAL_LOG_LEN, fmt, ap);
	va_end(ap);
	s->log_next = (uint8_t)((s->log_next + 1) % BOAL_LOG_MAX);
}
