/* config.h — every setting of the daemon, with its default. Read from the
 * config file (key = value lines, '#' comments), then overridden by flags. */
#ifndef TG_CORE_CONFIG_H
#define TG_CORE_CONFIG_H

#include <stddef.h>
#include <stdio.h>

struct tg_config {
	char listen_host[256];         /* 127.0.0.1 */
	int listen_port;               /* 7700 */
	char data_dir[1024];           /* ./telegraph-data: telegraph.db, cert.pem, key.pem */
	char cert_file[1024];          /* empty: <data>/cert.pem, self-signed on first run */
	char key_file[1024];           /* empty: <data>/key.pem */
	char schema_dir[1024];         /* empty: built-in path to schema/ */
	char log_level[16];            /* info */
	size_t max_message;            /* 65536 */
	size_t max_outbuf;             /* 1 MiB */
	unsigned handshake_timeout_ms; /* 10000 */
	unsigned idle_timeout_ms;      /* 600000: clients send ping to stay */
	unsigned max_connections;      /* 50000 */
	unsigned max_connections_per_address; /* 256 per IPv4 address or IPv6 /64 */
	unsigned message_timeout_ms;          /* 30000: from a message's first byte to its end */
	/* 5000: a connection quiet this long frees its TLS buffers; 0: after
	 * every record (net.h) */
	unsigned tls_buffers_idle_ms;
	unsigned max_matches_per_user;      /* 50 active or open */
	unsigned login_attempts;            /* 5 per window per (address, account name) */
	unsigned login_address_attempts;    /* 100 per window per address, any names */
	unsigned login_window_s;            /* 300 */
	unsigned registrations_per_address; /* 20 accounts an hour per address */
	unsigned matches_created_per_user;  /* 100 an hour, aborted ones included */
	unsigned backup_pages_per_step;     /* 256 database pages copied per loop turn */
	/* metrics_listen: empty host, off; else Prometheus text on it */
	char metrics_host[256];
	int metrics_port;
	unsigned kdf_max_inflight;             /* 32 password hashings queued or running */
	unsigned kdf_max_inflight_per_address; /* 8 of them per address */
	unsigned session_days;                 /* 30 */
	unsigned snapshot_every;               /* 50 actions (and at every turn change) */
	unsigned patch_history; /* 200 patches kept in memory per match and role for `since` */
	/* 900: a match nobody follows and no request has named for this long
	 * leaves memory (loaded again on demand); 0: never */
	unsigned evict_after_s;
	/* The cores: threads that bring the views up to date after an action
	 * (fanout.c); 0: on the loop thread */
	unsigned workers;
	/* 1: the WAL's checkpoints on a thread of their own (store.h,
	 * tg_store_checkpointer_start); 0: on the loop, in the commit */
	unsigned wal_checkpointer;
	/* 4000: the WAL's pages at which the checkpointer's first pass of a
	 * cycle is asked for (1000 to 4000; store.h,
	 * tg_store_checkpointer_first) */
	unsigned wal_checkpoint_pages;
	/* 2: the syncer's fsyncs of the WAL that may run at once (syncer.c): a
	 * turn committed while one runs gets its own at once; 1: one at a time
	 * (the next starts when it ends; sessions 17-27) */
	unsigned wal_syncs_in_flight;
	/* 0: other processes may open the database while the daemon runs (an
	 * operator's sqlite3 shell); 1: the daemon's alone, no -shm file and
	 * no fcntl lock on it a transaction (store.h, tg_store_open_ex) */
	unsigned store_exclusive;
	/* 1: jansson's blocks in a fan-out job come from the thread's region,
	 * dropped at once at the job's end (kit/json_arena.h; issue 17); 0:
	 * malloc's, as before (an A/B of one build) */
	unsigned json_arena;
	/* 300: a loaded match whose state has not changed for this long drops
	 * its roles' kept views (rebuilt from the state before its next change,
	 * or for a full view); 0: never */
	unsigned evict_views_after_s;
	unsigned chat_max_bytes; /* 1000 */
	/* 3600: after a start, every running clock has at least this long left */
	unsigned clock_restart_grace_s;
	/* 3600: "on_timeout": "auto" ends a match this long after a clock ran out */
	unsigned clock_timeout_grace_s;
	unsigned vacation_days_per_year; /* 30: each player's vacation allowance */
	unsigned scrypt_n_log2;          /* 15 (N = 32768, r = 8, p = 1) */
	/* empty: the self-signed certificate covers only the listening address's
	 * names; else also these (comma-separated names and addresses) */
	char cert_names[2048];
	/* empty: none; else the names (comma-separated) who may use the
	 * operator ops (ban, reset_password, audit, ...) */
	char operators[2048];
	/* empty: any user may create and direct a tournament; else only these
	 * (comma-separated user names, compared without case) */
	char tourney_directors[2048];
	char web_origins[1024]; /* empty: only the daemon's own origin may open a WebSocket */
	/* Notifications (issue 19). smtp_url empty: no email is sent. */
	char public_url[1024]; /* the links' base; empty: https://<listen address> */
	char smtp_url[1024];   /* smtp://host:587 (STARTTLS) or smtps://host:465 */
	char smtp_from[320];   /* "Telegraph <telegraph@example.org>" */
	char smtp_user[256];   /* empty: no AUTH */
	char smtp_password[256];
	char smtp_tls[16];            /* starttls (required), or none for a local relay */
	char notify_ca_file[1024];    /* empty: the system's CAs (SMTP and webhooks) */
	unsigned clock_low_s;         /* 86400: "clock_low" once a running clock has this left */
	unsigned notify_max_attempts; /* 6: then the address is parked */
	unsigned notify_backoff_s;    /* 60, doubled by each failed attempt (cap a day) */
	unsigned notify_timeout_s;    /* 20: one send's limit */
	unsigned notify_inflight;     /* 2 sends at once in the thread pool */
	unsigned notify_poll_ms;      /* 1000: the outbox is read for retries this often */
	unsigned notify_chat_delay_s; /* 300: a "chat" notification waits, gathering more */
	unsigned notify_chat_gap_s;   /* 3600: at least this between two of one match */
	/* 30: sent, parked and dropped outbox rows are deleted after it */
	unsigned notify_outbox_keep_days;
	unsigned webhook_allow_loopback; /* 0; 1: http:// to 127.0.0.1/localhost (tests) */
	/* Moves by email reply (issue 19). lmtp_listen empty: off, and no
	 * email carries a reply address. */
	char lmtp_host[256];
	int lmtp_port;
	/* The reply address is <mail_reply_local>+<match>-<token>@<mail_reply_domain>;
	 * an empty domain is smtp_from's. */
	char mail_reply_local[64];   /* telegraph-reply */
	char mail_reply_domain[256]; /* empty: smtp_from's domain */
	unsigned mail_reply_days;    /* 30: a reply token's life */
	size_t mail_max_bytes;       /* 262144: a larger inbound mail is refused */
	/* 5: answers to replies that play nothing, to one user in an hour (a
	 * stranger who saw an address can send replies to it) */
	unsigned mail_answers_per_hour;
	/* The retired settings (config.c's retired_keys: keys an earlier
	 * release read) that the file or a flag named, bit i for the i-th: each
	 * is ignored, and the daemon warns of it once its log is set up
	 * (tg_config_retired_warning). */
	unsigned retired_seen;
};

void tg_config_defaults(struct tg_config *c);
/* Applies "key = value" lines from path. 0, or -1 with a sentence in err. */
int tg_config_load_file(struct tg_config *c, const char *path, char *err, size_t errlen);
/* The same from an open stream; name stands for the file in error sentences. */
int tg_config_load_stream(struct tg_config *c, FILE *f, const char *name, char *err, size_t errlen);
/* Applies one setting by its file key ("listen", "data", "max_message", ...). */
int tg_config_set(struct tg_config *c, const char *key, const char *value, char *err,
                  size_t errlen);
/* The next warning, from retired key *i on, for a retired setting c was
 * given ("store_wal_join is no longer a setting ..."), *i moved past it; NULL
 * when there is none left. Start with *i = 0. */
const char *tg_config_retired_warning(const struct tg_config *c, unsigned *i);

#endif
