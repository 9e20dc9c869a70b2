args: image --model wan2.1-i2v-14b --gpus 1xH100-SXM --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "pipeline": {
    "name": "wan2.1-i2v-14b",
    "kind": "video",
    "source": "Wan-AI/Wan2.1-I2V-14B-480P-Diffusers: WanImageToVideoPipeline (text_encoder UMT5, image_encoder CLIPVisionModel, transformer, vae AutoencoderKLWan); pipeline_wan_i2v.py @58eb52c0 __call__ defaults 480 x 832, 81 frames, 50 steps, guidance_scale 5.0, max_sequence_length 512; encode_image runs the CLIP vision tower once on the image (hidden_states[-2]: 257 tokens); CFG calls the transformer twice a step. Not counted: the conditioning video's VAE encode (the image and 80 zero frames, once per video)"
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
    "placement_asked": "auto",
    "placement": "single",
    "cfg": true,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": false,
    "why": "single fits (54.3 GB on the fullest GPU, 7 images/h); offload fits (39.4 GB, 7 images/h); group-offload fits (13.6 GB, 5 images/h); partial fits (39.4 GB, 7 images/h); sequential fits (6.4 GB, 3 images/h): single has the most images per hour that fit"
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
      "role": "text_encoder_2",
      "name": "clip-vit-h-14-image",
      "class": "clip",
      "params": 630766080,
      "bits_per_weight": 16.0,
      "weights_bytes": 1261532160,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 13158400,
      "flops": 6.684046131e11,
      "seconds": 0.013895
    },
    {
      "role": "denoiser",
      "name": "wan2.1-i2v-14b-transformer",
      "class": "wan",
      "params": 16394878784,
      "bits_per_weight": 16.0,
      "weights_bytes": 32789757568,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 3702813184,
      "flops": 1.686376374e17,
      "seconds": 480.537582
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
        "weights_bytes": 45666895462,
        "activation_bytes": 5037127680,
        "reserve_bytes": 3608942981,
        "total_bytes": 54312966123,
        "usable_bytes": 85520809984,
        "elastic_bytes": 3249476485
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 54312966123,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 32760.0,
    "step_flops": 3.372752748e15,
    "step_seconds": 9.610751639,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 0.1040501344,
    "text_seconds": 0.066885,
    "denoise_seconds": 480.537582,
    "vae_seconds": 2.002121122,
    "transfer_seconds": 0.0,
    "comm_seconds": 0.0,
    "latency_seconds": 483.2194225,
    "seconds_per_image": 483.2194225,
    "copies": 1,
    "images_per_hour": 7.450031668,
    "fixed_seconds": 0.612834384,
    "loop_kernels": 10.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 5060.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 9.610751639,
    "fast_host_step_seconds": 9.610751639,
    "fast_host_seconds_per_image": 483.1888812,
    "slow_host_step_seconds": 9.610751639,
    "slow_host_seconds_per_image": 483.2385925
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 3.168511246,
    "per_1000_images": 425.3017151,
    "images": 1000,
    "total": 425.3017151,
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
      "term": "text_encoder_2",
      "label": "text_encoder_2",
      "formula": "params x bits / 8",
      "substituted": "clip-vit-h-14-image: 0.6308 B params x 16 bits / 8 (resident)",
      "value": 1261532160.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "wan2.1-i2v-14b-transformer: 16.39 B params x 16 bits / 8 (resident)",
      "value": 3.278975757e10,
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
      "substituted": "denoiser 3.7 GB, VAE decode 5.04 GB (CFG: two forwards of the batch)",
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
      "substituted": "3.61 GB on the fullest GPU",
      "value": 3608942981.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "0.0669 s",
      "value": 0.066885,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "3373 TFLOP (32760 latent tokens, CFG x2), attention FlashAttention-2 = 9.611 s",
      "value": 9.610751639,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 2.2 s at 722.3 TFLOP/s (peak x measured share), attention 6.16 s at 0.293 of the peak, memory-bound 1.25 s",
      "value": 9.610751639,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "5060 x 35 µs (hosts 13-45 µs: 0.0658-0.228 s), GPU 9.61 s",
      "value": 0.1771,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "50 x 9.611 s",
      "value": 480.537582,
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
