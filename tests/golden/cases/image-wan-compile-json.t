args: image --model wan2.1-t2v-1.3b --gpus 1xH100-SXM --placement single --compile default --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "pipeline": {
    "name": "wan2.1-t2v-1.3b",
    "kind": "video",
    "source": "Wan-AI/Wan2.1-T2V-1.3B-Diffusers: WanPipeline, text_encoder UMT5EncoderModel, transformer WanTransformer3DModel, vae AutoencoderKLWan (its model_index.json was not found verbatim); diffusers src/diffusers/pipelines/wan/pipeline_wan.py __call__ (@58eb52c0; the same at @007f2770): height 480, width 832, num_frames 81, num_inference_steps 50, guidance_scale 5.0 (CFG: a second forward with the negative prompt), max_sequence_length 512; the text reaches the DiT by cross-attention; with CFG encode_prompt runs T5 again on the negative prompt (pipeline_wan.py @58eb52c0, line 254); CFG calls the transformer on the prompt, then on the negative prompt, batch 1 each (pipeline_wan.py @58eb52c0, lines 614-632)"
  },
  "machine": {
    "gpu": "H100-SXM",
    "gpus": 1
  },
  "job": {
    "kind": "image",
    "width": 832,
    "height": 480,
    "frames": 81,
    "steps": 50,
    "batch": 1,
    "quant": "bf16",
    "text_quant": "bf16",
    "placement_asked": "single",
    "placement": "single",
    "cfg": true,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": false,
    "compile": {
      "mode": "default",
      "cuda_graphs": false,
      "compile_seconds": 48.07076001,
      "eager_step_kernels": 3810.0,
      "eager_step_bytes": 7.91825449e11,
      "compiled_step_bytes": 1.919936102e11,
      "graph_pool_bytes": 0.0
    }
  },
  "components": [
    {
      "role": "text_encoder",
      "name": "umt5-xxl-encoder",
      "class": "t5",
      "params": 5680910336,
      "bits_per_weight": 16.0,
      "weights_bytes": 11361820672,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 549453824,
      "flops": 9.68944622e12,
      "seconds": 0.05299
    },
    {
      "role": "denoiser",
      "name": "wan2.1-t2v-1.3b-transformer",
      "class": "wan",
      "params": 1418996800,
      "bits_per_weight": 16.0,
      "weights_bytes": 2837993600,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 1381163008,
      "flops": 2.830017878e16,
      "seconds": 86.70702934
    },
    {
      "role": "vae",
      "name": "wan2.1-vae",
      "class": "vae_wan",
      "params": 126892531,
      "bits_per_weight": 16.0,
      "weights_bytes": 253785062,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 5037127680,
      "flops": 2.754074132e14,
      "seconds": 2.002121122
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "H100-SXM",
        "weights_bytes": 14453599334,
        "activation_bytes": 5037127680,
        "reserve_bytes": 2048278175,
        "total_bytes": 21539005189,
        "usable_bytes": 85520809984,
        "elastic_bytes": 1688811679
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 21539005189,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 32760.0,
    "step_flops": 5.660035756e14,
    "step_seconds": 1.734140587,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 0.5766545155,
    "text_seconds": 0.05299,
    "denoise_seconds": 86.70702934,
    "vae_seconds": 2.002121122,
    "transfer_seconds": 0.0,
    "comm_seconds": 0.0,
    "latency_seconds": 89.37497485,
    "seconds_per_image": 89.37497485,
    "copies": 1,
    "images_per_hour": 40.27973162,
    "fixed_seconds": 0.612834384,
    "loop_kernels": 10.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 1390.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 1.734140587,
    "fast_host_step_seconds": 1.734140587,
    "fast_host_seconds_per_image": 89.35316756,
    "slow_host_step_seconds": 1.734140587,
    "slow_host_seconds_per_image": 89.39017485
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 3.168511246,
    "per_1000_images": 78.66267025,
    "images": 1000,
    "total": 78.66267025,
    "offer": null
  },
  "explain": [
    {
      "term": "text_encoder",
      "label": "text_encoder",
      "formula": "params x bits / 8",
      "substituted": "umt5-xxl-encoder: 5.681 B params x 16 bits / 8 (resident)",
      "value": 1.136182067e10,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "wan2.1-t2v-1.3b-transformer: 1.419 B params x 16 bits / 8 (resident)",
      "value": 2837993600.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "vae",
      "label": "vae",
      "formula": "params x bits / 8",
      "substituted": "wan2.1-vae: 0.1269 B params x 16 bits / 8 (resident)",
      "value": 253785062.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 1.38 GB, VAE decode 5.04 GB (CFG: two forwards of the batch)",
      "value": 5037127680.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "1.84 + 0.92 + 1.89 + 0.388 GB; 1 image at once, 2 bytes an element",
      "value": 5037127680.0,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "2.05 GB on the fullest GPU",
      "value": 2048278175.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "0.053 s",
      "value": 0.05299,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "566 TFLOP (32760 latent tokens, CFG x2), attention FlashAttention-2 = 1.734 s",
      "value": 1.734140587,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.276 s at 595.9 TFLOP/s (peak x measured share), attention 1.39 s at 0.293 of the peak, memory-bound 0.0717 s",
      "value": 1.734140587,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "1390 x 35 µs (hosts 13-45 µs: 0.0181-0.0626 s), GPU 1.73 s",
      "value": 0.04865,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "50 x 1.734 s",
      "value": 86.70702934,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "275.4 TFLOP",
      "value": 2.002121122,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 10 a step around the denoiser (in the step)",
      "value": 0.612834384,
      "reference": "docs/image.md, \"Fixed costs per image\""
    },
    {
      "term": "transfer_seconds",
      "label": "host-GPU transfers",
      "formula": "(in + back) / pageable rate",
      "substituted": "0 GB in, 0 GB back a batch",
      "value": 0.0,
      "reference": "docs/image.md, \"Placement\""
    }
  ]
}
--- stderr
