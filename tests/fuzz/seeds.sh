#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the fuzz targets' seed corpora, one folder per target under OUT,
# from what the repository already holds: tests/data, models/, hwdb/, the
# golden CLI cases (their argv, and the same options as JSON requests),
# tests/fuzz/seeds/ (hand-made: a GGUF header, requests; and the inputs
# earlier runs gained, merged), and, when the
# vfplan built beside the targets is given, calibration files it writes.
# The corpora themselves are not committed (run.sh calls this before a run);
# what a run gains over these seeds is, merged, under tests/fuzz/seeds/
#
#   tests/fuzz/seeds.sh SRC OUT [VFPLAN]
set -eu
src=$1
out=$2
exe=${3:-}
mkdir -p "$out"
for t in request hf hf_generic gguf safetensors db calib calib_raw nccl topo cli http \
	diffusers doctor; do
	mkdir -p "$out/$t"
done

put() { # target name < content: named by its checksum too (pipelines
	# run put in a subshell, where a counter would not count)
	local tmp=$out/$1/.new
	cat >"$tmp"
	mv "$tmp" "$out/$1/$2-$(cksum <"$tmp" | cut -d' ' -f1)"
}

# ---- readers of files ----
for f in "$src"/tests/data/hf/*.json "$src"/tests/data/hf/*/*.json; do
	put hf "$(basename "$f")" <"$f"
	put hf_generic "$(basename "$f")" <"$f"
done
cp "$src"/tests/fuzz/seeds/gguf/* "$out/gguf/"
cp "$src"/tests/fuzz/seeds/safetensors/* "$out/safetensors/"
# what earlier runs found that the files above do not cover (libFuzzer
# -merge=1 over them, docs/reliability.md)
cp "$src"/tests/fuzz/seeds/hf/* "$out/hf/"
cp "$src"/tests/fuzz/seeds/hf_generic/* "$out/hf_generic/"
for f in "$src"/models/*.yaml "$src"/hwdb/*.yaml "$src"/hwdb/*/*.yaml \
	"$src"/tests/data/models/*.yaml "$src"/tests/data/bad/*/*; do
	[ -f "$f" ] && put db "$(basename "$f")" <"$f"
done
# an offer beside the GPU and link it names: documents split by NUL
for o in "$src"/hwdb/offers/*.yaml; do
	{ cat "$src/hwdb/gpus/nvidia-datacenter.yaml"; printf '\0'
	  cat "$src/hwdb/links.yaml"; printf '\0'; cat "$o"; } |
		put db "with-$(basename "$o")"
done
# a diffusers pipeline directory as its files split by NUL, in the order
# fuzz_diffusers.c writes them back; a file the directory lacks is empty
for d in "$src"/tests/data/diffusers/*/; do
	for f in model_index.json transformer/config.json unet/config.json \
		text_encoder/config.json text_encoder_2/config.json \
		text_encoder_3/config.json vae/config.json; do
		[ "$f" = model_index.json ] || printf '\0'
		if [ -f "$d$f" ]; then cat "$d$f"; fi
	done | put diffusers "$(basename "$d")"
done
# earlier runs' gains of these targets (merge_gains.sh), where there are
for t in diffusers db calib_raw nccl topo doctor; do
	if [ -d "$src/tests/fuzz/seeds/$t" ]; then
		cp "$src/tests/fuzz/seeds/$t"/* "$out/$t/"
	fi
done
for f in "$src"/tests/data/topo/*.txt; do
	put topo "$(basename "$f")" <"$f"
done
cp "$src"/tests/data/calibration/synthetic-h200.yaml "$out/calib_raw/"
# the doctor's ten texts (fuzz_doctor.c): an options byte, then each
# source's text ended by 0x1e, in vfp_doctor_source's order; a machine
# scenario's files together, and each single-tool fixture in its slot
doctor_seed() { # opts file... (10 paths, "-" for none)
	printf "\\$(printf '%03o' "$1")"
	shift
	for f in "$@"; do
		if [ "$f" != - ] && [ -f "$f" ]; then cat "$f"; fi
		printf '\036'
	done
}
doctor_names="smi-q.xml smi-q.txt topo.txt nvlink.txt df-shm.txt df-work.txt
	meminfo.txt nproc.txt nccl.txt cgroup.txt"
for d in "$src"/tests/data/doctor/cases/*/; do
	[ -d "$d" ] || continue
	set --
	for n in $doctor_names; do set -- "$@" "$d$n"; done
	doctor_seed 0 "$@" | put doctor "case-$(basename "$d")"
	doctor_seed 1 "$@" | put doctor "bare-$(basename "$d")"
done
doctor_slot() { # kind slot: each fixture of that kind alone in its slot
	local f i args
	for f in "$src"/tests/data/doctor/"$1"/*; do
		[ -f "$f" ] || continue
		args=
		for i in 0 1 2 3 4 5 6 7 8 9; do
			if [ "$i" = "$2" ]; then args="$args $f"; else args="$args -"; fi
		done
		# shellcheck disable=SC2086 # the paths hold no blanks
		doctor_seed 0 $args | put doctor "$1-$(basename "$f")"
	done
}
doctor_slot smi-xml 0
doctor_slot smi-text 1
doctor_slot topo 2
doctor_slot nvlink 3
doctor_slot df 4
doctor_slot meminfo 6
doctor_slot nccl 8
doctor_slot cgroup 9
for f in "$src"/tests/data/topo/*.txt; do
	doctor_seed 0 - - "$f" - - - - - - - | put doctor "topo-$(basename "$f")"
done
for f in "$src"/tests/data/calibration/nccl-tests-*.txt; do
	doctor_seed 2 - - - - - - - - "$f" - | put doctor "nccl-$(basename "$f")"
done
# nccl-tests text after one byte of options (fuzz_nccl.c): 0 reads all
# from the text; 0x15 says all_gather on H100, 8 GPUs
for f in "$src"/tests/data/calibration/nccl-tests-*.txt; do
	{ printf '\0'; cat "$f"; } | put nccl "$(basename "$f")"
	{ printf '\025'; cat "$f"; } | put nccl "opts-$(basename "$f")"
done
cp "$src"/tests/fuzz/seeds/calib/* "$out/calib/"
if [ -n "$exe" ] && [ -x "$exe" ]; then # what vfplan writes, to read back
	for f in "$src"/tests/data/calibration/nccl-tests-*.txt; do
		"$exe" calibrate from-nccl-tests "$f" --no-config \
			-o "$out/calib/from-$(basename "$f" .txt).yaml" \
			>/dev/null 2>&1 || true
	done
	"$exe" calibrate fit "$src/tests/data/calibration/synthetic-h200.yaml" \
		--no-config -o "$out/calib/fit-synthetic-h200.yaml" \
		>/dev/null 2>&1 || true
fi

# ---- the golden cases: argv, and the same as a JSON request ----
esc() { # a JSON string's inside
	local s=${1//\\/\\\\}
	s=${s//\"/\\\"}
	printf '%s' "${s//$'\n'/\\n}"
}

as_request() { # argv... -> {"command": ..., "key": value ...}
	local cmd=plan k v
	if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
		cmd=$1
		shift
	fi
	printf '{"command": "%s"' "$(esc "$cmd")"
	while [ $# -gt 0 ]; do
		case $1 in
		--*=*) k=${1%%=*} v=\"$(esc "${1#*=}")\" ;;
		--*) k=$1 v=true
			if [ $# -gt 1 ] && [ "${2#--}" = "$2" ]; then
				v=\"$(esc "$2")\"
				shift
			fi ;;
		*) shift; continue ;; # a file argument: no key
		esac
		k=${k#--}
		printf ', "%s": %s' "${k//-/_}" "$v"
		shift
	done
	printf '}'
}

for c in "$src"/tests/golden/cases/*.t; do
	name=$(basename "$c" .t)
	args=$(sed -n 's/^args: //p' "$c" | head -n 1)
	eval "set -- $args"
	if [ $# -gt 0 ]; then
		printf '%s\n' "$@" | head -c -1 | put cli "$name"
	else
		: | put cli "$name"
	fi
	as_request "$@" | put request "$name.json"
done
while IFS= read -r line; do
	printf '%s' "$line" | put request example.json
done <"$src/tests/examples/requests.jsonl"
sed -n "s/^same '\\(.*\\)' .*/\\1/p" "$src/tests/request_test.sh" |
	while IFS= read -r line; do
		printf '%s' "$line" | put request request_test.json
	done
cp "$src"/tests/fuzz/seeds/request/* "$out/request/"

# ---- HTTP: the requests as POSTs, and every GET ----
http() { # method target [body]
	local body=${3:-}
	printf '%s %s HTTP/1.1\r\nHost: localhost\r\n' "$1" "$2"
	printf 'Authorization: Bearer fuzz-token\r\n'
	if [ -n "$body" ]; then
		printf 'Content-Type: application/json\r\n'
		printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body"
	else
		printf '\r\n'
	fi
}
for f in "$out"/request/*; do
	body=$(cat "$f")
	cmd=$(printf '%s' "$body" | sed -n 's/^{"command": "\([a-z]*\)".*/\1/p')
	case $cmd in
	plan | rent | infer | serve | launch | scaling) ;;
	*) cmd=plan ;;
	esac
	http POST "/v1/$cmd" "$body" | put http "$cmd"
done
for p in /v1/models /v1/gpus /v1/offers '/v1/offers?filter=gpu=H100,count>=4' \
	'/v1/offers?filter=gpu%3DH100' /v1/version /healthz /metrics \
	/v1/openapi.json / /widget.js /widget.css /nowhere '/v1/gpus?x=1'; do
	http GET "$p" | put http get
done
http OPTIONS /v1/plan | put http options
http DELETE /v1/plan | put http delete
http HEAD /healthz | put http head
printf 'POST /v1/plan HTTP/1.1\r\nContent-Type: text/plain\r\n\r\n{}' |
	put http no-token
printf 'POST /v1/plan HTTP/1.1\r\nAuthorization: Bearer fuzz-token\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 99999\r\n\r\n{}' |
	put http too-long
# what earlier runs gained over the seeds above (libFuzzer -merge=1); the
# requests' gains after the loop above, which makes each request a POST
cp "$src"/tests/fuzz/seeds/request_gained/* "$out/request/"
cp "$src"/tests/fuzz/seeds/cli/* "$out/cli/"
cp "$src"/tests/fuzz/seeds/http/* "$out/http/"
echo "seeds: $(find "$out" -type f | wc -l) files in $out"
