args: request '{"command":"image","model":"qwen-image","gpus":"2xL20","placement":"parallel-offload","resolution":"1312x1312"}'
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "pipeline": {
    "name": "qwen-image",
    "kind": "image",
    "source": "QwenImagePipeline (diffusers src/diffusers/pipelines/qwenimage/pipeline_qwenimage.py @58eb52c0): __call__ num_inference_steps 50, true_cfg_scale 4.0 - CFG runs when a negative_prompt is given (the card passes negative_prompt ' ') and calls the transformer twice a step, cache_context 'cond' then 'uncond' (lines 644-668); the negative prompt goes through Qwen2.5-VL again (encode_prompt, line 573); height / width default_sample_size 128 x vae_scale_factor 8 = 1024 (the card's example runs 1328 x 1328); the prompt in the template of 34 system tokens (prompt_template_encode_start_idx, dropped after the encoder), padding=True, the last hidden state joining the image tokens in every block's joint attention; resolutions must be multiples of vae_scale_factor x 2 = 16"
  },
  "machine": {
    "gpu": "L20",
    "gpus": 2
  },
  "job": {
    "kind": "image",
    "width": 1312,
    "height": 1312,
    "frames": 1,
    "steps": 50,
    "batch": 1,
    "quant": "bf16",
    "text_quant": "bf16",
    "placement_asked": "parallel-offload",
    "placement": "parallel-offload",
    "cfg": true,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": false,
    "offload": {
      "offload_type": "block",
      "blocks_per_group": 1,
      "offload_stream": false,
      "record_stream": false,
      "blocks_to_swap": 0,
      "vram_budget_bytes": null,
      "text_device": "with",
      "text_gpu": null,
      "resident_bytes": 0,
      "streamed_bytes_per_forward": 0,
      "rate_bytes_per_second": 0.0,
      "overlapped_seconds": 0.0,
      "exposed_seconds": 0.0,
      "text_remote_seconds": 0.0,
      "embedding_bytes": 0,
      "text_offload": "same",
      "vae_offload": "same",
      "persistent_params": null
    }
  },
  "components": [
    {
      "role": "text_encoder",
      "name": "qwen2.5-vl-7b-text",
      "class": "llm",
      "params": 8292166656,
      "bits_per_weight": 16.0,
      "weights_bytes": 16584333312,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 131072000,
      "flops": 3.633139679e12,
      "seconds": 0.04278718169
    },
    {
      "role": "denoiser",
      "name": "qwen-image-transformer",
      "class": "hunyuan_video",
      "params": 20430401088,
      "bits_per_weight": 16.0,
      "weights_bytes": 40860802176,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 312332288,
      "flops": 1.27752546e16,
      "seconds": 103.7503482
    },
    {
      "role": "vae",
      "name": "qwen-image-vae",
      "class": "vae_wan",
      "params": 126892531,
      "bits_per_weight": 16.0,
      "weights_bytes": 253785062,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 13118362624,
      "flops": 1.985038753e13,
      "seconds": 0.3428034628
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "L20",
        "weights_bytes": 40860802176,
        "activation_bytes": 312332288,
        "reserve_bytes": 3132398547,
        "total_bytes": 44305533011,
        "usable_bytes": 48305799168,
        "elastic_bytes": 2043040109
      },
      {
        "gpu": "L20",
        "weights_bytes": 40860802176,
        "activation_bytes": 312332288,
        "reserve_bytes": 3132398547,
        "total_bytes": 44305533011,
        "usable_bytes": 48305799168,
        "elastic_bytes": 2043040109
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 44305533011,
    "host_ram_bytes": 115397841100,
    "transfer_bytes_per_batch": 57698920550,
    "return_bytes_per_batch": 57698920550,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 6724.0,
    "step_flops": 2.55505092e14,
    "step_seconds": 2.075006964,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 0.4819260935,
    "text_seconds": 0.04278718169,
    "denoise_seconds": 103.7503482,
    "vae_seconds": 0.3428034628,
    "transfer_seconds": 29.58919003,
    "comm_seconds": 0.1603759543,
    "latency_seconds": 133.7579385,
    "seconds_per_image": 133.7579385,
    "copies": 1,
    "images_per_hour": 26.91429041,
    "fixed_seconds": 0.03280960714,
    "loop_kernels": 10.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 9514.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 1.914631009,
    "fast_host_step_seconds": 2.075006964,
    "fast_host_seconds_per_image": 133.7578065,
    "slow_host_step_seconds": 2.075006964,
    "slow_host_seconds_per_image": 133.7682213
  },
  "faster": null,
  "llm": null,
  "cost": null,
  "explain": [
    {
      "term": "text_encoder",
      "label": "text_encoder",
      "formula": "params x bits / 8",
      "substituted": "qwen2.5-vl-7b-text: 8.292 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 1.658433331e10,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "qwen-image-transformer: 20.43 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 4.086080218e10,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "vae",
      "label": "vae",
      "formula": "params x bits / 8",
      "substituted": "qwen-image-vae: 0.1269 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 253785062.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 0.312 GB, VAE decode 13.1 GB (CFG: two forwards of the batch)",
      "value": 312332288.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "2.97 + 1.98 + 8.14 + 0.0207 GB; 1 image at once, 2 bytes an element",
      "value": 1.311836262e10,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "3.13 GB on the fullest GPU",
      "value": 3132398547.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "0.0428 s",
      "value": 0.04278718169,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "255.5 TFLOP (6724 latent tokens, CFG x2), attention FlashAttention-2 = 2.075 s",
      "value": 2.075006964,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.952 s at 97.82 TFLOP/s (peak x measured share), attention 0.469 s at 0.617 of the peak, memory-bound 0.376 s",
      "value": 1.797690209,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "9514 x 35 µs (hosts 13-45 µs: 0.124-0.428 s), GPU 1.91 s",
      "value": 0.33299,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "50 x 2.075 s",
      "value": 103.7503482,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "19.85 TFLOP",
      "value": 0.3428034628,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 10 a step around the denoiser (in the step)",
      "value": 0.03280960714,
      "reference": "docs/image.md, \"Fixed costs per image\""
    },
    {
      "term": "transfer_seconds",
      "label": "host-GPU transfers",
      "formula": "(in + back) / pageable rate",
      "substituted": "57.7 GB in, 57.7 GB back a batch",
      "value": 29.58919003,
      "reference": "docs/image.md, \"Placement\""
    }
  ]
}
--- stderr
