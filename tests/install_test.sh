#!/bin/sh
# Installs the build into a temporary prefix, then builds and runs a small
# embedding program against it through pkg-config, as an embedder would.
set -eu
build="$1"
src="$2"
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
"$prefix/bin/vfplan" --version
