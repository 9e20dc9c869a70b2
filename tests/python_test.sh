#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Python package (python/vfplan) over the built library, against the
# built CLI: python/tests/test_vfplan.py. Skipped (77) without python3.
#   python_test.sh LIBVFPLAN VFPLAN_EXE SOURCE_DIR
set -u
command -v python3 >/dev/null 2>&1 || { echo "python_test: no python3"; exit 77; }
cd "$3" || exit 1
VFPLAN_LIBRARY="$1" VFPLAN_CLI="$2" PYTHONPATH="$3/python" \
	PYTHONDONTWRITEBYTECODE=1 \
	exec python3 -m unittest discover -s python/tests -v
