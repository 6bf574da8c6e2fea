/* loadgen_alloc.c — see loadgen_alloc.h. */
#include "loadgen_alloc.h"

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define LG_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LG_SANITIZED 1
#endif
#endif

#ifndef LG_SANITIZED
#define CLASSES 32 /* blocks of 16, 32, ... 512 bytes */
#define HEADER 16  /* the class (0: malloc's block), keeping 16-byte alignment */
#define SLAB (1u << 20)

struct free_block {
	struct free_block *next;
};

static struct free_block *lists[CLASSES + 1];
static char *slab, *slab_end;

static void *lg_malloc(size_t n)
{
	size_t c = (n + 15) >> 4;
	if (c == 0)
		c = 1;
	if (c > CLASSES) {
		char *b = malloc(HEADER + n);
		if (!b)
			return NULL;
		*(size_t *)b = 0;
		return b + HEADER;
	}
	struct free_block *f = lists[c];
	if (f) {
		lists[c] = f->next;
		return f;
	}
	size_t need = HEADER + (c << 4);
	if (!slab || (size_t)(slab_end - slab) < need) {
		/* the rest of the old slab is left unused (at most 527 bytes) */
		slab = malloc(SLAB);
		if (!slab)
			return NULL;
		slab_end = slab + SLAB;
	}
	char *b = slab;
	slab += need;
	*(size_t *)b = c;
	return b + HEADER;
}

static void lg_free(void *p)
{
	if (!p)
		return;
	char *b = (char *)p - HEADER;
	size_t c = *(size_t *)b;
	if (c == 0) {
		free(b);
		return;
	}
	struct free_block *f = p;
	f->next = lists[c];
	lists[c] = f;
}
#endif

void loadgen_alloc_install(void)
{
#ifndef LG_SANITIZED
	json_set_alloc_funcs(lg_malloc, lg_free);
#endif
}
