/* config.c — the daemon's settings: defaults, "key = value" files, and one
 * setter shared by the file reader and the command-line flags, so that both
 * accept exactly the same values with the same error sentences. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include "kdf.h"
#include "util/log.h"

void tg_config_defaults(struct tg_config *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->listen_host, sizeof c->listen_host, "127.0.0.1");
	c->listen_port = 7700;
	snprintf(c->data_dir, sizeof c->data_dir, "./telegraph-data");
	snprintf(c->log_level, sizeof c->log_level, "info");
	c->max_message = 65536;
	c->max_outbuf = 1024 * 1024;
	c->handshake_timeout_ms = 10000;
	c->idle_timeout_ms = 600000;
	c->max_connections = 50000;
	c->max_connections_per_address = 256;
	c->message_timeout_ms = 30000;
	c->tls_buffers_idle_ms = 5000;
	c->max_matches_per_user = 50;
	c->login_attempts = 5;
	c->login_window_s = 300;
	c->login_address_attempts = 100;
	c->registrations_per_address = 20;
	c->matches_created_per_user = 100;
	c->backup_pages_per_step = 256;
	c->kdf_max_inflight = 32;
	c->kdf_max_inflight_per_address = 8;
	c->session_days = 30;
	c->snapshot_every = 50;
	c->patch_history = 200;
	c->evict_after_s = 900;
	c->workers = uv_available_parallelism();
	if (c->workers > 256)
		c->workers = 256;
	c->wal_checkpointer = 1;
	c->wal_checkpoint_pages = 4000;
	c->wal_syncs_in_flight = 2;
	c->json_arena = 1;
	c->evict_views_after_s = 300;
	c->chat_max_bytes = 1000;
	c->clock_restart_grace_s = 3600;
	c->clock_timeout_grace_s = 3600;
	c->vacation_days_per_year = 30;
	snprintf(c->smtp_tls, sizeof c->smtp_tls, "starttls");
	c->clock_low_s = 86400;
	c->notify_max_attempts = 6;
	c->notify_backoff_s = 60;
	c->notify_timeout_s = 20;
	c->notify_inflight = 2;
	c->notify_poll_ms = 1000;
	c->notify_chat_delay_s = 300;
	c->notify_chat_gap_s = 3600;
	c->notify_outbox_keep_days = 30;
	c->scrypt_n_log2 = 15;
	snprintf(c->mail_reply_local, sizeof c->mail_reply_local, "telegraph-reply");
	c->mail_reply_days = 30;
	c->mail_max_bytes = 262144;
	c->mail_answers_per_hour = 5;
}

static int failf(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int failf(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* A whole unsigned decimal number, optionally followed by K or M (KiB, MiB
 * multiples) when sizes are allowed. */
static int parse_number(const char *v, bool size_suffix, unsigned long long *out)
{
	if (!isdigit((unsigned char)v[0]))
		return -1;
	errno = 0;
	char *end;
	unsigned long long n = strtoull(v, &end, 10);
	if (errno)
		return -1;
	unsigned long long mult = 1;
	if (size_suffix && (*end == 'K' || *end == 'k'))
		mult = 1024, end++;
	else if (size_suffix && (*end == 'M' || *end == 'm'))
		mult = 1024 * 1024, end++;
	if (*end)
		return -1;
	if (n > ~0ULL / mult)
		return -1;
	*out = n * mult;
	return 0;
}

static int set_string(char *dst, size_t cap, const char *key, const char *v, char *err,
                      size_t errlen)
{
	size_t n = strlen(v);
	if (n == 0)
		return failf(err, errlen, "%s must not be empty", key);
	if (n >= cap)
		return failf(err, errlen, "%s is too long (at most %zu bytes)", key, cap - 1);
	memcpy(dst, v, n + 1);
	return 0;
}

/* "HOST:PORT", "[IPv6]:PORT", or ":PORT" (every address), for key. */
static int parse_host_port(const char *key, const char *v, char *host_out, size_t hcap,
                           int *port_out, char *err, size_t errlen)
{
	const char *colon = strrchr(v, ':');
	if (!colon)
		return failf(err, errlen, "%s must be HOST:PORT (like 127.0.0.1:7700), not '%s'",
		             key, v);
	const char *host = v;
	size_t hlen = (size_t)(colon - v);
	if (hlen >= 2 && host[0] == '[' && host[hlen - 1] == ']')
		host++, hlen -= 2;
	else if (memchr(host, ':', hlen))
		return failf(err, errlen, "%s: write an IPv6 address in brackets, like [::1]:7700",
		             key);
	unsigned long long port;
	if (parse_number(colon + 1, false, &port) < 0 || port > 65535)
		return failf(err, errlen, "%s: the port must be a number from 0 to 65535, not '%s'",
		             key, colon + 1);
	if (hlen >= hcap)
		return failf(err, errlen, "%s: the host name is too long", key);
	if (hlen == 0) {
		snprintf(host_out, hcap, "0.0.0.0");
	} else {
		memcpy(host_out, host, hlen);
		host_out[hlen] = '\0';
	}
	*port_out = (int)port;
	return 0;
}

static int set_listen(struct tg_config *c, const char *v, char *err, size_t errlen)
{
	return parse_host_port("listen", v, c->listen_host, sizeof c->listen_host, &c->listen_port,
	                       err, errlen);
}

/* Numeric settings: where each lives, its bounds, and whether K/M apply. */
struct num_key {
	const char *key;
	size_t offset;
	bool is_size_t;
	bool size_suffix;
	unsigned long long min, max;
	const char *unit;
};

#define NUM_U(k, lo, hi, unit)                                                                     \
	{                                                                                          \
#k, offsetof(struct tg_config, k), false, false, lo, hi, unit                      \
	}
#define NUM_SZ(k, lo, hi)                                                                          \
	{                                                                                          \
#k, offsetof(struct tg_config, k), true, true, lo, hi, "bytes"                     \
	}

static const struct num_key num_keys[] = {
    NUM_SZ(max_message, 256, 64ULL * 1024 * 1024),
    NUM_SZ(max_outbuf, 4096, 1024ULL * 1024 * 1024),
    NUM_U(handshake_timeout_ms, 100, 600000, "milliseconds"),
    NUM_U(idle_timeout_ms, 100, 86400000, "milliseconds"),
    NUM_U(max_connections, 1, 1000000, "connections"),
    NUM_U(max_connections_per_address, 1, 1000000, "connections"),
    NUM_U(message_timeout_ms, 100, 3600000, "milliseconds"),
    NUM_U(tls_buffers_idle_ms, 0, 3600000, "milliseconds"),
    NUM_U(max_matches_per_user, 1, 100000, "matches"),
    NUM_U(login_attempts, 1, 1000, "attempts"),
    NUM_U(login_window_s, 1, 86400, "seconds"),
    NUM_U(login_address_attempts, 1, 100000, "attempts"),
    NUM_U(registrations_per_address, 1, 1000000, "accounts an hour"),
    NUM_U(matches_created_per_user, 1, 1000000, "matches an hour"),
    NUM_U(backup_pages_per_step, 1, 1000000, "pages"),
    NUM_U(kdf_max_inflight, 1, 4096, "jobs"),
    NUM_U(kdf_max_inflight_per_address, 1, 4096, "jobs"),
    NUM_U(session_days, 1, 3650, "days"),
    NUM_U(snapshot_every, 1, 1000000, "actions"),
    NUM_U(patch_history, 0, 100000, "patches"),
    NUM_U(evict_after_s, 0, 2592000, "seconds"),
    NUM_U(workers, 0, 256, "threads"),
    NUM_U(wal_checkpointer, 0, 1, ""),
    NUM_U(wal_checkpoint_pages, 1000, 4000, "pages"),
    NUM_U(wal_syncs_in_flight, 1, 2, "fsyncs"),
    NUM_U(store_exclusive, 0, 1, ""),
    NUM_U(json_arena, 0, 1, ""),
    NUM_U(evict_views_after_s, 0, 2592000, "seconds"),
    NUM_U(chat_max_bytes, 1, 65536, "bytes"),
    NUM_U(clock_restart_grace_s, 0, 31622400, "seconds"),
    NUM_U(clock_timeout_grace_s, 0, 31622400, "seconds"),
    NUM_U(vacation_days_per_year, 0, 366, "days"),
    NUM_U(clock_low_s, 0, 31622400, "seconds"),
    NUM_U(notify_max_attempts, 1, 100, "attempts"),
    NUM_U(notify_backoff_s, 0, 86400, "seconds"),
    NUM_U(notify_timeout_s, 1, 600, "seconds"),
    NUM_U(notify_inflight, 1, 16, "sends"),
    NUM_U(notify_poll_ms, 10, 3600000, "milliseconds"),
    NUM_U(notify_chat_delay_s, 0, 86400, "seconds"),
    NUM_U(notify_chat_gap_s, 0, 604800, "seconds"),
    /* Not under 8: the readers of finished rows look back at most 7 days
     * (digest_hours 168, notify_chat_gap_s 604800; the answers' limit 1 h). */
    NUM_U(notify_outbox_keep_days, 8, 36500, "days"),
    NUM_U(webhook_allow_loopback, 0, 1, ""),
    NUM_U(mail_reply_days, 1, 3650, "days"),
    NUM_SZ(mail_max_bytes, 4096, 64ULL * 1024 * 1024),
    NUM_U(mail_answers_per_hour, 0, 1000, "emails"),
    /* no more than kdf.c hashes and parses back: above it every register failed */
    NUM_U(scrypt_n_log2, 10, TG_KDF_N_LOG2_MAX, ""),
};

/* Settings an earlier release read and this one does not. An operator's
 * config file written for that release still loads (whatever the line's
 * value: none of these changed what the daemon stores or sends), and the
 * daemon says the line is ignored (docs/OPERATIONS.md, "Retired
 * settings"); a key no release had is still "unknown setting". At most 32
 * (tg_config's retired_seen). */
static const struct {
	const char *key, *warning;
} retired_keys[] = {
    {"store_wal_join",
     "store_wal_join is no longer a setting and is ignored: the WAL is written as "
     "SQLite writes it (the joined writes it turned on measured no gain and were "
     "removed); delete it from the config"},
};
_Static_assert(sizeof retired_keys / sizeof retired_keys[0] <= 32,
               "tg_config's retired_seen has a bit a retired key");

const char *tg_config_retired_warning(const struct tg_config *c, unsigned *i)
{
	for (; *i < sizeof retired_keys / sizeof retired_keys[0]; ++*i)
		if (c->retired_seen & (1u << *i))
			return retired_keys[(*i)++].warning;
	return NULL;
}

static int set_number(struct tg_config *c, const struct num_key *k, const char *v, char *err,
                      size_t errlen)
{
	unsigned long long n;
	if (parse_number(v, k->size_suffix, &n) < 0)
		return failf(err, errlen, "%s must be a whole number%s, not '%s'", k->key,
		             k->size_suffix ? " (K and M suffixes allowed)" : "", v);
	if (n < k->min || n > k->max)
		return failf(err, errlen, "%s must be from %llu to %llu%s%s, not %llu", k->key,
		             k->min, k->max, k->unit[0] ? " " : "", k->unit, n);
	char *field = (char *)c + k->offset;
	if (k->is_size_t)
		*(size_t *)field = (size_t)n;
	else
		*(unsigned *)field = (unsigned)n;
	return 0;
}

int tg_config_set(struct tg_config *c, const char *key, const char *value, char *err, size_t errlen)
{
	if (strcmp(key, "listen") == 0)
		return set_listen(c, value, err, errlen);
	if (strcmp(key, "metrics_listen") == 0) {
		if (!value[0]) { /* off */
			c->metrics_host[0] = '\0';
			return 0;
		}
		return parse_host_port(key, value, c->metrics_host, sizeof c->metrics_host,
		                       &c->metrics_port, err, errlen);
	}
	if (strcmp(key, "lmtp_listen") == 0) {
		if (!value[0]) { /* off */
			c->lmtp_host[0] = '\0';
			return 0;
		}
		return parse_host_port(key, value, c->lmtp_host, sizeof c->lmtp_host, &c->lmtp_port,
		                       err, errlen);
	}
	if (strcmp(key, "mail_reply_local") == 0) {
		/* atext without '+', which separates the token */
		for (const char *p = value; *p; p++)
			if (!(isalnum((unsigned char)*p) || strchr("-_.", *p)))
				return failf(err, errlen,
				             "mail_reply_local may hold letters, digits, '-', '_' "
				             "and '.', not '%s'",
				             value);
		if (!value[0] || strlen(value) > 24)
			return failf(err, errlen, "mail_reply_local must be 1 to 24 characters");
		return set_string(c->mail_reply_local, sizeof c->mail_reply_local, key, value, err,
		                  errlen);
	}
	if (strcmp(key, "mail_reply_domain") == 0) {
		for (const char *p = value; *p; p++)
			if (!(isalnum((unsigned char)*p) || strchr("-.", *p)))
				return failf(err, errlen,
				             "mail_reply_domain must be a domain name, not '%s'",
				             value);
		return set_string(c->mail_reply_domain, sizeof c->mail_reply_domain, key, value,
		                  err, errlen);
	}
	if (strcmp(key, "data") == 0)
		return set_string(c->data_dir, sizeof c->data_dir, key, value, err, errlen);
	if (strcmp(key, "cert") == 0)
		return set_string(c->cert_file, sizeof c->cert_file, key, value, err, errlen);
	if (strcmp(key, "key") == 0)
		return set_string(c->key_file, sizeof c->key_file, key, value, err, errlen);
	if (strcmp(key, "operators") == 0)
		return set_string(c->operators, sizeof c->operators, key, value, err, errlen);
	if (strcmp(key, "cert_names") == 0)
		return set_string(c->cert_names, sizeof c->cert_names, key, value, err, errlen);
	if (strcmp(key, "tourney_directors") == 0)
		return set_string(c->tourney_directors, sizeof c->tourney_directors, key, value,
		                  err, errlen);
	if (strcmp(key, "schema") == 0)
		return set_string(c->schema_dir, sizeof c->schema_dir, key, value, err, errlen);
	if (strcmp(key, "web_origins") == 0)
		return set_string(c->web_origins, sizeof c->web_origins, key, value, err, errlen);
	if (strcmp(key, "smtp_tls") == 0) {
		if (strcmp(value, "starttls") != 0 && strcmp(value, "none") != 0)
			return failf(err, errlen, "smtp_tls must be starttls or none, not '%s'",
			             value);
		return set_string(c->smtp_tls, sizeof c->smtp_tls, key, value, err, errlen);
	}
	static const struct {
		const char *key;
		size_t off, size;
	} strs[] = {
	    {"public_url", offsetof(struct tg_config, public_url), sizeof c->public_url},
	    {"smtp_url", offsetof(struct tg_config, smtp_url), sizeof c->smtp_url},
	    {"smtp_from", offsetof(struct tg_config, smtp_from), sizeof c->smtp_from},
	    {"smtp_user", offsetof(struct tg_config, smtp_user), sizeof c->smtp_user},
	    {"smtp_password", offsetof(struct tg_config, smtp_password), sizeof c->smtp_password},
	    {"notify_ca_file", offsetof(struct tg_config, notify_ca_file),
	     sizeof c->notify_ca_file},
	};
	for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
		if (strcmp(key, strs[i].key) == 0) {
			if (strpbrk(value, "\r\n"))
				return failf(err, errlen, "%s must be one line", key);
			return set_string((char *)c + strs[i].off, strs[i].size, key, value, err,
			                  errlen);
		}
	if (strcmp(key, "log_level") == 0) {
		if (tg_log_parse_level(value) < 0)
			return failf(err, errlen,
			             "log_level must be debug, info, warn or error, not '%s'",
			             value);
		return set_string(c->log_level, sizeof c->log_level, key, value, err, errlen);
	}
	for (size_t i = 0; i < sizeof num_keys / sizeof num_keys[0]; i++)
		if (strcmp(key, num_keys[i].key) == 0)
			return set_number(c, &num_keys[i], value, err, errlen);
	for (size_t i = 0; i < sizeof retired_keys / sizeof retired_keys[0]; i++)
		if (strcmp(key, retired_keys[i].key) == 0) {
			c->retired_seen |= 1u << i;
			return 0;
		}
	return failf(err, errlen, "unknown setting '%s'", key);
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* One line: blank, a '#' comment, or "key = value" (a value may be in double
 * quotes; " #" after the value starts a comment). */
static int apply_line(struct tg_config *c, char *line, char *err, size_t errlen)
{
	char *s = trim(line);
	if (!*s || *s == '#')
		return 0;
	char *eq = strchr(s, '=');
	if (!eq)
		return failf(err, errlen, "expected 'key = value', got '%.60s'", s);
	*eq = '\0';
	char *key = trim(s);
	char *value = trim(eq + 1);
	if (!*key)
		return failf(err, errlen, "a setting name is missing before '='");
	if (*value == '"') {
		char *close = strchr(value + 1, '"');
		if (!close)
			return failf(err, errlen, "%s: the closing '\"' is missing", key);
		char *rest = trim(close + 1);
		if (*rest && *rest != '#')
			return failf(err, errlen, "%s: unexpected text after the quoted value",
			             key);
		*close = '\0';
		value++;
	} else {
		for (char *p = value; *p; p++)
			if (*p == '#' && p > value && isspace((unsigned char)p[-1])) {
				*p = '\0';
				value = trim(value);
				break;
			}
	}
	return tg_config_set(c, key, value, err, errlen);
}

int tg_config_load_stream(struct tg_config *c, FILE *f, const char *name, char *err, size_t errlen)
{
	char line[4096];
	int lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		size_t n = strlen(line);
		if (n == sizeof line - 1 && line[n - 1] != '\n' && !feof(f))
			return failf(err, errlen, "%s:%d: line longer than %zu bytes", name, lineno,
			             sizeof line - 2);
		char why[512];
		if (apply_line(c, line, why, sizeof why) < 0)
			return failf(err, errlen, "%s:%d: %s", name, lineno, why);
	}
	if (ferror(f))
		return failf(err, errlen, "cannot read config file %s: %s", name, strerror(errno));
	return 0;
}

int tg_config_load_file(struct tg_config *c, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return failf(err, errlen, "cannot open config file %s: %s", path, strerror(errno));
	int rc = tg_config_load_stream(c, f, path, err, errlen);
	fclose(f);
	return rc;
}
