#!/bin/sh
# No file calls a file above it (docs/architecture.md): across the object
# files of each directory given, "file A uses a symbol file B defines" must
# form a graph without cycles. tsort(1) names any loop it finds.
set -eu
status=0
for dir in "$@"; do
	objs=$(find "$dir" -name '*.o' | sort)
	[ -n "$objs" ] || { echo "cycles: no object files under $dir" >&2; exit 1; }
	defs=$(mktemp) uses=$(mktemp) edges=$(mktemp) loops=$(mktemp)
	for o in $objs; do
		f=$(basename "$o" .o)
		nm --defined-only "$o" | awk -v f="$f" '$2 ~ /^[TDBR]$/ {print $3, f}'
		echo "$f $f" >>"$edges"
	done | sort -u >"$defs"
	for o in $objs; do
		f=$(basename "$o" .o)
		nm -u "$o" | awk -v f="$f" '{print $NF, f}'
	done | sort -u >"$uses"
	# symbol user ⋈ symbol owner: "user owner", a dependency edge
	join "$uses" "$defs" | awk '$2 != $3 {print $2, $3}' >>"$edges"
	if ! tsort "$edges" >/dev/null 2>"$loops" || [ -s "$loops" ]; then
		echo "cycles: files under $dir call each other in a loop:" >&2
		cat "$loops" >&2
		status=1
	else
		echo "cycles: $(echo "$objs" | wc -l) files under $(basename "$dir"), no loop"
	fi
	rm -f "$defs" "$uses" "$edges" "$loops"
done
exit $status
