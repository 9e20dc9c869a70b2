args: request '{"command":"image","model":"ltx-video","gpus":"1xA100-80","frames":161,"resolution":"768x512","quant":"fp8-layerwise","offload_type":"leaf","offload_stream":true,"text_offload":"block","vae_offload":"leaf"}'
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "pipeline": {
    "name": "ltx-video",
    "kind": "video",
    "source": "Lightricks/LTX-Video: LTXPipeline (text_encoder T5EncoderModel t5-v1_1-xxl, transformer, vae AutoencoderKLLTXVideo); diffusers src/diffusers/pipelines/ltx/pipeline_ltx.py @58eb52c0 __call__: height 512, width 704 (both multiples of 32: check_inputs), num_frames 161, num_inference_steps 50, guidance_scale 3 (CFG: latents and the negative and positive prompt embeds concatenated into one batch of 2), max_sequence_length 128; model_cpu_offload_seq text_encoder->transformer->vae; frames 8k + 1 (the VAE's temporal compression 8)"
  },
  "machine": {
    "gpu": "A100-80",
    "gpus": 1
  },
  "job": {
    "kind": "image",
    "width": 768,
    "height": 512,
    "frames": 161,
    "steps": 50,
    "batch": 1,
    "quant": "fp8-layerwise",
    "text_quant": "bf16",
    "placement_asked": "group-offload",
    "placement": "group-offload",
    "cfg": true,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": false,
    "offload": {
      "offload_type": "leaf",
      "blocks_per_group": 1,
      "offload_stream": true,
      "record_stream": false,
      "blocks_to_swap": 0,
      "vram_budget_bytes": null,
      "text_device": "with",
      "text_gpu": null,
      "resident_bytes": 0,
      "streamed_bytes_per_forward": 1923385472,
      "rate_bytes_per_second": 2.52e10,
      "overlapped_seconds": 3.766284444,
      "exposed_seconds": 8.500319961,
      "text_remote_seconds": 0.0,
      "embedding_bytes": 0,
      "text_offload": "block",
      "vae_offload": "leaf",
      "persistent_params": null
    }
  },
  "components": [
    {
      "role": "text_encoder",
      "name": "t5-v1_1-xxl-encoder",
      "class": "t5",
      "params": 4762310656,
      "bits_per_weight": 16.0,
      "weights_bytes": 9524621312,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 49283072,
      "flops": 2.383706849e12,
      "seconds": 0.036085
    },
    {
      "role": "denoiser",
      "name": "ltx-video-2b-transformer",
      "class": "?",
      "params": 1923385472,
      "bits_per_weight": 8.0,
      "weights_bytes": 1923385472,
      "cast_bytes": 15387083776,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 729808896,
      "flops": 4.174163899e15,
      "seconds": 33.248757
    },
    {
      "role": "vae",
      "name": "ltx-video-vae",
      "class": "vae_wan",
      "params": 419193649,
      "bits_per_weight": 16.0,
      "weights_bytes": 838387298,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 6495141888,
      "flops": 5.511803673e13,
      "seconds": 0.8323559699
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "A100-80",
        "weights_bytes": 9524621312,
        "activation_bytes": 49283072,
        "reserve_bytes": 1552437043,
        "total_bytes": 11126341427,
        "usable_bytes": 85899345920,
        "elastic_bytes": 476231066
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 11126341427,
    "host_ram_bytes": 12286394082,
    "transfer_bytes_per_batch": 106532282210,
    "return_bytes_per_batch": 10363008610,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 8064.0,
    "step_flops": 8.348327798e13,
    "step_seconds": 0.6649751399,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 1.503815616,
    "text_seconds": 0.036085,
    "denoise_seconds": 33.248757,
    "vae_seconds": 0.8323559699,
    "transfer_seconds": 5.31436339,
    "comm_seconds": 0.0,
    "latency_seconds": 40.63072324,
    "seconds_per_image": 40.63072324,
    "copies": 1,
    "images_per_hour": 88.60290227,
    "fixed_seconds": 1.199161881,
    "loop_kernels": 11.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 1792.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 0.6012560085,
    "fast_host_step_seconds": 0.6255511399,
    "fast_host_seconds_per_image": 38.6370025,
    "slow_host_step_seconds": 0.6828951399,
    "slow_host_seconds_per_image": 41.53709324
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 1.254016423,
    "per_1000_images": 14.15322061,
    "images": 1000,
    "total": 14.15322061,
    "offer": null
  },
  "explain": [
    {
      "term": "text_encoder",
      "label": "text_encoder",
      "formula": "params x bits / 8",
      "substituted": "t5-v1_1-xxl-encoder: 4.762 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 9524621312.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "ltx-video-2b-transformer: 1.923 B params x 8 bits / 8 (in host RAM between uses)",
      "value": 1923385472.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "vae",
      "label": "vae",
      "formula": "params x bits / 8",
      "substituted": "ltx-video-vae: 0.4192 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 838387298.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 0.73 GB, VAE decode 6.5 GB (CFG doubles the denoiser's batch)",
      "value": 49283072.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "4.06 + 2.05 + 0 + 0.38 GB; 1 image at once, 2 bytes an element",
      "value": 6495141888.0,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "1.55 GB on the fullest GPU",
      "value": 1552437043.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "0.0361 s",
      "value": 0.036085,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "83.48 TFLOP (8064 latent tokens, CFG x2), attention FlashAttention-2 = 0.665 s",
      "value": 0.6649751399,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.245 s at 217 TFLOP/s (peak x measured share), attention 0.202 s at 0.481 of the peak, memory-bound 0.145 s",
      "value": 0.5918230243,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "1792 x 35 µs (hosts 13-45 µs: 0.0233-0.0806 s), GPU 0.601 s",
      "value": 0.06272,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "cast_seconds",
      "label": "weight casts, a forward",
      "formula": "bytes / (HBM rate x 0.8)",
      "substituted": "fp8-layerwise weights: 15.4 GB (8 bytes each)",
      "value": 0.009432984169,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "50 x 0.665 s",
      "value": 33.248757,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "55.12 TFLOP",
      "value": 0.8323559699,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 11 a step around the denoiser (in the step)",
      "value": 1.199161881,
      "reference": "docs/image.md, \"Fixed costs per image\""
    },
    {
      "term": "transfer_seconds",
      "label": "host-GPU transfers",
      "formula": "(in + back) / pageable rate",
      "substituted": "107 GB in, 10.4 GB back a batch",
      "value": 5.31436339,
      "reference": "docs/image.md, \"Placement\""
    },
    {
      "term": "streamed_weights",
      "label": "denoiser weights resident",
      "formula": "2 x largest layer",
      "substituted": "0 GB resident a step, 1.92 GB streamed a forward",
      "value": 0.0,
      "reference": "docs/image.md, \"Offload as diffusers and ComfyUI do it now\""
    },
    {
      "term": "offload_exposed_seconds",
      "label": "transfers waited for",
      "formula": "first group + max(0, rest / pinned - compute)",
      "substituted": "at 25.2 GB/s; 3.77 s hidden behind compute an image",
      "value": 8.500319961,
      "reference": "docs/image.md, \"Offload as diffusers and ComfyUI do it now\""
    }
  ]
}
--- stderr
