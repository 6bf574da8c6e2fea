/* framing.h — newline-delimited message framing, as a pure function of the
 * bytes fed (no I/O), so that it can be unit-tested and fuzzed alone. */
#ifndef TG_NET_FRAMING_H
#define TG_NET_FRAMING_H

#include <stdbool.h>
#include <stddef.h>

struct tg_framer {
	char *buf;
	size_t len, cap;
	size_t max_line; /* bytes, not counting the newline */
	bool failed;     /* a line went over max_line: the stream is unusable */
};

void tg_framer_init(struct tg_framer *f, size_t max_line);
void tg_framer_free(struct tg_framer *f);

/* Feeds bytes; calls cb(line, len, ud) for every complete line (newline
 * stripped, a trailing '\r' stripped too, empty lines skipped). The line is
 * len bytes, valid only during the call, and not NUL-terminated (readers
 * take len): a line whole in this feed is handed out where it lies in data,
 * not copied; one begun in an earlier feed comes from the framer's buffer
 * (NUL-terminated there, which nobody may count on). A non-zero
 * return from cb stops feeding and is returned. Returns -1 (and sets failed)
 * as soon as a line is longer than max_line, without buffering more of it. */
int tg_framer_feed(struct tg_framer *f, const char *data, size_t len,
                   int (*cb)(const char *line, size_t len, void *ud), void *ud);

#endif
