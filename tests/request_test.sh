#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# vfp_request_json's commands against the CLI: each command's request
# keys are its --help options (dashes as underscores) and nothing else but
# the CLI's own (output format, files, --help), both ways; and a request
# answers byte for byte what `vfplan COMMAND ... --json` prints. The job's
# options are one definition for both (src/report/job_options.def); this walks
# each command's own options too, which are listed on each side.
set -u
exe="$1"
export XDG_CONFIG_HOME
XDG_CONFIG_HOME=$(mktemp -d)
failed=0 passed=0

# What only the command line has: output formats and files, --help,
# plan's --topo FILE and --calibration FILE (a request reads no file),
# --units (the JSON is in bytes), rent's --serve switch (its own command),
# and --no-X flags that overrule a profile (a request says "X": false).
# --revision is the CLI's: `vfplan request` and `serve --allow-fetch` read
# a request's "revision" with its Hub model, before the library (src/front/hub_request.c).
cli_only="help json csv plot emit output data offers calibration topo units no-config serve no-act-offload no-fused-kernels no-compile revision"
# What only a request has: "compact", one-line JSON.
request_only="compact"

options() { # command...
	"$exe" "$@" --help | sed -n 's/^  --\([a-z0-9-]*\).*/\1/p' | tr - _
}

walk() { # request-command cli-command [cli options that belong elsewhere]
	local req="$1" cli="$2" skip="$cli_only ${3:-}" o k
	local keys opts
	keys=$("$exe" request --keys "$req")
	opts=$(options $cli)
	for o in $opts; do
		case " $skip " in *" ${o//_/-} "*|*" $o "*) continue ;; esac
		grep -qx "$o" <<<"$keys" || { echo "FAIL $req: no key for --${o//_/-}"; failed=$((failed + 1)); }
	done
	for k in $keys; do
		case " $request_only " in *" $k "*) continue ;; esac
		grep -qx "$k" <<<"$opts" || { echo "FAIL $req: key $k is no option of '$cli'"; failed=$((failed + 1)); }
	done
	passed=$((passed + 1))
}

serve_opts="engine engine_version quant context concurrency tokens_per_second"
walk plan plan
walk launch launch
walk scaling scaling
walk infer infer
walk rent rent "$serve_opts image resolution text_quant placement"
walk image image explain

same() { # request cli-args...
	local req="$1"
	shift
	if diff <("$exe" request "$req" 2>/dev/null) <("$exe" "$@" --json 2>/dev/null) >/dev/null; then
		passed=$((passed + 1))
	else
		echo "FAIL $req differs from vfplan $*"
		diff <("$exe" request "$req" 2>&1) <("$exe" "$@" --json 2>&1) | head -5
		failed=$((failed + 1))
	fi
}

same '{"model": "8B", "gpus": "4xH100", "strategy": "zero3"}' \
	--model 8B --gpus 4xH100 --strategy zero3
same '{"command": "plan", "model": "llama-3.1-8b", "gpus": "2xA100-80", "lora": 16, "seq": 4096, "explain": true}' \
	plan --model llama-3.1-8b --gpus 2xA100-80 --lora 16 --seq 4096 --explain
same '{"command": "rent", "model": "llama-3.1-8b", "tokens": "2B", "deadline": "24h", "budget": "300EUR", "top": 3}' \
	rent --model llama-3.1-8b --tokens 2B --deadline 24h --budget 300EUR --top 3
same '{"command": "rent", "model": "8B", "tokens": "1e8", "provider": "lambda,verda", "gpu": "H100", "interruptible": "no", "top": 2}' \
	rent --model 8B --tokens 1e8 --provider lambda,verda --gpu H100 --interruptible no --top 2
same '{"command": "rent", "model": "8B", "tokens": "1e8", "provider": ["Lambda", "Verda"], "region": "fin", "interruptible": false, "top": 2}' \
	rent --model 8B --tokens 1e8 --provider Lambda,Verda --region fin --interruptible no --top 2
same '{"command": "serve", "model": "llama-3.1-8b", "provider": ["RunPod", "Lambda"], "gpu": "RTX4090", "interruptible": "no", "top": 2}' \
	rent --serve --model llama-3.1-8b --provider RunPod,Lambda --gpu RTX4090 --interruptible no --top 2
same '{"command": "serve", "model": "llama-3.1-70b", "concurrency": 4, "top": 2}' \
	rent --serve --model llama-3.1-70b --concurrency 4 --top 2
same '{"command": "infer", "model": "llama-3.1-70b", "gpus": "2xRTX4090", "engine": "llamacpp", "quant": "q4_k_m"}' \
	infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp --quant q4_k_m
# an image's "llm" naming a file is read before planning, as --llm is
# (issue 36 D13): the same answer, whose llm is the file's model
moe="$(cd "$(dirname "$0")" && pwd)/data/models/tiny-moe.yaml"
same "{\"command\": \"image\", \"model\": \"flux.1-dev\", \"gpus\": \"2xRTX4090\", \"llm\": \"$moe\"}" \
	image --model flux.1-dev --gpus 2xRTX4090 --llm "$moe"
if "$exe" request "{\"command\": \"image\", \"model\": \"flux.1-dev\", \"gpus\": \"2xRTX4090\", \"llm\": \"$moe\"}" |
	grep -q '"decode_tokens_per_second": 6820\.9[0-9]*'; then
	passed=$((passed + 1))
else
	echo "FAIL image request with llm $moe: not the file's model"
	failed=$((failed + 1))
fi
same '{"command": "image", "model": "flux.1-dev", "gpus": "2xRTX3090", "quant": "fp8", "resolution": "1024x768", "lora": 16, "cache_text": false}' \
	image --model flux.1-dev --gpus 2xRTX3090 --quant fp8 --resolution 1024x768 --lora 16 --cache-text no
same '{"command": "image", "model": "sdxl", "gpus": "1xRTX3060", "placement": "offload", "cfg": true}' \
	image --model sdxl --gpus 1xRTX3060 --placement offload --cfg yes
same '{"command": "image", "model": "sd1.5", "gpus": "1xA100-80", "batch": 16, "channels_last": true, "torch": 2.0}' \
	image --model sd1.5 --gpus 1xA100-80 --batch 16 --channels-last --torch 2.0
same '{"command": "infer", "model": "openai/gpt-oss-120b", "gpus": "1xH100"}' \
	infer --model openai/gpt-oss-120b --gpus 1xH100
# speculative decoding: the draft model resolved as the model is
same '{"command": "infer", "model": "llama-3.1-70b", "gpus": "4xH100", "spec_method": "draft", "spec_model": "llama-3.2-1b", "spec_tokens": 4, "acceptance_rate": 0.7}' \
	infer --model llama-3.1-70b --gpus 4xH100 --spec-method draft --spec-model llama-3.2-1b --spec-tokens 4 --acceptance-rate 0.7
same '{"command": "infer", "model": "llama-3.1-8b", "gpus": "1xH100", "engine": "sglang", "spec_method": "eagle3", "spec_model": "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B"}' \
	infer --model llama-3.1-8b --gpus 1xH100 --engine sglang --spec-method eagle3 --spec-model yuhuili/EAGLE3-LLaMA3.1-Instruct-8B
same '{"command": "launch", "emit": "axolotl", "model": "llama-3.1-8b", "gpus": "2xH100", "qlora": true}' \
	launch --emit axolotl --model llama-3.1-8b --gpus 2xH100 --qlora
same '{"command": "scaling", "model": "1B", "gpu": "RTX4090", "max": 4}' \
	scaling --model 1B --gpu RTX4090 --max 4
same '{"command": "gpus"}' gpus
same '{"command": "currencies"}' currencies
same '{"command": "offers"}' offers
# "model" as a config.json's contents (an object, docs/api.md): the answer
# of the same file named as a path, its model called "config"
cfg="$(cd "$(dirname "$0")" && pwd)/data/hf/llama-llama-3.1-8b.json"
inline() { # request-keys cli-args...
	local keys="$1"
	shift
	if diff <("$exe" request "{\"model\": $(cat "$cfg"), $keys}" 2>&1) \
		<("$exe" "$@" --model "$cfg" --json 2>&1 |
		  sed 's/llama-llama-3\.1-8b/config/g') >/dev/null; then
		passed=$((passed + 1))
	else
		echo "FAIL inline config ($keys) differs from vfplan $* --model $cfg"
		failed=$((failed + 1))
	fi
}
inline '"gpus": "2xA6000", "strategy": "fsdp"' --gpus 2xA6000 --strategy fsdp
inline '"command": "infer", "gpus": "1xH100"' infer --gpus 1xH100
inline '"command": "serve", "top": 2' rent --serve --top 2
# a filter naming nothing the catalog offers: exit 2, the choices named
refused() { # request expected-text
	local out rc
	out=$("$exe" request "$1" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -qF "$2" <<<"$out"; then
		passed=$((passed + 1))
	else
		echo "FAIL $1: rc $rc, $out"
		failed=$((failed + 1))
	fi
}
refused '{"command": "rent", "model": "8B", "tokens": "1e8", "provider": "runpd"}' \
	"no offer has provider 'runpd' (did you mean 'RunPod'?)"
refused '{"command": "serve", "model": "llama-3.1-8b", "region": "marss"}' \
	"no offer has region"
refused '{"command": "rent", "model": "8B", "tokens": "1e8", "gpu": ["H100", 7]}' \
	"'gpu': names are strings"
refused '{"command": "rent", "model": "8B", "tokens": "1e8", "interruptible": "sometimes"}' \
	"interruptible is yes, no or only, not 'sometimes'"
# the doctor (request_doctor.c): outputs by their `vfplan doctor --from`
# file names, each a string; a plan's keys need a model
refused '{"command": "doctor", "outputs": {"topo.text": "x"}}' \
	"unknown output 'topo.text' (did you mean 'topo.txt'?)"
refused '{"command": "doctor", "outputs": {"topo.txt": ["GPU0"]}}' \
	"outputs: 'topo.txt' must be the tool's output as a string"
refused '{"command": "doctor", "model": "8B"}' "the request needs 'outputs'"
refused '{"command": "doctor", "gpus": "8xH100", "outputs": {"topo.txt": "x"}}' \
	"the plan's keys need 'model'"
refused '{"command": "doctor", "outputs": {"topo.txt": "nothing"}}' \
	"topo.txt:1:1: no header line of GPU names"
# read: the machine alone, then against a plan; the texts come in the
# request, and the answer says which were read
doctor_req() { # plan-keys
	python3 -c 'import json, sys
print(json.dumps(dict(json.loads("{" + sys.argv[2] + "}"), command="doctor",
      outputs={"topo.txt": open(sys.argv[1]).read()})))' \
		"$(dirname "$0")/data/topo/8gpu-pcie-dual-socket.txt" "$1"
}
answers() { # plan-keys expected-text...
	local out
	out=$("$exe" request "$(doctor_req "$1")" 2>&1)
	shift
	for t in "$@"; do
		if ! grep -qF -- "$t" <<<"$out"; then
			echo "FAIL doctor: no '$t' in: ${out:0:300}"
			failed=$((failed + 1))
			return
		fi
	done
	passed=$((passed + 1))
}
answers '' '"topo": {' '"gpus": 8,' '"plan": null' \
	'"file": "topo.txt",' '"read": true,'
answers '"model": "8B", "gpus": "8xRTX4090"' '"plan": {' '"gpus": 8,' \
	'"gpu": "RTX4090"'
echo "request: $passed passed, $failed failed"
[ "$failed" = 0 ]
