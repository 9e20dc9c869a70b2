args: rent --serve --model llama-3.1-8b --gpu RTX4090 --interruptible only --json --top 2
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "plans": [
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
        "gpus": 1,
        "link": "pcie4-host"
      },
      "job": {
        "kind": "infer",
        "engine": "vllm",
        "engine_version": "0.21",
        "quant": "bf16",
        "context": 8192,
        "concurrency": 1,
        "tp": 1,
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
          "gpu": "RTX4090",
          "layers": 32,
          "weights_bytes": 16060522496,
          "kv_cache_bytes": 5020581888,
          "overhead_bytes": 2270167040,
          "total_bytes": 23351271424,
          "usable_bytes": 23352596181
        },
        "gpus": [
          {
            "gpu": "RTX4090",
            "layers": 32,
            "weights_bytes": 16060522496,
            "kv_cache_bytes": 5020581888,
            "overhead_bytes": 2270167040,
            "total_bytes": 23351271424,
            "usable_bytes": 23352596181
          }
        ],
        "weights_bytes": 16060522496,
        "bits_per_weight": 16.0,
        "kv_bytes_per_token": 131072,
        "kv_bytes_per_sequence": 1073741824,
        "kv_tokens": 38304,
        "max_concurrent_sequences": 4,
        "fits": true,
        "max_context": 38304,
        "usable_vram_bytes": 23352596181,
        "cpu_weights_bytes": 0,
        "notes": "vLLM 0.21 rules: 92% of the 23.64 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 2394 blocks of 16 tokens in 1 group",
        "kv_cache_room_bytes": 5021906645,
        "max_concurrency": 4.67578125,
        "host_buffer_bytes": 0,
        "refusal": null,
        "advice": []
      },
      "time": {
        "prefill_tokens_per_second": 9163.661231,
        "decode_tokens_per_second": 46.60212124,
        "decode_tokens_per_second_total": 46.60212124,
        "ttft_seconds": 0.9154240787,
        "decode_step_seconds": 0.02145825068
      },
      "cost": {
        "currency": "EUR",
        "price_per_hour": 0.2766868975,
        "per_million_output_tokens": 1.649226891,
        "offer": "vast-1xrtx4090-interruptible"
      },
      "moe": null,
      "speculative": null,
      "command": "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 1 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 256\n",
      "offer": {
        "id": "vast-1xrtx4090-interruptible",
        "provider": "Vast.ai",
        "gpu": "RTX4090",
        "count": 1,
        "price_per_hour": 0.31,
        "currency": "USD"
      },
      "why": "bf16 fits: 4 sequences of 8192, 47 tokens/s in all"
    }
  ],
  "excluded": []
}
--- stderr
