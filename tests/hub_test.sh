#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# --model org/name fetched from a Hugging Face Hub (docs/hub.md), against a
# stand-in Hub on 127.0.0.1 (tests/hub_server.py serving tests/data/hub/):
# the fetch and the plan, range requests for the safetensors headers (and a
# server that ignores them), the cache (a second run, a changed config, a
# stopped server, HF_HUB_OFFLINE), a gated model with and without HF_TOKEN
# or the token file, a missing model, bad JSON, --revision, and the other
# ways in (infer, scaling, request, serve --allow-fetch).
# Never the network: every URL is the stand-in's.
#   hub_test.sh PATH/TO/vfplan SOURCE_DIR
set -u
exe="$1"
src="$2"
dir=$(mktemp -d)
hub_pid="" serve_pid=""
cleanup() {
	[ -n "$hub_pid" ] && kill "$hub_pid" 2>/dev/null
	[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$dir"
}
trap cleanup EXIT
unset VFPLAN_CURRENCY VFPLAN_UNITS VFPLAN_DATA VFPLAN_OFFERS HF_TOKEN \
	HF_TOKEN_PATH HF_HOME HF_HUB_OFFLINE TRANSFORMERS_OFFLINE http_proxy \
	https_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY all_proxy
export HOME="$dir/home" XDG_CONFIG_HOME="$dir/config"
export XDG_CACHE_HOME="$dir/cache" NO_PROXY='*'
mkdir -p "$HOME"
command -v python3 >/dev/null || { echo "hub: no python3, skipped"; exit 77; }
failed=0 passed=0

fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

# The stand-in serves a copy of tests/data/hub, which a check may change.
cp -R "$src/tests/data/hub" "$dir/hub"

# Starts the stand-in Hub; sets port, HF_ENDPOINT.
start_hub() {
	rm -f "$dir/port"
	python3 "$src/tests/hub_server.py" "$dir/hub" "$dir/port" \
		"$dir/log" &
	hub_pid=$!
	for _ in $(seq 600); do
		[ -s "$dir/port" ] && break
		sleep 0.05
	done
	port=$(cat "$dir/port")
	export HF_ENDPOINT="http://127.0.0.1:$port"
}

stop_hub() {
	kill "$hub_pid"
	wait "$hub_pid" 2>/dev/null
	hub_pid=""
}

# check NAME WANT_RC WANT_ERR COMMAND...: the exit code and stderr exactly
# (WANT_ERR "" for none); stdout in $dir/out.
check() {
	local name="$1" want_rc="$2" want_err="$3" rc err
	shift 3
	timeout 60 "$@" </dev/null >"$dir/out" 2>"$dir/err"
	rc=$?
	err=$(cat "$dir/err")
	if [ "$rc" != "$want_rc" ]; then
		fail "$name: exit $rc, not $want_rc ($err)"
	elif [ "$err" != "$want_err" ]; then
		fail "$name: stderr '$err', not '$want_err'"
	else
		passed=$((passed + 1))
	fi
}

# json NAME EXPR WANT: a Python expression over the last stdout's JSON (d)
json() {
	local got
	got=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))' "$dir/out" "$2" 2>&1)
	if [ "$got" = "$3" ]; then
		passed=$((passed + 1))
	else
		fail "$1: $2 is '$got', not '$3'"
	fi
}

# logged NAME PATTERN WANT_COUNT: requests the stand-in saw
logged() {
	local n
	n=$(grep -c -- "$2" "$dir/log")
	if [ "$n" = "$3" ]; then
		passed=$((passed + 1))
	else
		fail "$1: $n requests match '$2', not $3"
	fi
}

# The header length N of a shard the stand-in serves: its JSON, compact.
header_len() {
	python3 -c 'import json, sys
h = json.load(open(sys.argv[1]))
print(len(json.dumps(h, separators=(",", ":")).encode()))' "$1"
}

start_hub
model="$XDG_CACHE_HOME/vfplan/hub/testorg--tiny-llama/main/tiny-llama"

# 1. fetched, then planned, named by its id. The tiny Llama's parameters
# by hand (config: hidden 64, ffn 128, 2 layers, 4 heads of 16, 2 KV heads,
# vocab 256, untied): embeddings 256*64 = 16384, per layer 2*64 (norms) +
# 64*64 (q) + 2*32*64 (k, v) + 64*64 (o) + 3*64*128 (MLP) = 36992, final
# norm 64, lm_head 16384: 16384 + 2*36992 + 64 + 16384 = 106816; the
# index's total_size 213632 bytes of bf16 is the same 106816.
check fetch 0 "" "$exe" --model testorg/tiny-llama --gpus 1xH100 --json
json fetch-name 'd["model"]["name"]' testorg/tiny-llama
json fetch-params 'd["model"]["params"]' 106816
json fetch-checkpoint 'd["model"]["checkpoint_params"]' 106816
# the text report names it too
check fetch-text 0 "" "$exe" --model testorg/tiny-llama --gpus 1xH100
grep -q '^Model     testorg/tiny-llama: 106816 parameters$' "$dir/out" &&
	passed=$((passed + 1)) || fail "fetch-text: no Model line"

# 2. range requests: 8 bytes, then the N-byte header; the shard kept is
# those 8 + N bytes alone, and no shard was ever asked for whole
for s in model-00001-of-00002 model-00002-of-00002; do
	n=$(header_len "$src/tests/data/hub/testorg/tiny-llama/main/$s.safetensors.header.json")
	logged "range-$s-len" "main/$s.safetensors bytes=0-7 206" 1
	logged "range-$s-header" "main/$s.safetensors bytes=8-$((8 + n - 1)) 206" 1
	size=$(stat -c %s "$model/$s.safetensors")
	[ "$size" = $((8 + n)) ] && passed=$((passed + 1)) ||
		fail "range-$s: cached $size bytes, not 8 + $n"
done
logged range-never-whole 'safetensors - ' 0

# 3. a second run online asks for config.json alone: unchanged, the copy
# stands
before=$(wc -l <"$dir/log")
check cached-online 0 "" "$exe" --model testorg/tiny-llama --gpus 1xH100
after=$(wc -l <"$dir/log")
[ $((after - before)) = 1 ] && passed=$((passed + 1)) ||
	fail "cached-online: $((after - before)) requests, not 1"

# a changed config.json on the Hub: a new copy, the index fetched again
sed -i 's/"max_position_embeddings": 2048/"max_position_embeddings": 4096/' \
	"$dir/hub/testorg/tiny-llama/main/config.json"
check refreshed 0 "" "$exe" --model testorg/tiny-llama --gpus 1xH100
logged refreshed-index 'tiny-llama/resolve/main/model.safetensors.index.json' 2
grep -q '"max_position_embeddings": 4096' "$model/config.json" &&
	passed=$((passed + 1)) || fail "refreshed: the old config stayed"
ls "$XDG_CACHE_HOME/vfplan/hub/testorg--tiny-llama/main" >"$dir/ls"
[ "$(cat "$dir/ls")" = tiny-llama ] && passed=$((passed + 1)) ||
	fail "refreshed: the cache holds $(tr '\n' ' ' <"$dir/ls")"

# a server that ignores Range is refused, not read whole
check no-range 2 "vfplan: testorg/no-range: $HF_ENDPOINT ignores range requests" \
	"$exe" --model testorg/no-range --gpus 1xH100

# 4. gated: 401 without a token; HF_TOKEN; the token file under HF_HOME
check gated-no-token 2 "vfplan: testorg/gated-llama: gated or private model: accept the licence on the model's page and set HF_TOKEN" \
	"$exe" --model testorg/gated-llama --gpus 1xH100
check gated-hf-token 0 "" env HF_TOKEN=hf_vfplan_test_token \
	"$exe" --model testorg/gated-llama --gpus 1xH100 --json
json gated-hf-token-name 'd["model"]["name"]' testorg/gated-llama
mkdir -p "$dir/hf-home"
echo hf_vfplan_test_token >"$dir/hf-home/token"
check gated-token-file 0 "" env HF_HOME="$dir/hf-home" \
	XDG_CACHE_HOME="$dir/cache-2" \
	"$exe" --model testorg/gated-llama --gpus 1xH100 --json
json gated-token-file-name 'd["model"]["name"]' testorg/gated-llama
logged gated-bearer 'gated-llama/resolve/main/config.json - 401' 1

# 5. no such model; bad JSON as a local file's is said (file:line:column:
# line 4 is '  "num_hidden_layers" 2', its '2' at column 23)
check not-found 2 "vfplan: testorg/missing: no such model on $HF_ENDPOINT (revision main)" \
	"$exe" --model testorg/missing --gpus 1xH100
check bad-json 2 "vfplan: testorg/bad-json/config.json:4:23: ':' expected near '2'" \
	"$exe" --model testorg/bad-json --gpus 1xH100
check bad-json-local 2 "vfplan: $src/tests/data/hub/testorg/bad-json/main/config.json:4:23: ':' expected near '2'" \
	"$exe" --model "$src/tests/data/hub/testorg/bad-json/main/config.json" \
	--gpus 1xH100
check no-revision 2 "vfplan: testorg/tiny-llama: no revision 'v9' on $HF_ENDPOINT" \
	"$exe" --model testorg/tiny-llama --revision v9 --gpus 1xH100

# 6. --revision: another directory on the server and in the cache; v2 has
# 3 layers and one model.safetensors (no index): 16384 + 3*36992 + 64 +
# 16384 = 143808
check revision 0 "" "$exe" --model testorg/tiny-llama --revision v2 \
	--gpus 1xH100 --json
json revision-layers 'd["model"]["layers"]' 3
json revision-params 'd["model"]["params"]' 143808
logged revision-url 'resolve/v2/model.safetensors bytes=0-7 206' 1
[ -f "$XDG_CACHE_HOME/vfplan/hub/testorg--tiny-llama/v2/tiny-llama/model.safetensors" ] &&
	passed=$((passed + 1)) || fail "revision: no v2 copy"
check revision-not-hub 2 "vfplan: --revision is a Hub model's (org/name); '8B' is not one" \
	"$exe" --model 8B --revision v2 --gpus 1xH100
# a Hub id the database knows is never fetched
check known-id 0 "" "$exe" --model meta-llama/Llama-3.1-8B --gpus 1xH100
logged known-id-unfetched 'meta-llama' 0

# 7. the other commands that take --model, and a request
check infer 0 "" "$exe" infer --model testorg/tiny-llama --gpus 1xH100 --json
json infer-name 'd["model"]["name"]' testorg/tiny-llama
check scaling 0 "" "$exe" scaling --model testorg/tiny-llama --gpu H100 \
	--max 2 --json
check calibrate 0 "" "$exe" calibrate from-run --model testorg/tiny-llama \
	--gpus 1xH100 --step-seconds 0.01 --peak-memory-gib 1 -o "$dir/c.yaml"
[ "$(head -1 "$dir/out")" = "Calibration for H100-SXM" ] &&
	passed=$((passed + 1)) || fail "calibrate: $(head -1 "$dir/out")"
check request 0 "" "$exe" request \
	'{"model": "testorg/tiny-llama", "revision": "v2", "gpus": "1xH100"}'
json request-layers 'd["model"]["layers"]' 3

# 8. vfplan serve: with --allow-fetch it plans a Hub id; without, the
# usual unknown model and why
serve() { # FLAGS...: starts it; sets sport
	"$exe" serve --port 0 "$@" 2>"$dir/serve.err" &
	serve_pid=$!
	for _ in $(seq 600); do
		grep -q 'listening on' "$dir/serve.err" 2>/dev/null && break
		sleep 0.05
	done
	sport=$(sed -n 's/.*listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$dir/serve.err")
}
post() { # BODY: the /v1/plan answer into $dir/out, its status echoed
	python3 -c 'import sys, urllib.request, urllib.error
r = urllib.request.Request("http://127.0.0.1:%s/v1/plan" % sys.argv[1],
                           data=sys.argv[2].encode(), method="POST",
                           headers={"Content-Type": "application/json"})
try:
    a = urllib.request.urlopen(r, timeout=30)
except urllib.error.HTTPError as e:
    a = e
open(sys.argv[3], "wb").write(a.read())
print(a.status)' "$sport" "$1" "$dir/out"
}
serve --allow-fetch
status=$(post '{"model": "testorg/tiny-llama", "gpus": "1xH100"}')
[ "$status" = 200 ] && passed=$((passed + 1)) || fail "serve-fetch: HTTP $status"
json serve-fetch-name 'd["model"]["name"]' testorg/tiny-llama
status=$(post '{"model": "testorg/gated-llama", "gpus": "1xH100"}')
[ "$status" = 400 ] && passed=$((passed + 1)) || fail "serve-gated: HTTP $status"
json serve-gated-message 'd["error"]["message"]' \
	"testorg/gated-llama: gated or private model: accept the licence on the model's page and set HF_TOKEN"
kill "$serve_pid"
wait "$serve_pid" 2>/dev/null
serve
status=$(post '{"model": "testorg/tiny-llama", "gpus": "1xH100"}')
[ "$status" = 400 ] && passed=$((passed + 1)) || fail "serve-no-fetch: HTTP $status"
json serve-no-fetch-message 'd["error"]["message"]' \
	"unknown model 'testorg/tiny-llama'; try 'vfplan models', a size such as 8B, or a config.json path (this server was not started with --allow-fetch: it fetches no Hugging Face Hub models)"
kill "$serve_pid"
wait "$serve_pid" 2>/dev/null
serve_pid=""

# 9. no network: the copy cached, said in one line; HF_HUB_OFFLINE reads
# the cache alone, and without a copy says so
stop_hub
date=$(date -u -r "$model/.vfplan-hub" '+%Y-%m-%d %H:%M UTC')
check no-network 0 "vfplan: testorg/tiny-llama: no network (Couldn't connect to server), using the copy cached on $date" \
	"$exe" --model testorg/tiny-llama --gpus 1xH100 --json
json no-network-name 'd["model"]["name"]' testorg/tiny-llama
check no-network-uncached 2 "vfplan: testorg/other: cannot reach $HF_ENDPOINT (Couldn't connect to server) and no copy is cached" \
	"$exe" --model testorg/other --gpus 1xH100
check offline 0 "" env HF_HUB_OFFLINE=1 "$exe" --model testorg/tiny-llama \
	--gpus 1xH100
check offline-uncached 2 "vfplan: testorg/other: HF_HUB_OFFLINE is set and no copy is cached (revision main, in $XDG_CACHE_HOME/vfplan/hub)" \
	env HF_HUB_OFFLINE=1 "$exe" --model testorg/other --gpus 1xH100
# Python's Infinity in a fetched config (Nemotron-H's) is read as a local
# file's is, not refused as bad JSON
start_hub
check python-json 0 "" "$exe" --model testorg/python-json --gpus 1xH100 --json
json python-json-params 'd["model"]["params"]' 143808
stop_hub
# a near-miss of a built-in's Hub alias: the failure says which was meant
check offline-did-you-mean 2 "vfplan: Qwen/Qwen3.5-35B-A3: HF_HUB_OFFLINE is set and no copy is cached (revision main, in $XDG_CACHE_HOME/vfplan/hub) (did you mean 'Qwen/Qwen3.5-35B-A3B'?)" \
	env HF_HUB_OFFLINE=1 "$exe" --model Qwen/Qwen3.5-35B-A3 --gpus 1xH100

echo "hub: $passed passed, $failed failed"
[ "$failed" = 0 ]
