#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Host-only checks of vfcalib's proxy, no GPU needed (see main.cpp):
# builds the proxy's host code against stubs with AddressSanitizer, then
# runs the dry full-size run, the gradient check and a short training run.
# Usage: [VFPLAN=build/vfplan] src/vfcalib/hosttest/run.sh [BUILD_DIR]
# (needs g++ and the CUDA headers; PyYAML optional)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
calib=$(dirname "$here")
out=${1:-${TMPDIR:-/tmp}/vfcalib-hosttest}
cuda_inc=${CUDA_HOME:-/usr/local/cuda}/include
mkdir -p "$out"
prod="yaml_out.cu proxy.cu proxy_step.cu proxy_layer.cu proxy_gemm.cu mem.cu check.cu timing.cu collectives.cu"
flags=(-std=c++17 -g -O1 -Wall -Wextra -Werror "-fsanitize=address,undefined"
       -fno-sanitize-recover=all -I"$cuda_inc" -I"$calib")
build() { # name extra-flags...
    local name=$1; shift
    local srcs=()
    for f in $prod; do srcs+=(-x c++ "$calib/$f"); done
    g++ "${flags[@]}" "$@" "${srcs[@]}" -x c++ "$here/stubs.cpp" -x c++ "$here/ref_kernels.cpp" \
        -x c++ "$here/main.cpp" -o "$out/$name" -lm
}
build hosttest-bf16
build hosttest-fp32 -DVFCALIB_HOST_TEST_FP32
"$out/hosttest-bf16" yaml "$out/raw.yaml"
if python3 -c 'import yaml' 2>/dev/null; then
    python3 "$here/check_raw.py" "$out/raw.yaml"
fi
# With VFPLAN=path/to/vfplan, vfplan's own reader must accept the file too.
if [ -n "${VFPLAN:-}" ]; then
    "$VFPLAN" validate "$out/raw.yaml" >/dev/null
    echo "hosttest: vfplan validate reads the raw file"
fi
"$out/hosttest-bf16" dry 1
"$out/hosttest-bf16" dry 2
"$out/hosttest-fp32" grad 1
"$out/hosttest-fp32" grad 2
"$out/hosttest-bf16" train 1
"$out/hosttest-bf16" train 2
echo "hosttest: all passed"
