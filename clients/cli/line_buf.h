/* line_buf.h — the client's buffer of received plaintext, cut into lines at
 * '\n' (tls_conn.c reads the server's TLS stream into it). Kept apart from
 * the socket so that it can be tested and fuzzed on bytes alone. */
#ifndef TG_CLI_LINE_BUF_H
#define TG_CLI_LINE_BUF_H

#include <stddef.h>

struct line_buf {
	size_t max_line; /* the longest line accepted, without its '\n' */
	/* Growth: the first allocation, and the free room below which the buffer
	 * doubles (65536 and 16384; the fuzzer makes them small to reach growth
	 * and compaction with small inputs). */
	size_t first_cap, grow_min;
	char *buf; /* buf[start..end) is not consumed yet */
	size_t start, end, cap;
	size_t line_end; /* after a returned line: where its newline was (consumed next call) */
	int have_returned;
};

/* An empty buffer (b zero-initialised) that accepts lines up to max_line. */
void line_buf_init(struct line_buf *b, size_t max_line);
void line_buf_free(struct line_buf *b);

/* The next whole line: 1 with *line (NUL-terminated in place of its '\n',
 * valid until the next call) and *len; 0 if none is whole yet; -1 if the
 * line is longer than max_line (whole or not yet). Consumes the line it
 * returned the time before. */
int line_buf_take(struct line_buf *b, const char **line, size_t *len);

/* Room for more bytes: a pointer to at least one free byte and their count
 * in *room, or NULL when out of memory. Then line_buf_commit(b, n) for the n
 * bytes written there. */
char *line_buf_space(struct line_buf *b, size_t *room);
void line_buf_commit(struct line_buf *b, size_t n);

/* Whether a whole line is buffered. */
int line_buf_has_line(struct line_buf *b);

#endif
