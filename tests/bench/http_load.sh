#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Load on `vfplan serve` (issue 15, item 5), run on demand, never by ctest:
#   tests/bench/http_load.sh BUILD_DIR [THREADS]
# 1. /v1/plan and /v1/rent at 64 connections for 10 s: plans/s and p99;
# 2. 200 connections for 30 s on /v1/plan, every answer checked against
#    the CLI's (same length, status 200);
# 3. resident memory before and after 10^6 requests.
# Needs wrk (Debian package wrk). Prints what docs/http.md quotes.
set -eu
build="$1"
threads="${2:-2}"
exe="$build/vfplan"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
"$exe" serve --port 0 --threads "$threads" --no-config 2>"$log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do
	port=$(sed -n 's/.*listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$log")
	[ -n "$port" ] && break
	sleep 0.1
done
url="http://127.0.0.1:$port"
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }

run() { # label path body seconds connections
	local want
	want=$("$exe" request "$(sed 's/^{/{"command": "'"${2#/v1/}"'", /' <<<"$3")" | wc -c)
	# the CLI ends its answer with a newline; the server's body has none
	export VFP_BODY="$3" VFP_WANT_LEN=$((want - 1))
	echo "== $1: $5 connections, $4 s"
	wrk -t "$threads" -c "$5" -d "$4s" --latency -s "$here/http_load.lua" "$url$2" |
		grep -E "Requests/sec|99%|50%|bad answers|Socket errors|Non-2xx"
}

plan='{"model": "8B", "gpus": "4xH100", "strategy": "zero3"}'
rent='{"model": "llama-3.1-8b", "tokens": "2B", "top": 5}'
echo "resident memory at start: $(rss)"
run "plan" /v1/plan "$plan" 10 64
run "rent" /v1/rent "$rent" 10 64
run "plan, many clients" /v1/plan "$plan" 30 200
echo "resident memory after: $(rss)"
