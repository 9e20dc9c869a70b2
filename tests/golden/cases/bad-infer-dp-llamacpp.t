args: infer --model Qwen3-30B-A3B --gpus 2xRTX4090 --engine llamacpp --dp 2
rc: 2
--- stdout
--- stderr
vfplan: llamacpp splits the model by layers: use --tensor-split, not --tp/--pp/--ep/--dp
