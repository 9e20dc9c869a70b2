args: infer --model llama-3.1-8b --gpus 1xH100 --spec-method eagle --acceptance-rate 1.2
rc: 2
--- stdout
--- stderr
vfplan: --acceptance-rate is a fraction in (0, 1), not '1.2'
