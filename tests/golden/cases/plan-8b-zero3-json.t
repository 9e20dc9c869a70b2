args: --model 8B --gpus 4xH100 --strategy zero3 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "model": {
    "name": "8B",
    "family": "generic",
    "params": 8000000000,
    "active_params": 8000000000,
    "layers": 32,
    "hidden": 4096,
    "heads": 32,
    "kv_heads": 8,
    "ffn": 16264,
    "vocab": 32000
  },
  "machine": {
    "gpu": "H100-SXM",
    "count": 4,
    "nodes": 1,
    "total_gpus": 4,
    "vram_bytes": 85520809984,
    "vram_measured": true,
    "link": "nvlink4-switch",
    "link_bw_bytes_per_s": 450000000000,
    "host_ram_bytes": null,
    "price_per_hour": null,
    "currency": null
  },
  "job": {
    "kind": "train",
    "strategy": "zero3",
    "precision": "bf16-mixed",
    "optimizer": "adamw",
    "shard_degree": 4
  },
  "memory": {
    "per_gpu": {
      "weights_bytes": 4000000000,
      "gradients_bytes": 4000000000,
      "optimizer_bytes": 24000000000,
      "model_states_bytes": 32000000000,
      "total_bytes": 32000000000
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84447068160,
    "fits": true,
    "headroom_bytes": 52447068160,
    "advice": null
  },
  "warnings": [
    "model states only: activations, logits and runtime overheads are not counted yet"
  ]
}
--- stderr
