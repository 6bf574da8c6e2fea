#!/usr/bin/env bash
# run.sh DAEMON WORKDIR — the browser test as ctest runs it: playwright-core
# from the npm registry at the version package-lock.json pins (npm ci, into
# WORKDIR, never a browser: playwright-core downloads none), then
# test_browser.mjs against DAEMON with Debian's /usr/bin/chromium.
# Screenshots are left in WORKDIR/shots.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
daemon=$1
work=$2
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here/test_browser.mjs" "$work/"
cd "$work"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null
rm -rf shots
node test_browser.mjs "$daemon" "$work/shots" "${TG_WEB_MOVES:-30}"
