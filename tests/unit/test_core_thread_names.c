/* test_core_thread_names.c — the daemon's threads carry names (issue 17:
 * tests/bench/run_delay.py splits the CPU and the run-queue wait by thread
 * name, and every thread was "telegraphd"; perf and top -H say the same).
 *
 * A server with two fan-out workers over a file database (so the syncer and
 * the WAL's checkpointer start): /proc/self/task/ must then hold tg-views-0,
 * tg-views-1, tg-syncer and tg-ckpt, and the main thread (the loop) keeps
 * the process's name (the README's `pkill -HUP -x telegraphd` matches it);
 * a player's registration (the password's KDF on libuv's pool) names the
 * pool's thread tg-uv-pool.
 * tg_thread_name cuts a name to the kernel's 15 bytes. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/server_internal.h"
#include "core_testkit.h"
#include "util/thread_name.h"

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static void read_comm(const char *path, char *out, size_t cap)
{
	out[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(out, (int)cap, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* How many of the process's threads are named `name`. */
static int threads_named(const char *name)
{
	int n = 0;
	DIR *d = opendir("/proc/self/task");
	CHECK(d != NULL);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char path[300], comm[32];
		snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
		read_comm(path, comm, sizeof comm);
		if (strcmp(comm, name) == 0)
			n++;
	}
	if (d)
		closedir(d);
	return n;
}

/* A thread names itself as it starts: the count of `name`, once it is
 * `want` or after 5 s. */
static int threads_named_soon(const char *name, int want)
{
	int n = 0;
	for (int i = 0; i < 5000 && (n = threads_named(name)) != want; i++)
		usleep(1000);
	return n;
}

int main(void)
{
	char main_name[32];
	read_comm("/proc/self/comm", main_name, sizeof main_name);

	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_thread_names"))
		return tap_done();
	rig.cfg.workers = 2;
	rig.cfg.wal_checkpointer = 1;
	rig.cfg.wal_syncs_in_flight = 2; /* the syncer's two threads, one name */
	if (!fc_rig_serve(&rig, games))
		return tap_done();
	CHECK(fc_srv->syncer != NULL);

	CHECK_EQ_INT(threads_named_soon("tg-views-0", 1), 1);
	CHECK_EQ_INT(threads_named_soon("tg-views-1", 1), 1);
	CHECK_EQ_INT(threads_named_soon("tg-syncer", 2), 2);
	CHECK_EQ_INT(threads_named_soon("tg-ckpt", 1), 1);
	char now[32];
	read_comm("/proc/self/comm", now, sizeof now);
	CHECKF(strcmp(now, main_name) == 0, "the loop keeps the process's name (%s, was %s)", now,
	       main_name);
	struct client a;
	login(&a, "grant", "unconditional", true);
	CHECKF(threads_named("tg-uv-pool") >= 1, "libuv's pool thread is named by its job");
	client_close(&a);
	fc_rig_close(&rig);

	/* A name longer than the kernel's 15 bytes is cut, not refused. */
	tg_thread_name("tg-a-name-of-twenty");
	read_comm("/proc/self/comm", now, sizeof now);
	CHECK(strcmp(now, "tg-a-name-of-tw") == 0);
	return tap_done();
}
