#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The doctor's machine scenarios (tests/data/doctor/cases/*/, README.md
# there): each folder holds a machine's saved tool outputs, plan.txt (the
# plan's options, one line; may be absent) and expect.txt (line 1 the
# verdict a careful engineer gives, then "CHECK_ID LEVEL" lines; SOURCE.md
# says why). Runs `vfplan doctor --from DIR $(cat plan.txt) --json` on
# each, prints case -> expected -> got, and fails on any mismatch.
#
#   tests/doctor_cases_test.sh build/vfplan tests
set -u
exe="$1"
tests="$2"
cases="$tests/data/doctor/cases"
failed=0
n=0
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT

# The answer's verdict, then "id level" for each check, from the JSON.
got_lines() {
	python3 -c '
import json, sys
a = json.load(sys.stdin)
print(a["verdict"])
for c in a.get("checks", []):
    print(c["id"], c["level"])'
}

printf '%-36s %-24s %s\n' case expected got
for dir in "$cases"/*/; do
	name=$(basename "$dir")
	[ -f "$dir/expect.txt" ] || { echo "$name: no expect.txt"; failed=1; continue; }
	n=$((n + 1))
	plan=""
	[ -f "$dir/plan.txt" ] && plan=$(head -n 1 "$dir/plan.txt")
	# shellcheck disable=SC2086 # the plan's options, split on purpose
	if ! json=$("$exe" doctor --from "$dir" $plan --json 2>/dev/null) ||
	   ! got=$(printf '%s' "$json" | got_lines 2>/dev/null); then
		printf '%-36s %-24s %s\n' "$name" "$(head -n 1 "$dir/expect.txt")" \
			"(no answer)"
		failed=1
		continue
	fi
	want_verdict=$(head -n 1 "$dir/expect.txt")
	got_verdict=$(printf '%s\n' "$got" | head -n 1)
	mark=""
	[ "$want_verdict" = "$got_verdict" ] || mark=" MISMATCH"
	printf '%-36s %-24s %s%s\n' "$name" "$want_verdict" "$got_verdict" "$mark"
	[ -z "$mark" ] || failed=1
	# each "CHECK_ID LEVEL" wanted: the check's level as answered
	tail -n +2 "$dir/expect.txt" | while read -r id level; do
		[ -n "$id" ] || continue
		have=$(printf '%s\n' "$got" | awk -v id="$id" \
			'NR > 1 && $1 == id { print $2; exit }')
		mark=""
		[ "$have" = "$level" ] || mark=" MISMATCH"
		printf '%-36s %-24s %s%s\n' "  $id" "$level" "${have:-(none)}" "$mark"
		[ -z "$mark" ] || exit 1
	done || failed=1
done
echo "$n cases"
[ "$n" -gt 0 ] || failed=1
exit "$failed"
