/* lmtp_line.c — an LMTP reply line in US-ASCII (lmtp_line.h). */
#include "mail/lmtp_line.h"

size_t tg_lmtp_line(char *out, size_t n, const char *line)
{
	size_t len = 0;
	const unsigned char *p = (const unsigned char *)line;
	while (*p && len + 3 < n) {
		unsigned char ch = *p++;
		if (ch >= 0x80) {
			/* One '?' for a UTF-8 lead byte and its continuation bytes
			 * (or for a stray 8-bit byte). */
			while (ch >= 0xc0 && (*p & 0xc0) == 0x80)
				p++;
			out[len++] = '?';
		} else {
			out[len++] = ch < 0x20 || ch == 0x7f ? ' ' : (char)ch;
		}
	}
	out[len++] = '\r';
	out[len++] = '\n';
	out[len] = '\0';
	return len;
}
