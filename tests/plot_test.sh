#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# --plot: with gnuplot on PATH, `plan`, `scaling`, `rent` and `image` draw PNG and SVG files
# that start as such files do; without it (always tried, with an empty
# PATH), one clear line, exit 2, nothing on stdout and no file. A bad
# extension is exit 2 either way.
#   plot_test.sh PATH/TO/vfplan
set -u
exe="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/tmp"
export TMPDIR="$dir/tmp" # vfplan's script and data go here, then away
failed=0

fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

# expect_usage WANT_STDERR COMMAND...: exit 2, that line, no stdout
expect_usage() {
	local want="$1" rc
	shift
	"$@" >"$dir/out" 2>"$dir/err"
	rc=$?
	[ "$rc" = 2 ] || fail "$*: exit $rc, expected 2"
	[ ! -s "$dir/out" ] || fail "$*: printed on stdout"
	[ "$(cat "$dir/err")" = "$want" ] ||
		fail "$*: stderr '$(cat "$dir/err")', expected '$want'"
}

# signature FILE: "png", "svg" or what the file starts with
signature() {
	if [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = \
		"89504e470d0a1a0a" ]; then
		echo png
	elif head -c 5 "$1" | grep -q -e '^<?xml' -e '^<svg'; then
		echo svg
	else
		head -c 16 "$1" | od -An -c | head -n 1
	fi
}

plan=(--model 8B --gpus 4xH100 --strategy zero3)
scaling=(scaling --model 1B --gpu RTX4090 --max 4)
rent=(rent --model 8B --tokens 1e9 --top 3)
image=(image --model flux.1-dev --gpus 2xRTX3090 --quant fp8 --placement split)

expect_usage "vfplan: --plot $dir/m.pdf: the picture must be a .png or .svg file" \
	"$exe" "${plan[@]}" --plot "$dir/m.pdf"
expect_usage "vfplan: --plot needs gnuplot (apt-get install gnuplot-nox)" \
	env PATH="$dir/no-such-folder" "$exe" "${plan[@]}" --plot "$dir/n.png"
expect_usage "vfplan: --plot needs gnuplot (apt-get install gnuplot-nox)" \
	env PATH="$dir/no-such-folder" "$exe" "${scaling[@]}" --plot "$dir/n.svg"
[ ! -e "$dir/n.png" ] && [ ! -e "$dir/n.svg" ] ||
	fail "a picture was written without gnuplot"

if command -v gnuplot >/dev/null; then
	for ext in png svg; do
		for what in plan scaling rent image; do
			file="$dir/$what.$ext"
			if [ $what = plan ]; then
				"$exe" "${plan[@]}" --plot "$file" >"$dir/out" 2>"$dir/err"
			elif [ $what = rent ]; then
				"$exe" "${rent[@]}" --plot "$file" >"$dir/out" 2>"$dir/err"
			elif [ $what = image ]; then
				"$exe" "${image[@]}" --plot "$file" >"$dir/out" 2>"$dir/err"
			else
				"$exe" "${scaling[@]}" --plot "$file" >"$dir/out" 2>"$dir/err"
			fi
			rc=$?
			[ $rc = 0 ] || fail "$what --plot $file: exit $rc: $(cat "$dir/err")"
			[ -s "$dir/out" ] || fail "$what --plot $file: no report"
			[ -s "$file" ] || { fail "$what --plot $file: no picture"; continue; }
			[ "$(signature "$file")" = $ext ] ||
				fail "$what --plot $file: starts with $(signature "$file")"
		done
	done
	# Hostile names (issue 36, R1): the name never becomes gnuplot script
	# text, so a newline cannot end `set output '...'` and run `!touch`.
	# Control characters are refused; quotes, backslashes, `!` and `@`
	# are plain characters of a file name and draw.
	mkdir "$dir/cwd"
	for what in plan scaling rent image; do
		eval "args=(\"\${$what[@]}\")"
		(cd "$dir/cwd" && expect_usage "vfplan: --plot: the file name has a control character (a newline, a tab ...); give a plain name" \
			"$exe" "${args[@]}" --plot $'a\n!touch pwned\n.png')
		(cd "$dir/cwd" && expect_usage "vfplan: --plot: the file name has a control character (a newline, a tab ...); give a plain name" \
			"$exe" "${args[@]}" --plot $'a\r\tb.svg')
	done
	for name in "it's.png" 'a"b.svg' 'back\slash.png' '!touch pwned.png' \
		"x'; !touch pwned; '.png" '@pwned.svg'; do
		(cd "$dir/cwd" && "$exe" "${plan[@]}" --plot "$name" >/dev/null 2>"$dir/err")
		rc=$?
		[ $rc = 0 ] || fail "--plot '$name': exit $rc: $(cat "$dir/err")"
		[ -s "$dir/cwd/$name" ] && [ "$(signature "$dir/cwd/$name")" = "${name##*.}" ] ||
			fail "--plot '$name': no ${name##*.} picture under that name"
		rm -f "$dir/cwd/$name"
	done
	# a model whose name has a newline (from the user's YAML): the title
	# is script text; the newline becomes a space
	sed 's/name: tiny-moe/name: "evil\\n!touch pwned\\n"/' \
		"$(dirname "$0")/data/models/tiny-moe.yaml" >"$dir/evil.yaml"
	(cd "$dir/cwd" && "$exe" --model "$dir/evil.yaml" --gpus 1xH100 --plot m.png >/dev/null 2>"$dir/err") ||
		fail "--model evil.yaml --plot: $(cat "$dir/err")"
	[ -z "$(find "$dir" -name 'pwned*')" ] ||
		fail "a name ran a command: $(find "$dir" -name 'pwned*')"
	[ -z "$(ls -A "$dir/tmp")" ] ||
		fail "left behind in TMPDIR: $(ls -A "$dir/tmp")"
	echo "plot: gnuplot drew the pictures"
else
	echo "plot: no gnuplot on PATH; checked the message only"
fi
[ $failed = 0 ] && echo "plot: all passed"
[ $failed = 0 ]
