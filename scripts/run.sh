#!/usr/bin/env bash
# Build telegraphd and run it on its embedded defaults: 127.0.0.1:7700, TLS,
# data folder ./telegraph-data (SQLite database and a self-signed ECDSA P-256
# certificate, made on first run). Extra arguments go to telegraphd.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target telegraphd telegraph
# The address to open, read as the daemon reads its command line: the
# --config file first, wherever it stands (its last `listen = ` line), then
# the flags in order (--listen, --set listen=...); the last one wins, else
# the default.
listen=127.0.0.1:7700
trim() { local s=${1#"${1%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
config_listen() { # the value of FILE's last listen line, as the daemon parses it
  local line key value
  while IFS= read -r line || [ -n "$line" ]; do
    line=$(trim "$line")
    case "$line" in '#'* | '') continue ;; *=*) ;; *) continue ;; esac
    key=$(trim "${line%%=*}")
    [ "$key" = listen ] || continue
    value=$(trim "${line#*=}")
    case "$value" in
      '"'*) value=${value#\"} value=${value%%\"*} ;;
      *) value=$(trim "${value%%[[:space:]]#*}") ;; # " #" starts a comment
    esac
    listen=$value
  done <"$1"
}
config="" flag_listens=() want=""
for a in "$@"; do
  if [ -n "$want" ]; then # the value of the option before
    case "$want$a" in
      l*) flag_listens+=("$a") ;;
      f*) config=$a ;;
      slisten=*) flag_listens+=("${a#listen=}") ;;
    esac
    want=""
    continue
  fi
  case "$a" in
    -l | --listen) want=l ;;
    -f | --config) want=f ;;
    -s | --set) want=s ;;
    --listen=*) flag_listens+=("${a#--listen=}") ;;
    --config=*) config=${a#--config=} ;;
    --set=listen=*) flag_listens+=("${a#--set=listen=}") ;;
    -h | -V | --help | --version | --*=*) ;;
    -d | -c | -k | -n | -S | -L | -m | --*) want=x ;; # every other option takes a value
    -l?*) flag_listens+=("${a#-l}") ;;
    -f?*) config=${a#-f} ;;
    -slisten=*) flag_listens+=("${a#-slisten=}") ;;
  esac
done
if [ -n "$config" ] && [ -r "$config" ]; then config_listen "$config"; fi
for l in ${flag_listens[@]+"${flag_listens[@]}"}; do listen=$l; done
echo "telegraph: open https://$listen/ in a browser (the certificate is self-signed: see README.md)" >&2
# No flag of its own: the daemon's defaults (./telegraph-data is here, the
# checkout) and a config file's settings hold unless the caller's flags say
# otherwise (a --data here would override a --config file's data folder).
exec build/server/telegraphd "$@"
