#!/usr/bin/env bash
# Build telegraphd and run it on its embedded defaults: 127.0.0.1:7700, TLS,
# data folder ./telegraph-data (SQLite database and a self-signed ECDSA P-256
# certificate, made on first run). Extra arguments go to telegraphd.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target telegraphd telegraph
# The address to open: the --listen given (the last one wins), else the default.
listen=127.0.0.1:7700
prev=""
for a in "$@"; do
  case "$prev" in -l|--listen) listen=$a ;; esac
  case "$a" in --listen=*) listen=${a#--listen=} ;; esac
  prev=$a
done
echo "telegraph: open https://$listen/ in a browser (the certificate is self-signed: see README.md)" >&2
# No flag of its own: the daemon's defaults (./telegraph-data is here, the
# checkout) and a config file's settings hold unless the caller's flags say
# otherwise (a --data here would override a --config file's data folder).
exec build/server/telegraphd "$@"
