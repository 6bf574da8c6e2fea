/* fuzz_config.c — the daemon's config file reader (server/core/config.c):
 * "key = value" lines, '#' comments, quoted values, K/M suffixes, read from
 * memory with tg_config_load_stream (the reader tg_config_load_file uses).
 *
 * Properties (abort on violation):
 * - the reader returns 0, or -1 with a non-empty sentence;
 * - whatever it returns, every string field is NUL-terminated within its
 *   array, the log level is one tg_log_parse_level knows, the port is
 *   0-65535 and every number is within the bounds config.c's num_keys
 *   documents (repeated here, so that a bound removed there is caught);
 * - reading the same text twice from defaults gives the same struct and the
 *   same answer, and reading it again on top of its own result changes
 *   nothing (every setting sets a whole value). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "util/log.h"

#define TERMINATED(a) (memchr((a), '\0', sizeof(a)) != NULL)

static void check(const struct tg_config *c)
{
	if (!TERMINATED(c->listen_host) || !TERMINATED(c->data_dir) || !TERMINATED(c->cert_file) ||
	    !TERMINATED(c->key_file) || !TERMINATED(c->schema_dir) || !TERMINATED(c->log_level))
		abort();
	if (!c->listen_host[0] || !c->data_dir[0] || tg_log_parse_level(c->log_level) < 0)
		abort();
	if (c->listen_port < 0 || c->listen_port > 65535)
		abort();
	if (c->max_message < 256 || c->max_message > 64ULL * 1024 * 1024)
		abort();
	if (c->max_outbuf < 4096 || c->max_outbuf > 1024ULL * 1024 * 1024)
		abort();
	if (c->handshake_timeout_ms < 100 || c->handshake_timeout_ms > 600000)
		abort();
	if (c->idle_timeout_ms < 100 || c->idle_timeout_ms > 86400000)
		abort();
	if (c->max_connections < 1 || c->max_connections > 1000000)
		abort();
	if (c->max_matches_per_user < 1 || c->max_matches_per_user > 100000)
		abort();
	if (c->login_attempts < 1 || c->login_attempts > 1000)
		abort();
	if (c->login_window_s < 1 || c->login_window_s > 86400)
		abort();
	if (c->session_days < 1 || c->session_days > 3650)
		abort();
	if (c->snapshot_every < 1 || c->snapshot_every > 1000000)
		abort();
	if (c->patch_history > 100000)
		abort();
	if (c->chat_max_bytes < 1 || c->chat_max_bytes > 65536)
		abort();
	if (c->scrypt_n_log2 < 10 || c->scrypt_n_log2 > 20) /* kdf.c: N <= 2^20 */
		abort();
}

/* Loads data onto c; returns the reader's answer, err holds its sentence. */
static int load(struct tg_config *c, const uint8_t *data, size_t size, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		abort();
	err[0] = '\0';
	int rc = tg_config_load_stream(c, f, "fuzz.conf", err, errlen);
	fclose(f);
	if (rc != 0 && rc != -1)
		abort();
	if (rc == -1 && (!err[0] || !memchr(err, '\0', errlen)))
		abort();
	check(c);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0 || size > 16384) /* fmemopen refuses an empty buffer */
		return 0;
	struct tg_config a, b;
	char ea[600], eb[600];
	tg_config_defaults(&a);
	tg_config_defaults(&b);
	check(&a);
	int ra = load(&a, data, size, ea, sizeof ea);
	int rb = load(&b, data, size, eb, sizeof eb);
	if (ra != rb || memcmp(&a, &b, sizeof a) != 0 || strcmp(ea, eb) != 0)
		abort();
	/* Again on top of its own result: the same struct, the same answer. */
	int rc = load(&b, data, size, eb, sizeof eb);
	if (rc != ra || memcmp(&a, &b, sizeof a) != 0 || strcmp(ea, eb) != 0)
		abort();
	return 0;
}
