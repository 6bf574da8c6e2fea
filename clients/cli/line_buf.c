/* line_buf.c — see line_buf.h. */
#include "line_buf.h"

#include <stdlib.h>
#include <string.h>

void line_buf_init(struct line_buf *b, size_t max_line)
{
	memset(b, 0, sizeof *b);
	b->max_line = max_line;
	b->first_cap = 65536;
	b->grow_min = 16384; /* free room kept for a read */
}

void line_buf_free(struct line_buf *b)
{
	free(b->buf);
	b->buf = NULL;
	b->start = b->end = b->cap = 0;
}

static void consume_previous(struct line_buf *b)
{
	if (b->have_returned) {
		b->start = b->line_end + 1;
		b->have_returned = 0;
	}
	if (b->start == b->end)
		b->start = b->end = 0;
}

static char *find_newline(const struct line_buf *b)
{
	return b->end > b->start ? memchr(b->buf + b->start, '\n', b->end - b->start) : NULL;
}

int line_buf_has_line(struct line_buf *b)
{
	consume_previous(b);
	return find_newline(b) != NULL;
}

int line_buf_take(struct line_buf *b, const char **line, size_t *len)
{
	consume_previous(b);
	char *nl = find_newline(b);
	/* The limit holds for a line that came whole in one read too, not only
	 * while its '\n' is awaited: the same bytes, the same answer. */
	if (nl ? (size_t)(nl - (b->buf + b->start)) > b->max_line : b->end - b->start > b->max_line)
		return -1;
	if (nl) {
		b->line_end = (size_t)(nl - b->buf);
		*nl = '\0';
		*line = b->buf + b->start;
		*len = b->line_end - b->start;
		b->have_returned = 1;
		return 1;
	}
	return 0;
}

char *line_buf_space(struct line_buf *b, size_t *room)
{
	consume_previous(b);
	if (b->start > 0) { /* compact */
		memmove(b->buf, b->buf + b->start, b->end - b->start);
		b->end -= b->start;
		b->start = 0;
	}
	while (b->cap - b->end < b->grow_min || b->cap - b->end < 2) {
		size_t ncap = b->cap ? b->cap * 2 : b->first_cap;
		char *nb = realloc(b->buf, ncap);
		if (!nb)
			return NULL;
		b->buf = nb;
		b->cap = ncap;
	}
	*room = b->cap - b->end - 1;
	return b->buf + b->end;
}

void line_buf_commit(struct line_buf *b, size_t n)
{
	b->end += n;
}
