#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The shell completions and the man page name every option that each
# command's --help lists (they are made from the same tables), and parse:
# bash -n, zsh -n and fish -n when they are there (fish's lines are also
# checked by form when it is not), groff without errors.
set -eu
exe="$1"
export XDG_CONFIG_HOME
XDG_CONFIG_HOME=$(mktemp -d)
bash_script=$("$exe" completion bash)
bash -n <<<"$bash_script"
if command -v zsh >/dev/null; then "$exe" completion zsh | zsh -n; fi
fish_script=$("$exe" completion fish)
if command -v fish >/dev/null; then fish -n <<<"$fish_script"; fi
# without fish: every line is a comment, blank, a function's, or one
# `complete -c vfplan` whose quotes close
bad=$(awk '/^function /, /^end$/ { next }
	/^(#|$)/ { next }
	!/^complete -c vfplan / { print; next }
	{ line = $0; gsub(/\\./, "", line); n = gsub(/\047/, "", line)
	  if (n % 2) print }' <<<"$fish_script")
[ -z "$bad" ] || { echo "fish completion: malformed: $bad"; exit 1; }
man_page=$("$exe" man)
if command -v groff >/dev/null; then
	errors=$(groff -man -Tutf8 -ww <<<"$man_page" 2>&1 >/dev/null |
		grep -v 'cannot adjust line' || true)
	[ -z "$errors" ] || { echo "vfplan(1): $errors"; exit 1; }
fi
missing=0
for cmd in plan models gpus offers links topo scaling infer rent launch \
	validate "calibrate fit" "calibrate from-run"; do
	# shellcheck disable=SC2086 # "calibrate fit" is two words
	opts=$("$exe" $cmd --help | sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p')
	key=${cmd#calibrate }
	line=$(grep -E "^[[:space:]]+$key(\\|--\\*)?\\) opts=" <<<"$bash_script")
	for o in $opts; do
		if ! grep -q -- " $o[ \"]\\|\"$o " <<<"$line"; then
			echo "bash completion of '$cmd' lacks $o"; missing=1
		fi
		# fish's --no-config is one line for every command
		if [ "$o" != --no-config ] && ! grep -q -F -- \
			"-n '__vfplan_is $cmd' -l ${o#--} " <<<"$fish_script"; then
			echo "fish completion of '$cmd' lacks $o"; missing=1
		fi
	done
done
# the man page lists each option of plan, the longest table
for o in $("$exe" plan --help | sed -n 's/^  --\([a-z0-9-]*\).*/\1/p'); do
	esc=${o//-/\\\\-}
	grep -q -E -- "^\\.B \\\\-\\\\-$esc( |\$)" <<<"$man_page" ||
		{ echo "vfplan(1) lacks --$o"; missing=1; }
done
[ $missing = 0 ] && echo "completion and man page: every option of --help"
