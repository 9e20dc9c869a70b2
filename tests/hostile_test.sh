#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The CLI under hostile conditions (issue 16, item 7): a closed or full
# stdout, a reader that goes away (SIGPIPE), files that cannot be read, are
# directories, are 100 MB or hold NUL bytes (every option that takes a
# file), numbers out of range (every numeric option), a --plot target that
# is a directory and a gnuplot that fails. Each bad input must give exactly
# one line on stderr and exit 2, in bounded time; SIGPIPE a quiet exit.
#   hostile_test.sh PATH/TO/vfplan SOURCE_DIR
set -u
exe="$1"
src="$2"
dir=$(mktemp -d)
trap 'chmod -R u+rwx "$dir"; rm -rf "$dir"' EXIT
chmod 755 "$dir" # the unreadable cases run as nobody when we are root
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS
XDG_CONFIG_HOME="$dir/no-config"
export XDG_CONFIG_HOME
cd "$src" || exit 1
failed=0
passed=0

fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

# run OUT_REDIRECT COMMAND...: runs it with a time limit; sets rc, err
run() {
	local to="$1"
	shift
	case $to in
	closed) timeout 60 "$@" </dev/null 2>"$dir/err" >&- ;;
	full) timeout 60 "$@" </dev/null 2>"$dir/err" >/dev/full ;;
	*) timeout 60 "$@" </dev/null 2>"$dir/err" >"$dir/out" ;;
	esac
	rc=$?
	err=$(cat "$dir/err")
}

# check WANT_LINE: exit 2 and one line (exactly WANT_LINE unless "")
check() {
	local want="$1" what="$2" lines
	lines=$(wc -l <"$dir/err")
	if [ "$rc" = 124 ]; then
		fail "$what: still running after 60 s"
	elif [ "$rc" != 2 ]; then
		fail "$what: exit $rc, expected 2 (stderr: $(head -c 300 "$dir/err"))"
	elif [ "$lines" != 1 ] || [ "${err#vfplan: }" = "$err" ]; then
		fail "$what: $lines lines on stderr, expected one 'vfplan: ...':"
		head -n 5 "$dir/err"
	elif [ -n "$want" ] && [ "$err" != "$want" ]; then
		fail "$what: stderr '$err', expected '$want'"
	else
		passed=$((passed + 1))
	fi
}

# bad WANT_LINE COMMAND...: bad input, stdout a file
bad() {
	local want="$1"
	shift
	run file "$exe" "$@"
	check "$want" "$*"
}

# ---- stdout closed (>&-) or full (/dev/full): an error exit ----
out_cases=(
	"--model 8B --gpus 4xH100"
	"--model 8B --gpus 4xH100 --json"
	"models"
	"offers --json"
	"gpus --csv"
	"launch --emit deepspeed --model 8B --gpus 4xH100 --strategy zero3"
	"topo tests/data/topo/dgx-a100.txt"
	"infer --model 8B --gpus 1xH100"
	"scaling --model 1B --gpu RTX4090 --max 4"
	"rent --model 8B --tokens 1e9 --top 3"
	"man"
	"--help"
)
for c in "${out_cases[@]}"; do
	# shellcheck disable=SC2086 # the words of the command
	run closed "$exe" $c
	check "vfplan: cannot write the output: Bad file descriptor" \
		"$c >&-"
	if [ -w /dev/full ]; then
		# shellcheck disable=SC2086
		run full "$exe" $c
		check "vfplan: cannot write the output: No space left on device" \
			"$c >/dev/full"
	fi
done
# a failing command with a closed stdout says its own line only
run closed "$exe" --model nope --gpus 1xH100 --json
check "" "a bad model, --json, >&-"

# ---- SIGPIPE: the reader goes away; a quiet exit ----
# offers --json is 150 kB, more than a pipe holds: the write must fail
sigpipe() { # label: with SIGPIPE as inherited
	local st
	"$exe" offers --json 2>"$dir/err" | head -c 1 >/dev/null
	st=${PIPESTATUS[0]}
	if [ "$st" != 141 ] || [ -s "$dir/err" ]; then
		fail "$1: exit $st (expected 141, killed by SIGPIPE), stderr" \
			"'$(cat "$dir/err")'"
		return 1
	fi
	passed=$((passed + 1))
}
sigpipe "offers --json | head -c 1"
# ignored (as a parent may leave it): the write fails with EPIPE instead
if (trap '' PIPE && sigpipe "offers --json | head -c 1, SIGPIPE ignored")
then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
fi
"$exe" offers 2>"$dir/err" | head -n 1 >/dev/null
st=${PIPESTATUS[0]}
if { [ "$st" = 0 ] || [ "$st" = 141 ]; } && [ ! -s "$dir/err" ]; then
	passed=$((passed + 1))
else
	fail "offers | head -1: exit $st, stderr '$(cat "$dir/err")'"
fi

# ---- files: a directory, 100 MB, NUL bytes, unreadable ----
for ext in json yaml gguf txt; do
	mkdir "$dir/dir.$ext"
	truncate -s 100M "$dir/big.$ext" # sparse: no disk used
	printf '{"a": 1,\0 "b": 2}\n' >"$dir/nul.$ext"
	echo '{}' >"$dir/unreadable.$ext"
	chmod 000 "$dir/unreadable.$ext"
done
# a real text with a NUL in the middle (the rows after it must not be lost)
with_nul() { # source destination
	local n
	n=$(wc -c <"$1")
	{ head -c $((n / 2)) "$1"; printf '\0'; tail -c +$((n / 2 + 1)) "$1"; } >"$2"
}
nccl=tests/data/calibration/nccl-tests-all_reduce-2xA6000.txt
topo=tests/data/topo/dgx-a100.txt
with_nul "$nccl" "$dir/nccl-nul.txt"
with_nul "$topo" "$dir/topo-nul.txt"
nccl_nul_at=$(($(wc -c <"$nccl") / 2))
topo_nul_at=$(($(wc -c <"$topo") / 2))

# unreadable WANT COMMAND...: root reads anything, so this case runs
# as nobody (skipped where that cannot be done)
unreadable() { # want command...
	local want="$1"
	shift
	if [ "$(id -u)" != 0 ]; then
		bad "$want" "$@"
	elif command -v setpriv >/dev/null && [ -x "$exe" ]; then
		run file setpriv --reuid=nobody --regid=nogroup --clear-groups \
			"$exe" "$@"
		check "$want" "as nobody: $*"
	fi
}

# every reader, each hostile file
for ext in json yaml gguf; do
	for f in dir big nul; do
		bad "" --model "$dir/$f.$ext" --gpus 1xH100
	done
	unreadable "" --model "$dir/unreadable.$ext" --gpus 1xH100
done
bad "" infer --model "$dir/big.json" --gpus 1xH100
bad "" models --yaml "$dir/nul.json"
for f in big nul; do
	bad "" offers --offers "$dir/$f.yaml"
	bad "" rent --model 8B --tokens 1e9 --offers "$dir/$f.yaml"
	bad "" --model 8B --gpus 1xH100 --calibration "$dir/$f.yaml"
	bad "" calibrate fit "$dir/$f.yaml" -o "$dir/o.yaml"
	bad "" validate "$dir/$f.yaml"
	bad "" models --data "$dir/$f.yaml"
done
bad "" --model 8B --gpus 1xH100 --calibration "$dir/dir.yaml"
bad "" calibrate fit "$dir/dir.yaml" -o "$dir/o.yaml"
bad "" validate "$dir/dir.yaml"
unreadable "" offers --offers "$dir/unreadable.yaml"
unreadable "" --model 8B --gpus 1xH100 --calibration "$dir/unreadable.yaml"
unreadable "" calibrate fit "$dir/unreadable.yaml" -o "$dir/o.yaml"
# a data folder whose models/ holds such files
for f in big nul; do
	mkdir -p "$dir/data-$f/models" "$dir/data-$f/hwdb"
	cp --sparse=always "$dir/$f.yaml" "$dir/data-$f/models/m.yaml"
	bad "" models --data "$dir/data-$f"
done

# the CLI's own readers: topo, nccl-tests text, the request, the config
for cmd in "topo" "--model 8B --gpus 2xH100 --topo"; do
	# shellcheck disable=SC2086
	bad "vfplan: cannot read $dir/dir.txt: Is a directory" $cmd "$dir/dir.txt"
	# shellcheck disable=SC2086
	bad "vfplan: cannot read $dir/big.txt: larger than the 1 MiB limit" \
		$cmd "$dir/big.txt"
	# shellcheck disable=SC2086
	bad "vfplan: $dir/topo-nul.txt: a NUL byte at offset $topo_nul_at: not a text file" \
		$cmd "$dir/topo-nul.txt"
	# shellcheck disable=SC2086
	unreadable "vfplan: cannot read $dir/unreadable.txt: Permission denied" \
		$cmd "$dir/unreadable.txt"
done
nccl_cmd=(calibrate from-nccl-tests)
bad "vfplan: cannot read $dir/dir.txt: Is a directory" \
	"${nccl_cmd[@]}" "$dir/dir.txt" -o "$dir/o.yaml"
bad "vfplan: cannot read $dir/big.txt: larger than the 16 MiB limit" \
	"${nccl_cmd[@]}" "$dir/big.txt" -o "$dir/o.yaml"
bad "vfplan: $dir/nccl-nul.txt: a NUL byte at offset $nccl_nul_at: not a text file" \
	"${nccl_cmd[@]}" "$dir/nccl-nul.txt" -o "$dir/o.yaml"
# -o /dev/null: nobody cannot write into $dir, and -o is checked first
unreadable "vfplan: cannot read $dir/unreadable.txt: Permission denied" \
	"${nccl_cmd[@]}" "$dir/unreadable.txt" -o /dev/null

request() { # want file: `vfplan request` with the file on stdin
	timeout 60 "$exe" request <"$2" >"$dir/out" 2>"$dir/err"
	rc=$?
	err=$(cat "$dir/err")
	check "$1" "request < $2"
}
request "vfplan: cannot read standard input: Is a directory" "$dir/dir.json"
request "vfplan: cannot read standard input: larger than the 16 MiB limit" \
	"$dir/big.json"
request "vfplan: standard input: a NUL byte at offset 8: not a text file" \
	"$dir/nul.json"
echo 'nope' >"$dir/not-json"
request "" "$dir/not-json"

config() { # want kind: config.yaml as that kind of hostile file
	local home="$dir/config-$2"
	mkdir -p "$home/vfplan"
	if [ "$2" = dir ]; then
		mkdir "$home/vfplan/config.yaml"
	else
		cp --sparse=always "$dir/$2.yaml" "$home/vfplan/config.yaml"
	fi
	XDG_CONFIG_HOME="$home" run file "$exe" models
	check "$1" "models with a config.yaml that is $2"
}
config "vfplan: cannot read $dir/config-dir/vfplan/config.yaml: Is a directory" dir
config "vfplan: cannot read $dir/config-big/vfplan/config.yaml: larger than the 64 KiB limit" big
config "" nul

bad "vfplan: --token-file $dir/dir.txt: Is a directory" \
	serve --port 0 --token-file "$dir/dir.txt"

# ---- numbers out of range: before any arithmetic ----
bad "vfplan: --seq must be a whole number between 1 and 16777216, not '1e30'" \
	--model 8B --gpus 4xH100 --seq 1e30
bad "vfplan: GPUs per node must be between 1 and 1024, not 1e+08" \
	--model 8B --gpus 100000000xH100
bad "vfplan: --micro-batch must be a whole number between 1 and 65536, not '99999999999'" \
	--model 8B --gpus 4xH100 --micro-batch 99999999999
bad "vfplan: --steps 1e18 makes 6.55e+22 tokens to train on: more than the 1e+18 limit" \
	rent --model 8B --steps 1e18
bad "vfplan: --epochs 1e9 makes 1e+21 tokens to train on: more than the 1e+18 limit" \
	rent --model 8B --epochs 1e9 --dataset-tokens 1e12
bad "vfplan: --peak-memory-gib must be a positive number up to 1e+06, not '1e30'" \
	calibrate from-run --model 8B --gpus 4xH100 --step-seconds 1 \
	--peak-memory-gib 1e30 -o "$dir/o.yaml"
bad "vfplan: --filter: count is compared with a number, not 'nan'" \
	offers --filter "count>=nan"
for g in 0xH100 -1xH100 4294967297xH100 99999999999999999999xH100 nanxH100 \
	4x; do
	bad "" --model 8B --gpus "$g"
	bad "" infer --model 8B --gpus "$g"
	bad "" calibrate from-run --model 8B --gpus "$g" --step-seconds 1 \
		-o "$dir/o.yaml"
done
job_numbers="nodes tokens seq micro-batch grad-accum global-batch doc-len
	images image-tokens lora lora-dropout tp pp virtual-stages ep shard-size
	reduce-bucket host-ram reserve cpu-cores-per-gpu power-limit price"
for v in 1e30 99999999999999999999999 -1 nan; do
	for o in $job_numbers; do
		bad "" --model 8B --gpus 4xH100 --"$o" "$v"
	done
	for o in max seq micro-batch tp; do
		bad "" scaling --model 1B --gpu H100 --"$o" "$v"
	done
	for o in context concurrency tp pp max-num-seqs max-num-batched-tokens \
		ubatch-size prompt-tokens output-tokens ngl price; do
		bad "" infer --model 8B --gpus 1xH100 --"$o" "$v"
	done
	for o in tokens steps top kept-checkpoints seq micro-batch; do
		bad "" rent --model 8B --"$o" "$v"
	done
	for o in context concurrency tokens-per-second; do
		bad "" rent --serve --model 8B --"$o" "$v"
	done
	for o in gpus nodes; do
		bad "" calibrate from-nccl-tests "$nccl" --"$o" "$v" -o "$dir/o.yaml"
	done
	bad "" calibrate from-run --model 8B --gpus 4xH100 --step-seconds "$v" \
		-o "$dir/o.yaml"
	bad "" launch --emit deepspeed --model 8B --gpus 4xH100 --seq "$v"
	bad "" serve --port "$v"
	bad "" serve --port 0 --threads "$v"
done

# ---- what the user typed is quoted on one line ----
bad "vfplan: unknown GPU 'H1\\n00' (did you mean 'H100'?); 'vfplan gpus' lists them" \
	--model 8B --gpus $'4xH1\n00'
bad "vfplan: unknown option '--x\\ty\\xE9' for 'plan' (did you mean '--tp'?)" \
	--model 8B --gpus 4xH100 $'--x\ty\xe9'

# ---- --plot: checked before the report; gnuplot's lines are not ours ----
plan=(--model 8B --gpus 4xH100 --strategy zero3)
mkdir "$dir/picture.png"
run file "$exe" "${plan[@]}" --plot "$dir/picture.png"
check "vfplan: --plot $dir/picture.png: a directory, not a file" \
	"--plot into a directory"
[ ! -s "$dir/out" ] || fail "--plot into a directory: the report was printed"
mkdir "$dir/bin"
printf '#!/bin/sh\necho "gnuplot line 1" >&2\necho "  ^" >&2\necho "system error: it broke" >&2\nexit 1\n' \
	>"$dir/bin/gnuplot"
chmod +x "$dir/bin/gnuplot"
PATH="$dir/bin:$PATH" run file "$exe" "${plan[@]}" --plot "$dir/p.png"
check "vfplan: --plot: gnuplot could not draw $dir/p.png: system error: it broke" \
	"--plot with a gnuplot that fails"

echo "hostile: $passed passed, $failed failed"
[ $failed = 0 ]
