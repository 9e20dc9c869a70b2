#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when libvfplan.so exports a symbol without the vfp_ prefix.
lib="$1"
bad=$(nm -D --defined-only "$lib" | awk '$2 ~ /[TDBR]/ {print $3}' | grep -v '^vfp_')
if [ -n "$bad" ]; then
	echo "symbols exported without the vfp_ prefix:"
	echo "$bad"
	exit 1
fi
echo "only vfp_ symbols exported"
