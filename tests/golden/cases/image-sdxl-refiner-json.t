args: image --model sdxl --gpus 1xRTX4090 --quant fp16 --refiner --steps 40 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "pipeline": {
    "name": "sdxl-base",
    "kind": "image",
    "source": "stabilityai/stable-diffusion-xl-base-1.0 model_index.json (tests/data/diffusers/stable-diffusion-xl-base-1.0/model_index.json, from Forge @c8156fcf): StableDiffusionXLPipeline, text_encoder CLIPTextModel, text_encoder_2 CLIPTextModelWithProjection, unet, vae; diffusers src/diffusers/pipelines/stable_diffusion_xl/pipeline_stable_diffusion_xl.py __call__ (@58eb52c0): num_inference_steps 50, guidance_scale 5.0 (CFG), 77-token prompts for both encoders, height / width unet sample_size 128 x 8 = 1024; the text reaches the UNet by cross-attention only"
  },
  "machine": {
    "gpu": "RTX4090",
    "gpus": 1
  },
  "job": {
    "kind": "image",
    "width": 1024,
    "height": 1024,
    "frames": 1,
    "steps": 40,
    "batch": 1,
    "quant": "fp16",
    "text_quant": "bf16",
    "placement_asked": "auto",
    "placement": "single",
    "cfg": true,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": true,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": false,
    "why": "single fits (18.6 GB on the fullest GPU, 645 images/h); offload fits (6.8 GB, 312 images/h); sequential fits (6.5 GB, 63 images/h): single has the most images per hour that fit"
  },
  "components": [
    {
      "role": "text_encoder",
      "name": "clip-vit-l-text",
      "class": "clip",
      "params": 123060480,
      "bits_per_weight": 16.0,
      "weights_bytes": 246120960,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 2365440,
      "flops": 2.659700736e10,
      "seconds": 0.006335
    },
    {
      "role": "text_encoder_2",
      "name": "openclip-bigg-text-proj",
      "class": "clip",
      "params": 694659840,
      "bits_per_weight": 16.0,
      "weights_bytes": 1389319680,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 3942400,
      "flops": 1.957262131e11,
      "seconds": 0.013895
    },
    {
      "role": "denoiser",
      "name": "sdxl-unet",
      "class": "unet",
      "params": 2567463684,
      "bits_per_weight": 16.0,
      "weights_bytes": 5134927368,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 278503424,
      "flops": 4.327191295e14,
      "seconds": 4.162030197
    },
    {
      "role": "vae",
      "name": "sd-vae",
      "class": "vae",
      "params": 83653863,
      "bits_per_weight": 32.0,
      "weights_bytes": 334615452,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 5112856576,
      "flops": 1.047039259e13,
      "seconds": 0.2728303624
    },
    {
      "role": "refiner",
      "name": "sdxl-refiner-unet",
      "class": "unet",
      "params": 2259526660,
      "bits_per_weight": 16.0,
      "weights_bytes": 4519053320,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 333841408,
      "flops": 0.0,
      "seconds": 1.102572371
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "RTX4090",
        "weights_bytes": 11624036780,
        "activation_bytes": 5112856576,
        "reserve_bytes": 1910586492,
        "total_bytes": 18647479848,
        "usable_bytes": 25757220864,
        "elastic_bytes": 2836059669
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 18647479848,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 16384.0,
    "step_flops": 1.35224728e13,
    "step_seconds": 0.1300634437,
    "refiner_steps": 8,
    "refiner_step_seconds": 0.1378215464,
    "iterations_per_second": 7.68855546,
    "text_seconds": 0.02023,
    "denoise_seconds": 5.264602568,
    "vae_seconds": 0.2728303624,
    "transfer_seconds": 0.0,
    "comm_seconds": 0.0,
    "latency_seconds": 5.579344541,
    "seconds_per_image": 5.579344541,
    "copies": 1,
    "images_per_hour": 645.2370836,
    "fixed_seconds": 0.02168161009,
    "loop_kernels": 13.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 2016.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 0.1300634437,
    "fast_host_step_seconds": 0.1300634437,
    "fast_host_seconds_per_image": 5.566496541,
    "slow_host_step_seconds": 0.1300634437,
    "slow_host_seconds_per_image": 5.585184541
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 0.3034630489,
    "per_1000_images": 0.4703124737,
    "images": 1000,
    "total": 0.4703124737,
    "offer": null
  },
  "explain": [
    {
      "term": "text_encoder",
      "label": "text_encoder",
      "formula": "params x bits / 8",
      "substituted": "clip-vit-l-text: 0.1231 B params x 16 bits / 8 (resident)",
      "value": 246120960.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "text_encoder_2",
      "label": "text_encoder_2",
      "formula": "params x bits / 8",
      "substituted": "openclip-bigg-text-proj: 0.6947 B params x 16 bits / 8 (resident)",
      "value": 1389319680.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "sdxl-unet: 2.567 B params x 16 bits / 8 (resident)",
      "value": 5134927368.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "vae",
      "label": "vae",
      "formula": "params x bits / 8",
      "substituted": "sd-vae: 0.08365 B params x 32 bits / 8 (resident)",
      "value": 334615452.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "refiner",
      "label": "refiner",
      "formula": "params x bits / 8",
      "substituted": "sdxl-refiner-unet: 2.26 B params x 16 bits / 8 (resident)",
      "value": 4519053320.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 0.279 GB, VAE decode 5.11 GB (CFG doubles the denoiser's batch)",
      "value": 5112856576.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "2.95 + 2.15 + 0 + 0.0126 GB; 1 image at once, 4 bytes an element",
      "value": 5112856576.0,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "1.91 GB on the fullest GPU",
      "value": 1910586492.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "0.0202 s",
      "value": 0.02023,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "13.52 TFLOP (16384 latent tokens, CFG x2), attention FlashAttention-2 = 0.1301 s",
      "value": 0.1300634437,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.0852 s at 141.7 TFLOP/s (peak x measured share), attention 0.0163 s at 0.581 of the peak, memory-bound 0.0285 s",
      "value": 0.1300634437,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "roofline_seconds",
      "label": "operators bound by bytes",
      "formula": "sum of (bytes / HBM - FLOPs / rate) > 0",
      "substituted": "a UNet's convs, Linears and attentions whose weights and activations outrun their FLOPs (in the GEMMs)",
      "value": 0.0008115263731,
      "reference": "docs/image.md, \"Small UNets: a roofline per operator\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "2016 x 35 µs (hosts 13-45 µs: 0.0262-0.0907 s), GPU 0.13 s",
      "value": 0.07056,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "40 x 0.1301 s",
      "value": 5.264602568,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "10.47 TFLOP",
      "value": 0.2728303624,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 13 a step around the denoiser (in the step)",
      "value": 0.02168161009,
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
