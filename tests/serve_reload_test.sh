#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `vfplan serve`'s SIGHUP reload (issue 36 D2): a catalog nested past 64
# levels (R10's 128 KB of [[[...]]], 6 s in libyaml before) is refused at
# once and the old catalog kept; a SIGTERM during a slow reload (6 MB of
# offers 60 levels deep: ~3 s of libyaml) stops the server without
# waiting for it (it waited before: 2.5 s measured), exit 0.
#   serve_reload_test.sh PATH/TO/vfplan SOURCE_DIR
set -u
exe=$1
src=$2
dir=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
failed=0
fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}
now() { date +%s%N; }
ms_since() { echo $((($(now) - $1) / 1000000)); }

offer() {
	printf 'schema: 1\noffers:\n  - id: reload-test\n    provider: "t"\n'
	printf '    gpu: A10G\n    count: 4\n    price_per_hour: 4.5\n'
	printf '    currency: USD\n    billing_granularity_s: 1\n'
	printf '    price_kind: sample\n    date: "2026-12-05"\n    source: "t"\n'
}

start() { # serve on a free port; waits for its "listening" line
	offer >"$dir/offers.yaml"
	"$exe" serve --no-config --port 0 --offers "$dir/offers.yaml" \
		2>"$dir/err" &
	pid=$!
	for _ in $(seq 100); do
		grep -q 'listening on' "$dir/err" && return 0
		sleep 0.05
	done
	fail "serve did not start: $(cat "$dir/err")"
	return 1
}

stop_within() { # ms what
	local t0 rc
	t0=$(now)
	kill -TERM "$pid"
	wait "$pid"
	rc=$?
	pid=
	[ "$rc" = 0 ] || fail "$2: exit $rc after SIGTERM"
	[ "$(ms_since "$t0")" -lt "$1" ] ||
		fail "$2: SIGTERM took $(ms_since "$t0") ms (limit $1)"
}

# the deep file: one line, the old catalog kept, in well under a second
if start; then
	cp "$src/tests/data/crashes-2/yaml-deep-flow-64k.yaml" "$dir/offers.yaml"
	kill -HUP "$pid"
	t0=$(now)
	until grep -q 'reload failed' "$dir/err" || [ "$(ms_since "$t0")" -gt 3000 ]; do
		sleep 0.02
	done
	took=$(ms_since "$t0")
	grep -q "offers.yaml:1:73: nesting deeper than 64 levels" "$dir/err" ||
		fail "deep reload: no nesting line: $(cat "$dir/err")"
	grep -q "still serving the catalog loaded before" "$dir/err" ||
		fail "deep reload: not refused: $(cat "$dir/err")"
	[ "$took" -lt 1000 ] || fail "deep reload: refused after $took ms"
	stop_within 2000 "after the deep reload"
fi

# a slow reload: SIGTERM does not wait for it
if start; then
	{ printf 'offers: '; printf '[%.0s' $(seq 60)
	  yes 'a,' | head -n 2000000 | tr -d '\n'; printf 'a'
	  printf ']%.0s' $(seq 60); echo; } >"$dir/slow.yaml"
	mv "$dir/slow.yaml" "$dir/offers.yaml"
	kill -HUP "$pid"
	sleep 0.3
	stop_within 1000 "during a slow reload"
	grep -q 'stopping' "$dir/err" || fail "no stopping line: $(cat "$dir/err")"
fi

[ "$failed" = 0 ] && echo "serve reload: ok"
[ "$failed" = 0 ]
