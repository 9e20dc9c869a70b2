#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Calibrate this GPU machine for vfplan, from the repository root:
#
#   src/vfcalib/run-on-gpu.sh
#
# 1. machine.txt: nvidia-smi and nvidia-smi topo -m
# 2. build vfplan and vfcalib (Release, -DVFPLAN_CUDA=ON) into build-gpu/
# 3. vfcalib --quick -o raw-<date>-<gpu>.yaml (its log beside it)
# 4. vfplan calibrate fit RAW -o fitted-<date>-<gpu>.yaml
# 5. vfplan validate RAW [--calibration FITTED] [--json]:
#    validate-uncalibrated.txt/.json, validate-calibrated.txt/.json
#
# Results go to $OUT if set, else hwdb/calibration. A step whose input is
# missing is skipped; the others are tried whatever failed before. Exit
# status: non-zero when the build of vfcalib or the calibration failed.
set -euo pipefail

out_dir=${OUT:-hwdb/calibration}
build_dir=build-gpu
mkdir -p "$out_dir"

declare -a summary=()
calib_failed=0

# note NAME RC: remember a step's outcome for the summary.
note() {
    summary+=("$(printf '%-28s %s' "$1" "$([ "$2" -eq 0 ] && echo ok || echo "FAILED (exit $2)")")")
}

# skip NAME WHY: a step that could not be attempted.
skip() {
    summary+=("$(printf '%-28s skipped: %s' "$1" "$2")")
}

# run NAME STDOUT_FILE CMD...: run a step, its stdout to a file (or "-"),
# keeping going on failure. Returns the command's exit status.
run() {
    local name=$1 file=$2 rc=0
    shift 2
    echo "== $name: $*" >&2
    if [ "$file" = "-" ]; then
        "$@" || rc=$?
    else
        "$@" >"$file" || rc=$?
    fi
    note "$name" "$rc"
    return "$rc"
}

# ---- 1. the machine ----
{
    echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(hostname)"
    echo "# commit $(git rev-parse HEAD 2>/dev/null || echo unknown)"
    echo
    echo "## nvidia-smi"
    nvidia-smi 2>&1 || echo "(nvidia-smi failed)"
    echo
    echo "## nvidia-smi topo -m"
    nvidia-smi topo -m 2>&1 || echo "(nvidia-smi topo -m failed)"
} >"$out_dir/machine.txt"
note "machine.txt" 0

gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)
slug=$(printf '%s' "${gpu:-gpu}" | tr '[:upper:]' '[:lower:]' | tr -cs '[:lower:][:digit:]' '-' | sed 's/^-*//; s/-*$//')
stamp=$(date -u +%Y%m%d-%H%M%S)
raw="$out_dir/raw-$stamp-${slug:-gpu}.yaml"
fitted="$out_dir/fitted-$stamp-${slug:-gpu}.yaml"

# ---- 2. build (the whole tree; vfcalib alone if the rest does not build) ----
build_ok=1
if ! run "configure" - cmake -S . -B "$build_dir" -DVFPLAN_CUDA=ON -DCMAKE_BUILD_TYPE=Release; then
    build_ok=0
elif ! run "build" - cmake --build "$build_dir" -j; then
    run "build vfcalib only" - cmake --build "$build_dir" -j --target vfcalib || build_ok=0
fi
vfcalib="$build_dir/src/vfcalib/vfcalib"
vfplan="$build_dir/vfplan"

# ---- 3. calibrate ----
if [ "$build_ok" -eq 1 ] && [ -x "$vfcalib" ]; then
    # A hung collective must not eat the whole machine budget.
    run "vfcalib --quick" - timeout 360 "$vfcalib" --quick -o "$raw" 2> >(tee "$raw.log" >&2) ||
        calib_failed=1
else
    skip "vfcalib --quick" "vfcalib was not built"
    calib_failed=1
fi

# ---- 4, 5. fit and validate ----
if [ -s "$raw" ] && [ -x "$vfplan" ]; then
    run "calibrate fit" - "$vfplan" calibrate fit "$raw" -o "$fitted" || true
    run "validate" "$out_dir/validate-uncalibrated.txt" "$vfplan" validate "$raw" || true
    run "validate --json" "$out_dir/validate-uncalibrated.json" \
        "$vfplan" validate "$raw" --json || true
    if [ -s "$fitted" ]; then
        run "validate calibrated" "$out_dir/validate-calibrated.txt" \
            "$vfplan" validate "$raw" --calibration "$fitted" || true
        run "validate calibrated --json" "$out_dir/validate-calibrated.json" \
            "$vfplan" validate "$raw" --calibration "$fitted" --json || true
    else
        skip "validate calibrated" "no fitted file"
    fi
else
    skip "fit and validate" "no raw file or no vfplan binary"
fi

echo >&2
echo "== summary (results in $out_dir)" >&2
for line in "${summary[@]}"; do
    echo "  $line" >&2
done
[ -s "$raw" ] && echo "  raw file: $raw" >&2
exit $((calib_failed ? 1 : 0))
