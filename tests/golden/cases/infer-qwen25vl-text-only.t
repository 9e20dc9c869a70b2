args: infer --model qwen2.5-vl-7b --gpus 1xA100-40 --context 32768 --limit-mm-per-prompt 0 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "model": {
    "name": "qwen2.5-vl-7b",
    "params": 8292166656.0,
    "active_params": 8292166656.0
  },
  "machine": {
    "gpus": 1,
    "link": "nvlink3-switch"
  },
  "job": {
    "kind": "infer",
    "engine": "vllm",
    "engine_version": "0.21",
    "quant": "bf16",
    "context": 32768,
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
    "split_mode": "layer",
    "limit_mm_per_prompt": 0
  },
  "memory": {
    "per_gpu": {
      "gpu": "A100-40",
      "layers": 28,
      "weights_bytes": 15231233024,
      "kv_cache_bytes": 21491613696,
      "overhead_bytes": 2355519488,
      "total_bytes": 39078366208,
      "usable_bytes": 39079048432
    },
    "gpus": [
      {
        "gpu": "A100-40",
        "layers": 28,
        "weights_bytes": 15231233024,
        "kv_cache_bytes": 21491613696,
        "overhead_bytes": 2355519488,
        "total_bytes": 39078366208,
        "usable_bytes": 39079048432
      }
    ],
    "weights_bytes": 15231233024,
    "bits_per_weight": 14.69457492,
    "kv_bytes_per_token": 57344,
    "kv_bytes_per_sequence": 1879048192,
    "kv_tokens": 374784,
    "max_concurrent_sequences": 11,
    "fits": true,
    "max_context": 128000,
    "usable_vram_bytes": 39079048432,
    "cpu_weights_bytes": 0,
    "notes": "vLLM 0.21 rules: 92% of the 39.56 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 23424 blocks of 16 tokens in 1 group",
    "kv_cache_room_bytes": 21492295920,
    "max_concurrency": 11.4375,
    "host_buffer_bytes": 0,
    "refusal": null,
    "advice": []
  },
  "time": {
    "prefill_tokens_per_second": 11709.33797,
    "decode_tokens_per_second": 55.23952556,
    "decode_tokens_per_second_total": 55.23952556,
    "ttft_seconds": 2.816553249,
    "decode_step_seconds": 0.01810297952
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 1.021956444,
    "per_million_output_tokens": 5.139015717,
    "offer": null
  },
  "moe": null,
  "speculative": null,
  "command": "vllm serve Qwen/Qwen2.5-VL-7B-Instruct --tensor-parallel-size 1 --max-model-len 32768 --gpu-memory-utilization 0.92 --max-num-seqs 256 --limit-mm-per-prompt '{\"image\":0,\"video\":0}'\n"
}
--- stderr
