#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
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
