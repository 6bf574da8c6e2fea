/* The commit an executable was built from (server/util/build_commit.cmake
 * writes it into the build's generated/tg_build_commit.h at every build).
 *
 * Only an executable's main() includes that header and sets tg_build_commit
 * before anything reads it, so that a new HEAD recompiles one small file
 * and relinks the executables, not every library and test. Code linked
 * into something whose main() does not set it (the unit tests) reads
 * "unknown". telegraphd prints it in --version and in /metrics'
 * telegraph_build_info, the terminal client telegraph in its --version;
 * tests/bench/run_bench.py reads it from telegraphd's --version. */
#ifndef TG_UTIL_BUILD_INFO_H
#define TG_UTIL_BUILD_INFO_H

/* The release the daemon and the client are: one number for both (the
 * daemon's hello, /metrics, status and both --version texts). */
#ifndef TG_VERSION
#define TG_VERSION "0.1.0"
#endif

extern const char *tg_build_commit;

#endif
