args: models --yaml tests/data/hf/qwen3-qwen3-8b.json
rc: 0
--- stdout
schema: 1
models:
- name: "qwen3-qwen3-8b"
  family: "qwen3"
  layers: 36
  hidden: 4096
  heads: 32
  kv_heads: 8
  head_dim: 128
  ffn: 12288
  mlp: "gated"
  vocab: 151936
  tied_embeddings: false
  norm: "rmsnorm"
  norms_per_layer: 2
  max_context: 40960
  attention: "gqa"
  qk_norm: 256
  card_params: 8190735360
  source: "config.json read by vfplan: give its Hub id, commit and the card's parameter count"
--- stderr
