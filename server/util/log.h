/* log.h — one line per event on stderr:
 *   2026-11-22T20:31:05.123Z INFO  conn=12 match=7 action accepted seq=41
 * Timestamp (UTC, ms), level, then the context ids that apply, then text. */
#ifndef TG_UTIL_LOG_H
#define TG_UTIL_LOG_H

#include <stdint.h>

enum tg_log_level { TG_LOG_DEBUG, TG_LOG_INFO, TG_LOG_WARN, TG_LOG_ERROR };

void tg_log_set_level(enum tg_log_level level);
/* Parses "debug" | "info" | "warn" | "error"; -1 if unknown. */
int tg_log_parse_level(const char *name);

/* conn and match are 0 when they do not apply. */
void tg_log(enum tg_log_level level, uint64_t conn, int64_t match, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#define TG_DEBUG(conn, match, ...) tg_log(TG_LOG_DEBUG, conn, match, __VA_ARGS__)
#define TG_INFO(conn, match, ...) tg_log(TG_LOG_INFO, conn, match, __VA_ARGS__)
#define TG_WARN(conn, match, ...) tg_log(TG_LOG_WARN, conn, match, __VA_ARGS__)
#define TG_ERROR(conn, match, ...) tg_log(TG_LOG_ERROR, conn, match, __VA_ARGS__)

#endif
