#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs vfplan's dependencies (Debian packages, by name) when they are
# missing, then builds the library, the CLI and the tests in build/.
# gnuplot-nox is optional at run time (only --plot uses it).
# Uses sudo only when not run as root.
set -e
cd "$(dirname "$0")/.."

packages="build-essential cmake pkg-config libyaml-dev libgsl-dev check libjansson-dev libexpat1-dev gnuplot-nox libmicrohttpd-dev curl"
# libcurl: --model org/name fetched from the Hugging Face Hub (optional:
# without it vfplan reads only models already in its cache).
packages="$packages libcurl4-openssl-dev"
# The robustness checks of .ci/test.sh: valgrind over the golden cases,
# clang with libFuzzer's runtime for tests/fuzz (both optional elsewhere).
packages="$packages valgrind clang libclang-rt-dev"
# The browser test (tests/browser/): headless Chromium, and node with npm
# for puppeteer-core; a node already there (NodeSource's bundles npm) stays.
packages="$packages chromium"
# tests/schema_test.py: the JSON Schemas of schema/ against real answers.
# The Python package (python/, docs/python.md): pip builds it offline with
# Debian's setuptools and wheel (--no-build-isolation); venv for those who
# install it into a virtual environment.
packages="$packages python3 python3-jsonschema python3-pip python3-setuptools"
packages="$packages python3-wheel python3-venv"
command -v node >/dev/null 2>&1 || packages="$packages nodejs"
command -v npm >/dev/null 2>&1 || packages="$packages npm"
if ! dpkg -s $packages >/dev/null 2>&1; then
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo apt-get update
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends $packages
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
# puppeteer-core, at package-lock.json's versions, beside the test's output
# (ctest installs it there itself when this could not)
tests/browser/run.sh --install build/tests/browser ||
	echo "setup: puppeteer-core is not installed yet; the browser test will try" >&2
