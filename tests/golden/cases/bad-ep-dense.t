args: --model Llama-3.1-8B --gpus 8xH100 --ep 2
rc: 2
--- stdout
--- stderr
vfplan: --ep and --etp need a mixture-of-experts model: llama-3.1-8b is dense (no routed experts)
