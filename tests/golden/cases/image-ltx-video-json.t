args: image --model ltx-video --gpus 1xH100-SXM --json
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
    "gpu": "H100-SXM",
    "gpus": 1
  },
  "job": {
    "kind": "image",
    "width": 704,
    "height": 512,
    "frames": 161,
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
    "why": "single fits (22.2 GB on the fullest GPU, 248 images/h); offload fits (11.1 GB, 165 images/h); partial fits (11.1 GB, 165 images/h); sequential fits (7.4 GB, 54 images/h): single has the most images per hour that fit"
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
      "gpu": 0,
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
      "bits_per_weight": 16.0,
      "weights_bytes": 3846770944,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 669253632,
      "flops": 3.712904544e15,
      "seconds": 12.94496529
    },
    {
      "role": "vae",
      "name": "ltx-video-vae",
      "class": "vae_wan",
      "params": 419193649,
      "bits_per_weight": 16.0,
      "weights_bytes": 838387298,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 5953880064,
      "flops": 5.0524867e13,
      "seconds": 0.4486228607
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "H100-SXM",
        "weights_bytes": 14209779554,
        "activation_bytes": 5953880064,
        "reserve_bytes": 2081924805,
        "total_bytes": 22245584423,
        "usable_bytes": 85520809984,
        "elastic_bytes": 2684590584
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 22245584423,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 7392.0,
    "step_flops": 7.425809089e13,
    "step_seconds": 0.2588993059,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 3.862505527,
    "text_seconds": 0.036085,
    "denoise_seconds": 12.94496529,
    "vae_seconds": 0.4486228607,
    "transfer_seconds": 0.0,
    "comm_seconds": 0.0,
    "latency_seconds": 14.52892238,
    "seconds_per_image": 14.52892238,
    "copies": 1,
    "images_per_hour": 247.7816252,
    "fixed_seconds": 1.099249224,
    "loop_kernels": 11.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 1792.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 0.2588993059,
    "fast_host_step_seconds": 0.2588993059,
    "fast_host_seconds_per_image": 14.50610838,
    "slow_host_step_seconds": 0.2588993059,
    "slow_host_seconds_per_image": 14.53929238
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 3.168511246,
    "per_1000_images": 12.78751499,
    "images": 1000,
    "total": 12.78751499,
    "offer": null
  },
  "explain": [
    {
      "term": "text_encoder",
      "label": "text_encoder",
      "formula": "params x bits / 8",
      "substituted": "t5-v1_1-xxl-encoder: 4.762 B params x 16 bits / 8 (resident)",
      "value": 9524621312.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "ltx-video-2b-transformer: 1.923 B params x 16 bits / 8 (resident)",
      "value": 3846770944.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "vae",
      "label": "vae",
      "formula": "params x bits / 8",
      "substituted": "ltx-video-vae: 0.4192 B params x 16 bits / 8 (resident)",
      "value": 838387298.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 0.669 GB, VAE decode 5.95 GB (CFG doubles the denoiser's batch)",
      "value": 5953880064.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "3.73 + 1.88 + 0 + 0.348 GB; 1 image at once, 2 bytes an element",
      "value": 5953880064.0,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "2.08 GB on the fullest GPU",
      "value": 2081924805.0,
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
      "substituted": "74.26 TFLOP (7392 latent tokens, CFG x2), attention FlashAttention-2 = 0.2589 s",
      "value": 0.2588993059,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.0767 s at 635.6 TFLOP/s (peak x measured share), attention 0.102 s at 0.254 of the peak, memory-bound 0.0807 s",
      "value": 0.2588993059,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "1792 x 35 µs (hosts 13-45 µs: 0.0233-0.0806 s), GPU 0.259 s",
      "value": 0.06272,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "50 x 0.2589 s",
      "value": 12.94496529,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "50.52 TFLOP",
      "value": 0.4486228607,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 11 a step around the denoiser (in the step)",
      "value": 1.099249224,
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
