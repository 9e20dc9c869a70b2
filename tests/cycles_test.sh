#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# No file calls a file above it (docs/architecture.md): across the object
# files of each directory given, "file A uses a symbol file B defines" must
# form a graph without cycles. tsort(1) names any loop it finds.
#
# The same edges between folders must have no loop either: an object's
# folder is the first directory of its path under the object directory
# (CMake writes ../front/say.c's as __/front/say.c.o), the directory's own
# (cli for vfplan_cli.dir) for one at the top. An object there that uses no
# symbol another object defines (the data files compiled in; under ASan
# they still call its runtime) stays a node of its own: nothing leaves it,
# so it closes no loop, whichever folder's rule generated it.
set -eu
status=0

# tsort_check EDGES WHAT: 0 and nothing printed when EDGES has no loop
tsort_check()
{
	loops=$(mktemp)
	if ! tsort "$1" >/dev/null 2>"$loops" || [ -s "$loops" ]; then
		echo "cycles: $2 call each other in a loop:" >&2
		cat "$loops" >&2
		rm -f "$loops"
		return 1
	fi
	rm -f "$loops"
}

for dir in "$@"; do
	objs=$(find "$dir" -name '*.o' | sort)
	[ -n "$objs" ] || { echo "cycles: no object files under $dir" >&2; exit 1; }
	own=$(basename "$dir" .dir)
	own=${own#vfplan_}
	defs=$(mktemp) uses=$(mktemp) edges=$(mktemp) folder=$(mktemp)
	folders=$(mktemp)
	for o in $objs; do
		f=$(basename "$o" .o)
		nm --defined-only "$o" | awk -v f="$f" '$2 ~ /^[TDBR]$/ {print $3, f}'
		echo "$f $f" >>"$edges"
	done | sort -u >"$defs"
	for o in $objs; do
		f=$(basename "$o" .o)
		nm -u "$o" | awk -v f="$f" '{print $NF, f}'
	done | sort -u >"$uses"
	for o in $objs; do
		f=$(basename "$o" .o)
		rel=${o#"$dir"/}
		rel=${rel#__/}
		case $rel in
		*/*) echo "$f ${rel%%/*}" ;;
		*) # uses no symbol defined here (a sanitizer's runtime is
		   # not ours): a node of its own
		   if awk -v f="$f" '$2 == f {print $1}' "$uses" |
		      join - "$defs" | grep -q .; then echo "$f $own"
		   else echo "$f $f"; fi ;;
		esac
	done >"$folder"
	# symbol user ⋈ symbol owner: "user owner", a dependency edge
	join "$uses" "$defs" | awk '$2 != $3 {print $2, $3}' >>"$edges"
	# each file's edge as its folders' ("user owner" by folder)
	awk 'NR == FNR {in_folder[$1] = $2; next}
	     {a = in_folder[$1]; b = in_folder[$2]; print a, (a == b ? a : b)}' \
		"$folder" "$edges" | sort -u >"$folders"
	n_folders=$(awk '$1 != $2 {print $2}' "$folder" | sort -u | wc -l)
	if ! tsort_check "$edges" "files under $dir"; then
		status=1
	elif ! tsort_check "$folders" "folders of $dir"; then
		status=1
	else
		echo "cycles: $(echo "$objs" | wc -l) files under $(basename "$dir")," \
		     "in $n_folders folders, no loop"
	fi
	rm -f "$defs" "$uses" "$edges" "$folder" "$folders"
done
exit $status
