#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `vfplan doctor` running the machine's tools (no --from): a stand-in
# nvidia-smi on PATH (tests/data/doctor/fake-tools) that answers, hangs or
# fails; no nvidia-smi at all; --save writing what was run; --nccl's
# command with and without nccl-tests, and the guide's script run on a
# stand-in torch whose output the doctor reads back.
#
#   tests/doctor_run_test.sh build/vfplan tests
set -u
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tests=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }
export XDG_CONFIG_HOME="$tmp/config"
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS
topo="$tests/data/topo/hgx-h100-nics.txt"
plan="--model 8B --gpus 8xH100 --strategy zero3"

# the host's df and nproc beside the fake nvidia-smi, nothing else
mkdir -p "$tmp/bin" "$tmp/bare"
for t in df nproc sleep cat sh; do
	p=$(command -v "$t") && ln -s "$p" "$tmp/bare/$t"
done
cp -P "$tmp/bare/"* "$tmp/bin/"
ln -s "$tests/data/doctor/fake-tools/nvidia-smi" "$tmp/bin/nvidia-smi"

# 1. nvidia-smi answers: its topo -m is saved as topo.txt, byte for byte
# shellcheck disable=SC2086
PATH="$tmp/bin" DOCTOR_FAKE_TOPO="$topo" "$exe" doctor $plan \
	--save "$tmp/saved" --json >"$tmp/out" 2>"$tmp/err"
cmp -s "$topo" "$tmp/saved/topo.txt" || fail "topo -m not saved as topo.txt"
[ -s "$tmp/saved/df-shm.txt" ] || fail "df -k /dev/shm not saved"
[ -s "$tmp/saved/nproc.txt" ] || fail "nproc not saved"
[ -e "$tmp/saved/smi-q.xml" ] && fail "an empty nvidia-smi -q -x was saved"
# the folder saved reads back as --from reads it
# shellcheck disable=SC2086
"$exe" doctor --from "$tmp/saved" $plan --json >"$tmp/out2" 2>/dev/null
cmp -s "$tmp/out" "$tmp/out2" || fail "--save then --from answers differently"

# 2. nvidia-smi hangs: stopped at --timeout, the other three not run
start=$(date +%s)
# shellcheck disable=SC2086
PATH="$tmp/bin" DOCTOR_FAKE_SMI=hang DOCTOR_FAKE_PIDFILE="$tmp/pid" "$exe" doctor $plan --timeout 1 \
	--save "$tmp/hang" >/dev/null 2>"$tmp/err"
rc=$?
took=$(($(date +%s) - start))
[ "$took" -le 5 ] || fail "a hanging nvidia-smi took ${took} s (limit 1 s)"
grep -q "'nvidia-smi -q -x' ran past 1 s and was stopped" "$tmp/err" ||
	fail "no note of the hang: $(cat "$tmp/err")"
[ "$(grep -c "not run: nvidia-smi hung before" "$tmp/err")" = 3 ] ||
	fail "nvidia-smi run again after it hung: $(cat "$tmp/err")"
[ -e "$tmp/hang/smi-q.xml" ] && fail "a stopped tool's output was kept"
[ "$rc" = 0 ] || [ "$rc" = 2 ] || fail "hang: exit $rc"
[ -s "$tmp/pid" ] || fail "the stand-in never hung"
kill -0 "$(cat "$tmp/pid")" 2>/dev/null && fail "the hanging tool was left running"

# 3. nvidia-smi fails (no driver): its message is kept, its status said
# shellcheck disable=SC2086
PATH="$tmp/bin" DOCTOR_FAKE_SMI=fail "$exe" doctor $plan \
	--save "$tmp/fail" >/dev/null 2>"$tmp/err"
grep -q "'nvidia-smi -q -x' exited with status 9" "$tmp/err" ||
	fail "no note of the exit status: $(cat "$tmp/err")"
grep -q "couldn't communicate with the NVIDIA driver" "$tmp/fail/smi-q.xml" ||
	fail "the failing tool's message was not kept"

# 4. no nvidia-smi at all: nothing of it saved, no note (the answer says)
# shellcheck disable=SC2086
PATH="$tmp/bare" "$exe" doctor $plan --save "$tmp/bare-out" \
	>/dev/null 2>"$tmp/err"
ls "$tmp/bare-out"/smi-q.* "$tmp/bare-out"/topo.txt >/dev/null 2>&1 &&
	fail "files of a tool that is not there"
grep -q "nvidia-smi" "$tmp/err" && fail "a note for a missing tool: $(cat "$tmp/err")"

# 5. --nccl: nccl-tests when installed, else the guide's script
printf '#!/bin/sh\n' >"$tmp/bin/all_reduce_perf"
chmod +x "$tmp/bin/all_reduce_perf"
got=$(cd "$tmp" && PATH="$tmp/bin" "$exe" doctor --nccl --gpus 8xH100 2>/dev/null)
[ "$got" = "all_reduce_perf -b 8M -e 1G -f 2 -g 8 > nccl.txt" ] ||
	fail "--nccl with nccl-tests: $got"
got=$(cd "$tmp" && PATH="$tmp/bare" "$exe" doctor --nccl 2>/dev/null)
# shellcheck disable=SC2016 # the $(...) is printed, not run
[ "$got" = 'torchrun --nproc_per_node=$(nvidia-smi -L | wc -l) vfplan-nccl-check.py > nccl.txt' ] ||
	fail "--nccl without nccl-tests: $got"
[ -s "$tmp/vfplan-nccl-check.py" ] || fail "the script was not written"

# 6. the script, run on a stand-in torch (4 ranks, 10 ms an all-reduce of
# 1 GiB), prints a row the doctor reads: algbw 1073741824 B / 0.01 s =
# 107.37 GB/s, busbw = algbw x 2 (4 - 1) / 4 = 161.06 GB/s
mkdir -p "$tmp/py/torch"
cat >"$tmp/py/torch/__init__.py" <<'PY'
import time
bfloat16 = "bf16"
class _T:
    def __init__(self, n): self.n = n
    def numel(self): return self.n
    def element_size(self): return 2
def ones(n, dtype=None, device=None): return _T(n)
class cuda:
    def set_device(r): pass
    def synchronize(): pass
    def get_device_name(r): return "NVIDIA GeForce RTX 4090"
PY
cat >"$tmp/py/torch/distributed.py" <<'PY'
import time, torch
clock = [0.0]
time.time = lambda: clock[0]
def init_process_group(b): pass
def all_reduce(x): clock[0] += 0.01
def get_world_size(): return 4
def all_gather_object(out, o):
    for i in range(len(out)): out[i] = (100 + i, "host", i, o[3])
def destroy_process_group(): pass
PY
(cd "$tmp" && LOCAL_RANK=0 PYTHONPATH="$tmp/py" python3 vfplan-nccl-check.py >nccl.txt) ||
	fail "the script did not run on the stand-in torch"
got=$("$exe" doctor --nccl "$tmp/nccl.txt" --from "$tests/data/doctor/cases/cli-4x5090-nccl" \
	--model 1B --gpus 4xRTX4090 2>/dev/null | grep '^communication')
case "$got" in
"communication: 161.1 GB/s bus bandwidth (all-reduce of 1.07 GB on 4 GPUs),"*) ;;
*) fail "the script's output read as: $got" ;;
esac
[ "$failed" = 0 ] && echo "doctor runner: all passed"
exit "$failed"
