args: rent --image --model sdxl --quant fp16 --top 2 --json
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
        "batch": 1,
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
        "text_cpu": false,
        "why": "single fits (13.9 GB on the fullest GPU, 528 images/h); offload fits (6.8 GB, 344 images/h); partial fits (6.8 GB, 344 images/h); sequential fits (6.5 GB, 49 images/h): single has the most images per hour that fit"
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
          "flops": 6.761236398e14,
          "seconds": 6.503172183
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
        }
      ],
      "memory": {
        "fits": true,
        "refusal": null,
        "gpus": [
          {
            "gpu": "RTX4090",
            "weights_bytes": 7104983460,
            "activation_bytes": 5112856576,
            "reserve_bytes": 1684633826,
            "total_bytes": 13902473862,
            "usable_bytes": 25757220864,
            "elastic_bytes": 2610107003
          }
        ],
        "busiest": 0,
        "per_gpu_bytes": 13902473862,
        "host_ram_bytes": 0,
        "transfer_bytes_per_batch": 0,
        "return_bytes_per_batch": 0,
        "band": 0.21
      },
      "time": {
        "latent_tokens": 16384.0,
        "step_flops": 1.35224728e13,
        "step_seconds": 0.1300634437,
        "refiner_steps": 0,
        "refiner_step_seconds": 0.0,
        "iterations_per_second": 7.68855546,
        "text_seconds": 0.02023,
        "denoise_seconds": 6.503172183,
        "vae_seconds": 0.2728303624,
        "transfer_seconds": 0.0,
        "comm_seconds": 0.0,
        "latency_seconds": 6.817914156,
        "seconds_per_image": 6.817914156,
        "copies": 1,
        "images_per_hour": 528.0207286,
        "fixed_seconds": 0.02168161009,
        "loop_kernels": 13.0,
        "attention_kernel": "FlashAttention-2",
        "host_bound": false,
        "step_kernels": 2016.0,
        "host_kernel_seconds": 3.5e-5,
        "step_gpu_seconds": 0.1300634437,
        "fast_host_step_seconds": 0.0,
        "fast_host_seconds_per_image": 0.0,
        "slow_host_step_seconds": 0.0,
        "slow_host_seconds_per_image": 0.0
      },
      "faster": null,
      "llm": null,
      "cost": {
        "currency": "EUR",
        "basis": "offer",
        "price_per_hour": 0.08925383792,
        "per_1000_images": 0.1690347236,
        "images": 1000,
        "total": 0.1690347236,
        "offer": "clore-1xrtx4090"
      },
      "explain": [],
      "offer": {
        "id": "clore-1xrtx4090",
        "provider": "Clore.ai",
        "gpu": "RTX4090",
        "count": 1,
        "price_per_hour": 0.1,
        "currency": "USD"
      }
    },
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
        "gpus": 2
      },
      "job": {
        "kind": "image",
        "width": 1024,
        "height": 1024,
        "frames": 1,
        "steps": 50,
        "batch": 1,
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
        "text_cpu": false,
        "why": "single fits (13.9 GB on the fullest GPU, 1056 images/h); split fits (8.5 GB, 528 images/h); offload fits (6.8 GB, 688 images/h); partial fits (6.8 GB, 688 images/h); sequential fits (6.5 GB, 98 images/h): single has the most images per hour that fit"
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
          "flops": 6.761236398e14,
          "seconds": 6.503172183
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
        }
      ],
      "memory": {
        "fits": true,
        "refusal": null,
        "gpus": [
          {
            "gpu": "RTX4090",
            "weights_bytes": 7104983460,
            "activation_bytes": 5112856576,
            "reserve_bytes": 1684633826,
            "total_bytes": 13902473862,
            "usable_bytes": 25757220864,
            "elastic_bytes": 2610107003
          },
          {
            "gpu": "RTX4090",
            "weights_bytes": 7104983460,
            "activation_bytes": 5112856576,
            "reserve_bytes": 1684633826,
            "total_bytes": 13902473862,
            "usable_bytes": 25757220864,
            "elastic_bytes": 2610107003
          }
        ],
        "busiest": 0,
        "per_gpu_bytes": 13902473862,
        "host_ram_bytes": 0,
        "transfer_bytes_per_batch": 0,
        "return_bytes_per_batch": 0,
        "band": 0.21
      },
      "time": {
        "latent_tokens": 16384.0,
        "step_flops": 1.35224728e13,
        "step_seconds": 0.1300634437,
        "refiner_steps": 0,
        "refiner_step_seconds": 0.0,
        "iterations_per_second": 7.68855546,
        "text_seconds": 0.02023,
        "denoise_seconds": 6.503172183,
        "vae_seconds": 0.2728303624,
        "transfer_seconds": 0.0,
        "comm_seconds": 0.0,
        "latency_seconds": 6.817914156,
        "seconds_per_image": 6.817914156,
        "copies": 2,
        "images_per_hour": 1056.041457,
        "fixed_seconds": 0.02168161009,
        "loop_kernels": 13.0,
        "attention_kernel": "FlashAttention-2",
        "host_bound": false,
        "step_kernels": 2016.0,
        "host_kernel_seconds": 3.5e-5,
        "step_gpu_seconds": 0.1300634437,
        "fast_host_step_seconds": 0.0,
        "fast_host_seconds_per_image": 0.0,
        "slow_host_step_seconds": 0.0,
        "slow_host_seconds_per_image": 0.0
      },
      "faster": null,
      "llm": null,
      "cost": {
        "currency": "EUR",
        "basis": "offer",
        "price_per_hour": 0.1785076758,
        "per_1000_images": 0.1690347236,
        "images": 1000,
        "total": 0.1690347236,
        "offer": "clore-2xrtx4090"
      },
      "explain": [],
      "offer": {
        "id": "clore-2xrtx4090",
        "provider": "Clore.ai",
        "gpu": "RTX4090",
        "count": 2,
        "price_per_hour": 0.2,
        "currency": "USD"
      }
    }
  ],
  "excluded": []
}
--- stderr
