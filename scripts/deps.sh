#!/usr/bin/env bash
# Installs the Debian 12 packages Telegraph builds, runs and tests with, when
# any is missing. Idempotent; needs root (or sudo) only when it installs.
# chromium, nodejs and npm are for the browser test (tests/web/run.sh, which
# installs playwright-core with npm, and Node.js 20 too where nodejs is
# Debian 12's 18: playwright-core 1.65 refuses Node.js before 20).
# tmux is for the terminal-client test (tests/integration/test_cli_tmux.py).
# libcurl4-openssl-dev: SMTP and webhooks of the notifications (issue 19).
# python3-aiosmtpd: the real SMTP server of tests/integration/test_notify.py
# (it imports only under Debian's /usr/bin/python3, which the test calls).
# libgmime-3.0-dev: the MIME of replies to "your move" emails (server/mail).
# libxxhash-dev: the view stamps' hash (server/games/kit/view_sections.c).
# ccache: scripts/test.sh compiles through it (eight builds of the tree; on a
# machine that keeps ~/.cache/ccache, a rerun compiles only what changed).
set -euo pipefail
need=(build-essential cmake pkg-config libuv1-dev libjansson-dev libsqlite3-dev libssl-dev
      openssl sqlite3 python3 python3-jsonschema clang libclang-rt-14-dev ca-certificates
      libwslay-dev chromium tmux libcurl4-openssl-dev python3-aiosmtpd
      libgmime-3.0-dev libxxhash-dev ccache)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm by command, not by package: a machine with NodeSource's
# nodejs has npm inside it, and Debian's npm package conflicts with that one.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  missing+=(nodejs npm)
fi
if ((${#missing[@]})); then
  echo "telegraph: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
