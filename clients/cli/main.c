/* main.c — `telegraph`: global options, the command table, --help. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "net/fingerprint.h"
#include "util/build_info.h"

static const char usage[] =
    "usage: telegraph [--server HOST:PORT] [--trust FILE | --fingerprint SHA256:HEX]\n"
    "                 [--config FILE] [--json [--follow]] [--timeout SECONDS]\n"
    "                 [--password PW]\n"
    "                 COMMAND [ARGS]\n"
    "\n"
    "Terminal client for a telegraphd play-by-server.\n"
    "\n"
    "Commands:\n"
    "  register NAME            create an account and log in\n"
    "  login NAME               log in; the session token is remembered\n"
    "  logout                   end the session and forget the token\n"
    "  sessions                 my sessions: id, last sign-in, address, client\n"
    "  end-session ID           end one of them (its connection is closed)\n"
    "  passwd                   change my password (--password: the old one;\n"
    "                           --new-password: the new); my other sessions end\n"
    "  delete-account --yes     delete my account (asks my password); my active\n"
    "                           matches are resigned, my name is freed\n"
    "  redeem NAME CODE         set a new password with a reset code (an operator's,\n"
    "                           or the one `forgot` mailed)\n"
    "  forgot NAME              mail a reset code to the account's verified address\n"
    "  notify                   my notification settings; notify email ADDR|off,\n"
    "                           notify verify CODE (the code mailed to ADDR),\n"
    "                           notify events your_move,match_started,match_finished|none,\n"
    "                           notify webhook URL|off [json|discord|slack],\n"
    "                           notify digest HOURS|off (one email per HOURS at most)\n"
    "  block NAME               his chat no longer reaches me; neither of us joins\n"
    "                           the other's open matches (he is not told)\n"
    "  unblock NAME             lift it\n"
    "  blocks                   whom I have blocked, and since when\n"
    "  admin SUB ...            for the server's operators: users [PREFIX],\n"
    "                           ban|unban|reset|end-sessions NAME --reason TEXT,\n"
    "                           abort MATCH --reason TEXT, audit, backup, status\n"
    "  games                    the games the server offers (roles, scenarios, options)\n"
    "  create GAME [--scenario S] [--side ROLE] [--private] [--no-spectators]\n"
    "              [--option KEY=VALUE]...   open a new match (prints its id, invite)\n"
    "  join MATCH | --invite CODE [--side ROLE]   take a seat\n"
    "  invite MATCH NAME        invite a user to my private open match (he is told\n"
    "                           by his notifications; no invite code needed)\n"
    "  invitations [accept|decline MATCH]   invitations to me and those I sent;\n"
    "                           accept one (take its seat) or decline it\n"
    "  list [open|mine|live|finished]   open matches to join (default); my matches,\n"
    "                           \"waiting for you\" where it is your move; public\n"
    "                           matches in progress to watch; finished ones to export\n"
    "  play MATCH               interactive: the view, then an action by number\n"
    "                           (then each choice by number), raw JSON, 'u' undo,\n"
    "                           'c TEXT' chat, 'r' resign, 'q' quit\n"
    "  watch MATCH              follow a match as a spectator ('q' quits)\n"
    "  resign MATCH             concede the match\n"
    "  claim MATCH              win on time: your opponent's clock has run out\n"
    "  vacation [DAYS|end]      stop your clocks for DAYS days (of a yearly\n"
    "                           allowance), end it early, or see what is left\n"
    "  wait                     block until it is your move somewhere, print where\n"
    "                           (asks every TELEGRAPH_WAIT_POLL_S seconds, 60)\n"
    "  export MATCH [-o FILE]   write the finished match's record (stdout by default)\n"
    "  verify FILE              offline: replay a record, check the seed commitment\n"
    "                           and every step, print the final result\n"
    "  tourney list|create|show|standings|register|withdraw|start|direct|export ...\n"
    "                           tournaments (telegraph tourney for the details)\n"
    "  ratings [USER]           Glicko-2 ratings per game (mine by default)\n"
    "  leaderboard GAME         the game's players by rating\n"
    "\n"
    "Options:\n"
    "  --server HOST:PORT  server address (remembered; default " CLI_DEFAULT_SERVER ")\n"
    "  --trust FILE        trust only this PEM certificate (pin a self-signed server\n"
    "                      certificate, e.g. <data>/cert.pem); remembered. Default:\n"
    "                      the system trust store. The host name/IP is always checked.\n"
    "  --fingerprint SHA256:HEX  trust the server whose key has this fingerprint (the\n"
    "                      one telegraphd logs as 'key fingerprint'); remembered for\n"
    "                      that server. Without --trust or --fingerprint, a server\n"
    "                      the system trust store does not vouch for is looked up in\n"
    "                      known_servers (next to the settings file): on first contact\n"
    "                      its fingerprint is shown and you are asked, as ssh does;\n"
    "                      a changed key is refused. --json or no terminal never asks.\n"
    "  --config FILE       settings file (default $TELEGRAPH_CONFIG, else\n"
    "                      ~/.config/telegraph/config; mode 0600)\n"
    "  --password PW       for register/login (else $TELEGRAPH_PASSWORD, else asked\n"
    "                      without echo)\n"
    "  --new-password PW   for passwd (else $TELEGRAPH_NEW_PASSWORD, else asked twice)\n"
    "  --json              scripted mode: read one request object per line on stdin,\n"
    "                      print every server message on stdout, one per line, as\n"
    "                      received. The client first sends hello (id \"cli-hello\")\n"
    "                      and, if a token is stored, resume (id \"cli-resume\"); it\n"
    "                      adds an id \"cli-N\" to a request without one; it stores\n"
    "                      the token of a successful login/register and forgets it\n"
    "                      on logout. At end of input it waits for the replies still\n"
    "                      due (at most --timeout seconds, default 30), then exits.\n"
    "  --follow            with --json: at end of input, go on printing the pushes of\n"
    "                      the matches this run follows (a successful open, watch,\n"
    "                      create or join) until each is finished or aborted, pinging\n"
    "                      while idle; for bots (echo '{\"op\":\"watch\",\"match\":12}' |\n"
    "                      telegraph --json --follow)\n"
    "  --timeout SECONDS   see --json\n"
    "  -h, --help          this text\n"
    "  --version           the client's version and the commit it was built from\n"
    "\n"
    "Environment:\n"
    "  TELEGRAPH_PING_S    seconds between pings while play/watch wait (default 60;\n"
    "                      lower it for a server whose idle_timeout_ms is shorter)\n"
    "\n"
    "Exit codes:\n"
    "  0  success\n"
    "  1  the server refused the request (its error code and message are printed),\n"
    "     or `verify` found the record invalid\n"
    "  2  bad command line\n"
    "  3  cannot connect, server certificate not accepted, connection lost, timeout\n"
    "  4  local trouble: settings file, reading/writing a file, not logged in\n";

struct command {
	const char *name;
	int (*run)(struct cli_ctx *x);
};

static const struct command commands[] = {
    {"register", cmd_register},
    {"login", cmd_login},
    {"logout", cmd_logout},
    {"sessions", cmd_sessions},
    {"end-session", cmd_end_session},
    {"passwd", cmd_passwd},
    {"delete-account", cmd_delete_account},
    {"redeem", cmd_redeem},
    {"block", cmd_block},
    {"unblock", cmd_unblock},
    {"blocks", cmd_blocks},
    {"notify", cmd_notify},
    {"forgot", cmd_forgot},
    {"admin", cmd_admin},
    {"games", cmd_games},
    {"create", cmd_create},
    {"join", cmd_join},
    {"invite", cmd_invite},
    {"invitations", cmd_invitations},
    {"list", cmd_list},
    {"play", cmd_play},
    {"watch", cmd_watch},
    {"resign", cmd_resign},
    {"claim", cmd_claim},
    {"vacation", cmd_vacation},
    {"wait", cmd_wait},
    {"export", cmd_export},
    {"verify", cmd_verify},
    {"tourney", cmd_tourney},
    {"ratings", cmd_ratings},
    {"leaderboard", cmd_leaderboard},
    {NULL, NULL},
};

/* Trust on first use: shows the fingerprint and asks on the terminal. */
static int ask_tty(const char *server, const char *fp, void *ud)
{
	(void)ud;
	fprintf(stderr,
	        "The server %s is not known here, and its certificate is not one this system\n"
	        "trusts. Its key fingerprint is\n"
	        "    %s\n"
	        "Ask the host (by a channel you trust) for the 'key fingerprint' his daemon\n"
	        "logs. Trust this server and remember it? (yes/no) ",
	        server, fp);
	fflush(stderr);
	char line[64];
	if (!fgets(line, sizeof line, stdin))
		return 0;
	return strcmp(line, "yes\n") == 0 || strcmp(line, "y\n") == 0;
}

/* The trust rules of tls_conn.h from the options and the settings file's
 * folder. */
static int setup_trust(struct cli_ctx *x, const char *fingerprint, char *err, size_t errlen)
{
	const char *slash = strrchr(x->cfg.path, '/');
	int dirlen = slash ? (int)(slash - x->cfg.path) : 1;
	snprintf(x->known_file, sizeof x->known_file, "%.*s/known_servers", dirlen,
	         slash ? x->cfg.path : ".");
	x->tls = (struct tls_trust){
	    .trust_file = x->trust && *x->trust ? x->trust : NULL,
	    .known_file = x->known_file,
	};
	/* Never trust silently: a script or bot has no one to ask. */
	if (!x->json && isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
		x->tls.ask = ask_tty;
	/* Pinned for this run; once it matched, remembered for the server. */
	x->tls.fingerprint = fingerprint;
	(void)err;
	(void)errlen;
	return 0;
}

/* Takes the value of a global option; exits on a missing one. */
static const char *opt_value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc) {
		cli_fail("%s needs a value (see telegraph --help)", argv[*i]);
		exit(EXIT_USAGE);
	}
	return argv[++*i];
}

int cli_main(int argc, char **argv, const struct game_module *const *games)
{
	struct cli_ctx x = {.timeout_s = 30, .games = games};
	/* A server gone mid-write is an error return (exit 3), not a SIGPIPE death. */
	signal(SIGPIPE, SIG_IGN);
	const char *config_path = NULL, *server = NULL, *trust = NULL, *fingerprint = NULL;
	char **rest = calloc((size_t)argc + 1, sizeof *rest);
	int nrest = 0;
	if (!rest)
		return EXIT_LOCAL;
	/* Global options may come before or after the command; everything else
	 * (the command and its own arguments and options) is kept in order. */
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			free(rest);
			return EXIT_OK;
		} else if (!strcmp(a, "--version")) {
			printf("telegraph %s (commit %s)\n", TG_VERSION, tg_build_commit);
			free(rest);
			return EXIT_OK;
		} else if (!strcmp(a, "--server"))
			server = opt_value(argc, argv, &i);
		else if (!strcmp(a, "--trust"))
			trust = opt_value(argc, argv, &i);
		else if (!strcmp(a, "--fingerprint"))
			fingerprint = opt_value(argc, argv, &i);
		else if (!strcmp(a, "--config"))
			config_path = opt_value(argc, argv, &i);
		else if (!strcmp(a, "--password"))
			x.password = opt_value(argc, argv, &i);
		else if (!strcmp(a, "--new-password"))
			x.new_password = opt_value(argc, argv, &i);
		else if (!strcmp(a, "--json"))
			x.json = 1;
		else if (!strcmp(a, "--follow"))
			x.follow = 1;
		else if (!strcmp(a, "--timeout")) {
			const char *v = opt_value(argc, argv, &i);
			char *end;
			long t = strtol(v, &end, 10);
			if (*end || t < 0 || t > 86400) {
				cli_fail("--timeout wants whole seconds (0..86400), not \"%s\"", v);
				free(rest);
				return EXIT_USAGE;
			}
			x.timeout_s = (int)t;
		} else
			rest[nrest++] = argv[i];
	}
	char err[512];
	if (cli_config_load(&x.cfg, config_path, err, sizeof err) < 0) {
		cli_fail("%s", err);
		free(rest);
		return EXIT_LOCAL;
	}
	/* The pinned file is remembered by its absolute path, so that the
	 * client works from any folder, not only the one it was first run in. */
	char trust_abs[PATH_MAX];
	if (trust && *trust) {
		if (!realpath(trust, trust_abs)) {
			cli_fail("--trust %s: %s", trust, strerror(errno));
			free(rest);
			return EXIT_LOCAL;
		}
		trust = trust_abs;
	}
	/* A new address or pin given on the command line is remembered. Only
	 * what was given is copied (x.server may point into x.cfg itself). */
	if (server && strcmp(server, x.cfg.server)) {
		x.cfg.token[0] = '\0'; /* a token belongs to the server that issued it */
		x.cfg.user[0] = '\0';
		snprintf(x.cfg.server, sizeof x.cfg.server, "%s", server);
	}
	if (trust && strcmp(trust, x.cfg.trust)) {
		size_t n = strlen(trust);
		if (n >= sizeof x.cfg.trust) {
			cli_fail("--trust: the path %s is too long to remember", trust);
			free(rest);
			return EXIT_LOCAL;
		}
		memcpy(x.cfg.trust, trust, n + 1);
	}
	x.server = x.cfg.server;
	x.trust = x.cfg.trust;
	/* Any spelling a person may have been read out (fingerprint.h), compared
	 * and remembered in the one telegraphd logs. */
	char fp_one[TG_FINGERPRINT_LEN + 1];
	if (fingerprint) {
		if (tg_fingerprint_parse(fingerprint, fp_one) < 0) {
			cli_fail(
			    "--fingerprint wants SHA256: and 64 hex digits, as telegraphd logs "
			    "it, not \"%s\"",
			    fingerprint);
			free(rest);
			return EXIT_USAGE;
		}
		fingerprint = fp_one;
	}
	if (setup_trust(&x, fingerprint, err, sizeof err) < 0) {
		cli_fail("%s", err);
		free(rest);
		return EXIT_LOCAL;
	}
	int rc;
	if (x.follow && !x.json) {
		cli_fail("--follow goes with --json (play and watch follow by themselves)");
		free(rest);
		return EXIT_USAGE;
	}
	if (x.json) {
		x.argc = nrest;
		x.argv = rest;
		rc = nrest
		         ? (cli_fail("--json takes no command (see telegraph --help)"), EXIT_USAGE)
		         : cmd_scripted(&x);
		free(rest);
		return rc;
	}
	if (nrest == 0) {
		fputs(usage, stderr);
		free(rest);
		return EXIT_USAGE;
	}
	const struct command *cmd = commands;
	while (cmd->name && strcmp(cmd->name, rest[0]))
		cmd++;
	if (!cmd->name) {
		cli_fail("unknown command \"%s\" (see telegraph --help)", rest[0]);
		free(rest);
		return EXIT_USAGE;
	}
	x.argc = nrest - 1;
	x.argv = rest + 1;
	rc = cmd->run(&x);
	free(rest);
	return rc;
}
