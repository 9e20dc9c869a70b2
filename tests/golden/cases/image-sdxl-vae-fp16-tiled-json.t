args: image --model sdxl --gpus 1xRTX4090 --quant fp16 --vae-fp16 --vae-tile 512 --batch 2 --json
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
    "steps": 50,
    "batch": 2,
    "quant": "fp16",
    "text_quant": "bf16",
    "placement_asked": "auto",
    "placement": "single",
    "cfg": true,
    "vae_tile": 512,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "vae_fp16": true,
    "text_cpu": false,
    "why": "single fits (9.7 GB on the fullest GPU, 541 images/h); offload fits (7.1 GB, 427 images/h); partial fits (7.1 GB, 480 images/h); sequential fits (2.5 GB, 90 images/h): single has the most images per hour that fit"
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
      "activation_peak_bytes": 4730880,
      "flops": 5.319401472e10,
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
      "activation_peak_bytes": 7884800,
      "flops": 3.914524262e11,
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
      "activation_peak_bytes": 557006848,
      "flops": 1.35224728e15,
      "seconds": 12.97551465
    },
    {
      "role": "vae",
      "name": "sd-vae",
      "class": "vae",
      "params": 83653863,
      "bits_per_weight": 16.0,
      "weights_bytes": 167307726,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 1315962880,
      "flops": 2.094078519e13,
      "seconds": 0.2728303624
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "RTX4090",
        "weights_bytes": 6937675734,
        "activation_bytes": 1315962880,
        "reserve_bytes": 1486423755,
        "total_bytes": 9740062369,
        "usable_bytes": 25757220864,
        "elastic_bytes": 910598244
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 9740062369,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 16384.0,
    "step_flops": 2.704494559e13,
    "step_seconds": 0.2595102931,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 3.853411702,
    "text_seconds": 0.02023,
    "denoise_seconds": 12.97551465,
    "vae_seconds": 0.2728303624,
    "transfer_seconds": 0.0,
    "comm_seconds": 0.0,
    "latency_seconds": 13.30850185,
    "seconds_per_image": 6.654250924,
    "copies": 1,
    "images_per_hour": 541.0075516,
    "fixed_seconds": 0.03992683249,
    "loop_kernels": 13.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 2016.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 0.2595102931,
    "fast_host_step_seconds": 0.2595102931,
    "fast_host_seconds_per_image": 6.647826924,
    "slow_host_step_seconds": 0.2595102931,
    "slow_host_seconds_per_image": 6.657170924
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 0.3034630489,
    "per_1000_images": 0.5609220205,
    "images": 1000,
    "total": 0.5609220205,
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
      "substituted": "sd-vae: 0.08365 B params x 16 bits / 8 (resident)",
      "value": 167307726.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 0.557 GB, VAE decode 1.32 GB (CFG doubles the denoiser's batch)",
      "value": 1315962880.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "0.738 + 0.537 + 0 + 0.0409 GB; 2 images at once, 2 bytes an element, 9 tiles of 512 px",
      "value": 1315962880.0,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "1.49 GB on the fullest GPU",
      "value": 1486423755.0,
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
      "substituted": "27.04 TFLOP (16384 latent tokens, CFG x2), attention FlashAttention-2 = 0.2595 s",
      "value": 0.2595102931,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.17 s at 141.7 TFLOP/s (peak x measured share), attention 0.0327 s at 0.581 of the peak, memory-bound 0.0571 s",
      "value": 0.2595102931,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "roofline_seconds",
      "label": "operators bound by bytes",
      "formula": "sum of (bytes / HBM - FLOPs / rate) > 0",
      "substituted": "a UNet's convs, Linears and attentions whose weights and activations outrun their FLOPs (in the GEMMs)",
      "value": 0.001006458478,
      "reference": "docs/image.md, \"Small UNets: a roofline per operator\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "2016 x 35 µs (hosts 13-45 µs: 0.0262-0.0907 s), GPU 0.26 s",
      "value": 0.07056,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "50 x 0.2595 s",
      "value": 12.97551465,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "20.94 TFLOP",
      "value": 0.2728303624,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 13 a step around the denoiser (in the step)",
      "value": 0.03992683249,
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
