/* client.c — see client.h. */
#include "client.h"

#include <stdio.h>
#include <string.h>

#include "cli_config.h"
#include "view_render.h"

const char *cli_op(const json_t *msg)
{
	const char *op = json_string_value(json_object_get(msg, "op"));
	return op ? op : "";
}

int cli_is_error(const json_t *msg)
{
	return strcmp(cli_op(msg), "error") == 0;
}

void cli_error_text(const json_t *reply, char *out, size_t outlen)
{
	const char *code = json_string_value(json_object_get(reply, "code"));
	const char *message = json_string_value(json_object_get(reply, "message"));
	snprintf(out, outlen, "%s: %s", code ? code : "error", message ? message : "(no message)");
	if (outlen)
		view_clean_text(out); /* for a terminal: the server's words, not its escapes */
}

int cli_client_send_raw(struct cli_client *c, const char *line, size_t len)
{
	return tls_conn_send_line(c->conn, line, len, c->err, sizeof c->err);
}

int cli_client_send(struct cli_client *c, json_t *msg, const char **id_out)
{
	json_t *id = json_object_get(msg, "id");
	if (!id) {
		char buf[32];
		snprintf(buf, sizeof buf, "cli-%lu", ++c->next_id);
		json_object_set_new(msg, "id", json_string(buf));
		id = json_object_get(msg, "id");
	}
	if (id_out)
		*id_out = json_string_value(id);
	char *line = json_dumps(msg, JSON_COMPACT);
	if (!line) {
		snprintf(c->err, sizeof c->err, "cannot serialize a request");
		return -1;
	}
	int rc = cli_client_send_raw(c, line, strlen(line));
	free(line);
	return rc;
}

int cli_client_recv(struct cli_client *c, int timeout_ms, json_t **msg, const char **raw)
{
	const char *line;
	size_t len;
	int rc = tls_conn_read_line(c->conn, timeout_ms, &line, &len, c->err, sizeof c->err);
	if (rc <= 0)
		return rc;
	if (c->echo) {
		fwrite(line, 1, len, c->echo);
		fputc('\n', c->echo);
		fflush(c->echo);
	}
	json_error_t je;
	json_t *m = json_loadb(line, len, 0, &je);
	if (!m || !json_is_object(m)) {
		json_decref(m);
		snprintf(c->err, sizeof c->err, "the server sent something that is not JSON: %s",
		         je.text);
		return -1;
	}
	*msg = m;
	if (raw)
		*raw = line;
	return 1;
}

/* Does msg answer the request with this id? */
static int is_reply_to(const json_t *msg, const char *id)
{
	const char *mid = json_string_value(json_object_get(msg, "id"));
	return mid && !strcmp(mid, id);
}

int cli_client_request(struct cli_client *c, json_t *req, json_t **reply, cli_other_fn other,
                       void *ud)
{
	const char *idp;
	char id[64];
	if (cli_client_send(c, req, &idp) < 0) {
		json_decref(req);
		return -1;
	}
	snprintf(id, sizeof id, "%s", idp);
	json_decref(req);
	for (;;) {
		json_t *m;
		int rc = cli_client_recv(c, CLI_REPLY_TIMEOUT_MS, &m, NULL);
		if (rc == 0) {
			snprintf(c->err, sizeof c->err, "no reply from the server within %d s",
			         CLI_REPLY_TIMEOUT_MS / 1000);
			return -1;
		}
		if (rc < 0)
			return -1;
		if (is_reply_to(m, id) &&
		    (!strcmp(cli_op(m), "ok") || !strcmp(cli_op(m), "error"))) {
			*reply = m;
			return 1;
		}
		if (!strcmp(cli_op(m), "goodbye")) {
			const char *why = json_string_value(json_object_get(m, "reason"));
			snprintf(c->err, sizeof c->err, "the server said goodbye: %s",
			         why ? why : "(no reason)");
			json_decref(m);
			return -1;
		}
		if (other)
			other(m, ud);
		json_decref(m);
	}
}

int cli_client_connect(struct cli_client *c, const char *hostport, const struct tls_trust *trust)
{
	FILE *echo = c->echo;
	memset(c, 0, sizeof *c);
	c->echo = echo;
	char host[256], port[16];
	if (cli_split_hostport(hostport, host, sizeof host, port, sizeof port) < 0) {
		snprintf(c->err, sizeof c->err, "bad server address \"%s\": expected HOST:PORT",
		         hostport);
		return -1;
	}
	c->conn = tls_conn_open(host, port, trust, CLI_CONNECT_TIMEOUT_MS, c->err, sizeof c->err);
	if (!c->conn)
		return -1;
	json_t *hello =
	    json_pack("{s:s, s:i, s:s, s:s}", "op", "hello", "protocol", CLI_PROTOCOL_VERSION,
	              "client", CLI_CLIENT_NAME, "id", "cli-hello");
	if (cli_client_send(c, hello, NULL) < 0) {
		json_decref(hello);
		return -1;
	}
	json_decref(hello);
	for (;;) {
		json_t *m;
		int rc = cli_client_recv(c, CLI_CONNECT_TIMEOUT_MS, &m, NULL);
		if (rc == 0)
			snprintf(c->err, sizeof c->err, "no welcome from the server");
		if (rc <= 0)
			return -1;
		if (!strcmp(cli_op(m), "welcome")) {
			c->welcome = m;
			return 0;
		}
		if (cli_is_error(m)) {
			char text[400];
			cli_error_text(m, text, sizeof text);
			snprintf(c->err, sizeof c->err, "the server refused the hello: %s", text);
			json_decref(m);
			return -1;
		}
		json_decref(m); /* anything before welcome is not for us */
	}
}

void cli_client_close(struct cli_client *c)
{
	tls_conn_close(c->conn);
	c->conn = NULL;
	json_decref(c->welcome);
	c->welcome = NULL;
}
