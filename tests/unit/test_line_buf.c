/* test_line_buf.c — the terminal client's buffer of the server's lines
 * (clients/cli/line_buf.c): lines cut at '\n' whatever the reads, and the
 * length limit held whether a line comes in one read or in many. */
#include <string.h>

#include "line_buf.h"
#include "tap.h"

static void put(struct line_buf *b, const char *bytes)
{
	size_t room, n = strlen(bytes);
	char *space = line_buf_space(b, &room);
	CHECK(space != NULL && room >= n);
	if (space && room >= n) {
		memcpy(space, bytes, n);
		line_buf_commit(b, n);
	}
}

static void test_lines(void)
{
	struct line_buf b;
	const char *line;
	size_t len;
	line_buf_init(&b, 8);
	put(&b, "ab\n\ncd");
	CHECK_EQ_INT(line_buf_take(&b, &line, &len), 1);
	CHECK_EQ_STR(line, "ab");
	CHECK_EQ_INT(line_buf_take(&b, &line, &len), 1);
	CHECK_EQ_INT((int)len, 0);
	CHECK_EQ_INT(line_buf_take(&b, &line, &len), 0);
	CHECK(!line_buf_has_line(&b));
	put(&b, "e\n");
	CHECK(line_buf_has_line(&b));
	CHECK_EQ_INT(line_buf_take(&b, &line, &len), 1);
	CHECK_EQ_STR(line, "cde");
	line_buf_free(&b);
}

/* Found by fuzz/line_buf: the limit was checked only while a line's '\n'
 * had not come, so a line over it that came whole in one read was handed
 * on (up to about twice TLS_CONN_MAX_LINE), and the same bytes in smaller
 * reads were refused. */
static void test_limit_whole_line(void)
{
	struct line_buf b;
	const char *line;
	size_t len;
	line_buf_init(&b, 8);
	put(&b, "12345678\n123456789\n");
	CHECK_EQ_INT(line_buf_take(&b, &line, &len), 1); /* 8 bytes: within */
	CHECK_EQ_STR(line, "12345678");
	CHECK_EQ_INT(line_buf_take(&b, &line, &len), -1); /* 9: over, though whole */
	line_buf_free(&b);

	line_buf_init(&b, 8);
	put(&b, "123456789"); /* the same line, its '\n' not come yet */
	CHECK_EQ_INT(line_buf_take(&b, &line, &len), -1);
	line_buf_free(&b);
}

int main(void)
{
	test_lines();
	test_limit_whole_line();
	return tap_done();
}
