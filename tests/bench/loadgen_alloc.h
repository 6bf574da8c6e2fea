/* loadgen_alloc.h — jansson's allocator in tg_loadgen: free lists by size.
 *
 * Every patch the generator reads is built as jansson values and every
 * value it replaces is freed: glibc's malloc and free were about a quarter
 * of tg_loadgen's instructions (issue 17, session 25; callgrind of
 * tests/bench/callgrind_loadgen.py). The generator is one thread and keeps
 * a few thousand small values alive at once: jansson's blocks of up to 512
 * bytes come from free lists, one for each 16 bytes of size, carved from
 * 1 MiB slabs that are never given back; larger blocks go to malloc. Under
 * AddressSanitizer (TG_SANITIZE) nothing is installed, so that its checks
 * of jansson's memory stay whole. */
#ifndef TG_LOADGEN_ALLOC_H
#define TG_LOADGEN_ALLOC_H

/* Makes jansson allocate through the free lists (json_set_alloc_funcs);
 * call before any jansson value is made. Memory jansson hands out (as
 * json_dumps' text) is then freed with json_get_alloc_funcs' free, not
 * free(). */
void loadgen_alloc_install(void);

#endif
