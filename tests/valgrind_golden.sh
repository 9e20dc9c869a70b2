#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every golden CLI case (tests/golden/cases/*.t, read as golden/run.sh
# reads them) under valgrind's memcheck: no invalid read or write, no use
# of an uninitialised value, no leak. Two cases at a time (VFPLAN_VALGRIND_JOBS
# to change that): about 2 s a case, the database's loading under valgrind.
#
#   valgrind_golden.sh PATH/TO/vfplan TESTS_DIR [--skip REASON]
#
# Exit 77 (ctest: skipped) without valgrind, or with --skip (sanitizer
# builds, whose binaries valgrind cannot run).
set -u
exe="$1"
tests="$2"
if [ "${3:-}" = --skip ]; then
	echo "valgrind_golden: skipped: ${4:-}"
	exit 77
fi
if ! command -v valgrind >/dev/null; then
	echo "valgrind_golden: skipped: valgrind is not installed" \
		"(apt-get install valgrind)"
	exit 77
fi
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
XDG_CONFIG_HOME="$logs/no-config"
export XDG_CONFIG_HOME exe tests logs

# one_case FILE: runs it under memcheck; prints "ok NAME" or the log.
one_case() {
	local case="$1" name args vars rc
	name=$(basename "$case" .t)
	args=$(sed -n 's/^args: //p' "$case" | head -n 1)
	vars=$(sed -n 's/^env: //p' "$case" | head -n 1)
	eval "set -- $args"
	# shellcheck disable=SC2086 # NAME=VALUE words, split on purpose
	(cd "$tests/.." && env $vars valgrind -q --error-exitcode=99 \
		--leak-check=full --log-file="$logs/$name.log" \
		"$exe" "$@" </dev/null >/dev/null 2>&1)
	rc=$?
	if [ $rc = 99 ] || [ -s "$logs/$name.log" ]; then
		echo "FAIL $name (exit $rc): $args"
		head -n 60 "$logs/$name.log"
	else
		echo "ok $name"
	fi
}
export -f one_case

# shellcheck disable=SC2016 # $1 is the inner bash's
out=$(printf '%s\0' "$tests"/golden/cases/*.t |
	xargs -0 -n 1 -P "${VFPLAN_VALGRIND_JOBS:-2}" bash -c 'one_case "$1"' _)
failed=$(grep -c '^FAIL' <<<"$out")
passed=$(grep -c '^ok' <<<"$out")
grep -v '^ok' <<<"$out"
echo "valgrind_golden: $passed clean, $failed with errors"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
