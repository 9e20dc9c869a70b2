#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The pricing widget in headless Chromium: run.sh VFPLAN OUTDIR.
# Installs puppeteer-core (package-lock.json's exact versions) into
# OUTDIR/node_modules when it is not there, then runs widget.test.mjs.
# Exits 77 (ctest: skipped) when node, npm or chromium is missing or the
# install fails, unless VFPLAN_BROWSER_REQUIRED=1 (CI), where that fails.
# run.sh --install OUTDIR only installs.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
install_only=0
if [ "${1:-}" = "--install" ]; then
	install_only=1
	shift
	out="${1:?usage: run.sh --install OUTDIR}"
else
	vfplan="${1:?usage: run.sh VFPLAN OUTDIR}"
	out="${2:?usage: run.sh VFPLAN OUTDIR}"
fi
chromium="${CHROMIUM:-/usr/bin/chromium}"

skip() {
	echo "browser test: $1" >&2
	if [ "${VFPLAN_BROWSER_REQUIRED:-0}" = 1 ]; then
		echo "browser test: required here (VFPLAN_BROWSER_REQUIRED=1): failing" >&2
		exit 1
	fi
	echo "browser test: skipped" >&2
	exit 77
}

command -v node >/dev/null 2>&1 || skip "no node (Debian: apt-get install nodejs npm)"
[ -x "$chromium" ] || skip "no $chromium (Debian: apt-get install chromium)"

mkdir -p "$out"
# the lock file and package.json beside the install: reinstall when they change
if ! cmp -s "$here/package-lock.json" "$out/package-lock.json" ||
   [ ! -f "$out/node_modules/puppeteer-core/package.json" ]; then
	command -v npm >/dev/null 2>&1 || skip "no npm (Debian: apt-get install npm)"
	cp "$here/package.json" "$here/package-lock.json" "$out/"
	rm -rf "$out/node_modules"
	if ! (cd "$out" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund \
		--loglevel=error >npm.log 2>&1); then
		cat "$out/npm.log" >&2
		rm -f "$out/package-lock.json"
		skip "npm could not install puppeteer-core (see above)"
	fi
fi
[ "$install_only" = 1 ] && exit 0

PUPPETEER_SKIP_DOWNLOAD=1 exec node "$here/widget.test.mjs" "$vfplan" "$out" \
	"$out/node_modules"
