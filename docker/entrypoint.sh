#!/bin/sh
# entrypoint.sh — the container's first process. Started as root so that a
# bind-mounted /data (owned by whoever made it on the host, often root) can
# be handed to the unprivileged user; then it drops to that user for good
# (setpriv, from util-linux, which every Debian image has) and execs the
# command. Started as another user (docker run --user), it only execs.
#
#   TELEGRAPH_DATA        the data folder (default /data)
#   TELEGRAPH_USER        the user the daemon runs as (default telegraph)
#   TELEGRAPH_CERT_NAMES  names/addresses the self-signed certificate covers
#                         besides the container's own (e.g. the host's public
#                         name): passed to telegraphd as --cert-names
set -eu
data=${TELEGRAPH_DATA:-/data}
user=${TELEGRAPH_USER:-telegraph}
if [ "${1:-}" = telegraphd ] && [ -n "${TELEGRAPH_CERT_NAMES:-}" ]; then
  shift
  set -- telegraphd --cert-names "$TELEGRAPH_CERT_NAMES" "$@"
fi
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$data"
  # Only what is not already the user's is changed (a large volume is not
  # walked again at every start).
  find "$data" \( ! -user "$user" -o ! -group "$(id -gn "$user")" \) \
    -exec chown "$user:$(id -gn "$user")" {} +
  chmod 0700 "$data"
  exec setpriv --reuid="$user" --regid="$(id -g "$user")" --init-groups "$@"
fi
exec "$@"
