#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every command answers -h as --help, and `vfplan help CMD` the same, on
# stdout with exit 0; `vfplan help` is the general help; an unknown
# `vfplan help FOO` is one line on stderr with its did-you-mean, exit 2.
set -eu
exe="$1"
export XDG_CONFIG_HOME
XDG_CONFIG_HOME=$(mktemp -d)
failed=0
commands=$("$exe" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
[ "$(wc -w <<<"$commands")" -ge 20 ] ||
	{ echo "the general help lists too few commands: $commands"; exit 1; }
for cmd in $commands "calibrate fit" "calibrate from-nccl-tests" \
	"calibrate from-run"; do
	# shellcheck disable=SC2086 # "calibrate fit" is two words
	long=$("$exe" $cmd --help) || { echo "$cmd --help failed"; failed=1; }
	# shellcheck disable=SC2086
	short=$("$exe" $cmd -h) || { echo "$cmd -h failed"; failed=1; }
	# shellcheck disable=SC2086
	via=$("$exe" help $cmd) || { echo "help $cmd failed"; failed=1; }
	case "$long" in usage:*) ;; *) echo "$cmd --help: no usage"; failed=1 ;; esac
	[ "$short" = "$long" ] || { echo "$cmd -h differs from --help"; failed=1; }
	[ "$via" = "$long" ] || { echo "help $cmd differs from --help"; failed=1; }
done
# plan is the default command: its options then -h is plan's help
[ "$("$exe" --model 8B -h)" = "$("$exe" plan --help)" ] ||
	{ echo "vfplan --model 8B -h is not plan's help"; failed=1; }
[ "$("$exe" help)" = "$("$exe" --help)" ] && [ "$("$exe" -h)" = "$("$exe" --help)" ] ||
	{ echo "vfplan help / -h is not the general help"; failed=1; }
set +e
err=$("$exe" help plna 2>&1 >/dev/null); rc=$?
set -e
[ "$rc" = 2 ] && [ "$err" = "vfplan: unknown command 'plna' (did you mean 'plan'?)" ] ||
	{ echo "help plna: rc $rc, '$err'"; failed=1; }
[ $failed = 0 ] && echo "-h, --help and help CMD agree for every command"
