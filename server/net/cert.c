/* cert.c — the self-signed certificate (ECDSA P-256, ten years): the names
 * and addresses it covers (by default those of the listening address), made
 * again with the same key when they change, and the key fingerprint users
 * pin it by (fingerprint.h). The key is kept across a change of names so
 * that a client that pinned the key's fingerprint (telegraph --fingerprint)
 * keeps trusting the server. OpenSSL 3 APIs only. */
#include "cert.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fingerprint.h"
#include "net.h"
#include "net_internal.h"

#define TG_CERT_DAYS 3650

static int add_ext(X509 *x, int nid, const char *value)
{
	X509V3_CTX ctx;
	X509V3_set_ctx_nodb(&ctx);
	X509V3_set_ctx(&ctx, x, x, NULL, NULL, 0);
	X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
	if (!ext)
		return -1;
	int ok = X509_add_ext(x, ext, -1);
	X509_EXTENSION_free(ext);
	return ok ? 0 : -1;
}

static bool is_ip(const char *host)
{
	unsigned char buf[16];
	return inet_pton(AF_INET, host, buf) == 1 || inet_pton(AF_INET6, host, buf) == 1;
}

/* Letters, digits, '-' and '.', as a SAN DNS entry must be (also keeps the
 * extension's text syntax intact). */
static bool is_dns_name(const char *host)
{
	if (is_ip(host))
		return true;
	for (const char *p = host; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '.')
			return false;
	return true;
}

/* A name in the one spelling both the certificate and the comparison use:
 * an address as inet_ntop writes it, a DNS name in lower case. Empty when
 * the text is neither (then it is not put in). */
static void canonical_name(const char *in, char *out, size_t outlen)
{
	unsigned char buf[16];
	out[0] = '\0';
	if (inet_pton(AF_INET, in, buf) == 1)
		inet_ntop(AF_INET, buf, out, (socklen_t)outlen);
	else if (inet_pton(AF_INET6, in, buf) == 1)
		inet_ntop(AF_INET6, buf, out, (socklen_t)outlen);
	else if (is_dns_name(in) && strlen(in) < outlen && strlen(in) <= 253 && *in) {
		size_t i = 0;
		for (; in[i]; i++)
			out[i] = (char)tolower((unsigned char)in[i]);
		out[i] = '\0';
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void tg_cert_names_free(struct tg_cert_names *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->name[i]);
	l->n = 0;
}

int tg_cert_names_add(struct tg_cert_names *l, const char *name)
{
	char c[TG_CERT_NAME_MAX + 1];
	canonical_name(name, c, sizeof c);
	if (!c[0])
		return -1;
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->name[i], c) == 0)
			return 0;
	if (l->n >= TG_CERT_NAMES_MAX)
		return -1;
	char *copy = strdup(c);
	if (!copy)
		return -1;
	l->name[l->n++] = copy;
	return 0;
}

/* The wildcard addresses name no host: the machine's host name and the
 * addresses of its interfaces stand for them (IPv6 link-local ones are left
 * out: a certificate cannot say which link). */
static void add_interfaces(struct tg_cert_names *l, bool v4, bool v6)
{
	char host[256];
	if (gethostname(host, sizeof host) == 0) {
		host[sizeof host - 1] = '\0';
		tg_cert_names_add(l, host);
	}
	struct ifaddrs *all;
	if (getifaddrs(&all) != 0)
		return;
	for (struct ifaddrs *i = all; i; i = i->ifa_next) {
		if (!i->ifa_addr || !(i->ifa_flags & IFF_UP))
			continue;
		char text[INET6_ADDRSTRLEN];
		if (i->ifa_addr->sa_family == AF_INET && v4) {
			inet_ntop(AF_INET, &((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr,
			          text, sizeof text);
			tg_cert_names_add(l, text);
		} else if (i->ifa_addr->sa_family == AF_INET6 && v6) {
			const struct in6_addr *a =
			    &((struct sockaddr_in6 *)(void *)i->ifa_addr)->sin6_addr;
			if (IN6_IS_ADDR_LINKLOCAL(a))
				continue;
			inet_ntop(AF_INET6, a, text, sizeof text);
			tg_cert_names_add(l, text);
		}
	}
	freeifaddrs(all);
}

int tg_cert_default_names(struct tg_cert_names *l, const char *listen_host, const char *extra,
                          char *err, size_t errlen)
{
	l->n = 0;
	tg_cert_names_add(l, "localhost");
	tg_cert_names_add(l, "127.0.0.1");
	if (!listen_host[0] || strcmp(listen_host, "0.0.0.0") == 0)
		add_interfaces(l, true, false);
	else if (strcmp(listen_host, "::") == 0) {
		tg_cert_names_add(l, "::1");
		add_interfaces(l, true, true);
	} else if (tg_cert_names_add(l, listen_host) < 0) {
		snprintf(err, errlen, "the listening address %.300s cannot be put in a certificate",
		         listen_host);
		tg_cert_names_free(l);
		return -1;
	}
	/* cert_names: "name,address,..." (blanks around each allowed) */
	const char *p = extra ? extra : "";
	while (*p) {
		size_t len = strcspn(p, ",");
		char one[TG_CERT_NAME_MAX + 1];
		const char *b = p, *e = p + len;
		while (b < e && isspace((unsigned char)*b))
			b++;
		while (e > b && isspace((unsigned char)e[-1]))
			e--;
		if (e > b) {
			if ((size_t)(e - b) > TG_CERT_NAME_MAX) {
				snprintf(err, errlen, "cert_names: a name is longer than %d bytes",
				         TG_CERT_NAME_MAX);
				tg_cert_names_free(l);
				return -1;
			}
			memcpy(one, b, (size_t)(e - b));
			one[e - b] = '\0';
			if (tg_cert_names_add(l, one) < 0) {
				snprintf(
				    err, errlen,
				    "cert_names: '%.300s' is neither a host name (letters, digits, "
				    "'-', '.') nor an IP address, or there are over %d names",
				    one, TG_CERT_NAMES_MAX);
				tg_cert_names_free(l);
				return -1;
			}
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

/* "DNS:a,IP:b,..." for the extension (and for the log), names sorted so that
 * two lists compare as sets. NULL on allocation failure. */
static char *san_text(const struct tg_cert_names *l)
{
	const char *sorted[TG_CERT_NAMES_MAX];
	size_t cap = 1;
	for (size_t i = 0; i < l->n; i++) {
		sorted[i] = l->name[i];
		cap += strlen(l->name[i]) + 5;
	}
	qsort(sorted, l->n, sizeof sorted[0], cmp_str);
	char *out = malloc(cap), *w = out;
	if (!out)
		return NULL;
	*w = '\0';
	for (size_t i = 0; i < l->n; i++)
		w +=
		    sprintf(w, "%s%s:%s", i ? "," : "", is_ip(sorted[i]) ? "IP" : "DNS", sorted[i]);
	return out;
}

static X509 *make_cert(EVP_PKEY *key, const struct tg_cert_names *names)
{
	X509 *x = X509_new();
	BIGNUM *serial = BN_new();
	char *san = san_text(names);
	if (!x || !serial || !san || names->n == 0)
		goto fail;
	/* A random 127-bit positive serial, as CAs do. */
	if (!X509_set_version(x, 2) || !BN_rand(serial, 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) ||
	    !BN_to_ASN1_INTEGER(serial, X509_get_serialNumber(x)))
		goto fail;
	if (!X509_gmtime_adj(X509_getm_notBefore(x), 0) ||
	    !X509_time_adj_ex(X509_getm_notAfter(x), TG_CERT_DAYS, 0, NULL))
		goto fail;
	/* CN: the last name given (the host's own, when he named one); clients
	 * check the subjectAltName only. */
	const char *cn = names->name[names->n - 1];
	X509_NAME *name = X509_get_subject_name(x);
	if (!X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)cn, -1,
	                                -1, 0) ||
	    !X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8,
	                                (const unsigned char *)"Telegraph (self-signed)", -1, -1,
	                                0) ||
	    !X509_set_issuer_name(x, name) || !X509_set_pubkey(x, key))
		goto fail;
	if (add_ext(x, NID_basic_constraints, "critical,CA:FALSE") < 0 ||
	    add_ext(x, NID_key_usage, "critical,digitalSignature") < 0 ||
	    add_ext(x, NID_ext_key_usage, "serverAuth") < 0 ||
	    add_ext(x, NID_subject_key_identifier, "hash") < 0 ||
	    add_ext(x, NID_subject_alt_name, san) < 0)
		goto fail;
	if (!X509_sign(x, key, EVP_sha256()))
		goto fail;
	BN_free(serial);
	free(san);
	return x;
fail:
	BN_free(serial);
	free(san);
	X509_free(x);
	return NULL;
}

/* Writes with fopen-like convenience but an exact mode from creation on. */
static FILE *create_file(const char *path, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0)
		return NULL;
	if (fchmod(fd, mode) < 0) {
		close(fd);
		return NULL;
	}
	FILE *f = fdopen(fd, "w");
	if (!f)
		close(fd);
	return f;
}

static EVP_PKEY *read_key(const char *key_file)
{
	FILE *f = fopen(key_file, "r");
	if (!f)
		return NULL;
	EVP_PKEY *key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
	fclose(f);
	return key;
}

int tg_net_make_self_signed(const char *cert_file, const char *key_file,
                            const struct tg_cert_names *names, char *errbuf, size_t errlen)
{
	char why[256];
	ERR_clear_error();
	if (names->n == 0) {
		snprintf(errbuf, errlen, "a certificate needs at least one name");
		return -1;
	}
	/* The key is kept when there is one: only the names change. */
	bool old_key = access(key_file, F_OK) == 0;
	EVP_PKEY *key = old_key ? read_key(key_file) : EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (!key) {
		snprintf(errbuf, errlen,
		         old_key ? "cannot read the key %s: %s" : "%scannot make a P-256 key: %s",
		         old_key ? key_file : "", tg_tls_error(why, sizeof why));
		return -1;
	}
	X509 *x = make_cert(key, names);
	if (!x) {
		snprintf(errbuf, errlen, "cannot make the certificate: %s",
		         tg_tls_error(why, sizeof why));
		EVP_PKEY_free(key);
		return -1;
	}
	int rc = -1;
	if (!old_key) {
		FILE *kf = create_file(key_file, 0600);
		if (!kf) {
			snprintf(errbuf, errlen, "cannot create %s: %s", key_file, strerror(errno));
			goto out;
		}
		int ok = PEM_write_PrivateKey(kf, key, NULL, NULL, 0, NULL, NULL);
		if (fclose(kf) != 0 || !ok) {
			snprintf(errbuf, errlen, "cannot write %s", key_file);
			unlink(key_file);
			goto out;
		}
	}
	/* A new certificate replaces the old one whole (rename), never half-written. */
	char tmp[1100];
	if (snprintf(tmp, sizeof tmp, "%s.new", cert_file) >= (int)sizeof tmp) {
		snprintf(errbuf, errlen, "the certificate path is too long");
		goto out;
	}
	FILE *cf = create_file(tmp, 0644);
	if (!cf) {
		snprintf(errbuf, errlen, "cannot create %s: %s", tmp, strerror(errno));
		if (!old_key)
			unlink(key_file);
		goto out;
	}
	int ok = PEM_write_X509(cf, x);
	if (fclose(cf) != 0 || !ok || rename(tmp, cert_file) != 0) {
		snprintf(errbuf, errlen, "cannot write %s", cert_file);
		unlink(tmp);
		if (!old_key)
			unlink(key_file);
		goto out;
	}
	rc = 0;
out:
	ERR_clear_error();
	X509_free(x);
	EVP_PKEY_free(key);
	return rc;
}

static X509 *read_cert(const char *cert_file, char *err, size_t errlen)
{
	FILE *f = fopen(cert_file, "r");
	if (!f) {
		snprintf(err, errlen, "cannot open %s: %s", cert_file, strerror(errno));
		return NULL;
	}
	X509 *x = PEM_read_X509(f, NULL, NULL, NULL);
	fclose(f);
	if (!x) {
		snprintf(err, errlen, "cannot read a certificate from %s", cert_file);
		ERR_clear_error();
	}
	return x;
}

int tg_net_cert_names(const char *cert_file, struct tg_cert_names *out, char *err, size_t errlen)
{
	out->n = 0;
	X509 *x = read_cert(cert_file, err, errlen);
	if (!x)
		return -1;
	GENERAL_NAMES *gens = X509_get_ext_d2i(x, NID_subject_alt_name, NULL, NULL);
	for (int i = 0; gens && i < sk_GENERAL_NAME_num(gens); i++) {
		const GENERAL_NAME *g = sk_GENERAL_NAME_value(gens, i);
		char text[TG_CERT_NAME_MAX + 1];
		if (g->type == GEN_DNS) {
			const ASN1_IA5STRING *s = g->d.dNSName;
			if (s->length > TG_CERT_NAME_MAX)
				continue;
			memcpy(text, s->data, (size_t)s->length);
			text[s->length] = '\0';
		} else if (g->type == GEN_IPADD &&
		           (g->d.iPAddress->length == 4 || g->d.iPAddress->length == 16)) {
			inet_ntop(g->d.iPAddress->length == 4 ? AF_INET : AF_INET6,
			          g->d.iPAddress->data, text, sizeof text);
		} else
			continue;
		/* A name that cannot be kept makes the lists differ: made again. */
		if (tg_cert_names_add(out, text) < 0)
			tg_cert_names_add(out, "invalid.invalid");
	}
	GENERAL_NAMES_free(gens);
	X509_free(x);
	return 0;
}

char *tg_cert_names_text(const struct tg_cert_names *l)
{
	return san_text(l);
}

int tg_net_cert_key_fingerprint(const char *cert_file, char *out, size_t outlen, char *err,
                                size_t errlen)
{
	X509 *x = read_cert(cert_file, err, errlen);
	if (!x)
		return -1;
	char fp[TG_FINGERPRINT_LEN + 1];
	int rc = outlen > TG_FINGERPRINT_LEN ? tg_fingerprint_of_x509(x, fp) : -1;
	X509_free(x);
	if (rc < 0)
		snprintf(err, errlen, "cannot take the key fingerprint of %s", cert_file);
	else
		memcpy(out, fp, sizeof fp);
	return rc;
}
