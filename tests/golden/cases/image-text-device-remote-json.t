args: image --model flux.1-dev --gpus 1xRTX4090 --text-device remote --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "pipeline": {
    "name": "flux.1-dev",
    "kind": "image",
    "source": "black-forest-labs/FLUX.1-dev model_index.json (tests/data/diffusers/FLUX.1-dev/model_index.json, from Forge @2d30eeed): FluxPipeline, text_encoder CLIPTextModel, text_encoder_2 T5EncoderModel, transformer, vae; diffusers src/diffusers/pipelines/flux/pipeline_flux.py __call__ (@58eb52c0): num_inference_steps 28, guidance_scale 3.5 fed to the guidance embedder (no CFG batch: true_cfg_scale 1.0), max_sequence_length 512, height / width default_sample_size 128 x 8 = 1024; the 512 T5 tokens join the image tokens in the joint attention, CLIP gives only its pooled vector"
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
    "steps": 28,
    "batch": 1,
    "quant": "bf16",
    "text_quant": "bf16",
    "placement_asked": "auto",
    "placement": "partial",
    "cfg": false,
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
      "text_device": "remote",
      "text_gpu": null,
      "resident_bytes": 21663406568,
      "streamed_bytes_per_forward": 2139410072,
      "rate_bytes_per_second": 2.52e10,
      "overlapped_seconds": 2.251252223,
      "exposed_seconds": 1.608796757,
      "text_remote_seconds": 1.0,
      "embedding_bytes": 4312576,
      "text_offload": "same",
      "vae_offload": "same",
      "persistent_params": null
    },
    "why": "single does not fit (28.9 GB on the fullest GPU, 162 images/h); offload fits (26.5 GB, 104 images/h); group-offload fits (3.9 GB, 122 images/h); partial fits (24.5 GB, 151 images/h); sequential fits (3.8 GB, 19 images/h): partial has the most images per hour that fit"
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
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 1182720,
      "flops": 1.329850368e10,
      "seconds": 0.0
    },
    {
      "role": "text_encoder_2",
      "name": "t5-v1_1-xxl-encoder",
      "class": "t5",
      "params": 4762310656,
      "bits_per_weight": 16.0,
      "weights_bytes": 9524621312,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 274726912,
      "flops": 4.84472311e12,
      "seconds": 0.0
    },
    {
      "role": "denoiser",
      "name": "flux.1-dev-transformer",
      "class": "flux",
      "params": 11901408320,
      "bits_per_weight": 16.0,
      "weights_bytes": 23802816640,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 400556032,
      "flops": 2.082770356e15,
      "seconds": 21.12722844
    },
    {
      "role": "vae",
      "name": "flux.1-vae",
      "class": "vae",
      "params": 83819683,
      "bits_per_weight": 16.0,
      "weights_bytes": 167639366,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 2556428288,
      "flops": 1.047220401e13,
      "seconds": 0.1364305376
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "RTX4090",
        "weights_bytes": 21889972712,
        "activation_bytes": 400556032,
        "reserve_bytes": 2188268261,
        "total_bytes": 24478797005,
        "usable_bytes": 25757220864,
        "elastic_bytes": 1094498636
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 24478797005,
    "host_ram_bytes": 23970456006,
    "transfer_bytes_per_batch": 62795189047,
    "return_bytes_per_batch": 2891707020,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 4096.0,
    "step_flops": 7.438465557e13,
    "step_seconds": 0.7545438727,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 1.325303983,
    "text_seconds": 1.000171134,
    "denoise_seconds": 21.12722844,
    "vae_seconds": 0.1364305376,
    "transfer_seconds": 1.482926677,
    "comm_seconds": 0.0,
    "latency_seconds": 23.7668252,
    "seconds_per_image": 23.7668252,
    "copies": 1,
    "images_per_hour": 151.4716404,
    "fixed_seconds": 0.02006841625,
    "loop_kernels": 7.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 2678.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 0.7500485127,
    "fast_host_step_seconds": 0.7545438727,
    "fast_host_seconds_per_image": 23.7666932,
    "slow_host_step_seconds": 0.7545438727,
    "slow_host_seconds_per_image": 23.7668852
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 0.3034630489,
    "per_1000_images": 2.003431455,
    "images": 1000,
    "total": 2.003431455,
    "offer": null
  },
  "explain": [
    {
      "term": "text_encoder",
      "label": "text_encoder",
      "formula": "params x bits / 8",
      "substituted": "clip-vit-l-text: 0.1231 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 246120960.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "text_encoder_2",
      "label": "text_encoder_2",
      "formula": "params x bits / 8",
      "substituted": "t5-v1_1-xxl-encoder: 4.762 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 9524621312.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "flux.1-dev-transformer: 11.9 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 2.380281664e10,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "vae",
      "label": "vae",
      "formula": "params x bits / 8",
      "substituted": "flux.1-vae: 0.08382 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 167639366.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 0.401 GB, VAE decode 2.56 GB",
      "value": 400556032.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "vae_decode",
      "label": "VAE decode memory",
      "formula": "live + conv workspace + caches + pixels kept",
      "substituted": "1.48 + 1.07 + 0 + 0.00629 GB; 1 image at once, 2 bytes an element",
      "value": 2556428288.0,
      "reference": "docs/image.md, \"What a VAE decode holds\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "2.19 GB on the fullest GPU",
      "value": 2188268261.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "1 s",
      "value": 1.000171134,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "74.38 TFLOP (4096 latent tokens), attention FlashAttention-2 = 0.7545 s",
      "value": 0.7545438727,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.416 s at 143 TFLOP/s (peak x measured share), attention 0.148 s at 0.608 of the peak, memory-bound 0.186 s",
      "value": 0.7500485127,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "2678 x 35 µs (hosts 13-45 µs: 0.0348-0.121 s), GPU 0.75 s",
      "value": 0.09373,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "28 x 0.7545 s",
      "value": 21.12722844,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "10.47 TFLOP",
      "value": 0.1364305376,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "fixed_seconds",
      "label": "fixed costs of a call",
      "formula": "kernels x host time + safety checker + to PIL",
      "substituted": "6 kernels a call, 7 a step around the denoiser (in the step)",
      "value": 0.02006841625,
      "reference": "docs/image.md, \"Fixed costs per image\""
    },
    {
      "term": "transfer_seconds",
      "label": "host-GPU transfers",
      "formula": "(in + back) / pageable rate",
      "substituted": "62.8 GB in, 2.89 GB back a batch",
      "value": 1.482926677,
      "reference": "docs/image.md, \"Placement\""
    },
    {
      "term": "text_remote_seconds",
      "label": "remote text encoder",
      "formula": "an assumed call + embeddings / PCIe",
      "substituted": "1 s a call (assumed), 4.31 MB of embeddings",
      "value": 1.0,
      "reference": "docs/image.md, \"Offload as diffusers and ComfyUI do it now\""
    },
    {
      "term": "streamed_weights",
      "label": "denoiser weights resident",
      "formula": "weights that fit the budget + 2 layers in flight",
      "substituted": "21.7 GB resident a step, 2.14 GB streamed a forward",
      "value": 2.166340657e10,
      "reference": "docs/image.md, \"Offload as diffusers and ComfyUI do it now\""
    },
    {
      "term": "offload_exposed_seconds",
      "label": "transfers waited for",
      "formula": "first group + max(0, rest / pinned - compute)",
      "substituted": "at 25.2 GB/s; 2.25 s hidden behind compute an image",
      "value": 1.608796757,
      "reference": "docs/image.md, \"Offload as diffusers and ComfyUI do it now\""
    }
  ]
}
--- stderr
