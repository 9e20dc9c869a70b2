#!/bin/sh
# Runs every test twice: in the normal build (build/) and in a build with
# AddressSanitizer and UBSan (build-asan/). Builds both first.
set -e
cd "$(dirname "$0")/.."
jobs="$(nproc)"
# setup.sh installs chromium and node: here the browser test must run
VFPLAN_BROWSER_REQUIRED="${VFPLAN_BROWSER_REQUIRED:-1}"
export VFPLAN_BROWSER_REQUIRED

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DVFPLAN_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --output-on-failure -j"$jobs")
