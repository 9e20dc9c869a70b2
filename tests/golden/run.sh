#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Golden CLI tests. Each cases/NAME.t holds the arguments, the exit code and
# the exact stdout and stderr of one vfplan run:
#
#   args: --model 8B --gpus 4xH100 --strategy zero3
#   rc: 0
#   --- stdout
#   ...
#   --- stderr
#   ...
#
# Commands run in the repository root, so data paths in args are relative
# to it (tests/data/...), away from the user's VFPLAN_* variables and config
# file; an optional "env: NAME=VALUE ..." line sets variables for one case.
# Run with UPDATE=1 to
# rewrite the expectations from the current binary (then review the diff).
set -u
exe="$1"
tests="$2"
failed=0
passed=0
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME

# The commit vfplan was built from changes with every commit: its value is
# COMMIT on both sides (JSON, compact JSON, CSV and --version's line), so a
# case checks that the key is there, not which commit built the binary.
normalise() {
	sed -e 's/"vfplan_commit": "[^"]*"/"vfplan_commit": "COMMIT"/g' \
	    -e 's/"vfplan_commit":"[^"]*"/"vfplan_commit":"COMMIT"/g' \
	    -e 's/^vfplan_commit,.*/vfplan_commit,COMMIT/' \
	    -e 's/^\(vfplan [0-9.]* (commit \)[^,]*,/\1COMMIT,/'
}

section() { # file name
	awk -v want="--- $2" '
		/^--- / { on = ($0 == want); next }
		on { print }' "$1"
}

for case in "$tests"/golden/cases/*.t; do
	name=$(basename "$case" .t)
	args=$(sed -n 's/^args: //p' "$case" | head -n 1)
	want_rc=$(sed -n 's/^rc: //p' "$case" | head -n 1)
	vars=$(sed -n 's/^env: //p' "$case" | head -n 1)
	out=$(mktemp) err=$(mktemp)
	eval "set -- $args"
	# shellcheck disable=SC2086 # NAME=VALUE words, split on purpose
	(cd "$tests/.." && env $vars "$exe" "$@" >"$out.raw" 2>"$err")
	rc=$?
	normalise <"$out.raw" >"$out" && rm -f "$out.raw"
	if [ "${UPDATE:-0}" = 1 ]; then
		{
			echo "args: $(sed -n 's/^args: //p' "$case" | head -n 1)"
			[ -n "$vars" ] && echo "env: $vars"
			echo "rc: $rc"
			echo "--- stdout"
			cat "$out"
			echo "--- stderr"
			cat "$err"
		} >"$case.new" && mv "$case.new" "$case"
		rm -f "$out" "$err"
		continue
	fi
	ok=1
	if [ "$rc" != "$want_rc" ]; then
		echo "FAIL $name: exit code $rc, expected $want_rc"
		ok=0
	fi
	if ! diff -u <(section "$case" stdout | normalise) "$out" >/dev/null; then
		echo "FAIL $name: stdout differs:"
		diff -u <(section "$case" stdout | normalise) "$out" | head -n 40
		ok=0
	fi
	if ! diff -u <(section "$case" stderr) "$err" >/dev/null; then
		echo "FAIL $name: stderr differs:"
		diff -u <(section "$case" stderr) "$err" | head -n 20
		ok=0
	fi
	rm -f "$out" "$err"
	if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "golden: $passed passed, $failed failed"
[ $failed = 0 ]
