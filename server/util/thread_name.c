/* thread_name.c — see thread_name.h. */
#define _GNU_SOURCE /* pthread_setname_np */
#include "util/thread_name.h"

#include <pthread.h>
#include <string.h>

void tg_thread_name(const char *name)
{
	char cut[16];
	size_t n = strlen(name);
	if (n >= sizeof cut)
		n = sizeof cut - 1;
	memcpy(cut, name, n);
	cut[n] = '\0';
	/* Only a name: a failure changes nothing the daemon does. */
	(void)pthread_setname_np(pthread_self(), cut);
}
