#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# compare_answers.sh OLD_BUILD NEW_BUILD - the 38 everyday jobs of
# tests/advice/everyday_jobs.h (the ones that do not fit) answered by two
# builds, as text, --json, --explain and with --max-micro-batch --max-seq,
# and 13 serving jobs that do not fit (`vfplan infer`, text and --json):
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
# serving jobs that do not fit, whose advice plans its trials numbers only
# (infer_advice.c, vfp__infer_trial): each engine, as text and --json
while IFS= read -r flags; do
	for extra in "" "--json"; do
		# shellcheck disable=SC2086
		"$old" infer $flags $extra > "$tmp/old" 2>&1; a=$?
		# shellcheck disable=SC2086
		"$new" infer $flags $extra > "$tmp/new" 2>&1; b=$?
		n=$((n + 1))
		if [ $a -ne $b ] || ! cmp -s "$tmp/old" "$tmp/new"; then
			bad=$((bad + 1))
			echo "DIFFERS: vfplan infer $flags $extra (exit $a, $b)"
			diff "$tmp/old" "$tmp/new" | head -5
		fi
	done
done <<'EOF_SERVE'
--model llama-3.1-70b --gpus 2xA100-40
--model llama-3.1-70b --gpus 1xA100-80
--model llama-3.1-70b --gpus 1xRTX4090 --engine llamacpp
--model llama-3.1-70b --gpus 1xRTX4090 --engine ollama
--model llama-3.1-70b --gpus 2xL4 --engine sglang
--model llama-3.1-70b --gpus 2xL4 --engine tgi
--model llama-3.1-8b --gpus 1xRTX3060 --context 200000
--model llama-3.1-8b --gpus 1xT4 --concurrency 64
--model qwen2.5-32b --gpus 1xRTX4090 --engine vllm --context 32768
--model qwen2.5-32b --gpus 1xRTX4090 --engine sglang --context 32768
--model llama-3.1-405b --gpus 8xA100-80
--model gemma-2-9b --gpus 1xRTX3060 --engine ollama --context 32768
--model mistral-7b --gpus 1xT4 --engine tgi --concurrency 32
EOF_SERVE
echo "$n answers compared, $bad differ"
[ $bad -eq 0 ]
