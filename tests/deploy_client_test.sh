#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# examples/deploy/client.py against a real `vfplan serve`: the standard-
# library client gets a version, a plan, a ranking and a launch file.
# Skipped (77) without python3.
set -u
exe="$1"
src="$2"
command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
log=$(mktemp)
XDG_CONFIG_HOME=$(mktemp -d) "$exe" serve --port 0 2>"$log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do
	port=$(sed -n 's/.*listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$log")
	[ -n "$port" ] && break
	sleep 0.1
done
out=$(python3 "$src/examples/deploy/client.py" --url "http://127.0.0.1:$port") || {
	echo "client failed: $out"; exit 1; }
for want in "server: vfplan" "plan: " "rent 1: " "launch: launch.sh"; do
	grep -q "^$want" <<<"$out" || { echo "no '$want' in: $out"; exit 1; }
done
echo "deploy client: ok"
