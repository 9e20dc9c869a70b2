args: infer --model llama-3.1-70b --gpus 2xA100-80 --tp 2 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "model": {
    "name": "llama-3.1-70b",
    "params": 7.05537065e10,
    "active_params": 7.05537065e10
  },
  "machine": {
    "gpus": 2,
    "link": "nvlink3-switch"
  },
  "job": {
    "kind": "infer",
    "engine": "vllm",
    "engine_version": "0.21",
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
      "gpu": "A100-80",
      "layers": 80,
      "weights_bytes": 70553706496,
      "kv_cache_bytes": 3549429760,
      "overhead_bytes": 4181946368,
      "total_bytes": 78285082624,
      "usable_bytes": 78286516388
    },
    "gpus": [
      {
        "gpu": "A100-80",
        "layers": 80,
        "weights_bytes": 70553706496,
        "kv_cache_bytes": 3549429760,
        "overhead_bytes": 4181946368,
        "total_bytes": 78285082624,
        "usable_bytes": 78286516388
      },
      {
        "gpu": "A100-80",
        "layers": 80,
        "weights_bytes": 70553706496,
        "kv_cache_bytes": 3549429760,
        "overhead_bytes": 4181946368,
        "total_bytes": 78285082624,
        "usable_bytes": 78286516388
      }
    ],
    "weights_bytes": 141107412992,
    "bits_per_weight": 16.0,
    "kv_bytes_per_token": 327680,
    "kv_bytes_per_sequence": 2684354560,
    "kv_tokens": 21664,
    "max_concurrent_sequences": 2,
    "fits": true,
    "max_context": 21664,
    "usable_vram_bytes": 78286516388,
    "cpu_weights_bytes": 0,
    "notes": "vLLM 0.21 rules: 92% of the 79.25 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 1354 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 2",
    "kv_cache_room_bytes": 3550863524,
    "max_concurrency": 2.64453125,
    "host_buffer_bytes": 0,
    "refusal": null,
    "advice": []
  },
  "time": {
    "prefill_tokens_per_second": 3435.624598,
    "decode_tokens_per_second": 16.93814769,
    "decode_tokens_per_second_total": 16.93814769,
    "ttft_seconds": 2.443466482,
    "decode_step_seconds": 0.05903833278
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 2.508032845,
    "per_million_output_tokens": 41.13057715,
    "offer": null
  },
  "moe": null,
  "speculative": null,
  "command": "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 2 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 256\n"
}
--- stderr
