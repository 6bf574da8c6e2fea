/* cert.c — the self-signed certificate made on first run (ECDSA P-256, ten
 * years), and the fingerprint users pin it by. OpenSSL 3 APIs only. */
#include "cert.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static X509 *make_cert(EVP_PKEY *key, const char *host)
{
	X509 *x = X509_new();
	BIGNUM *serial = BN_new();
	if (!x || !serial)
		goto fail;
	/* A random 127-bit positive serial, as CAs do. */
	if (!X509_set_version(x, 2) || !BN_rand(serial, 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) ||
	    !BN_to_ASN1_INTEGER(serial, X509_get_serialNumber(x)))
		goto fail;
	if (!X509_gmtime_adj(X509_getm_notBefore(x), 0) ||
	    !X509_time_adj_ex(X509_getm_notAfter(x), TG_CERT_DAYS, 0, NULL))
		goto fail;
	X509_NAME *name = X509_get_subject_name(x);
	if (!X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)host, -1,
	                                -1, 0) ||
	    !X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8,
	                                (const unsigned char *)"Telegraph (self-signed)", -1, -1,
	                                0) ||
	    !X509_set_issuer_name(x, name) || !X509_set_pubkey(x, key))
		goto fail;
	char san[600];
	if (strcmp(host, "localhost") == 0 || strcmp(host, "127.0.0.1") == 0 || !is_dns_name(host))
		snprintf(san, sizeof san, "DNS:localhost,IP:127.0.0.1");
	else
		snprintf(san, sizeof san, "DNS:localhost,IP:127.0.0.1,%s:%s",
		         is_ip(host) ? "IP" : "DNS", host);
	if (add_ext(x, NID_basic_constraints, "critical,CA:FALSE") < 0 ||
	    add_ext(x, NID_key_usage, "critical,digitalSignature") < 0 ||
	    add_ext(x, NID_ext_key_usage, "serverAuth") < 0 ||
	    add_ext(x, NID_subject_key_identifier, "hash") < 0 ||
	    add_ext(x, NID_subject_alt_name, san) < 0)
		goto fail;
	if (!X509_sign(x, key, EVP_sha256()))
		goto fail;
	BN_free(serial);
	return x;
fail:
	BN_free(serial);
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

int tg_net_make_self_signed(const char *cert_file, const char *key_file, const char *host,
                            char *errbuf, size_t errlen)
{
	char why[256];
	ERR_clear_error();
	if (!host || !*host || strlen(host) > 253) {
		snprintf(errbuf, errlen, "a certificate needs a host name of 1 to 253 bytes");
		return -1;
	}
	EVP_PKEY *key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (!key) {
		snprintf(errbuf, errlen, "cannot make a P-256 key: %s",
		         tg_tls_error(why, sizeof why));
		return -1;
	}
	X509 *x = make_cert(key, host);
	if (!x) {
		snprintf(errbuf, errlen, "cannot make the certificate: %s",
		         tg_tls_error(why, sizeof why));
		EVP_PKEY_free(key);
		return -1;
	}
	int rc = -1;
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
	FILE *cf = create_file(cert_file, 0644);
	if (!cf) {
		snprintf(errbuf, errlen, "cannot create %s: %s", cert_file, strerror(errno));
		unlink(key_file);
		goto out;
	}
	ok = PEM_write_X509(cf, x);
	if (fclose(cf) != 0 || !ok) {
		snprintf(errbuf, errlen, "cannot write %s", cert_file);
		unlink(cert_file);
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

int tg_net_cert_fingerprint(const char *cert_file, char *out, size_t outlen, char *err,
                            size_t errlen)
{
	FILE *f = fopen(cert_file, "r");
	if (!f) {
		snprintf(err, errlen, "cannot open %s: %s", cert_file, strerror(errno));
		return -1;
	}
	X509 *x = PEM_read_X509(f, NULL, NULL, NULL);
	fclose(f);
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	if (!x || !X509_digest(x, EVP_sha256(), md, &mdlen) || outlen < mdlen * 3) {
		snprintf(err, errlen, "cannot read a certificate from %s", cert_file);
		ERR_clear_error();
		X509_free(x);
		return -1;
	}
	X509_free(x);
	for (unsigned i = 0; i < mdlen; i++)
		snprintf(out + 3 * i, outlen - 3 * i, "%02X%s", md[i], i + 1 < mdlen ? ":" : "");
	return 0;
}
