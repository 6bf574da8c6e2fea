/* cli_config.h — what the client remembers between runs: the server address,
 * the pinned certificate, the user name and the session token.
 *
 * File: ~/.config/telegraph/config (or --config FILE, or $TELEGRAPH_CONFIG),
 * "key = value" lines, '#' comments. Written atomically (temporary file in the
 * same folder, fsync, rename) with mode 0600, since the token is a secret. */
#ifndef TG_CLI_CONFIG_H
#define TG_CLI_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#define CLI_DEFAULT_SERVER "127.0.0.1:7700"

struct cli_config {
	char path[1024];
	char server[512]; /* HOST:PORT */
	char trust[1024]; /* PEM file pinned for that server, or empty */
	char user[128];
	char token[256];
};

/* Picks the path (explicit, else $TELEGRAPH_CONFIG, else the default) and
 * reads it if it exists. 0, or -1 with a sentence in err. */
int cli_config_load(struct cli_config *c, const char *explicit_path, char *err, size_t errlen);
/* Writes the file, creating its folder (mode 0700) if needed. */
int cli_config_save(const struct cli_config *c, char *err, size_t errlen);

/* The file's lines from f onto c (c->path names it in errors), and c's
 * lines to f: what load and save do once the file is open. 0, or -1 with a
 * sentence in err. */
int cli_config_read(struct cli_config *c, FILE *f, char *err, size_t errlen);
int cli_config_write(const struct cli_config *c, FILE *f, char *err, size_t errlen);

/* Splits "HOST:PORT" or "[V6]:PORT" into host and port. 0, or -1. */
int cli_split_hostport(const char *s, char *host, size_t hostlen, char *port, size_t portlen);

#endif
