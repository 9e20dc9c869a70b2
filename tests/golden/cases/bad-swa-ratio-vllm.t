args: infer --model gpt-oss-120b --gpus 1xH100 --swa-full-tokens-ratio 0.5
rc: 2
--- stdout
--- stderr
vfplan: --swa-full-tokens-ratio is not an option of vllm (sglang takes it)
