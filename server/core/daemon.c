/* daemon.c — telegraphd's life: flags and config file, the data folder (made
 * on first run, with a self-signed certificate covering the listening
 * address's names, made again when they change), the store, the server and
 * the listener, then the loop until SIGTERM/SIGINT: stop accepting, let the
 * server finish its in-flight commits, say goodbye to every client, close the
 * store, exit 0. SIGHUP loads the certificate again (a renewed --cert) for
 * new connections; open ones keep theirs. */
#include "daemon.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/config.h"
#include "core/mail_lmtp.h"
#include "core/metrics_http.h"
#include "core/server.h"
#include "kit/json_arena.h"
#include "net/cert.h"
#include "net/fingerprint.h"
#include "net/net.h"
#include "store/store.h"
#include "util/build_info.h"
#include "util/log.h"

/* Exit statuses: 0 clean stop, 1 failure while running or starting, 2 usage. */
enum { EXIT_USAGE = 2 };

static const struct option long_options[] = {
    {"listen", required_argument, NULL, 'l'},
    {"data", required_argument, NULL, 'd'},
    {"cert", required_argument, NULL, 'c'},
    {"key", required_argument, NULL, 'k'},
    {"config", required_argument, NULL, 'f'},
    {"schema", required_argument, NULL, 'S'},
    {"log-level", required_argument, NULL, 'L'},
    {"max-message", required_argument, NULL, 'm'},
    {"set", required_argument, NULL, 's'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {"cert-names", required_argument, NULL, 'n'},
    {NULL, 0, NULL, 0},
};
static const char short_options[] = "l:d:c:k:n:f:S:L:m:s:hV";

static void usage(FILE *out)
{
	fputs(
	    "Usage: telegraphd [OPTION]...\n"
	    "Telegraph's play-by-server daemon: TLS, one JSON message per line; the\n"
	    "same port serves the web client (https://HOST:PORT/) and its WebSocket.\n"
	    "\n"
	    "  -l, --listen HOST:PORT  address to listen on (default 127.0.0.1:7700;\n"
	    "                          port 0 picks a free one; [::1]:7700 for IPv6)\n"
	    "  -d, --data DIR          data folder: telegraph.db, and cert.pem/key.pem\n"
	    "                          when no --cert is given (default ./telegraph-data;\n"
	    "                          made with mode 0700 on first run, tightened to\n"
	    "                          0700 if open to others; files in it are 0600)\n"
	    "  -c, --cert FILE         PEM certificate (chain) to serve instead of the\n"
	    "                          self-signed one; needs --key\n"
	    "  -k, --key FILE          PEM private key of --cert\n"
	    "  -n, --cert-names LIST   names and addresses the self-signed certificate\n"
	    "                          covers besides the listening address's own, comma-\n"
	    "                          separated (e.g. game.example.org,203.0.113.7)\n"
	    "  -f, --config FILE       read settings from FILE first; flags override them\n"
	    "  -S, --schema DIR        SQL migrations folder (default: the build's schema/)\n"
	    "  -L, --log-level LEVEL   debug, info, warn or error (default info)\n"
	    "  -m, --max-message BYTES inbound message limit (default 65536; K/M allowed)\n"
	    "  -s, --set KEY=VALUE     any config file setting, e.g. --set idle_timeout_ms=60000\n"
	    "  -h, --help              show this help and exit\n"
	    "  -V, --version           show the version and exit\n"
	    "\n"
	    "Config file: one 'key = value' per line, '#' starts a comment, values may\n"
	    "be in double quotes. Keys and defaults:\n"
	    "  listen = 127.0.0.1:7700        data = ./telegraph-data\n"
	    "  cert = <data>/cert.pem         key = <data>/key.pem\n"
	    "  cert_names =                   extra names for the self-signed certificate\n"
	    "  schema = <build>/schema        log_level = info\n"
	    "  max_message = 65536            bytes per inbound line; over it: error, close\n"
	    "  max_outbuf = 1M                bytes queued to a client that does not read\n"
	    "  handshake_timeout_ms = 10000   TLS handshake deadline\n"
	    "  idle_timeout_ms = 600000       close after this long without a byte in\n"
	    "  max_connections = 50000\n"
	    "  max_connections_per_address = 256  per IPv4 address or IPv6 /64\n"
	    "  message_timeout_ms = 30000     a message begun must end within; else error, close\n"
	    "  tls_buffers_idle_ms = 5000     a connection quiet this long frees its TLS\n"
	    "                                 buffers (34 KiB); 0: after every record\n"
	    "  max_matches_per_user = 50      open + active matches per user\n"
	    "  login_attempts = 5             logins per window per (address, name); a success\n"
	    "                                 does not count\n"
	    "  login_address_attempts = 100   logins per window per address, any names\n"
	    "  login_window_s = 300\n"
	    "  registrations_per_address = 20 accounts made per hour per address\n"
	    "  matches_created_per_user = 100 matches made per hour per user, also\n"
	    "                                 those left at once (aborted)\n"
	    "  kdf_max_inflight = 32          password checks queued or running at once\n"
	    "  kdf_max_inflight_per_address = 8  of them from one address\n"
	    "  session_days = 30              session token lifetime\n"
	    "  snapshot_every = 50            actions between saved snapshots\n"
	    "  patch_history = 200            patches kept per match and role for 'since'\n"
	    "  evict_after_s = 900            a match nobody follows or names for this long\n"
	    "                                 leaves memory until asked for again; 0: never\n"
	    "  workers = (the cores)          threads that bring the views up to date after\n"
	    "                                 an action; 0: all on the event loop\n"
	    "  evict_views_after_s = 300      a match unchanged this long drops its kept\n"
	    "                                 views (rebuilt at its next change); 0: never\n"
	    "  chat_max_bytes = 1000\n"
	    "  clock_restart_grace_s = 3600   after a start, every running clock has at least\n"
	    "                                 this long left (the time down still counts)\n"
	    "  clock_timeout_grace_s = 3600   a match with \"on_timeout\": \"auto\" ends this\n"
	    "                                 long after a clock ran out\n"
	    "  vacation_days_per_year = 30    each player's vacation allowance (UTC year)\n"
	    "  scrypt_n_log2 = 15             password hashing cost (N = 2^value)\n"
	    "  metrics_listen =               HOST:PORT for Prometheus (GET /metrics): plain\n"
	    "                                 HTTP, no login; keep it on 127.0.0.1. Empty: off\n"
	    "  backup_pages_per_step = 256    an operator's backup copies this many pages\n"
	    "                                 (4 KiB) per loop turn, between requests\n"
	    "  operators =                    names (comma-separated) who may ban, unban,\n"
	    "                                 reset passwords, end sessions, abort matches\n"
	    "                                 and read the audit log; empty: nobody\n"
	    "  tourney_directors =            who may create tournaments: empty, any user;\n"
	    "                                 else these names, comma-separated\n"
	    "  web_origins =                  other https:// origins whose pages may open\n"
	    "                                 the WebSocket (comma-separated; the daemon's\n"
	    "                                 own origin always may)\n"
	    "  public_url =                   the base of links in emails; empty:\n"
	    "                                 https://<listen address>\n"
	    "  smtp_url =                     smtp://HOST:587 (STARTTLS) or smtps://HOST:465;\n"
	    "                                 empty: no email (docs/OPERATIONS.md)\n"
	    "  smtp_from =                    From: of the mails, \"Name <addr@domain>\"\n"
	    "  smtp_user =  smtp_password =   AUTH (empty user: none)\n"
	    "  smtp_tls = starttls            required; none: a plain local relay\n"
	    "  notify_ca_file =               CA bundle for SMTP and webhooks (empty: system)\n"
	    "  clock_low_s = 86400            tell a player (clock_low) when his running clock\n"
	    "                                 has this long left; 0: never\n"
	    "  notify_max_attempts = 6        then the address or webhook is parked\n"
	    "  notify_backoff_s = 60          before a retry, doubled by each failure\n"
	    "  notify_timeout_s = 20          one send's limit\n"
	    "  notify_inflight = 2            sends at once (libuv's thread pool)\n"
	    "  notify_poll_ms = 1000          how often the outbox is read for retries\n"
	    "  notify_outbox_keep_days = 30   sent, parked and dropped notifications are\n"
	    "                                 deleted after it (8 at least)\n"
	    "  webhook_allow_loopback = 0     1: http:// webhooks to 127.0.0.1 (tests)\n"
	    "  lmtp_listen =                  HOST:PORT of the LMTP listener that takes\n"
	    "                                 replies to \"your move\" emails (keep it on\n"
	    "                                 127.0.0.1; docs/OPERATIONS.md). Empty: off\n"
	    "  mail_reply_local = telegraph-reply  reply addresses are\n"
	    "                                 LOCAL+MATCH-TOKEN@DOMAIN\n"
	    "  mail_reply_domain =            their domain; empty: smtp_from's\n"
	    "  mail_reply_days = 30           a reply address works this long (once)\n"
	    "  mail_max_bytes = 256K          a larger inbound mail is refused\n"
	    "\n"
	    "On first run without --cert, a self-signed ECDSA P-256 certificate is made\n"
	    "in the data folder. It covers localhost, 127.0.0.1, the listening address\n"
	    "(for 0.0.0.0 or ::, the host name and every interface address) and\n"
	    "cert_names; when that list changes it is made again with the same key.\n"
	    "Every start logs what it covers and its key fingerprint, which clients\n"
	    "pin (telegraph --fingerprint SHA256:...), or trust on first contact.\n"
	    "SIGHUP: load --cert/--key again (a renewed certificate) for new\n"
	    "connections; open connections keep theirs.\n"
	    "SIGTERM or SIGINT: stop accepting, finish in-flight commits, send goodbye\n"
	    "to every client, exit 0. Logs go to stderr, one line per event.\n",
	    out);
}

/* Maps a flag to its config key (NULL: not a setting). */
static const char *flag_key(int opt)
{
	switch (opt) {
	case 'l':
		return "listen";
	case 'd':
		return "data";
	case 'c':
		return "cert";
	case 'k':
		return "key";
	case 'n':
		return "cert_names";
	case 'S':
		return "schema";
	case 'L':
		return "log_level";
	case 'm':
		return "max_message";
	default:
		return NULL;
	}
}

/* Reads the command line into cfg: the config file first (wherever --config
 * stands), then every other flag in order. 0 to run, 1 when --help/--version
 * was answered, -1 on a usage error (already reported). */
static int parse_args(int argc, char **argv, struct tg_config *cfg)
{
	char err[1200];
	const char *config_file = NULL;
	opterr = 1; /* getopt reports unknown options and missing values itself */
	optind = 0; /* glibc: a full reset, so parse_args may run more than once */
	int opt;
	while ((opt = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		if (opt == 'h') {
			usage(stdout);
			return 1;
		}
		if (opt == 'V') {
			printf("telegraphd %s (commit %s)\n", TG_VERSION, tg_build_commit);
			return 1;
		}
		if (opt == 'f')
			config_file = optarg;
		if (opt == '?') {
			fprintf(stderr, "Try 'telegraphd --help'.\n");
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "telegraphd: unexpected argument '%s'\nTry 'telegraphd --help'.\n",
		        argv[optind]);
		return -1;
	}
	if (config_file && tg_config_load_file(cfg, config_file, err, sizeof err) < 0) {
		fprintf(stderr, "telegraphd: %s\n", err);
		return -1;
	}
	opterr = 0;
	optind = 0;
	while ((opt = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		const char *key = flag_key(opt), *value = optarg;
		char setting[256];
		if (opt == 's') {
			const char *eq = strchr(optarg, '=');
			if (!eq || eq == optarg || (size_t)(eq - optarg) >= sizeof setting) {
				fprintf(stderr, "telegraphd: --set wants KEY=VALUE, not '%s'\n",
				        optarg);
				return -1;
			}
			memcpy(setting, optarg, (size_t)(eq - optarg));
			setting[eq - optarg] = '\0';
			key = setting;
			value = eq + 1;
		}
		if (key && tg_config_set(cfg, key, value, err, sizeof err) < 0) {
			fprintf(stderr, "telegraphd: %s\n", err);
			return -1;
		}
	}
	if (!cfg->cert_file[0] != !cfg->key_file[0]) {
		fprintf(stderr, "telegraphd: --cert and --key go together: give both or neither\n");
		return -1;
	}
	return 0;
}

/* The data folder holds the database (password and session hashes, match
 * secrets, snapshots of hidden state) and the key: nobody else may read or
 * enter it. A folder open to others is tightened to 0700 and the log says
 * so; if that fails the daemon refuses to start. */
static int keep_private(const char *path, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) < 0) {
		snprintf(err, errlen, "cannot read the data folder %s: %s", path, strerror(errno));
		return -1;
	}
	if (!(st.st_mode & 077))
		return 0;
	if (chmod(path, st.st_mode & 0700) < 0) {
		snprintf(err, errlen,
		         "the data folder %s is open to others (mode %04o) and cannot be made "
		         "private: %s; chmod 700 it",
		         path, (unsigned)(st.st_mode & 07777), strerror(errno));
		return -1;
	}
	TG_WARN(0, 0,
	        "tightened the data folder %s from mode %04o to %04o: it holds password hashes "
	        "and hidden game state",
	        path, (unsigned)(st.st_mode & 07777), (unsigned)(st.st_mode & 0700));
	return 0;
}

/* mkdir -p, the last component with mode 0700. */
static int make_dirs(const char *path, bool *created, char *err, size_t errlen)
{
	struct stat st;
	*created = false;
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return 0;
		snprintf(err, errlen, "%s exists and is not a folder", path);
		return -1;
	}
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create folder %s: %s", buf, strerror(errno));
			return -1;
		}
		*p = '/';
	}
	if (mkdir(buf, 0700) < 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create the data folder %s: %s", buf, strerror(errno));
		return -1;
	}
	*created = true;
	return 0;
}

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* The certificate to serve: the configured one, or <data>/cert.pem,
 * self-signed, made when missing and made again (same key) when the names
 * it should cover are not the ones it covers (self_signed: no --cert was
 * given). */
static int prepare_certificate(struct tg_config *cfg, bool self_signed, char *err, size_t errlen)
{
	if (!self_signed)
		return 0;
	int n1 = snprintf(cfg->cert_file, sizeof cfg->cert_file, "%s/cert.pem", cfg->data_dir);
	int n2 = snprintf(cfg->key_file, sizeof cfg->key_file, "%s/key.pem", cfg->data_dir);
	if (n1 >= (int)sizeof cfg->cert_file || n2 >= (int)sizeof cfg->key_file) {
		snprintf(err, errlen, "the data folder path is too long");
		return -1;
	}
	bool have_cert = exists(cfg->cert_file), have_key = exists(cfg->key_file);
	if (have_cert != have_key) {
		snprintf(
		    err, errlen,
		    "%.480s exists but %.480s does not: restore it, or remove both to make a new "
		    "self-signed certificate",
		    have_cert ? cfg->cert_file : cfg->key_file,
		    have_cert ? cfg->key_file : cfg->cert_file);
		return -1;
	}
	struct tg_cert_names want = {0}, have = {0};
	if (tg_cert_default_names(&want, cfg->listen_host, cfg->cert_names, err, errlen) < 0)
		return -1;
	char *want_text = tg_cert_names_text(&want), *have_text = NULL;
	int rc = -1;
	if (!want_text) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (have_cert) {
		char why[512];
		if (tg_net_cert_names(cfg->cert_file, &have, why, sizeof why) < 0)
			TG_WARN(0, 0, "%s; making a new one", why);
		have_text = tg_cert_names_text(&have);
		if (have_text && strcmp(have_text, want_text) == 0) {
			rc = 0;
			goto out;
		}
	}
	if (tg_net_make_self_signed(cfg->cert_file, cfg->key_file, &want, err, errlen) < 0)
		goto out;
	if (have_cert)
		TG_WARN(0, 0,
		        "made the self-signed certificate %s again for new names (was %s); "
		        "same key, so clients that pinned its key fingerprint still connect",
		        cfg->cert_file, have_text ? have_text : "unreadable");
	else
		TG_INFO(0, 0, "created a self-signed ECDSA P-256 certificate: %s (key %s)",
		        cfg->cert_file, cfg->key_file);
	rc = 0;
out:
	free(want_text);
	free(have_text);
	tg_cert_names_free(&want);
	tg_cert_names_free(&have);
	return rc;
}

struct daemon {
	uv_loop_t loop;
	uv_signal_t sigterm, sigint, sighup;
	struct tg_config *cfg;
	bool self_signed; /* no --cert: <data>/cert.pem is ours to make */
	struct tg_store *store;
	struct tg_server *server;
	struct tg_net *net;
	struct tg_metrics *metrics; /* metrics_listen, or NULL */
	struct tg_lmtp *lmtp;       /* lmtp_listen, or NULL */
	bool stopping;
};

static void on_net_closed(void *ud)
{
	struct daemon *d = ud;
	TG_INFO(0, 0, "every connection closed");
	uv_close((uv_handle_t *)&d->sigterm, NULL);
	uv_close((uv_handle_t *)&d->sigint, NULL);
	uv_close((uv_handle_t *)&d->sighup, NULL);
	tg_metrics_stop(d->metrics);
	d->metrics = NULL;
	tg_lmtp_stop(d->lmtp);
	d->lmtp = NULL;
	/* Server-side handles (its per-turn check) may still be active. */
	uv_stop(&d->loop);
}

static void on_server_stopped(void *ud)
{
	struct daemon *d = ud;
	TG_INFO(0, 0, "in-flight commits finished; saying goodbye");
	json_t *bye = json_pack("{s:s, s:s}", "op", "goodbye", "reason", "server_shutting_down");
	tg_net_shutdown(d->net, bye, on_net_closed, d);
	json_decref(bye);
}

/* Stop accepting, let in-flight commits finish, say goodbye, close every
 * handle (on_net_closed), then leave the loop. */
static void begin_stop(struct daemon *d)
{
	d->stopping = true;
	tg_net_stop_accepting(d->net);
	tg_server_shutdown(d->server, on_server_stopped, d);
}

static void on_signal(uv_signal_t *h, int signum)
{
	struct daemon *d = h->data;
	if (d->stopping) {
		/* The operator insists: acknowledged actions are already durable,
		 * so leaving now loses only work nobody was told succeeded. */
		TG_WARN(0, 0, "received %s again; exiting without waiting",
		        signum == SIGTERM ? "SIGTERM" : "SIGINT");
		_exit(1);
	}
	TG_INFO(0, 0, "received %s; shutting down", signum == SIGTERM ? "SIGTERM" : "SIGINT");
	begin_stop(d);
}

/* What clients need to trust the certificate: the names it covers and its
 * key fingerprint, in the one spelling the client shows and takes
 * (net/fingerprint.h). */
static void log_certificate(const char *cert_file)
{
	char kfp[TG_FINGERPRINT_LEN + 1], err[1200];
	struct tg_cert_names names = {0};
	char *text = NULL;
	if (tg_net_cert_names(cert_file, &names, err, sizeof err) == 0)
		text = tg_cert_names_text(&names);
	tg_cert_names_free(&names);
	if (tg_net_cert_key_fingerprint(cert_file, kfp, sizeof kfp, err, sizeof err) == 0) {
		TG_INFO(0, 0, "certificate %s covers %s", cert_file, text ? text : "(no names)");
		TG_INFO(0, 0, "key fingerprint %s (clients: telegraph --fingerprint %s)", kfp, kfp);
	} else
		TG_WARN(0, 0, "%s", err);
	free(text);
}

static void on_sighup(uv_signal_t *h, int signum)
{
	(void)signum;
	struct daemon *d = h->data;
	char err[1200];
	TG_INFO(0, 0, "received SIGHUP; loading the certificate again");
	if (prepare_certificate(d->cfg, d->self_signed, err, sizeof err) < 0 ||
	    tg_net_reload_cert(d->net, err, sizeof err) < 0) {
		TG_ERROR(0, 0, "%s; still serving the previous certificate", err);
		return;
	}
	log_certificate(d->cfg->cert_file);
	TG_INFO(0, 0, "new connections get the certificate loaded now; %u open ones keep theirs",
	        tg_net_connection_count(d->net));
}

/* Runs the loop a few more turns so that closed handles' callbacks run. */
static void drain_loop(uv_loop_t *loop)
{
	for (int i = 0; i < 16 && uv_loop_alive(loop); i++)
		uv_run(loop, UV_RUN_NOWAIT);
}

int tg_daemon_main(int argc, char **argv, const struct game_module *const *games)
{
	/* A client gone away makes a write fail; it must not kill the daemon. */
	signal(SIGPIPE, SIG_IGN);
	/* Whatever the daemon creates (database, its side files, certificate,
	 * key) is its own alone, whatever umask it was started with. */
	umask(077);

	struct tg_config cfg;
	tg_config_defaults(&cfg);
	int parsed = parse_args(argc, argv, &cfg);
	if (parsed != 0)
		return parsed > 0 ? 0 : EXIT_USAGE;
	tg_log_set_level((enum tg_log_level)tg_log_parse_level(cfg.log_level));
	/* A setting an earlier release read (config.c's retired keys): ignored,
	 * and said so, so that a config file that still sets it is not read as
	 * if it still did something (docs/OPERATIONS.md, "Retired settings"). */
	unsigned retired = 0;
	for (const char *w; (w = tg_config_retired_warning(&cfg, &retired));)
		TG_WARN(0, 0, "%s", w);
	/* jansson's blocks in a fan-out job from the thread's region
	 * (kit/json_arena.h): set before any other thread starts */
	if (cfg.json_arena)
		tg_json_arena_install();

	char err[1200];
	bool created;
	if (make_dirs(cfg.data_dir, &created, err, sizeof err) < 0) {
		TG_ERROR(0, 0, "%s", err);
		return 1;
	}
	if (created)
		TG_INFO(0, 0, "created the data folder %s", cfg.data_dir);
	if (keep_private(cfg.data_dir, err, sizeof err) < 0) {
		TG_ERROR(0, 0, "%s", err);
		return 1;
	}
	bool self_signed = !cfg.cert_file[0];
	if (prepare_certificate(&cfg, self_signed, err, sizeof err) < 0) {
		TG_ERROR(0, 0, "%s", err);
		return 1;
	}
	log_certificate(cfg.cert_file);

	char db_path[1100];
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", cfg.data_dir);
	struct tg_error terr = {0};
	struct daemon d = {.cfg = &cfg, .self_signed = self_signed};
	d.store = tg_store_open_ex(db_path, cfg.schema_dir[0] ? cfg.schema_dir : NULL,
	                           cfg.store_exclusive ? TG_STORE_EXCLUSIVE : 0, &terr);
	if (!d.store) {
		TG_ERROR(0, 0, "cannot open the database %s: %s", db_path, terr.message);
		return 1;
	}
	uv_loop_init(&d.loop);
	d.server = tg_server_new(&d.loop, d.store, games, &cfg, &terr);
	if (!d.server) {
		TG_ERROR(0, 0, "cannot start the server: %s", terr.message);
		tg_store_close(d.store);
		drain_loop(&d.loop);
		uv_loop_close(&d.loop);
		return 1;
	}
	struct tg_net_config netcfg = {
	    .host = cfg.listen_host,
	    .port = cfg.listen_port,
	    .cert_file = cfg.cert_file,
	    .key_file = cfg.key_file,
	    .max_message = cfg.max_message,
	    .max_outbuf = cfg.max_outbuf,
	    .handshake_timeout_ms = cfg.handshake_timeout_ms,
	    .idle_timeout_ms = cfg.idle_timeout_ms,
	    .max_connections = cfg.max_connections,
	    .message_timeout_ms = cfg.message_timeout_ms,
	    .max_connections_per_address = cfg.max_connections_per_address,
	    .web_origins = cfg.web_origins,
	    .tls_buffers_idle_ms = cfg.tls_buffers_idle_ms,
	};
	d.net =
	    tg_net_start(&d.loop, &netcfg, tg_server_net_callbacks(), d.server, err, sizeof err);
	if (!d.net) {
		TG_ERROR(0, 0, "%s", err);
		tg_server_free(d.server);
		tg_store_close(d.store);
		drain_loop(&d.loop);
		uv_loop_close(&d.loop);
		return 1;
	}
	uv_signal_init(&d.loop, &d.sigterm);
	uv_signal_init(&d.loop, &d.sigint);
	uv_signal_init(&d.loop, &d.sighup);
	d.sigterm.data = d.sigint.data = d.sighup.data = &d;
	uv_signal_start(&d.sigterm, on_signal, SIGTERM);
	uv_signal_start(&d.sigint, on_signal, SIGINT);
	uv_signal_start(&d.sighup, on_sighup, SIGHUP);

	/* From here a listener that cannot start stops the daemon the way
	 * SIGTERM does, so that every handle opened so far (the TLS listener,
	 * its timers, the signals, the server's) is closed before the loop is:
	 * freeing them under a loop that still held them was a use after free. */
	int rc = 0;
	if (cfg.metrics_host[0]) {
		d.metrics = tg_metrics_start(&d.loop, d.server, cfg.metrics_host, cfg.metrics_port,
		                             err, sizeof err);
		if (!d.metrics) {
			TG_ERROR(0, 0, "%s", err);
			rc = 1;
		} else
			TG_INFO(0, 0, "metrics (Prometheus text) on http://%s:%d/metrics",
			        cfg.metrics_host, tg_metrics_port(d.metrics));
	}
	if (rc == 0 && cfg.lmtp_host[0]) {
		d.lmtp =
		    tg_lmtp_start(&d.loop, d.server, cfg.lmtp_host, cfg.lmtp_port, err, sizeof err);
		if (!d.lmtp) {
			TG_ERROR(0, 0, "%s", err);
			rc = 1;
		} else
			TG_INFO(0, 0, "LMTP (replies to \"your move\" emails) on %s:%d",
			        cfg.lmtp_host, tg_lmtp_port(d.lmtp));
	}
	if (rc == 0) {
		/* Said last: tests and scripts take this line to mean ready. */
		bool v6 = strchr(cfg.listen_host, ':') != NULL;
		TG_INFO(0, 0, "telegraphd %s listening on %s%s%s:%d", TG_VERSION, v6 ? "[" : "",
		        cfg.listen_host, v6 ? "]" : "", tg_net_port(d.net));
	} else
		begin_stop(&d);

	uv_run(&d.loop, UV_RUN_DEFAULT);

	tg_net_free(d.net);
	tg_server_free(d.server);
	tg_store_close(d.store);
	drain_loop(&d.loop);
	if (uv_loop_close(&d.loop) != 0)
		TG_WARN(0, 0, "some event loop handles were still open at exit");
	TG_INFO(0, 0, "stopped");
	return rc;
}
