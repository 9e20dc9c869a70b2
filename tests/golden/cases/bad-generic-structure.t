args: --model tests/data/hf/corpus-2026/kimi_k3--moonshotai--Kimi-K3.json --gpus 8xH200
rc: 2
--- stdout
--- stderr
vfplan: tests/data/hf/corpus-2026/kimi_k3--moonshotai--Kimi-K3.json: model_type 'kimi_k3' is not a family vfplan knows ('vfplan models --families' lists them), and its 'routed_expert_hidden_size' names structure the generic reader cannot count
