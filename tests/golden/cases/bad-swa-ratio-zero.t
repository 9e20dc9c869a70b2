args: infer --model gpt-oss-120b --gpus 1xH100 --engine sglang --swa-full-tokens-ratio 0
rc: 2
--- stdout
--- stderr
vfplan: --swa-full-tokens-ratio is a fraction in (0, 1], not '0'
