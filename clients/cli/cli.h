/* cli.h — what every `telegraph` command shares: the parsed global options,
 * the remembered settings, and connecting with the stored session. */
#ifndef TG_CLI_CLI_H
#define TG_CLI_CLI_H

#include <jansson.h>

#include "cli_config.h"
#include "client.h"
#include "games/game.h"

/* The whole program; games is the table `verify` replays records with. */
int cli_main(int argc, char **argv, const struct game_module *const *games);

struct cli_ctx {
	const struct game_module *const *games;
	struct cli_config cfg;
	const char *server;       /* --server, else cfg.server */
	const char *trust;        /* --trust, else cfg.trust (may be empty) */
	struct tls_trust tls;     /* whom to trust (tls_conn.h): --trust, --fingerprint, known */
	char known_file[1100];    /* known_servers next to the settings file */
	const char *password;     /* --password */
	const char *new_password; /* --new-password (passwd) */
	int json;                 /* --json: scripted mode */
	int follow;               /* --follow: --json goes on while a followed match does */
	int timeout_s;            /* --timeout: scripted mode, after end of input */
	int argc;                 /* the command's own arguments (after its name) */
	char **argv;
};

/* Prints "telegraph: <sentence>" on stderr. */
void cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Connects, says hello, and (if need_login) resumes the stored session.
 * Returns EXIT_OK or an exit code after printing why. */
int cli_open_session(struct cli_ctx *x, struct cli_client *c, int need_login);

/* Sends req (steals it), waits for its reply; on an error reply prints it and
 * returns EXIT_REFUSED; on transport trouble EXIT_CONN. *reply is set (caller
 * owns) only on EXIT_OK. */
int cli_call(struct cli_client *c, json_t *req, json_t **reply);

/* Most commands: open a session (logged in if need_login), send req (stolen),
 * close. Returns the reply (caller owns) or NULL with *rc the exit code, the
 * reason already printed. */
json_t *cli_call_once(struct cli_ctx *x, json_t *req, int need_login, int *rc);

/* What a player reads for his seat, from a join (or accept_invite) reply
 * naming its game and role: the role's title in the welcome's role_titles,
 * the role beside it where they differ ("Confederates (confederate)"), else
 * the role; cleaned for the terminal, into out (n bytes). */
void cli_seat_title(const json_t *welcome, const char *game, const char *role, char *out, size_t n);

/* A server time (Unix seconds) as "2026-11-28 18:35 UTC", or "-". */
void cli_utc(json_int_t t, char *out, size_t len);

/* Parses a match id given on the command line ("12"). -1 if not a number. */
long long cli_parse_match(const char *s);

/* Commands: each returns an exit code. */
int cmd_register(struct cli_ctx *x);
int cmd_login(struct cli_ctx *x);
int cmd_logout(struct cli_ctx *x);
int cmd_games(struct cli_ctx *x);
int cmd_create(struct cli_ctx *x);
int cmd_join(struct cli_ctx *x);
int cmd_list(struct cli_ctx *x);
int cmd_resign(struct cli_ctx *x);
int cmd_claim(struct cli_ctx *x);
int cmd_vacation(struct cli_ctx *x);
int cmd_wait(struct cli_ctx *x);
int cmd_export(struct cli_ctx *x);
int cmd_verify(struct cli_ctx *x);
int cmd_play(struct cli_ctx *x);
int cmd_watch(struct cli_ctx *x);
int cmd_scripted(struct cli_ctx *x);
int cmd_sessions(struct cli_ctx *x);
int cmd_end_session(struct cli_ctx *x);
int cmd_passwd(struct cli_ctx *x);
int cmd_delete_account(struct cli_ctx *x);
int cmd_admin(struct cli_ctx *x);
int cmd_redeem(struct cli_ctx *x);
int cmd_block(struct cli_ctx *x);
int cmd_unblock(struct cli_ctx *x);
int cmd_blocks(struct cli_ctx *x);
int cmd_invite(struct cli_ctx *x);
int cmd_invitations(struct cli_ctx *x);
int cmd_notify(struct cli_ctx *x);
int cmd_forgot(struct cli_ctx *x);
int cmd_tourney(struct cli_ctx *x);
int cmd_ratings(struct cli_ctx *x);
int cmd_leaderboard(struct cli_ctx *x);

#endif
