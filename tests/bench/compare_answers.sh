#!/bin/sh
# compare_answers.sh OLD_BUILD NEW_BUILD - the 38 everyday jobs of
# tests/advice/everyday_jobs.h (the ones that do not fit) answered by two
# builds, as text, --json, --explain and with --max-micro-batch --max-seq:
# byte for byte the same, or the first difference (issue 36: the search's
# trials compute numbers only, and no answer may change). Run on demand,
# never by ctest.
set -u
old=$1/vfplan new=$2/vfplan
jobs=$2/tests/bench/bench_advice
[ -x "$old" ] && [ -x "$new" ] && [ -x "$jobs" ] || {
	echo "usage: $0 OLD_BUILD NEW_BUILD (each with vfplan and" \
	     "tests/bench/bench_advice)" >&2
	exit 2
}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
"$jobs" --jobs > "$tmp/jobs" || exit 2
while IFS= read -r flags; do
	for extra in "" "--json" "--explain" "--max-micro-batch --max-seq"; do
		# shellcheck disable=SC2086 # the flags are words
		"$old" $flags $extra > "$tmp/old" 2>&1; a=$?
		# shellcheck disable=SC2086
		"$new" $flags $extra > "$tmp/new" 2>&1; b=$?
		n=$((n + 1))
		if [ $a -ne $b ] || ! cmp -s "$tmp/old" "$tmp/new"; then
			bad=$((bad + 1))
			echo "DIFFERS: vfplan $flags $extra (exit $a, $b)"
			diff "$tmp/old" "$tmp/new" | head -5
		fi
	done
done < "$tmp/jobs"
echo "$n answers compared, $bad differ"
[ $bad -eq 0 ]
