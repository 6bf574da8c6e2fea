/* client.h — one protocol session: connect over TLS, hello/welcome, requests
 * with ids matched to their replies, and every other message handed to the
 * caller (patches, match updates, chat).
 *
 * The client gives each request it sends an "id" ("cli-1", "cli-2", ...)
 * unless the caller already set one; the server echoes it in the reply. */
#ifndef TG_CLI_CLIENT_H
#define TG_CLI_CLIENT_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "tls_conn.h"

#define CLI_PROTOCOL_VERSION 1
#define CLI_CLIENT_NAME "telegraph-cli/0.1"
#define CLI_CONNECT_TIMEOUT_MS 15000
#define CLI_REPLY_TIMEOUT_MS 60000

/* Exit codes (documented in `telegraph --help`). */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1, /* the server answered with an error, or verify failed */
	EXIT_USAGE = 2,   /* bad command line */
	EXIT_CONN = 3,    /* cannot connect, certificate refused, connection lost, timeout */
	EXIT_LOCAL = 4,   /* config or local file trouble, not logged in */
};

struct cli_client {
	struct tls_conn *conn;
	json_t *welcome; /* the server's welcome message */
	unsigned long next_id;
	char err[512]; /* the last transport failure, as a sentence */
	FILE *echo;    /* if set, every line received is copied here as is */
};

/* Connects and exchanges hello/welcome (c zero-initialised; echo may be set). 0, or -1 with c->err
 * set. */
int cli_client_connect(struct cli_client *c, const char *hostport, const struct tls_trust *trust);
void cli_client_close(struct cli_client *c);

/* Sends msg (adding "id" if absent; the id used is returned in *id_out when
 * not NULL, a pointer into msg). 0, or -1 with c->err set. */
int cli_client_send(struct cli_client *c, json_t *msg, const char **id_out);
/* Sends a raw line unchanged. */
int cli_client_send_raw(struct cli_client *c, const char *line, size_t len);

/* Receives one message within timeout_ms. 1 with *msg (caller owns) and, if
 * raw is not NULL, the line as received (valid until the next receive);
 * 0 on timeout; -1 on a lost connection or a line that is not a JSON object
 * (c->err set). */
int cli_client_recv(struct cli_client *c, int timeout_ms, json_t **msg, const char **raw);

/* Called for each message that is not the awaited reply. */
typedef void (*cli_other_fn)(json_t *msg, void *ud);

/* Sends req (steals it) and waits for the message whose id matches, of op
 * "ok" or "error" (or any op when any_op is set). 1 with *reply (caller owns);
 * -1 on transport trouble (c->err). Others go to other(msg, ud) if not NULL. */
int cli_client_request(struct cli_client *c, json_t *req, json_t **reply, cli_other_fn other,
                       void *ud);

/* A reply's error as "code: message" for people. */
void cli_error_text(const json_t *reply, char *out, size_t outlen);
int cli_is_error(const json_t *msg);
const char *cli_op(const json_t *msg);

#endif
