#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every test twice: in the normal build (build/) and in a build with
# AddressSanitizer and UBSan (build-asan/). Builds both first. Then the
# tests that run threads once more under ThreadSanitizer (build-tsan/),
# and the fuzz targets for a bounded time (build-fuzz/).
set -e
cd "$(dirname "$0")/.."
jobs="$(nproc)"
# setup.sh installs chromium and node: here the browser test must run
VFPLAN_BROWSER_REQUIRED="${VFPLAN_BROWSER_REQUIRED:-1}"
export VFPLAN_BROWSER_REQUIRED
# setup.sh installs python3-jsonschema: here the schema test must run
VFPLAN_SCHEMA_REQUIRED="${VFPLAN_SCHEMA_REQUIRED:-1}"
export VFPLAN_SCHEMA_REQUIRED
# ... and python3-pip, -setuptools and -wheel: `pip install ./python` must run
VFPLAN_PYTHON_REQUIRED="${VFPLAN_PYTHON_REQUIRED:-1}"
export VFPLAN_PYTHON_REQUIRED

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DVFPLAN_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --output-on-failure -j"$jobs")

# ThreadSanitizer: only the targets its two tests need (one database shared
# by 2-8 threads; `vfplan serve` reloading on SIGHUP under load), about a
# minute and a half on two cores. TSan wants its shadow memory at fixed
# addresses: address randomisation off where the container allows it.
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DVFPLAN_TSAN=ON >/dev/null
cmake --build build-tsan -j"$jobs" --target check_threads check_serve vfplan_cli
norandom=""
setarch "$(uname -m)" -R true 2>/dev/null && norandom="setarch $(uname -m) -R"
# one at a time: beside check_threads, serve_http's heavier requests (an
# image rent over the catalog) pass its server's 2 s --timeout under TSan
(cd build-tsan && TSAN_OPTIONS=halt_on_error=1 \
	$norandom ctest --output-on-failure -j1 \
	-R '^(check_threads|serve_http)$')

# The fuzz targets (tests/fuzz/, docs/reliability.md): built with clang and
# run for VFPLAN_FUZZ_SECONDS each (20 here, to keep CI short; run.sh N
# runs them longer); skipped, saying so,
# without clang.
VFPLAN_FUZZ_SECONDS="${VFPLAN_FUZZ_SECONDS:-20}" tests/fuzz/ci.sh
