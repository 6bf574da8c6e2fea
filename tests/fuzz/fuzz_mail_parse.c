/* fuzz_mail_parse.c — the inbound email reader of moves by email reply
 * (server/mail: GMime's parse, the reply's first line, the number or label,
 * the HTML to text; server/core/mail_token.c: the reply address) on
 * arbitrary bytes.
 *
 * Whatever the bytes: the parse returns 0 or -1 and frees cleanly; the
 * first line found lies within its buffer, holds no line end and is not
 * blank, and names itself as a label; a number read from it is positive;
 * the same holds of the text made of the bytes as an HTML body; an address
 * that parses names a positive match. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/mail_token.h"
#include "mail/mail_body.h"
#include "mail/mail_parse.h"

static void check_line(const char *text)
{
	char line[300];
	if (tg_mail_first_line(text, line, sizeof line) != 0)
		return;
	size_t n = strlen(line);
	if (n == 0 || n >= sizeof line || strchr(line, '\n') || isspace((unsigned char)line[0]))
		abort();
	struct tg_mail_numbers nums;
	if (tg_mail_numbers(line, &nums) == 0) {
		if (nums.action <= 0 || nums.nparts < 0 || nums.nparts > TG_MAIL_PARTS_MAX)
			abort();
		for (int i = 0; i < nums.nparts; i++)
			for (int k = 0; k < nums.npick[i]; k++)
				if (nums.pick[i][k] <= 0)
					abort();
	}
	if (!tg_mail_label_is(line, line))
		abort(); /* a line always names itself */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tg_mail m;
	int rc = tg_mail_parse((const char *)data, size, &m);
	if (rc != 0 && rc != -1)
		abort();
	if (m.text)
		check_line(m.text);
	tg_mail_free(&m);

	char *s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	check_line(s);
	char *t = tg_mail_html_text(s);
	if (t)
		check_line(t);
	free(t);
	int64_t match = 0;
	uint8_t hash[32];
	if (tg_mail_reply_parse(s, "telegraph-reply", &match, hash) == 0 && match <= 0)
		abort();
	free(s);
	return 0;
}
