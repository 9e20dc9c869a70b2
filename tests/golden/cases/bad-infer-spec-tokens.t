args: infer --model llama-3.1-8b --gpus 1xH100 --spec-method eagle --spec-tokens 0
rc: 2
--- stdout
--- stderr
vfplan: --spec-tokens must be a whole number between 1 and 64, not '0'
