#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `pip install ./python` as docs/python.md says it, offline, into a
# temporary directory (a copy of python/, so that the source tree gets no
# build/ or .egg-info): the package with the built library copied beside
# it, imported from there with no VFPLAN_LIBRARY, answering as the CLI.
# Skipped (77) without pip, setuptools or wheel (Debian: python3-pip,
# python3-setuptools, python3-wheel), which an offline build needs;
# $PYTHON picks the interpreter; else the first of python3 and Debian's
# /usr/bin/python3 that has all three (a pyenv python3 first in PATH may
# lack wheel). VFPLAN_PYTHON_REQUIRED=1 (.ci/test.sh) fails instead of
# skipping.
#   python_install_test.sh LIBVFPLAN VFPLAN_EXE SOURCE_DIR
set -u
lib="$1" exe="$2" src="$3"
can_build() {
	{ "$1" -m pip --version && "$1" -c "import setuptools" &&
		"$1" -c "import wheel"; } >/dev/null 2>&1
}
py=""
for candidate in ${PYTHON:-python3 /usr/bin/python3}; do
	can_build "$candidate" && { py="$candidate"; break; }
done
if [ -z "$py" ]; then
	echo "python_install_test: no python3 with pip, setuptools and wheel"
	[ "${VFPLAN_PYTHON_REQUIRED:-0}" = 1 ] && exit 1
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R "$src/python" "$tmp/python" && cp "$src/CMakeLists.txt" "$tmp/"
rm -rf "$tmp/python/build" "$tmp/python/"*.egg-info
VFPLAN_LIBRARY="$lib" "$py" -m pip install --quiet --no-index --root-user-action=ignore \
	--no-build-isolation --target "$tmp/site" "$tmp/python" ||
	{ echo "FAIL: pip install"; exit 1; }
[ -f "$tmp/site/vfplan/libvfplan.so.0" ] ||
	{ echo "FAIL: no libvfplan.so.0 beside the package"; exit 1; }
cd "$tmp" || exit 1
got=$(env -u VFPLAN_LIBRARY -u VFPLAN_DATA PYTHONPATH="$tmp/site" \
	"$py" -c "import vfplan, vfplan._lib as l
assert l.load().vfplan_path.startswith('$tmp/site/vfplan/'), l.load().vfplan_path
print(vfplan.plan(model='8B', gpus='4xH100', strategy='zero3', raw=True))") ||
	{ echo "FAIL: import from the install"; exit 1; }
want=$(XDG_CONFIG_HOME="$tmp" env -u VFPLAN_DATA "$exe" --model 8B \
	--gpus 4xH100 --strategy zero3 --json)
[ "$got" = "$want" ] || { echo "FAIL: the installed package's answer differs from the CLI's"; exit 1; }
version=$(PYTHONPATH="$tmp/site" "$py" -c "import importlib.metadata as m; print(m.version('vfplan'))")
[ "$version" = "$("$exe" --version | sed -n 's/^vfplan \([0-9.]*\).*/\1/p' | head -n 1)" ] ||
	{ echo "FAIL: package version $version is not the CLI's"; exit 1; }
echo "python_install_test: pip install --no-index --no-build-isolation --target: ok ($version)"
