#!/usr/bin/env bash
# Runs the built fuzz targets, one after the other, SECONDS each (builds
# nothing: tests/fuzz/ci.sh builds and calls this), from the source root so
# that the CLI target reaches tests/data by relative paths. The corpora
# grow in BUILD/tests/fuzz/corpus/TARGET, seeded by seeds.sh; a crash,
# leak or timeout leaves its input in BUILD/tests/fuzz/artifacts/TARGET/
# and makes the exit status 1. Prints one line per target: executions,
# executions/s, coverage (libFuzzer's cov: edges), corpus size.
#
#   tests/fuzz/run.sh SECONDS [TARGET...]   (VFPLAN_FUZZ_BUILD: build-fuzz)
set -u
cd "$(dirname "$0")/../.."
seconds=${1:?usage: tests/fuzz/run.sh SECONDS [TARGET...]}
shift
build=${VFPLAN_FUZZ_BUILD:-build-fuzz}
dir=$build/tests/fuzz
all="request hf hf_generic gguf safetensors db calib calib_raw nccl topo cli http"
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
failed=0
printf '%-10s %12s %8s %6s %7s  %s\n' target executions exec/s cov corpus result
for t in $targets; do
	dict=tests/fuzz/$t.dict
	[ "$t" = calib_raw ] && dict=tests/fuzz/calib.dict
	[ "$t" = hf_generic ] && dict=tests/fuzz/hf.dict
	mkdir -p "$dir/corpus/$t" "$dir/artifacts/$t" "$dir/logs"
	log=$dir/logs/$t.log
	"$dir/fuzz_$t" "$dir/corpus/$t" "$dir/seeds/$t" -dict="$dict" \
		-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$dir/artifacts/$t/" \
		>"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	corp=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	result=ok
	if [ "$rc" != 0 ]; then
		result="FAILED (exit $rc): $(grep -m1 -E '^fuzz: |ERROR: |SUMMARY: |runtime error' "$log" | cut -c1-160)"
		result="$result; input in $dir/artifacts/$t/, log $log"
		failed=1
	fi
	printf '%-10s %12s %8s %6s %7s  %s\n' "$t" "${execs:-?}" "${speed:-?}" \
		"${cov:-?}" "${corp:-?}" "$result"
done
exit "$failed"
