/* cli_config.c — see cli_config.h. */
#include "cli_config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void trim(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	size_t i = 0;
	while (s[i] == ' ' || s[i] == '\t')
		i++;
	memmove(s, s + i, n - i + 1);
}

static int set_field(char *dst, size_t cap, const char *v)
{
	if (strlen(v) >= cap)
		return -1;
	strcpy(dst, v);
	return 0;
}

int cli_config_load(struct cli_config *c, const char *explicit_path, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	strcpy(c->server, CLI_DEFAULT_SERVER);
	const char *env = getenv("TELEGRAPH_CONFIG");
	int n;
	if (explicit_path && *explicit_path)
		n = snprintf(c->path, sizeof c->path, "%s", explicit_path);
	else if (env && *env)
		n = snprintf(c->path, sizeof c->path, "%s", env);
	else {
		const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
		if (xdg && *xdg)
			n = snprintf(c->path, sizeof c->path, "%s/telegraph/config", xdg);
		else if (home && *home)
			n = snprintf(c->path, sizeof c->path, "%s/.config/telegraph/config", home);
		else {
			snprintf(err, errlen, "HOME is not set: pass --config FILE");
			return -1;
		}
	}
	if (n < 0 || (size_t)n >= sizeof c->path) {
		snprintf(err, errlen, "config path too long");
		return -1;
	}
	FILE *f = fopen(c->path, "r");
	if (!f) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "cannot read %s: %s", c->path, strerror(errno));
		return -1;
	}
	int rc = cli_config_read(c, f, err, errlen);
	fclose(f);
	return rc;
}

int cli_config_read(struct cli_config *c, FILE *f, char *err, size_t errlen)
{
	char line[2048];
	int lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		trim(line);
		if (!*line || *line == '#')
			continue;
		char *eq = strchr(line, '=');
		if (!eq) {
			snprintf(err, errlen, "%s:%d: expected key = value", c->path, lineno);
			return -1;
		}
		*eq = '\0';
		char *k = line, *v = eq + 1;
		trim(k);
		trim(v);
		int bad = 0;
		if (!strcmp(k, "server"))
			bad = set_field(c->server, sizeof c->server, v);
		else if (!strcmp(k, "trust"))
			bad = set_field(c->trust, sizeof c->trust, v);
		else if (!strcmp(k, "user"))
			bad = set_field(c->user, sizeof c->user, v);
		else if (!strcmp(k, "token"))
			bad = set_field(c->token, sizeof c->token, v);
		/* unknown keys are kept out, not fatal: a newer client may have written them */
		if (bad) {
			snprintf(err, errlen, "%s:%d: value of %s too long", c->path, lineno, k);
			return -1;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "cannot read %s", c->path);
		return -1;
	}
	return 0;
}

/* mkdir -p for the folder holding path, mode 0700. */
static int make_parent_dirs(const char *path, char *err, size_t errlen)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return 0;
	*slash = '\0';
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
			return -1;
		}
		*p = '/';
	}
	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* Does v read back as written on a "key = value" line? Not with a line
 * break in it (the rest would be a line of its own: a server's token could
 * write the server address or the pinned certificate), nor with blanks at
 * either end (the reader trims them). */
static int reads_back(const char *v)
{
	size_t n = strlen(v);
	return !strpbrk(v, "\n\r") &&
	       (n == 0 || (v[0] != ' ' && v[0] != '\t' && v[n - 1] != ' ' && v[n - 1] != '\t'));
}

int cli_config_write(const struct cli_config *c, FILE *f, char *err, size_t errlen)
{
	const struct {
		const char *key, *value;
	} fields[] = {
	    {"server", c->server}, {"trust", c->trust}, {"user", c->user}, {"token", c->token}};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (!reads_back(fields[i].value)) {
			snprintf(err, errlen,
			         "cannot store the %s: it holds a line break or begins or ends "
			         "with a blank",
			         fields[i].key);
			return -1;
		}
	fprintf(f, "# telegraph client settings (holds a session token: keep private)\n");
	fprintf(f, "server = %s\n", c->server);
	if (*c->trust)
		fprintf(f, "trust = %s\n", c->trust);
	if (*c->user)
		fprintf(f, "user = %s\n", c->user);
	if (*c->token)
		fprintf(f, "token = %s\n", c->token);
	return 0;
}

int cli_config_save(const struct cli_config *c, char *err, size_t errlen)
{
	if (make_parent_dirs(c->path, err, errlen) < 0)
		return -1;
	char tmp[1100];
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", c->path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		return -1;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
		snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		return -1;
	}
	if (cli_config_write(c, f, err, errlen) < 0) {
		fclose(f);
		unlink(tmp);
		return -1;
	}
	int bad = fflush(f) != 0 || fsync(fileno(f)) != 0;
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, c->path) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", c->path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

int cli_split_hostport(const char *s, char *host, size_t hostlen, char *port, size_t portlen)
{
	const char *colon;
	const char *h = s;
	size_t hl;
	if (*s == '[') {
		const char *close = strchr(s, ']');
		if (!close || close[1] != ':')
			return -1;
		h = s + 1;
		hl = (size_t)(close - h);
		colon = close + 1;
	} else {
		colon = strrchr(s, ':');
		if (!colon)
			return -1;
		hl = (size_t)(colon - s);
	}
	const char *p = colon + 1;
	if (hl == 0 || hl >= hostlen || !*p || strlen(p) >= portlen ||
	    strspn(p, "0123456789") != strlen(p))
		return -1;
	memcpy(host, h, hl);
	host[hl] = '\0';
	strcpy(port, p);
	return 0;
}
