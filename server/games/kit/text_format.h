/* text_format.h — printf's text of the plainest formats, without printf
 * (issue 17).
 *
 * glibc's vsnprintf costs about 1,200 instructions for one of Lincoln's
 * War's log lines (a few %s and %d in some 60 bytes of text; callgrind:
 * lw_log's vsnprintf was a tenth of lw_act's instructions), most of it
 * its stream machinery and a byte-by-byte copy of short strings. The
 * games' log lines and labels use %s, %d and %% almost only; this writes
 * those by hand and says when a format holds anything else, so that the
 * caller gives it to vsnprintf (tg_format does both). Lincoln's War's log
 * lines (lw_base.c) and the kit's offer labels (kit/offer.c, 256 bytes)
 * are written by tg_format. */
#ifndef TG_KIT_TEXT_FORMAT_H
#define TG_KIT_TEXT_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/* The text vsnprintf(buf, size, fmt, ap) writes (its first size - 1 bytes,
 * then a NUL; size >= 1), when fmt's only conversions are %s (NULL as
 * glibc's "(null)"), %d and %%: returns its length (strlen(buf)). Any other
 * conversion (a flag, a width, a precision, a length, another letter):
 * returns -1 and buf holds nothing of use; the caller then gives fmt to
 * vsnprintf with a va_list this one has not read (va_copy). */
int tg_format_plain(char *buf, size_t size, const char *fmt, va_list ap);

/* vsnprintf(buf, size, fmt, ap)'s text (size >= 1): tg_format_plain's when
 * it can (it reads a va_copy of ap), else vsnprintf's. Returns the text's
 * length, strlen(buf): a %c of 0 ends it early. The bytes of buf after
 * the NUL hold nothing of use. */
size_t tg_format(char *buf, size_t size, const char *fmt, va_list ap);

#endif
