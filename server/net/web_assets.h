/* web_assets.h — the web client's files (clients/web/), embedded in the
 * binary at build time by server/net/embed_assets.cmake, so that an
 * installed daemon serves its own page with no folder to configure and no
 * way for a request to reach the file system. */
#ifndef TG_NET_WEB_ASSETS_H
#define TG_NET_WEB_ASSETS_H

#include <stddef.h>

struct tg_web_asset {
	const char *path; /* "/index.html" */
	const char *type; /* Content-Type */
	const unsigned char *data;
	size_t len;
	const char *etag; /* the first 32 hex digits of the file's SHA-256 */
};

/* The file at exactly path, or NULL. */
const struct tg_web_asset *tg_web_asset_find(const char *path);
/* Every file, for tests and the byte count in tests/bench. */
const struct tg_web_asset *tg_web_assets(size_t *count);

#endif
