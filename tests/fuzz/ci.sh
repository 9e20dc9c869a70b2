#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# CI's fuzzing: where clang and its libFuzzer runtime are installed,
# configures build-fuzz, builds the fuzz targets and runs each for
# VFPLAN_FUZZ_SECONDS (default 30) through run.sh; elsewhere says so and
# passes, as the project builds and tests without clang. The seed is fixed
# (VFPLAN_FUZZ_SEED, 1 unless set): CI repeats the start of a run a
# developer can make before pushing, from the committed seeds, rather than
# a draw of its own (docs/reliability.md, "CI's fuzzing").
set -e
cd "$(dirname "$0")/../.."
if ! command -v clang >/dev/null 2>&1; then
	echo "fuzz: clang not found, targets skipped"
	exit 0
fi
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' >"$probe/p.c"
if ! clang -fsanitize=fuzzer "$probe/p.c" -o "$probe/p" 2>/dev/null; then
	echo "fuzz: clang has no libFuzzer runtime (Debian: libclang-rt-dev), targets skipped"
	exit 0
fi
CC=clang cmake -S . -B build-fuzz -DVFPLAN_FUZZ=ON -DVFPLAN_CUDA=OFF \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz --target vfplan_fuzz -j"$(nproc)"
VFPLAN_FUZZ_SEED="${VFPLAN_FUZZ_SEED:-1}" tests/fuzz/run.sh "${VFPLAN_FUZZ_SECONDS:-30}"
