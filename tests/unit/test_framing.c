/* test_framing.c — the newline framer: lines split across feeds, \r\n, empty
 * lines, the exact limit and one byte past it, many lines in one feed, and a
 * callback that stops the feed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/framing.h"
#include "tap.h"

/* tap.h's CHECK_EQ_INT evaluates its arguments twice: call once here. */
#define EXPECT_RC(call, want)                                                                      \
	do {                                                                                       \
		int rc_ = (call);                                                                  \
		CHECK_EQ_INT(rc_, want);                                                           \
	} while (0)

/* Collects every line as "line|" into one string for easy comparison. */
struct sink {
	char out[8192];
	size_t n;
	int lines;
	int stop_after; /* non-zero: return 7 after this many lines */
	int clean;      /* no line held a newline */
};

static int collect(const char *line, size_t len, void *ud)
{
	struct sink *s = ud;
	if (memchr(line, '\n', len))
		s->clean = 0;
	if (s->n + len + 1 < sizeof s->out) {
		memcpy(s->out + s->n, line, len);
		s->n += len;
		s->out[s->n++] = '|';
		s->out[s->n] = '\0';
	}
	s->lines++;
	return s->stop_after && s->lines == s->stop_after ? 7 : 0;
}

static void sink_init(struct sink *s)
{
	memset(s, 0, sizeof *s);
	s->clean = 1;
}

static int feed_str(struct tg_framer *f, struct sink *s, const char *str)
{
	return tg_framer_feed(f, str, strlen(str), collect, s);
}

static void test_split_across_feeds(void)
{
	struct tg_framer f;
	struct sink s;
	tg_framer_init(&f, 100);
	sink_init(&s);
	EXPECT_RC(feed_str(&f, &s, "{\"op\":"), 0);
	CHECK_EQ_INT(s.lines, 0);
	EXPECT_RC(feed_str(&f, &s, "\"hel"), 0);
	EXPECT_RC(feed_str(&f, &s, "lo\"}\n{\"a\""), 0);
	CHECK_EQ_STR(s.out, "{\"op\":\"hello\"}|");
	EXPECT_RC(feed_str(&f, &s, ":1}\n"), 0);
	CHECK_EQ_STR(s.out, "{\"op\":\"hello\"}|{\"a\":1}|");
	CHECK(s.clean);
	/* Byte by byte. */
	const char *msg = "abc\r\ndef\n";
	for (size_t i = 0; msg[i]; i++)
		EXPECT_RC(tg_framer_feed(&f, msg + i, 1, collect, &s), 0);
	CHECK_EQ_STR(s.out, "{\"op\":\"hello\"}|{\"a\":1}|abc|def|");
	tg_framer_free(&f);
}

static void test_crlf_and_empty_lines(void)
{
	struct tg_framer f;
	struct sink s;
	tg_framer_init(&f, 100);
	sink_init(&s);
	EXPECT_RC(feed_str(&f, &s, "\n\r\n\nx\r\n\n  \ny\n"), 0);
	/* Empty lines (and a bare "\r") are skipped; blanks are not trimmed. */
	CHECK_EQ_STR(s.out, "x|  |y|");
	CHECK_EQ_INT(s.lines, 3);
	/* A '\r' split from its '\n' by a feed boundary. */
	EXPECT_RC(feed_str(&f, &s, "z\r"), 0);
	EXPECT_RC(feed_str(&f, &s, "\n"), 0);
	CHECK_EQ_STR(s.out, "x|  |y|z|");
	tg_framer_free(&f);
}

static void test_limits(void)
{
	struct tg_framer f;
	struct sink s;

	/* Exactly the limit: accepted, also with \r\n, also split. */
	tg_framer_init(&f, 10);
	sink_init(&s);
	EXPECT_RC(feed_str(&f, &s, "0123456789\n"), 0);
	EXPECT_RC(feed_str(&f, &s, "0123456789\r\n"), 0);
	EXPECT_RC(feed_str(&f, &s, "01234"), 0);
	EXPECT_RC(feed_str(&f, &s, "56789\r"), 0);
	EXPECT_RC(feed_str(&f, &s, "\n"), 0);
	CHECK_EQ_STR(s.out, "0123456789|0123456789|0123456789|");
	CHECK(!f.failed);
	CHECK(f.cap <= 12);
	tg_framer_free(&f);

	/* One byte over, whole. */
	tg_framer_init(&f, 10);
	sink_init(&s);
	EXPECT_RC(feed_str(&f, &s, "ok\n0123456789A\nlater\n"), -1);
	CHECK_EQ_STR(s.out, "ok|");
	CHECK(f.failed);
	/* A failed framer stays failed. */
	EXPECT_RC(feed_str(&f, &s, "fine\n"), -1);
	CHECK_EQ_INT(s.lines, 1);
	tg_framer_free(&f);

	/* Over the limit before any newline arrives: refused at once, and
	 * the framer never buffered past the limit. */
	tg_framer_init(&f, 10);
	sink_init(&s);
	EXPECT_RC(feed_str(&f, &s, "01234567"), 0);
	EXPECT_RC(feed_str(&f, &s, "89A"), -1);
	CHECK(f.failed);
	CHECK(f.cap <= 12);
	tg_framer_free(&f);

	/* A "\r" that is not followed by "\n" counts as content. */
	tg_framer_init(&f, 10);
	sink_init(&s);
	EXPECT_RC(feed_str(&f, &s, "0123456789\r"), 0);
	EXPECT_RC(feed_str(&f, &s, "x"), -1);
	tg_framer_free(&f);

	/* A huge feed with no newline. */
	tg_framer_init(&f, 1000);
	sink_init(&s);
	char *big = malloc(100000);
	memset(big, 'a', 100000);
	EXPECT_RC(tg_framer_feed(&f, big, 100000, collect, &s), -1);
	CHECK(f.cap <= 1002);
	free(big);
	tg_framer_free(&f);
}

/* Whole lines are handed out where they lie in the bytes fed: nothing is
 * copied and no buffer is made (issue 17: every act's line was copied into
 * the framer's buffer, which a connection then kept at the size of its
 * longest line). Only a line split across feeds is buffered. */
static int in_place(const char *line, size_t len, void *ud)
{
	const char **range = ud; /* [0] the feed's start, [1] its end */
	(void)len;
	if (line < range[0] || line >= range[1])
		range[2] = line; /* a copy */
	return 0;
}

static void test_whole_lines_in_place(void)
{
	struct tg_framer f;
	tg_framer_init(&f, 100);
	char feed[] = "{\"op\":\"act\"}\n{\"op\":\"ping\"}\r\n";
	const char *range[3] = {feed, feed + sizeof feed - 1, NULL};
	EXPECT_RC(tg_framer_feed(&f, feed, sizeof feed - 1, in_place, range), 0);
	CHECKF(range[2] == NULL, "whole lines handed out in place, not copied");
	CHECKF(f.buf == NULL && f.cap == 0, "no buffer made for whole lines (cap %zu)", f.cap);
	/* A split line is buffered, then handed out from the buffer. */
	struct sink s;
	sink_init(&s);
	EXPECT_RC(feed_str(&f, &s, "{\"op\":"), 0);
	EXPECT_RC(feed_str(&f, &s, "1}\nnext\n"), 0);
	CHECK_EQ_STR(s.out, "{\"op\":1}|next|");
	CHECK_EQ_INT(f.len, 0);
	tg_framer_free(&f);
}

static void test_many_lines_one_feed(void)
{
	struct tg_framer f;
	struct sink s;
	tg_framer_init(&f, 100);
	sink_init(&s);
	char buf[4096];
	size_t n = 0;
	for (int i = 0; i < 200; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "{\"n\":%d}\n", i);
	EXPECT_RC(tg_framer_feed(&f, buf, n, collect, &s), 0);
	CHECK_EQ_INT(s.lines, 200);
	CHECK(strncmp(s.out, "{\"n\":0}|{\"n\":1}|{\"n\":2}|", 24) == 0);
	CHECK(strstr(s.out, "{\"n\":199}|") != NULL);
	CHECK_EQ_INT(f.len, 0);
	tg_framer_free(&f);
}

static void test_callback_stops(void)
{
	struct tg_framer f;
	struct sink s;
	tg_framer_init(&f, 100);
	sink_init(&s);
	s.stop_after = 2;
	EXPECT_RC(feed_str(&f, &s, "a\nb\nc\nd\n"), 7);
	CHECK_EQ_STR(s.out, "a|b|");
	CHECK(!f.failed);
	/* The rest of that feed was dropped; the framer still works. */
	s.stop_after = 0;
	EXPECT_RC(feed_str(&f, &s, "e\n"), 0);
	CHECK_EQ_STR(s.out, "a|b|e|");
	tg_framer_free(&f);
}

int main(void)
{
	test_split_across_feeds();
	test_crlf_and_empty_lines();
	test_limits();
	test_whole_lines_in_place();
	test_many_lines_one_feed();
	test_callback_stops();
	return tap_done();
}
