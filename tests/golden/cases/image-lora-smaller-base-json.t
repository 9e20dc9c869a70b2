args: image --model flux.1-dev --gpus 2xRTX3090 --lora 16 --json
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
    "gpu": "RTX3090",
    "gpus": 2
  },
  "job": {
    "kind": "image_lora",
    "width": 1024,
    "height": 1024,
    "frames": 1,
    "steps": 28,
    "batch": 1,
    "quant": "bf16",
    "text_quant": "bf16",
    "placement_asked": "auto",
    "placement": "single",
    "cfg": false,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": false,
    "lora": {
      "rank": 16,
      "trainer": "kohya",
      "adam8bit": false,
      "train_batch": 1,
      "grad_accum": 1,
      "ckpt": true,
      "cache_latents": true,
      "cache_text": true,
      "lora_params": 76578816,
      "optimizer": "adamw",
      "train_text_encoder": "none",
      "te_lora_params": 0,
      "adapter_state_bytes": 1225261056,
      "sample_every": 0,
      "sample_seconds": 0.0,
      "sample_peak_bytes": 0
    }
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
      "activation_peak_bytes": 0,
      "flops": 0.0,
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
      "activation_peak_bytes": 0,
      "flops": 0.0,
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
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 2179989504,
      "flops": 0.0,
      "seconds": 0.0
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
      "activation_peak_bytes": 0,
      "flops": 0.0,
      "seconds": 0.0
    }
  ],
  "memory": {
    "fits": false,
    "refusal": "LoRA training of flux.1-dev needs 29.6 GB per GPU, which has 25.8 GB",
    "gpus": [
      {
        "gpu": "RTX3090",
        "weights_bytes": 25028077696,
        "activation_bytes": 2179989504,
        "reserve_bytes": 2434145184,
        "total_bytes": 29642212384,
        "usable_bytes": 25769803776,
        "elastic_bytes": 1251403885
      },
      {
        "gpu": "RTX3090",
        "weights_bytes": 25028077696,
        "activation_bytes": 2179989504,
        "reserve_bytes": 2434145184,
        "total_bytes": 29642212384,
        "usable_bytes": 25769803776,
        "elastic_bytes": 1251403885
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 29642212384,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 4096.0,
    "step_flops": 2.231539667e14,
    "train_step_seconds": 4.401079336,
    "train_images_per_second": 0.4544339802
  },
  "faster": {
    "quant": "fp8",
    "text_quant": "bf16",
    "placement": "single",
    "images_per_hour": null,
    "peak_bytes": 17145733648,
    "train_step_seconds": 4.613209229
  },
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 0.3213138165,
    "per_1000_images": 0.1964066109,
    "images": 1000,
    "total": 0.1964066109,
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
      "substituted": "flux.1-dev-transformer: 11.9 B params x 16 bits / 8 (resident)",
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
      "substituted": "denoiser 2.18 GB, VAE decode 0 GB",
      "value": 2179989504.0,
      "reference": "docs/image.md, \"Activations\""
    },
    {
      "term": "reserve",
      "label": "CUDA context and allocator slack",
      "formula": "cuda_reserve + slack x (weights + activations)",
      "substituted": "2.43 GB on the fullest GPU",
      "value": 2434145184.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "elastic",
      "label": "given up rather than fail",
      "formula": "slack x weights + VAE conv workspace (+ slack)",
      "substituted": "1.25 GB: cached blocks freed and the malloc retried, a cuDNN engine with less workspace; fits when total - this <= usable",
      "value": 1251403885.0,
      "reference": "docs/image.md, \"What fits\""
    },
    {
      "term": "train_step_seconds",
      "label": "training step",
      "formula": "(2 + ckpt) x forward FLOPs / rate",
      "substituted": "223.2 TFLOP = 4.401 s",
      "value": 4.401079336,
      "reference": "docs/image.md, \"LoRA training\""
    }
  ]
}
--- stderr
