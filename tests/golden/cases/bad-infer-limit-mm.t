args: infer --model qwen2.5-vl-7b --gpus 1xH100-SXM --limit-mm-per-prompt 1000
rc: 2
--- stdout
--- stderr
vfplan: --limit-mm-per-prompt must be a whole number between 0 and 999, not '1000'
