#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The second outside campaign's reproducers (issue 36; the campaign's
# replay of main at 82699ec, copied to tests/data/crashes-2/), replayed as a
# user types them: each gives one line and exit 2, or the documented
# answer, and none runs long. The service's own rows (R2 token line, R3
# libmicrohttpd's answers, R4 keep-alive, R12 slow clients) are asserted by
# check_serve (tests/check_serve_guard.c) and serve_slowloris.
#   crashes2_test.sh PATH/TO/vfplan SOURCE_DIR
set -u
exe="$1"
src="$2"
in="$src/tests/data/crashes-2"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS
export XDG_CONFIG_HOME="$dir/no-config"
cd "$src" || exit 1
failed=0
passed=0

# run NAME COMMAND...: runs it with a limit far above what a linear reader
# needs (the quadratic YAML scanner took 6-35 s on these inputs); its
# seconds are printed, the limit is not a speed test
run() {
	local name="$1" t0 t1
	shift
	t0=$(date +%s%N)
	timeout 20 "$@" </dev/null >"$dir/out" 2>"$dir/err"
	rc=$?
	t1=$(date +%s%N)
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
	echo "$name: exit $rc in $secs s: $(head -c 200 "$dir/err" | head -n 1)"
}

fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

# refused NAME PATTERN COMMAND...: one 'vfplan: ...' line matching PATTERN
# (a grep -E expression), exit 2
refused() {
	local name="$1" want="$2"
	shift 2
	run "$name" "$@"
	if [ "$rc" != 2 ]; then
		fail "$name: exit $rc, expected 2"
	elif [ "$(wc -l <"$dir/err")" != 1 ] || ! grep -q '^vfplan: ' "$dir/err"; then
		fail "$name: expected one 'vfplan: ...' line on stderr:"
		head -n 5 "$dir/err"
	elif ! grep -qE "$want" "$dir/err"; then
		fail "$name: stderr does not say /$want/"
	else
		passed=$((passed + 1))
	fi
}

# R1 (D1): a newline in the --plot name must not run gnuplot's '!'
mkdir -p "$dir/r1"
(cd "$dir/r1" && refused "R1 --plot name with a newline" 'control character' \
	"$exe" --model 8B --gpus 1xH100 --plot $'a\n!touch pwned\n.png')
[ ! -e "$dir/r1/pwned" ] || fail "R1: gnuplot ran the name's '!touch pwned'"

# R5 (D7): a duplicate key in a request
refused "R5 request with a duplicate key" "duplicate object key near '\"model\"'" \
	"$exe" request --no-config "$(cat "$in/request-duplicate-keys.json")"

# R6 (D8): -o into a missing folder: the reason, no warning before it
refused "R6 from-nccl-tests -o into a missing folder" \
	"cannot write '.*/no/such/dir/o.yaml': No such file or directory" \
	"$exe" calibrate from-nccl-tests \
	tests/data/calibration/nccl-tests-all_reduce-2xA6000.txt \
	-o "$dir/no/such/dir/o.yaml"

# R7 (D9): config.yaml 'currency:' with no value
XDG_CONFIG_HOME="$in/config-empty-value" refused "R7 config.yaml empty value" \
	"config.yaml:1:1: 'currency' needs a value" \
	"$exe" --model 8B --gpus 1xH100

# R8 (D10): a header cell GPUx is no NIC
refused "R8 topo header cell GPUx" "1:7: header cell 'GPUx' is not a GPU name" \
	"$exe" topo "$in/topo-gpu-like-nic.txt"

# R9 (D12): an address that does not exist is not 'beyond loopback'
refused "R9 serve --bind 999.1.1.1" 'is not an address to listen on' \
	"$exe" serve --no-config --bind 999.1.1.1 --port 18473

# R10 (D2): flow nesting refused before libyaml sees it, at every reader;
# 500,000 levels (1 MB) took libyaml minutes
python3 -c "import sys; n = 500000; sys.stdout.write('offers: ' + '[' * n + ']' * n + '\n')" \
	>"$dir/deep-1m.yaml"
deep="$in/yaml-deep-flow-64k.yaml"
refused "R10 --offers 64k levels" 'nesting deeper than 64' \
	"$exe" offers --no-config --offers "$deep"
refused "R10 --offers 500k levels (1 MB)" 'nesting deeper than 64' \
	"$exe" offers --no-config --offers "$dir/deep-1m.yaml"
refused "R10 --model 64k levels" 'nesting deeper than 64' \
	"$exe" --model "$deep" --gpus 1xH100
refused "R10 --calibration 64k levels" 'nesting deeper than 64' \
	"$exe" --model 8B --gpus 1xH100 --calibration "$deep"

# R11 (D13): a model file is read for calibrate from-run and image --llm
run "R11 calibrate from-run --model config.json" "$exe" calibrate from-run \
	--model tests/data/hf/llama-llama-3.1-8b.json --gpus 4xH100 \
	--step-seconds 0.6 --peak-memory-gib 40 -o "$dir/fr.yaml"
if [ "$rc" = 0 ] && grep -q 'calibration' "$dir/fr.yaml" 2>/dev/null; then
	passed=$((passed + 1))
else
	fail "R11 from-run: exit $rc, or no calibration written"
fi
run "R11 image --llm config.json" "$exe" image --model flux.1-dev \
	--gpus 2xRTX4090 --llm tests/data/hf/llama-llama-3.1-8b.json
if [ "$rc" = 0 ] && grep -qi 'llama' "$dir/out"; then
	passed=$((passed + 1))
else
	fail "R11 image --llm: exit $rc, or the answer does not name the LLM"
fi

# R13 (D14): an error band is a fraction below 1
mkdir -p "$dir/data"
cp -r hwdb models "$dir/data/"
sed -i 's/^\(\s*\)memory_error_band:.*/\1memory_error_band: 1.5/' \
	"$dir/data/hwdb/defaults.yaml"
refused "R13 memory_error_band: 1.5" 'memory_error_band' \
	"$exe" --data "$dir/data" --model 8B --gpus 4xH100 --strategy zero3 --json

echo "crashes-2: $passed passed, $failed failed"
[ "$failed" = 0 ]
