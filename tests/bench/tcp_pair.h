/* tcp_pair.h — a connected loopback TCP pair for the wake-up and syscall
 * microbenchmarks (bench_wakeup, bench_syscalls): fd[0] the accepted
 * (reading) end, fd[1] the connecting (writing) end, TCP_NODELAY on the
 * writer. Each caller sets what else its case needs. */
#ifndef TG_BENCH_TCP_PAIR_H
#define TG_BENCH_TCP_PAIR_H

/* 0, or -1 with errno set (nothing left open). */
int tcp_pair(int fd[2]);

#endif
