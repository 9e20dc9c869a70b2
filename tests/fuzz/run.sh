#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the built fuzz targets, one after the other, SECONDS each (builds
# nothing: tests/fuzz/ci.sh builds and calls this), from the source root so
# that the CLI target reaches tests/data by relative paths. The corpora
# grow in BUILD/tests/fuzz/corpus/TARGET, seeded by seeds.sh; a crash,
# leak or timeout leaves its input in BUILD/tests/fuzz/artifacts/TARGET/
# and makes the exit status 1. Prints one line per target: executions,
# executions/s, coverage (libFuzzer's cov: edges), corpus size, and
# appends the same, with the date, commit, ft: features, the corpus on
# disk and each target's executions over every recorded run, as rows of
# docs/fuzz-runs.md (VFPLAN_FUZZ_RUNS: another file, or none), so that the
# goal of 10^7 executions per target counts across runs.
#
# VFPLAN_FUZZ_SEED fixes libFuzzer's -seed (tests/fuzz/ci.sh fixes it, so
# that CI's short run repeats the one a developer ran from the same
# corpus); unset, each run draws its own.
#
#   tests/fuzz/run.sh SECONDS [TARGET...]   (VFPLAN_FUZZ_BUILD: build-fuzz)
set -u
cd "$(dirname "$0")/../.."
seconds=${1:?usage: tests/fuzz/run.sh SECONDS [TARGET...]}
shift
build=${VFPLAN_FUZZ_BUILD:-build-fuzz}
dir=$build/tests/fuzz
all="request hf hf_generic gguf safetensors db calib calib_raw nccl topo cli http
	diffusers doctor"
targets=${*:-$all}

for t in $targets; do
	if [ ! -x "$dir/fuzz_$t" ]; then
		echo "fuzz: $dir/fuzz_$t is not built (tests/fuzz/ci.sh builds it)" >&2
		exit 2
	fi
done
rm -rf "$dir/seeds"
tests/fuzz/seeds.sh . "$dir/seeds" "$build/vfplan" >/dev/null || exit 2

# LeakSanitizer on (libFuzzer's -detect_leaks=1 default), UBSan fatal
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
runs=${VFPLAN_FUZZ_RUNS-docs/fuzz-runs.md}
[ "$runs" = none ] && runs=
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -n "$(git status --porcelain -- src tests/fuzz 2>/dev/null)" ] &&
	commit="$commit+"

# The YAML readers refuse flow nesting past 64 levels (src/base/
# yaml_depth.c): their inputs may be long enough to reach it and more;
# the largest seed when that is longer (libFuzzer's own default).
max_len() { # target
	local n=4096 big
	case $1 in db | calib | calib_raw) n=16384 ;; esac
	big=$(find "$dir/seeds/$1" "$dir/corpus/$1" -type f -printf '%s\n' \
		2>/dev/null |
		sort -n | tail -1)
	[ "${big:-0}" -gt "$n" ] && n=$big
	echo "$n"
}

# One row of $runs: the run's figures and the target's executions over
# every row so far, this one included.
record() { # target seconds execs speed cov ft result
	local files bytes total
	[ -n "$runs" ] || return 0
	if [ ! -f "$runs" ]; then
		{ echo "# Fuzzing runs, appended by tests/fuzz/run.sh"
		  echo
		  echo "One row per target and run (docs/reliability.md explains the targets)."
		  echo "\"all runs\" sums the target's executions over the rows above it and its"
		  echo "own: the goal is 10^7 with no finding. cov and ft are libFuzzer's covered"
		  echo "edges and features at the end of the run; the corpus is the one on disk."
		  echo
		  echo "| date (UTC) | commit | target | seconds | executions | exec/s | cov | ft | corpus files | corpus bytes | result | all runs |"
		  echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
		} >"$runs"
	fi
	files=$(find "$dir/corpus/$1" -type f | wc -l)
	bytes=$(find "$dir/corpus/$1" -type f -printf '%s\n' |
		awk '{s += $1} END {print s + 0}')
	total=$(awk -F'|' -v t="\`$1\`" -v n="${3:-0}" '
		$4 ~ "^ *" t " *$" {gsub(/[ ,]/, "", $6); s += $6}
		END {printf "%d", s + n}' "$runs")
	printf '| %s | %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
		"$(date -u '+%Y-%m-%d %H:%M')" "$commit" "$1" "$2" "${3:-?}" \
		"${4:-?}" "${5:-?}" "${6:-?}" "$files" "$bytes" \
		"$(printf '%s' "$7" | tr '|' '/')" "$total" >>"$runs"
}

seed=
[ -n "${VFPLAN_FUZZ_SEED:-}" ] && seed="-seed=$VFPLAN_FUZZ_SEED"

failed=0
printf '%-10s %12s %8s %6s %7s  %s\n' target executions exec/s cov corpus result
for t in $targets; do
	dict=tests/fuzz/$t.dict
	[ "$t" = calib_raw ] && dict=tests/fuzz/calib.dict
	[ "$t" = hf_generic ] && dict=tests/fuzz/hf.dict
	len=$(max_len "$t")
	mkdir -p "$dir/corpus/$t" "$dir/artifacts/$t" "$dir/logs"
	log=$dir/logs/$t.log
	"$dir/fuzz_$t" "$dir/corpus/$t" "$dir/seeds/$t" -dict="$dict" \
		-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-max_len="$len" \
		-print_final_stats=1 -artifact_prefix="$dir/artifacts/$t/" \
		$seed >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	corp=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	result=ok
	if [ "$rc" != 0 ]; then
		result="FAILED (exit $rc): $(grep -m1 -E '^fuzz: |ERROR: |SUMMARY: |runtime error' "$log" | cut -c1-160)"
		result="$result; input in $dir/artifacts/$t/, log $log"
		failed=1
	fi
	printf '%-10s %12s %8s %6s %7s  %s\n' "$t" "${execs:-?}" "${speed:-?}" \
		"${cov:-?}" "${corp:-?}" "$result"
	record "$t" "$seconds" "$execs" "$speed" "$cov" "$ft" "$result"
done
exit "$failed"
