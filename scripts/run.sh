#!/usr/bin/env bash
# Build telegraphd and run it on its embedded defaults: 127.0.0.1:7700, TLS,
# data folder ./telegraph-data (SQLite database and a self-signed ECDSA P-256
# certificate, made on first run). Extra arguments go to telegraphd.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target telegraphd telegraph
exec build/server/telegraphd --data telegraph-data "$@"
