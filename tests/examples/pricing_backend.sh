#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Feeds requests.jsonl to the pricing_backend example and checks its answers
# against expected.txt: each line there is ANSWER<TAB>SUBSTRING (a fixed
# string that answer line must contain) or stderr<TAB>LINE (the summary).
# Also checks that there is exactly one compact answer per request.
#
#   pricing_backend.sh PATH/TO/pricing_backend tests/examples
set -u
exe="$1"
dir="$2"
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
failed=0

fail() {
	echo "pricing_backend.sh: $*" >&2
	failed=1
}

"$exe" <"$dir/requests.jsonl" >"$out" 2>"$err"
rc=$?
if [ "$rc" -ne 0 ]; then
	fail "$exe exited with status $rc (stderr: $(cat "$err"))"
fi

requests=$(grep -c '[^[:space:]]' "$dir/requests.jsonl")
answers=$(wc -l <"$out")
if [ "$answers" -ne "$requests" ]; then
	fail "$answers answer lines for $requests requests"
fi

while IFS=$'\t' read -r n want; do
	case "$n" in '' | '#'*) continue ;; esac
	if [ "$n" = stderr ]; then
		got=$(cat "$err")
		[ "$got" = "$want" ] || fail "stderr is '$got', expected '$want'"
		continue
	fi
	line=$(sed -n "${n}p" "$out")
	if ! grep -qF -- "$want" <<<"$line"; then
		fail "answer $n lacks $want"
		echo "  answer $n: $line" >&2
	fi
done <"$dir/expected.txt"

if [ "$failed" -ne 0 ]; then
	exit 1
fi
echo "pricing_backend.sh: $answers answers as expected"
