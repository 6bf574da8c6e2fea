/* tls.c — the server's TLS context: TLS 1.2 and 1.3 only, ECDHE key exchange
 * only, X25519 and P-256, session resumption through the server-side cache
 * and through tickets; made again on SIGHUP from the same files. */
#include <openssl/err.h>
#include <stdio.h>

#include "net_internal.h"

/* TLS 1.2 suites: forward secret (ECDHE) and AEAD only. TLS 1.3 suites are
 * all of that by construction; OpenSSL's default list is kept. */
#define TG_TLS12_CIPHERS "ECDHE+AESGCM:ECDHE+CHACHA20"
#define TG_TLS_GROUPS "X25519:P-256"
/* Sessions remembered server-side (bounded), and how long they resume. */
#define TG_TLS_SESSION_CACHE 20000
#define TG_TLS_SESSION_TIMEOUT_S 7200

const char *tg_tls_error(char *buf, size_t len)
{
	unsigned long e = ERR_get_error();
	if (!e)
		snprintf(buf, len, "unknown TLS error");
	else
		ERR_error_string_n(e, buf, len);
	ERR_clear_error();
	return buf;
}

SSL_CTX *tg_tls_server_ctx(const char *cert_file, const char *key_file, char *err, size_t errlen)
{
	char why[256];
	ERR_clear_error();
	SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
	if (!ctx) {
		snprintf(err, errlen, "cannot create a TLS context: %s",
		         tg_tls_error(why, sizeof why));
		return NULL;
	}
	const char *step = "set the TLS versions";
	if (!SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) ||
	    !SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION))
		goto fail;
	step = "set the TLS 1.2 cipher list";
	if (!SSL_CTX_set_cipher_list(ctx, TG_TLS12_CIPHERS))
		goto fail;
	step = "set the key exchange groups";
	if (!SSL_CTX_set1_groups_list(ctx, TG_TLS_GROUPS))
		goto fail;
	SSL_CTX_set_options(ctx, SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_RENEGOTIATION |
	                             SSL_OP_NO_COMPRESSION);

	step = "set up session resumption";
	SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_SERVER);
	if (!SSL_CTX_set_session_id_context(ctx, (const unsigned char *)"telegraph", 9))
		goto fail;
	SSL_CTX_sess_set_cache_size(ctx, TG_TLS_SESSION_CACHE);
	SSL_CTX_set_timeout(ctx, TG_TLS_SESSION_TIMEOUT_S);

	if (SSL_CTX_use_certificate_chain_file(ctx, cert_file) != 1) {
		snprintf(err, errlen, "cannot load the certificate %s: %s", cert_file,
		         tg_tls_error(why, sizeof why));
		SSL_CTX_free(ctx);
		return NULL;
	}
	if (SSL_CTX_use_PrivateKey_file(ctx, key_file, SSL_FILETYPE_PEM) != 1) {
		snprintf(err, errlen, "cannot load the private key %s: %s", key_file,
		         tg_tls_error(why, sizeof why));
		SSL_CTX_free(ctx);
		return NULL;
	}
	if (SSL_CTX_check_private_key(ctx) != 1) {
		snprintf(err, errlen, "the key %s does not belong to the certificate %s", key_file,
		         cert_file);
		ERR_clear_error();
		SSL_CTX_free(ctx);
		return NULL;
	}
	return ctx;
fail:
	snprintf(err, errlen, "cannot %s: %s", step, tg_tls_error(why, sizeof why));
	SSL_CTX_free(ctx);
	return NULL;
}

/* SIGHUP (a renewed certificate): SSL_new takes a reference to the context it
 * is made from, so the connections open now keep the old one until they end,
 * and freeing ours here only drops the net's reference. */
int tg_net_reload_cert(struct tg_net *n, char *err, size_t errlen)
{
	SSL_CTX *ctx = tg_tls_server_ctx(n->cfg.cert_file, n->cfg.key_file, err, errlen);
	if (!ctx)
		return -1;
	SSL_CTX_free(n->ssl_ctx);
	n->ssl_ctx = ctx;
	return 0;
}
