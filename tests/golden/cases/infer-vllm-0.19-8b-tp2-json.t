args: infer --model llama-3.1-8b --gpus 2xH100 --engine-version 0.19.1 --gpu-memory-utilization 0.95 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "model": {
    "name": "llama-3.1-8b",
    "params": 8030261248.0,
    "active_params": 8030261248.0
  },
  "machine": {
    "gpus": 2,
    "link": "nvlink4-switch"
  },
  "job": {
    "kind": "infer",
    "engine": "vllm",
    "engine_version": "0.19",
    "quant": "bf16",
    "context": 8192,
    "concurrency": 1,
    "tp": 2,
    "pp": 1,
    "ep": 1,
    "dp": 1,
    "gpu_layers": -1,
    "kv_fp8": false,
    "kv_nvfp4": false,
    "kv_q4": false,
    "flash_attn": false,
    "split_mode": "layer"
  },
  "memory": {
    "per_gpu": {
      "gpu": "H100-SXM",
      "layers": 32,
      "weights_bytes": 8030261248,
      "kv_cache_bytes": 68564287488,
      "overhead_bytes": 4182855680,
      "total_bytes": 80777404416,
      "usable_bytes": 80778134291
    },
    "gpus": [
      {
        "gpu": "H100-SXM",
        "layers": 32,
        "weights_bytes": 8030261248,
        "kv_cache_bytes": 68564287488,
        "overhead_bytes": 4182855680,
        "total_bytes": 80777404416,
        "usable_bytes": 80778134291
      },
      {
        "gpu": "H100-SXM",
        "layers": 32,
        "weights_bytes": 8030261248,
        "kv_cache_bytes": 68564287488,
        "overhead_bytes": 4182855680,
        "total_bytes": 80777404416,
        "usable_bytes": 80778134291
      }
    ],
    "weights_bytes": 16060522496,
    "bits_per_weight": 16.0,
    "kv_bytes_per_token": 131072,
    "kv_bytes_per_sequence": 1073741824,
    "kv_tokens": 1046208,
    "max_concurrent_sequences": 127,
    "fits": true,
    "max_context": 131072,
    "usable_vram_bytes": 80778134291,
    "cpu_weights_bytes": 0,
    "notes": "vLLM 0.19 rules: 95% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 65388 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 2",
    "kv_cache_room_bytes": 68565017363,
    "max_concurrency": 127.7109375,
    "host_buffer_bytes": 0,
    "refusal": null,
    "advice": []
  },
  "time": {
    "prefill_tokens_per_second": 76962.95837,
    "decode_tokens_per_second": 156.779106,
    "decode_tokens_per_second_total": 156.779106,
    "ttft_seconds": 0.1128192158,
    "decode_step_seconds": 0.006378400958
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 6.337022492,
    "per_million_output_tokens": 11.22779731,
    "offer": null
  },
  "moe": null,
  "speculative": null,
  "command": "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 2 --max-model-len 8192 --gpu-memory-utilization 0.95 --max-num-seqs 1024\n"
}
--- stderr
