args: request '{"command":"image","model":"sdxl","gpus":"1xA100-40","batch":4,"steps":25,"quant":"fp16","prompt_embeds":true}'
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
    "gpu": "A100-40",
    "gpus": 1
  },
  "job": {
    "kind": "image",
    "width": 1024,
    "height": 1024,
    "frames": 1,
    "steps": 25,
    "batch": 4,
    "quant": "fp16",
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
    "prompt_embeds": true,
    "text_cpu": false,
    "why": "single fits (30.0 GB on the fullest GPU, 1258 images/h); offload fits (22.9 GB, 954 images/h); partial fits (22.9 GB, 954 images/h); sequential fits (22.6 GB, 321 images/h): single has the most images per hour that fit"
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
      "activation_peak_bytes": 9461760,
      "flops": 0.0,
      "seconds": 0.0
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
      "activation_peak_bytes": 15769600,
      "flops": 0.0,
      "seconds": 0.0
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
      "activation_peak_bytes": 1114013696,
      "flops": 1.35224728e15,
      "seconds": 10.62819398
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
      "activation_peak_bytes": 20451426304,
      "flops": 4.188157038e13,
      "seconds": 0.7323595765
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "A100-40",
        "weights_bytes": 7104983460,
        "activation_bytes": 20451426304,
        "reserve_bytes": 2451562312,
        "total_bytes": 30007972076,
        "usable_bytes": 42949672960,
        "elastic_bytes": 9374680495
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 30007972076,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 16384.0,
    "step_flops": 5.408989118e13,
    "step_seconds": 0.4251277591,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 2.352234072,
    "text_seconds": 0.0,
    "denoise_seconds": 10.62819398,
    "vae_seconds": 0.7323595765,
    "transfer_seconds": 0.0,
    "comm_seconds": 0.0,
    "latency_seconds": 11.44664999,
    "seconds_per_image": 2.861662498,
    "copies": 1,
    "images_per_hour": 1258.009986,
    "fixed_seconds": 0.08609644037,
    "loop_kernels": 13.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 2016.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 0.4251277591,
    "fast_host_step_seconds": 0.4251277591,
    "fast_host_seconds_per_image": 2.861629498,
    "slow_host_step_seconds": 0.4251277591,
    "slow_host_seconds_per_image": 2.861677498
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 1.021956444,
    "per_1000_images": 0.8123595642,
    "images": 1000,
    "total": 0.8123595642,
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
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 1.11 GB, VAE decode 20.5 GB (CFG doubles the denoiser's batch)",
      "value": 2.04514263e10,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "11.8 + 8.59 + 0 + 0.0503 GB; 4 images at once, 4 bytes an element",
      "value": 2.04514263e10,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "2.45 GB on the fullest GPU",
      "value": 2451562312.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "0 s",
      "value": 0.0,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "54.09 TFLOP (16384 latent tokens, CFG x2), attention FlashAttention-2 = 0.4251 s",
      "value": 0.4251277591,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.308 s at 230.3 TFLOP/s (peak x measured share), attention 0.0428 s at 0.47 of the peak, memory-bound 0.074 s",
      "value": 0.4251277591,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "roofline_seconds",
      "label": "operators bound by bytes",
      "formula": "sum of (bytes / HBM - FLOPs / rate) > 0",
      "substituted": "a UNet's convs, Linears and attentions whose weights and activations outrun their FLOPs (in the GEMMs)",
      "value": 0.001202357491,
      "reference": "docs/image.md, \"Small UNets: a roofline per operator\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "2016 x 35 µs (hosts 13-45 µs: 0.0262-0.0907 s), GPU 0.425 s",
      "value": 0.07056,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "25 x 0.4251 s",
      "value": 10.62819398,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "41.88 TFLOP",
      "value": 0.7323595765,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 13 a step around the denoiser (in the step)",
      "value": 0.08609644037,
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
