#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every example in the docs and checks its printed output, so the
# teaching text cannot go stale. An example is a ```sh block whose first line
# is "$ COMMAND": the lines after it, up to the closing fence, are what
# COMMAND prints (stdout and stderr). Commands run in the repository root
# with the freshly built vfplan first on PATH, and build/ in a command read
# as the build directory given. UPDATE=1 rewrites the outputs.
set -u
bindir="$1"
root="$2"
shift 2
export PATH="$bindir:$PATH"
# the examples show the defaults, whatever the reader's own config says
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
cd "$root" || exit 1
failed=0 passed=0

# The commit vfplan was built from changes with every commit: both sides
# read COMMIT for it (as tests/golden/run.sh does), and UPDATE=1 keeps the
# page's own commit where nothing else changed.
normalise() {
	sed -e 's/"vfplan_commit": "[^"]*"/"vfplan_commit": "COMMIT"/g' \
	    -e 's/"vfplan_commit":"[^"]*"/"vfplan_commit":"COMMIT"/g' \
	    -e 's/^vfplan_commit,.*/vfplan_commit,COMMIT/' \
	    -e 's/^\(vfplan [0-9.]* (commit \)[^,]*,/\1COMMIT,/'
}

check_file() { # file
	local file="$1" out="" state=text cmd="" expected="" line
	while IFS= read -r line || [ -n "$line" ]; do
		case "$state" in
		text)
			out+="$line"$'\n'
			[ "$line" = '```sh' ] && state=first ;;
		first)
			if [[ "$line" == '$ '* ]]; then
				cmd="${line#\$ }" expected="" state=example
				out+="$line"$'\n'
			else
				out+="$line"$'\n'
				state=text
				[ "$line" = '```' ] || state=plain
			fi ;;
		plain)
			out+="$line"$'\n'
			[ "$line" = '```' ] && state=text ;;
		example)
			if [ "$line" = '```' ]; then
				# the docs say build/ for the build
				# directory, wherever it is
				got=$(bash -c "${cmd//build\//$bindir/}" 2>&1)
				if [ "$(printf '%s\n' "$got" | normalise)" = \
				     "$(printf '%s' "$expected" | normalise)" ]; then
					passed=$((passed + 1))
					got=${expected%$'\n'}
				elif [ "${UPDATE:-0}" != 1 ]; then
					failed=$((failed + 1))
					echo "FAIL $file: \$ $cmd"
					diff <(printf '%s' "$expected" | normalise) \
					     <(printf '%s\n' "$got" | normalise) | head -n 20
				fi
				out+="$got"$'\n''```'$'\n'
				state=text
			else
				expected+="$line"$'\n'
			fi ;;
		esac
	done <"$file"
	[ "${UPDATE:-0}" = 1 ] && printf '%s' "$out" >"$file"
}

for f in "$@"; do
	check_file "$f"
done
echo "docs examples: $passed passed, $failed failed"
[ "$failed" = 0 ]
