args: infer --model llama-3.1-70b --gpus 2xA100-40 --quant bf16 --json
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
      "gpu": "A100-40",
      "layers": 80,
      "weights_bytes": 70553706496,
      "kv_cache_bytes": 0,
      "overhead_bytes": 4181946368,
      "total_bytes": 74735652864,
      "usable_bytes": 39079048432
    },
    "gpus": [
      {
        "gpu": "A100-40",
        "layers": 80,
        "weights_bytes": 70553706496,
        "kv_cache_bytes": 0,
        "overhead_bytes": 4181946368,
        "total_bytes": 74735652864,
        "usable_bytes": 39079048432
      },
      {
        "gpu": "A100-40",
        "layers": 80,
        "weights_bytes": 70553706496,
        "kv_cache_bytes": 0,
        "overhead_bytes": 4181946368,
        "total_bytes": 74735652864,
        "usable_bytes": 39079048432
      }
    ],
    "weights_bytes": 141107412992,
    "bits_per_weight": 16.0,
    "kv_bytes_per_token": 327680,
    "kv_bytes_per_sequence": 2684354560,
    "kv_tokens": 0,
    "max_concurrent_sequences": 0,
    "fits": false,
    "max_context": 0,
    "usable_vram_bytes": 39079048432,
    "cpu_weights_bytes": 0,
    "notes": "vLLM 0.21 rules: 92% of the 39.56 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 0 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 2",
    "kv_cache_room_bytes": -35656604432,
    "max_concurrency": 0.0,
    "host_buffer_bytes": 0,
    "refusal": "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.",
    "advice": [
      {
        "kind": "more_gpus",
        "flags": "--gpus 8xA100-40",
        "fits": true,
        "per_gpu_bytes": 22155917312,
        "free_bytes": 16923131120,
        "max_concurrent_sequences": 51,
        "bits_per_weight": 16.0,
        "decode_tokens_per_second": 37.21093463,
        "decode_tokens_per_second_total": 37.21093463,
        "changes_request": false
      },
      {
        "kind": "engine",
        "flags": "--engine llamacpp --no-fit --quant q8_0",
        "fits": true,
        "per_gpu_bytes": 40942256538,
        "free_bytes": 1534970019,
        "max_concurrent_sequences": 2,
        "bits_per_weight": 8.500439303,
        "decode_tokens_per_second": 12.89642571,
        "decode_tokens_per_second_total": 12.89642571,
        "changes_request": false
      },
      {
        "kind": "quant",
        "flags": "--quant awq4",
        "fits": true,
        "per_gpu_bytes": 25408016384,
        "free_bytes": 13671032048,
        "max_concurrent_sequences": 11,
        "bits_per_weight": 4.509221408,
        "decode_tokens_per_second": 37.33521521,
        "decode_tokens_per_second_total": 37.33521521,
        "changes_request": false
      },
      {
        "kind": "engine",
        "flags": "--engine llamacpp --no-fit --quant q4_k_m",
        "fits": true,
        "per_gpu_bytes": 24687395226,
        "free_bytes": 17789831331,
        "max_concurrent_sequences": 13,
        "bits_per_weight": 4.815688986,
        "decode_tokens_per_second": 21.34296166,
        "decode_tokens_per_second_total": 21.34296166,
        "changes_request": false
      }
    ]
  },
  "time": {
    "prefill_tokens_per_second": 3435.624598,
    "decode_tokens_per_second": 13.25928892,
    "decode_tokens_per_second_total": 13.25928892,
    "ttft_seconds": 2.459846974,
    "decode_step_seconds": 0.0754188257
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 2.043912888,
    "per_million_output_tokens": 42.8193083,
    "offer": null
  },
  "moe": null,
  "speculative": null,
  "command": "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 2 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 256\n"
}
--- stderr
