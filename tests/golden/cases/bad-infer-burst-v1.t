args: infer --model llama-3.1-8b --gpus 1xH100-SXM --requests 320 --prompt-tokens 161 --output-tokens 338
rc: 2
--- stdout
--- stderr
vfplan: --requests: vLLM V0's scheduler (0.5-0.7, --engine-version); V1 is not modelled
