args: infer --model 8B --gpus 2xRTX4090 --engine llamacpp --tp 2
rc: 2
--- stdout
--- stderr
vfplan: --tp is not an option of llamacpp (vllm, tgi, sglang take it)
