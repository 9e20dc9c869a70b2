#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Keeps what the runs' corpora gained over the seeds, minimised: libFuzzer
# -merge=1 of BUILD/tests/fuzz/corpus/TARGET into a copy of the seeds
# (seeds.sh's, which run.sh left in BUILD/tests/fuzz/seeds/TARGET, earlier
# gains included); the inputs the merge added (each new coverage over the
# seeds) are copied to tests/fuzz/seeds/TARGET (request: request_gained),
# which seeds.sh copies into every later run's seeds. Commit them with the
# rows run.sh appended to docs/fuzz-runs.md.
#
#   tests/fuzz/merge_gains.sh TARGET...   (VFPLAN_FUZZ_BUILD: build-fuzz)
set -eu
cd "$(dirname "$0")/../.."
build=${VFPLAN_FUZZ_BUILD:-build-fuzz}
dir=$build/tests/fuzz
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
for t in "$@"; do
	keep=tests/fuzz/seeds/$t
	[ "$t" = request ] && keep=tests/fuzz/seeds/request_gained
	if [ ! -d "$dir/seeds/$t" ] || [ ! -d "$dir/corpus/$t" ]; then
		echo "$t: no seeds or corpus in $dir (run.sh first)" >&2
		exit 2
	fi
	work=$(mktemp -d)
	cp "$dir/seeds/$t"/. "$work/" -r
	(cd "$work" && ls -A) | sort >"$work.before"
	len=$(find "$work" "$dir/corpus/$t" -type f -printf '%s\n' |
		sort -n | tail -1)
	if ! "$dir/fuzz_$t" -merge=1 -timeout=10 -rss_limit_mb=2048 \
		-max_len="${len:-4096}" "$work" "$dir/corpus/$t" \
		>"$dir/logs/$t-merge.log" 2>&1; then
		echo "$t: the merge failed, log $dir/logs/$t-merge.log" >&2
		exit 1
	fi
	mkdir -p "$keep"
	n=0
	for f in "$work"/*; do
		if ! grep -qxF "$(basename "$f")" "$work.before"; then
			cp "$f" "$keep/"
			n=$((n + 1))
		fi
	done
	echo "$t: $n inputs gained over the seeds, in $keep"
	rm -rf "$work" "$work.before"
done
