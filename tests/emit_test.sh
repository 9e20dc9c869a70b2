#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# emit_test.sh VFPLAN SRCDIR - `vfplan infer --emit` over a table of plans:
# every option the command names is one the engine's own argument parser
# defines (tests/data/engines/*-options.txt, each naming its repository,
# file and commit), every restricted value one of its choices, and the
# values are the plan's (hand-derived from each case's arguments and the
# engine version's defaults in hwdb/engines/).
vfplan="$1"
data="$2/tests/data/engines"
fails=0

# check OPTIONS-FILE < COMMAND-TEXT, with WANT ("opt=value ...", "opt=" a
# flag) and ABSENT ("opt ...") in the environment.
check() {
	awk -v opts="$data/$1" -v want="$WANT" -v absent="$ABSENT" '
	BEGIN {
		while ((getline l < opts) > 0) {
			if (l ~ /^#/ || l == "") continue
			split(l, nc, "\t"); n = split(nc[1], names, " ")
			if (names[1] == "PARAMETER" || names[1] == "ENV" ||
			    names[1] == "INSTRUCTION") {
				key = names[1] " " names[2]
				known[key] = 1; choices[key] = nc[2]; continue
			}
			for (i = 1; i <= n; i++) {
				known[names[i]] = 1; choices[names[i]] = nc[2]
			}
		}
		bad = 0
	}
	function fail(msg) { print "  " msg; bad = 1 }
	# PARAMETER_num_ctx and ENV_OLLAMA_... in WANT and ABSENT
	function spaced(o) {
		if (o ~ /^PARAMETER_/) return "PARAMETER " substr(o, 11)
		if (o ~ /^ENV_/) return "ENV " substr(o, 5)
		return o
	}
	function take(opt, val,    c, k, m, ok) {
		if (!(opt in known)) { fail("unknown option " opt); return }
		if (opt in got) fail(opt " given twice")
		got[opt] = val
		if (choices[opt] == "") return
		m = split(choices[opt], c, "|"); ok = 0
		for (k = 1; k <= m; k++) if (c[k] == val) ok = 1
		if (!ok) fail(opt " " val ": not one of " choices[opt])
	}
	function options(from,    i, v) {
		for (i = from; i <= NF; i++) {
			if ($i !~ /^-/) { fail("stray word " $i); continue }
			v = (i < NF && $(i + 1) !~ /^-/) ? $(i + 1) : ""
			take($i, v)
			if (v != "") i++
		}
	}
	/^#/ || /^$/ { next }
	$1 == "vllm" && $2 == "serve" { options(4); next }
	$1 == "python" && $2 == "-m" && $3 == "sglang.launch_server" {
		options(4); next
	}
	$1 == "text-generation-launcher" || $1 == "llama-server" {
		options(2); next
	}
	# Ollama: the Modelfile, the server with its environment, the model
	$0 == "cat > Modelfile <<\047EOF\047" || $0 == "EOF" { next }
	$1 == "FROM" { take("INSTRUCTION FROM", ""); next }
	$1 == "PARAMETER" { take("PARAMETER " $2, $3); next }
	/ollama serve &$/ {
		for (i = 1; i < NF - 2; i++) {
			split($i, kv, "="); take("ENV " kv[1], kv[2])
		}
		next
	}
	$1 == "ollama" && ($2 == "create" || $2 == "run") { next }
	{ fail("unexpected line: " $0) }
	END {
		n = split(want, w, " ")
		for (i = 1; i <= n; i++) {
			eq = index(w[i], "="); o = substr(w[i], 1, eq - 1)
			o = spaced(o)
			v = substr(w[i], eq + 1)
			if (!(o in got)) fail("missing " o)
			else if (got[o] != v)
				fail(o " is " got[o] ", the plan has " v)
		}
		n = split(absent, a, " ")
		for (i = 1; i <= n; i++)
			if (spaced(a[i]) in got) fail(a[i] " given")
		exit bad
	}'
}

# case NAME OPTIONS-FILE VFPLAN-ARGS... (WANT and ABSENT set before)
case_() {
	name="$1"; file="$2"; shift 2
	if ! out=$("$vfplan" infer "$@" --emit 2>/dev/null); then
		echo "FAIL $name: vfplan infer $* --emit exited non-zero"
		fails=$((fails + 1)); return
	fi
	if printf '%s\n' "$out" | check "$file"; then
		echo "ok   $name"
	else
		echo "FAIL $name: $out"
		fails=$((fails + 1))
	fi
}

# vLLM 0.21 on H100s (>= 70 GiB: max_num_seqs 1024), its share 0.92
WANT="--tensor-parallel-size=2 --max-model-len=8192 \
--gpu-memory-utilization=0.92 --max-num-seqs=1024" \
ABSENT="--pipeline-parallel-size --kv-cache-dtype --quantization" \
case_ vllm-tp2 vllm-options.txt --model llama-3.1-70b --gpus 2xH100
# TP 2 x PP 2, FP8 weights quantised at load, an FP8 cache, 16k context
WANT="--tensor-parallel-size=2 --pipeline-parallel-size=2 \
--max-model-len=16384 --kv-cache-dtype=fp8 --quantization=fp8" \
ABSENT="--dtype" \
case_ vllm-pp-fp8 vllm-options.txt --model llama-3.1-70b --gpus 4xH100 \
	--tp 2 --pp 2 --quant fp8 --kv-fp8 --context 16384
# AWQ: the checkpoint's own config names it (no --quantization); A100-40
# is below 70 GiB: max_num_seqs 256; the user's share and batch
WANT="--tensor-parallel-size=4 --gpu-memory-utilization=0.85 \
--max-num-seqs=256 --max-num-batched-tokens=4096" \
ABSENT="--quantization" \
case_ vllm-awq vllm-options.txt --model llama-3.1-70b --gpus 4xA100-40 \
	--quant awq4 --gpu-memory-utilization 0.85 \
	--max-num-batched-tokens 4096
# vLLM 0.6: share 0.9, max_num_seqs 256; fp16 as --dtype
WANT="--tensor-parallel-size=1 --gpu-memory-utilization=0.9 \
--max-num-seqs=256 --dtype=float16 --max-model-len=4096" \
case_ vllm-0.6 vllm-0.6-options.txt --model llama-3.1-8b --gpus 1xA100-80 \
	--engine-version 0.6 --quant fp16 --context 4096
WANT="--tensor-parallel-size=1 --kv-cache-dtype=fp8" \
case_ vllm-0.10 vllm-0.10-options.txt --model llama-3.1-8b --gpus 1xL40S \
	--engine-version 0.10 --kv-fp8
WANT="--tensor-parallel-size=2" \
case_ vllm-0.19 vllm-0.19-options.txt --model qwen3-32b --gpus 2xH100 \
	--engine-version 0.19

# SGLang 0.5.16 on an L40S: mem_fraction_static = (46068 - 7248) / 46068
# MiB = 0.843 (reserve 512 + 4096 x 1.5 + 32 x 2 + 1/8 x 1024 + 50
# prefill graphs to 4096 tokens x 8 MiB)
WANT="--tp-size=1 --context-length=8192 --mem-fraction-static=0.843 \
--quantization=fp8" ABSENT="--pp-size --kv-cache-dtype" \
case_ sglang-fp8 sglang-options.txt --model llama-3.1-8b --gpus 1xL40S \
	--engine sglang --quant fp8
WANT="--tp-size=4 --pp-size=2 --kv-cache-dtype=fp8_e5m2 \
--mem-fraction-static=0.8" \
case_ sglang-tp-pp sglang-options.txt --model llama-3.1-70b --gpus 8xH100 \
	--engine sglang --tp 4 --pp 2 --kv-fp8 --gpu-memory-utilization 0.8
# SGLang 0.4's parser has no --pp-size
WANT="--tp-size=2 --context-length=4096" ABSENT="--pp-size" \
case_ sglang-0.4 sglang-0.4-options.txt --model llama-3.1-8b --gpus 2xA100-80 \
	--engine sglang --engine-version 0.4 --context 4096

# TGI: --max-total-tokens the context, --max-input-tokens one less
WANT="--num-shard=2 --max-input-tokens=8191 --max-total-tokens=8192 \
--quantize=fp8" ABSENT="--kv-cache-dtype" \
case_ tgi-fp8 tgi-options.txt --model llama-3.1-8b --gpus 2xL40S \
	--engine tgi --quant fp8
WANT="--num-shard=4 --quantize=awq --kv-cache-dtype=fp8_e5m2 \
--max-input-tokens=2000 --max-total-tokens=4096 \
--max-concurrent-requests=200" \
case_ tgi-awq tgi-options.txt --model llama-3.1-70b --gpus 4xA100-40 \
	--engine tgi --quant awq4 --kv-fp8 --context 4096 --concurrency 200 \
	--prompt-tokens 2000 --output-tokens 500

# llama.cpp b6500: -c is every slot's context together (2 x 8192); -ngl
# the plan's 60 slots (59 layers and the output); -fa takes its value
WANT="-ngl=60 -c=16384 -np=2 -ctk=q8_0 -ctv=q8_0 -fa=on" \
ABSENT="-ts -sm" \
case_ lcpp-partial llamacpp-options.txt --model llama-3.1-70b \
	--gpus 1xRTX4090,1xRTX3090 --engine llamacpp --quant q4_k_m --ngl 60 \
	--cache-type q8_0 --flash-attn --concurrency 2
# all 32 layers and the output (33), a 3:1 row split, f16 cache, no FA
WANT="-ngl=33 -sm=row -ts=3,1 -c=8192 -np=1 -fa=off -ub=256" \
ABSENT="-ctk -ctv" \
case_ lcpp-split llamacpp-options.txt --model llama-3.1-8b --gpus 2xRTX4090 \
	--engine llamacpp --quant q8_0 --tensor-split 3,1 --split-mode row \
	--ubatch-size 256
# b4000 and b2824: -fa a bare flag, absent without flash attention
WANT="-ngl=33 -fa= -ctk=q4_0 -ctv=q4_0 -c=4096" \
case_ lcpp-b4000 llamacpp-b4000-options.txt --model llama-3.1-8b \
	--gpus 1xRTX3090 --engine llamacpp --quant q4_k_m --engine-version b4000 \
	--flash-attn --cache-type q4_0 --context 4096
WANT="-ngl=33 -c=4096" ABSENT="-fa" \
case_ lcpp-b2824 llamacpp-b2824-options.txt --model llama-3.1-8b \
	--gpus 1xRTX3090 --engine llamacpp --quant q4_0 --engine-version b2824 \
	--context 4096

# Ollama: num_ctx per slot, OLLAMA_NUM_PARALLEL slots (llm/server.go
# KvSize = NumCtx x numParallel); all 32 layers and the output: num_gpu 33;
# no --context: Ollama's own default, 32768 on 24 GB from 0.15.5
# (server/routes.go @0334ffa6)
WANT="PARAMETER_num_ctx=32768 PARAMETER_num_gpu=33 \
ENV_OLLAMA_NUM_PARALLEL=4 ENV_OLLAMA_FLASH_ATTENTION=1 \
ENV_OLLAMA_KV_CACHE_TYPE=q8_0" \
ABSENT="" \
case_ ollama ollama-options.txt --model llama-3.1-8b --gpus 1xRTX4090 \
	--engine ollama --quant q4_k_m --flash-attn --kv-fp8 --concurrency 4
WANT="PARAMETER_num_ctx=4096" \
ABSENT="ENV_OLLAMA_NUM_PARALLEL ENV_OLLAMA_FLASH_ATTENTION" \
case_ ollama-plain ollama-options.txt --model llama-3.1-8b --gpus 1xRTX3060 \
	--engine ollama --quant q4_k_m --context 4096

# The check itself fails on an option the parser lacks, a value outside
# its choices, and a value other than the plan's.
for bad in "vllm serve M --tensor-parallel-size 2 --no-such-option 1" \
	   "vllm serve M --tensor-parallel-size 2 --kv-cache-dtype fp9" \
	   "vllm serve M --tensor-parallel-size 3"; do
	if printf '%s\n' "$bad" | WANT="--tensor-parallel-size=2" ABSENT="" \
		check vllm-options.txt >/dev/null; then
		echo "FAIL self-test: accepted '$bad'"
		fails=$((fails + 1))
	fi
done

[ "$fails" -eq 0 ] && echo "all emitted commands parse" && exit 0
echo "$fails failing"
exit 1
