/* test_config.c — defaults, the config file reader (comments, quotes, every
 * kind of value) and its error sentences with line numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <uv.h>

#include "core/config.h"
#include "tap.h"

/* tap.h's CHECK_EQ_INT evaluates its arguments twice: call once here. */
#define EXPECT_RC(call, want)                                                                      \
	do {                                                                                       \
		int rc_ = (call);                                                                  \
		CHECK_EQ_INT(rc_, want);                                                           \
	} while (0)

static char path[64];

static void write_file(const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static void test_defaults(void)
{
	struct tg_config c;
	tg_config_defaults(&c);
	CHECK_EQ_STR(c.listen_host, "127.0.0.1");
	CHECK_EQ_INT(c.listen_port, 7700);
	CHECK_EQ_STR(c.data_dir, "./telegraph-data");
	CHECK_EQ_STR(c.cert_file, "");
	CHECK_EQ_STR(c.key_file, "");
	CHECK_EQ_STR(c.schema_dir, "");
	CHECK_EQ_STR(c.log_level, "info");
	CHECK_EQ_INT(c.max_message, 65536);
	CHECK_EQ_INT(c.max_outbuf, 1048576);
	CHECK_EQ_INT(c.handshake_timeout_ms, 10000);
	CHECK_EQ_INT(c.idle_timeout_ms, 600000);
	CHECK_EQ_INT(c.max_connections, 50000);
	CHECK_EQ_INT(c.max_connections_per_address, 256);
	CHECK_EQ_INT(c.message_timeout_ms, 30000);
	CHECK_EQ_INT(c.tls_buffers_idle_ms, 5000);
	CHECK_EQ_INT(c.max_matches_per_user, 50);
	CHECK_EQ_INT(c.login_attempts, 5);
	CHECK_EQ_INT(c.login_window_s, 300);
	CHECK_EQ_INT(c.login_address_attempts, 100);
	CHECK_EQ_INT(c.registrations_per_address, 20);
	CHECK_EQ_INT(c.matches_created_per_user, 100);
	CHECK_EQ_INT(c.kdf_max_inflight, 32);
	CHECK_EQ_INT(c.kdf_max_inflight_per_address, 8);
	CHECK_EQ_INT(c.session_days, 30);
	CHECK_EQ_INT(c.snapshot_every, 50);
	CHECK_EQ_INT(c.patch_history, 200);
	CHECK_EQ_INT(c.evict_views_after_s, 300);
	CHECK_EQ_INT(c.chat_max_bytes, 1000);
	CHECK_EQ_INT(c.scrypt_n_log2, 15);
	/* one fan-out worker per core (issue 17) */
	CHECK_EQ_INT(c.workers,
	             uv_available_parallelism() > 256 ? 256 : uv_available_parallelism());
	/* the WAL's checkpoints off the loop (issue 17) */
	CHECK_EQ_INT(c.wal_checkpointer, 1);
	CHECK_EQ_INT(c.store_exclusive, 0);
	CHECK_EQ_INT(c.json_arena, 1);
	/* its first pass at half the WAL's bound (session 24) */
	CHECK_EQ_INT(c.wal_checkpoint_pages, 4000);
	/* a turn committed during an fsync gets its own at once (session 28) */
	CHECK_EQ_INT(c.wal_syncs_in_flight, 2);
}

static void test_file(void)
{
	struct tg_config c;
	char err[512] = "";
	tg_config_defaults(&c);
	write_file("# Telegraph\n"
	           "\n"
	           "listen = 0.0.0.0:7701\n"
	           "  data=/var/lib/telegraph   \n"
	           "cert = \"/etc/tg/my cert.pem\"  # quoted: spaces kept\n"
	           "key = /etc/tg/key#1.pem\n"
	           "log_level = debug # trailing comment\n"
	           "max_message = 128K\n"
	           "max_outbuf = 2M\n"
	           "handshake_timeout_ms = 5000\n"
	           "idle_timeout_ms = 60000\n"
	           "max_connections = 100\n"
	           "max_connections_per_address = 8\n"
	           "message_timeout_ms = 2500\n"
	           "tls_buffers_idle_ms = 0\n"
	           "max_matches_per_user = 7\n"
	           "login_attempts = 3\n"
	           "login_window_s = 60\n"
	           "session_days = 14\n"
	           "snapshot_every = 20\n"
	           "patch_history = 0\n"
	           "workers = 0\n"
	           "wal_checkpointer = 0\n"
	           "wal_checkpoint_pages = 1000\n"
	           "wal_syncs_in_flight = 1\n"
	           "store_exclusive = 1\n"
	           "json_arena = 0\n"
	           "evict_views_after_s = 0\n"
	           "chat_max_bytes = 500\n"
	           "scrypt_n_log2 = 14\r\n"
	           "schema = /usr/share/telegraph/schema\n");
	int loaded = tg_config_load_file(&c, path, err, sizeof err);
	CHECKF(loaded == 0, "%s", err);
	CHECK_EQ_STR(c.listen_host, "0.0.0.0");
	CHECK_EQ_INT(c.listen_port, 7701);
	CHECK_EQ_STR(c.data_dir, "/var/lib/telegraph");
	CHECK_EQ_STR(c.cert_file, "/etc/tg/my cert.pem");
	CHECK_EQ_STR(c.key_file, "/etc/tg/key#1.pem");
	CHECK_EQ_STR(c.log_level, "debug");
	CHECK_EQ_INT(c.max_message, 131072);
	CHECK_EQ_INT(c.max_outbuf, 2097152);
	CHECK_EQ_INT(c.handshake_timeout_ms, 5000);
	CHECK_EQ_INT(c.idle_timeout_ms, 60000);
	CHECK_EQ_INT(c.max_connections, 100);
	CHECK_EQ_INT(c.max_connections_per_address, 8);
	CHECK_EQ_INT(c.message_timeout_ms, 2500);
	CHECK_EQ_INT(c.tls_buffers_idle_ms, 0);
	CHECK_EQ_INT(c.max_matches_per_user, 7);
	CHECK_EQ_INT(c.login_attempts, 3);
	CHECK_EQ_INT(c.login_window_s, 60);
	CHECK_EQ_INT(c.session_days, 14);
	CHECK_EQ_INT(c.snapshot_every, 20);
	CHECK_EQ_INT(c.patch_history, 0);
	CHECK_EQ_INT(c.workers, 0);
	CHECK_EQ_INT(c.wal_checkpointer, 0);
	CHECK_EQ_INT(c.wal_checkpoint_pages, 1000);
	CHECK_EQ_INT(c.wal_syncs_in_flight, 1);
	CHECK_EQ_INT(c.store_exclusive, 1);
	CHECK_EQ_INT(c.json_arena, 0);
	CHECK_EQ_INT(c.evict_views_after_s, 0);
	CHECK_EQ_INT(c.chat_max_bytes, 500);
	CHECK_EQ_INT(c.scrypt_n_log2, 14);
	CHECK_EQ_STR(c.schema_dir, "/usr/share/telegraph/schema");
}

static void test_listen_forms(void)
{
	struct tg_config c;
	char err[512] = "";
	tg_config_defaults(&c);
	EXPECT_RC(tg_config_set(&c, "listen", "[::1]:0", err, sizeof err), 0);
	CHECK_EQ_STR(c.listen_host, "::1");
	CHECK_EQ_INT(c.listen_port, 0);
	EXPECT_RC(tg_config_set(&c, "listen", ":7702", err, sizeof err), 0);
	CHECK_EQ_STR(c.listen_host, "0.0.0.0");
	CHECK_EQ_INT(c.listen_port, 7702);
	EXPECT_RC(tg_config_set(&c, "listen", "localhost:65535", err, sizeof err), 0);
	CHECK_EQ_STR(c.listen_host, "localhost");
	EXPECT_RC(tg_config_set(&c, "listen", "localhost", err, sizeof err), -1);
	CHECK(strstr(err, "HOST:PORT") != NULL);
	EXPECT_RC(tg_config_set(&c, "listen", "localhost:65536", err, sizeof err), -1);
	CHECK(strstr(err, "0 to 65535") != NULL);
	EXPECT_RC(tg_config_set(&c, "listen", "::1:80", err, sizeof err), -1);
	CHECK(strstr(err, "brackets") != NULL);
	/* A failed set leaves the old value. */
	CHECK_EQ_STR(c.listen_host, "localhost");
	CHECK_EQ_INT(c.listen_port, 65535);
}

/* Loads text and expects failure with every fragment in the sentence. */
static void expect_error(const char *text, const char *frag1, const char *frag2)
{
	struct tg_config c;
	char err[512] = "";
	tg_config_defaults(&c);
	write_file(text);
	int loaded = tg_config_load_file(&c, path, err, sizeof err);
	CHECKF(loaded == -1, "accepted: %s", text);
	CHECKF(strstr(err, frag1) != NULL, "'%s' not in: %s", frag1, err);
	if (frag2)
		CHECKF(strstr(err, frag2) != NULL, "'%s' not in: %s", frag2, err);
}

static void test_errors(void)
{
	char where[96];
	snprintf(where, sizeof where, "%s:3:", path);
	expect_error("# ok\nlisten = 127.0.0.1:1\nport 7700\n", where, "expected 'key = value'");
	expect_error("\n\ncolour = blue\n", where, "unknown setting 'colour'");
	expect_error("\n\nmax_message = 12\n", where, "max_message must be from 256");
	expect_error("\n\nmax_message = lots\n", where, "whole number");
	expect_error("\n\nmax_connections = 5K\n", where, "whole number");
	expect_error("\n\nidle_timeout_ms = -5\n", where, "whole number");
	expect_error("\n\nlog_level = loud\n", where, "debug, info, warn or error");
	expect_error("\n\ndata =\n", where, "must not be empty");
	expect_error("\n\n = 5\n", where, "name is missing");
	expect_error("\n\ncert = \"/x\n", where, "closing");
	expect_error("\n\nscrypt_n_log2 = 99999999999999999999999\n", where, "whole number");
	expect_error("\n\nmax_outbuf = 99999999999999999999M\n", where, "whole number");
	/* The hashing cost cannot exceed what kdf.c hashes and reads back (N = 2^20):
	 * at 21 or 22 every register failed and no stored hash would parse. */
	expect_error("\n\nworkers = 257\n", where, "workers must be from 0 to 256 threads");
	expect_error("\n\nscrypt_n_log2 = 21\n", where, "scrypt_n_log2 must be from 10 to 20");

	struct tg_config c;
	char err[512] = "";
	tg_config_defaults(&c);
	EXPECT_RC(tg_config_load_file(&c, "/nonexistent/telegraph.conf", err, sizeof err), -1);
	CHECK(strstr(err, "cannot open config file /nonexistent/telegraph.conf") != NULL);

	/* An over-long line is an error, not silently split. */
	char *big = malloc(5000);
	memset(big, 'x', 4999);
	big[0] = '#';
	big[4999] = '\0';
	snprintf(where, sizeof where, "%s:1:", path);
	expect_error(big, where, "longer than");
	free(big);
}

/* A setting an earlier release read and this one does not (store_wal_join,
 * removed in session 31): a config file that still sets it loads, nothing
 * else changes, and the daemon is handed one warning for it, which names
 * the key and says it is ignored; a key no release had is still an error
 * (test_errors' 'colour'). */
static void test_retired(void)
{
	struct tg_config c, plain;
	char err[512] = "";
	unsigned i = 0;
	tg_config_defaults(&c);
	tg_config_defaults(&plain);
	CHECK(tg_config_retired_warning(&c, &i) == NULL);
	i = 0;
	write_file("store_exclusive = 1\n"
	           "store_wal_join = 1\n"
	           "json_arena = 0\n");
	int loaded = tg_config_load_file(&c, path, err, sizeof err);
	CHECKF(loaded == 0, "%s", err);
	CHECK_EQ_INT(c.store_exclusive, 1);
	CHECK_EQ_INT(c.json_arena, 0);
	const char *w = tg_config_retired_warning(&c, &i);
	CHECKF(w != NULL, "no warning for store_wal_join");
	if (w) {
		CHECKF(strstr(w, "store_wal_join") != NULL, "the warning names no key: %s", w);
		CHECKF(strstr(w, "ignored") != NULL, "the warning does not say ignored: %s", w);
	}
	CHECK(tg_config_retired_warning(&c, &i) == NULL);
	/* The same by a flag (--set store_wal_join=0), and named twice it
	 * warns once. */
	EXPECT_RC(tg_config_set(&plain, "store_wal_join", "0", err, sizeof err), 0);
	EXPECT_RC(tg_config_set(&plain, "store_wal_join", "1", err, sizeof err), 0);
	i = 0;
	CHECK(tg_config_retired_warning(&plain, &i) != NULL);
	CHECK(tg_config_retired_warning(&plain, &i) == NULL);
}

int main(void)
{
	snprintf(path, sizeof path, "/tmp/tg-test-config-%ld.conf", (long)getpid());
	test_defaults();
	test_file();
	test_listen_forms();
	test_errors();
	test_retired();
	unlink(path);
	return tap_done();
}
