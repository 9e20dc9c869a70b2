#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the build into a temporary prefix, then builds and runs a small
# embedding program against it through pkg-config, and through CMake's
# find_package(vfplan) with the shared and the static target, as an
# embedder would.
set -eu
build="$1"
src=$(cd "$2" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$(dirname "$(find "$prefix" -name libvfplan.pc)")"
cc -std=c11 -Wall -Wextra -pedantic -Werror -o "$prefix/embed" \
	"$src/tests/examples/embed.c" $(pkg-config --cflags --libs libvfplan)
out=$(LD_LIBRARY_PATH="$(dirname "$(find "$prefix" -name 'libvfplan.so' | head -n 1)")" "$prefix/embed")
case "$out" in
*'"model_states_bytes":32000000000'*) echo "installed library answers: ok" ;;
*) echo "unexpected answer: $out"; exit 1 ;;
esac

# find_package(vfplan 0.1) finds the prefix's package files; vfplan::vfplan
# (shared) needs nothing more, vfplan::vfplan_static brings its libraries.
mkdir "$prefix/cmake-embed"
cat >"$prefix/cmake-embed/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.18)
project(embed LANGUAGES C)
find_package(vfplan 0.1 REQUIRED)
message(STATUS "vfplan \${vfplan_VERSION} from \${vfplan_DIR}")
foreach(t embed embed_static)
  add_executable(\${t} "$src/tests/examples/embed.c")
  set_target_properties(\${t} PROPERTIES C_STANDARD 11 C_EXTENSIONS OFF)
  target_compile_options(\${t} PRIVATE -Wall -Wextra -pedantic -Werror)
endforeach()
target_link_libraries(embed PRIVATE vfplan::vfplan)
target_link_libraries(embed_static PRIVATE vfplan::vfplan_static)
EOF
config=$(cmake -S "$prefix/cmake-embed" -B "$prefix/cmake-embed/build" \
	-DCMAKE_PREFIX_PATH="$prefix" 2>&1) || { echo "$config"; exit 1; }
case "$config" in
*"vfplan 0.1.0 from $prefix/lib"*"/cmake/vfplan"*) ;;
*) echo "find_package(vfplan) did not find the prefix's: $config"; exit 1 ;;
esac
cmake --build "$prefix/cmake-embed/build" >/dev/null
for t in embed embed_static; do
	out=$("$prefix/cmake-embed/build/$t")
	case "$out" in
	*'"model_states_bytes":32000000000'*) echo "find_package(vfplan), $t: ok" ;;
	*) echo "unexpected answer from $t: $out"; exit 1 ;;
	esac
done
# the shared target hides its dependencies: embed needs libvfplan alone
if readelf -d "$prefix/cmake-embed/build/embed" | grep NEEDED |
	grep -E "yaml|jansson|gsl"; then
	echo "vfplan::vfplan passed on its private libraries"; exit 1
fi
# a version of another major is refused (SameMajorVersion)
mkdir "$prefix/cmake-v9"
printf '%s\n' 'cmake_minimum_required(VERSION 3.18)' 'project(v9 LANGUAGES C)' \
	'find_package(vfplan 9.0 REQUIRED)' >"$prefix/cmake-v9/CMakeLists.txt"
if out=$(cmake -S "$prefix/cmake-v9" -B "$prefix/cmake-v9/build" \
	-DCMAKE_PREFIX_PATH="$prefix" 2>&1); then
	echo "find_package(vfplan 9.0) succeeded against 0.1.0"; exit 1
fi
case "$out" in
*"not accepted"*"vfplanConfig.cmake, version: 0.1.0"*) echo "find_package(vfplan 9.0) refused: ok" ;;
*) echo "find_package(vfplan 9.0) failed otherwise: $out"; exit 1 ;;
esac

"$prefix/bin/vfplan" --version
# the manual pages and the shell completions are installed where man,
# bash-completion, zsh and fish look
for f in share/man/man1/vfplan.1 share/man/man3/libvfplan.3 \
	share/bash-completion/completions/vfplan share/zsh/site-functions/_vfplan \
	share/fish/vendor_completions.d/vfplan.fish; do
	[ -s "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
if command -v man >/dev/null; then
	MANPATH="$prefix/share/man" man -w vfplan >/dev/null
fi
echo "man pages and completions installed: ok"
# the JSON Schemas (docs/schema.md), every one the build embeds
n=$(ls "$prefix/share/vfplan/schema/" | grep -c '\.schema\.json$' || true)
[ "$n" -eq "$(ls "$src/schema/" | grep -c '\.schema\.json$')" ] &&
	[ -s "$prefix/share/vfplan/schema/plan.request.schema.json" ] ||
	{ echo "JSON Schemas not installed in share/vfplan/schema ($n)"; exit 1; }
echo "JSON Schemas installed: ok"
