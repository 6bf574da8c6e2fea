/* thread_name.h — a name for the calling thread, as ps -L, top -H, perf
 * and /proc/PID/task/TID/comm show it (tests/bench/run_delay.py splits the
 * daemon's CPU and run-queue wait by it). libuv 1.44's uv_thread has no
 * name API, so each thread names itself at its start. The daemon's threads:
 *
 *   telegraphd   the loop (the main thread keeps the process's name: the
 *                README's `pkill -HUP -x telegraphd` matches it)
 *   tg-views-N   the fan-out workers (core/fanout.c), N from 0
 *   tg-syncer    the commits' fsync (core/syncer.c)
 *   tg-ckpt      the WAL's checkpoints (store/store_open.c)
 *   tg-uv-pool   libuv's thread pool, named by its jobs (the password
 *                KDF, the mail's send)
 *
 * At most 15 bytes (the kernel's limit); a longer name is cut. */
#ifndef TG_UTIL_THREAD_NAME_H
#define TG_UTIL_THREAD_NAME_H

void tg_thread_name(const char *name);

#endif
