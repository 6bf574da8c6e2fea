/* test_fingerprint.c — the one spelling of a key fingerprint (issue 15):
 * what telegraphd logs, the client asks about, known_servers holds and
 * --fingerprint takes is "SHA256:" and 64 lower-case hex digits, the
 * sha256sum of the certificate's DER public key; what a person types in
 * another common spelling, or what session 9's known_servers held (base64),
 * reads back as that same spelling. */
#include <openssl/pem.h>
#include <stdio.h>
#include <string.h>

#include "net/fingerprint.h"
#include "tap.h"

/* A P-256 certificate made with `openssl req -x509 -newkey ec`; its key's
 * fingerprint from the command in fingerprint.h:
 *   openssl x509 -in c.pem -pubkey -noout |
 *       openssl pkey -pubin -outform DER | sha256sum */
static const char cert_pem[] = "-----BEGIN CERTIFICATE-----\n"
                               "MIIBczCCARmgAwIBAgIUB5nfvntEd7oRAxm9DaRMUC4u6ocwCgYIKoZIzj0EAwIw\n"
                               "DzENMAsGA1UEAwwEdGVzdDAeFw0yNjExMjgxNzQ5MzJaFw0zNjExMjUxNzQ5MzJa\n"
                               "MA8xDTALBgNVBAMMBHRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATUMXQ/\n"
                               "pxXYP6cV7Y7Tcs4qC/bSIU3PGxvyz5REAxWUcgXE9OFERnO2ad99Qf2TpDP4gDOp\n"
                               "I11efLWljC+MZF05o1MwUTAdBgNVHQ4EFgQUbcv1yVyP+GWZ1HwaS1gFf5iD2Wsw\n"
                               "HwYDVR0jBBgwFoAUbcv1yVyP+GWZ1HwaS1gFf5iD2WswDwYDVR0TAQH/BAUwAwEB\n"
                               "/zAKBggqhkjOPQQDAgNIADBFAiEAtCtDuefYt+v8VjZLt6/lfAQowMKzTHNp2ej/\n"
                               "ZMdU9BECIFFeYhZKHbZy2xMp+09KQCgufwEMdvfMKrc+OU9tn36Y\n"
                               "-----END CERTIFICATE-----\n";
#define SUM "0b5286cb056cad7f48c9f96a3b9dae2962751156ba83fd4d213a1c4f0f676aa0"
#define WANT "SHA256:" SUM

static void test_of_x509(void)
{
	BIO *b = BIO_new_mem_buf(cert_pem, -1);
	X509 *x = PEM_read_bio_X509(b, NULL, NULL, NULL);
	BIO_free(b);
	CHECK(x != NULL);
	char fp[TG_FINGERPRINT_LEN + 1];
	CHECK_EQ_INT(tg_fingerprint_of_x509(x, fp), 0);
	CHECK_EQ_STR(fp, WANT);
	CHECK_EQ_INT(strlen(fp), TG_FINGERPRINT_LEN);
	X509_free(x);
}

static void parses_as(const char *text, const char *want)
{
	char fp[TG_FINGERPRINT_LEN + 1] = "";
	int rc = tg_fingerprint_parse(text, fp);
	CHECKF(want ? rc == 0 && !strcmp(fp, want) : rc == -1, "\"%s\" -> rc %d \"%s\"", text, rc,
	       fp);
}

static void test_parse(void)
{
	parses_as(WANT, WANT);
	parses_as(SUM, WANT);           /* sha256sum's output alone */
	parses_as("sha256:" SUM, WANT); /* the prefix in either case */
	parses_as("SHA256:0B5286CB056CAD7F48C9F96A3B9DAE2962751156BA83FD4D213A1C4F0F676AA0",
	          WANT); /* upper-case digits */
	parses_as("0B:52:86:CB:05:6C:AD:7F:48:C9:F9:6A:3B:9D:AE:29:62:75:11:56:BA:83:FD:4D:21:3A:"
	          "1C:4F:0F:67:6A:A0",
	          WANT); /* openssl dgst -c */
	/* session 9's spelling, still in its users' known_servers */
	parses_as("SHA256:C1KGywVsrX9IyflqO52uKWJ1EVa6g/1NITocTw9naqA", WANT);

	parses_as("", NULL);
	parses_as("SHA256:", NULL);
	parses_as("SHA256:short", NULL);
	parses_as(WANT "0", NULL);           /* one digit too many */
	parses_as("SHA256:" SUM "\n", NULL); /* trailing bytes */
	parses_as("SHA256:0b5286cb056cad7f48c9f96a3b9dae2962751156ba83fd4d213a1c4f0f676aa", NULL);
	parses_as("SHA256:0g5286cb056cad7f48c9f96a3b9dae2962751156ba83fd4d213a1c4f0f676aa0", NULL);
	parses_as("0b::5286cb056cad7f48c9f96a3b9dae2962751156ba83fd4d213a1c4f0f676aa0", NULL);
	parses_as(":0b5286cb056cad7f48c9f96a3b9dae2962751156ba83fd4d213a1c4f0f676aa0", NULL);
	parses_as("C1KGywVsrX9IyflqO52uKWJ1EVa6g/1NITocTw9naqA", NULL); /* base64 needs SHA256: */
	parses_as("SHA256:C1KGywVsrX9IyflqO52uKWJ1EVa6g/1NITocTw9naqB", NULL); /* stray low bits */
	parses_as("SHA256:C1KGywVsrX9IyflqO52uKWJ1EVa6g/1NITocTw9naq=", NULL);
}

int main(void)
{
	test_of_x509();
	test_parse();
	return tap_done();
}
