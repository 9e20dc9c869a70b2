args: image --model flux.1-dev --gpus 1xH100-SXM --attention fa3 --json
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
    "gpu": "H100-SXM",
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
    "placement": "single",
    "cfg": false,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": false,
    "compute": {
      "attention": "fa3",
      "attention_speedup": 1.743169399,
      "lora_adapters": 0,
      "adapter_rank": 0,
      "adapter_convs": false,
      "adapter_params": 0.0,
      "adapter_step_seconds": 0.0,
      "quantize_on_gpu": false,
      "load_peak_bytes": 0.0,
      "quant_activation_step_seconds": 0.0
    },
    "why": "single fits (39.2 GB on the fullest GPU, 719 images/h); offload fits (26.5 GB, 161 images/h); group-offload fits (11.4 GB, 178 images/h); partial fits (26.5 GB, 238 images/h); sequential fits (3.8 GB, 20 images/h): single has the most images per hour that fit"
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
      "activation_peak_bytes": 1182720,
      "flops": 1.329850368e10,
      "seconds": 0.006335
    },
    {
      "role": "text_encoder_2",
      "name": "t5-v1_1-xxl-encoder",
      "class": "t5",
      "params": 4762310656,
      "bits_per_weight": 16.0,
      "weights_bytes": 9524621312,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 274726912,
      "flops": 4.84472311e12,
      "seconds": 0.036085
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
      "activation_peak_bytes": 400556032,
      "flops": 2.082770356e15,
      "seconds": 4.86288392
    },
    {
      "role": "vae",
      "name": "flux.1-vae",
      "class": "vae",
      "params": 83819683,
      "bits_per_weight": 16.0,
      "weights_bytes": 167639366,
      "cast_bytes": 0,
      "gpu": 0,
      "on_cpu": false,
      "activation_peak_bytes": 2556428288,
      "flops": 1.047220401e13,
      "seconds": 0.08463691756
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "H100-SXM",
        "weights_bytes": 33741198278,
        "activation_bytes": 2556428288,
        "reserve_bytes": 2888623152,
        "total_bytes": 39186249718,
        "usable_bytes": 85520809984,
        "elastic_bytes": 2814488829
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 39186249718,
    "host_ram_bytes": 0,
    "transfer_bytes_per_batch": 0,
    "return_bytes_per_batch": 0,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 4096.0,
    "step_flops": 7.438465557e13,
    "step_seconds": 0.1736744257,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 5.757900139,
    "text_seconds": 0.04242,
    "denoise_seconds": 4.86288392,
    "vae_seconds": 0.08463691756,
    "transfer_seconds": 0.0,
    "comm_seconds": 0.0,
    "latency_seconds": 5.010009254,
    "seconds_per_image": 5.010009254,
    "copies": 1,
    "images_per_hour": 718.561547,
    "fixed_seconds": 0.02006841625,
    "loop_kernels": 7.0,
    "attention_kernel": "FlashAttention 3",
    "host_bound": false,
    "step_kernels": 2678.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 0.1736744257,
    "fast_host_step_seconds": 0.1736744257,
    "fast_host_seconds_per_image": 4.984603706,
    "slow_host_step_seconds": 0.1736744257,
    "slow_host_seconds_per_image": 5.022189254
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 3.168511246,
    "per_1000_images": 4.409519629,
    "images": 1000,
    "total": 4.409519629,
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
      "substituted": "t5-v1_1-xxl-encoder: 4.762 B params x 16 bits / 8 (resident)",
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
      "substituted": "flux.1-vae: 0.08382 B params x 16 bits / 8 (resident)",
      "value": 167639366.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 0.401 GB, VAE decode 2.56 GB",
      "value": 2556428288.0,
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
      "substituted": "2.89 GB on the fullest GPU",
      "value": 2888623152.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "0.0424 s",
      "value": 0.04242,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "74.38 TFLOP (4096 latent tokens), attention FlashAttention 3 = 0.1737 s",
      "value": 0.1736744257,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 0.0874 s at 681 TFLOP/s (peak x measured share), attention 0.0304 s at 0.284 of the peak, memory-bound 0.0559 s",
      "value": 0.1736744257,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "2678 x 35 µs (hosts 13-45 µs: 0.0348-0.121 s), GPU 0.174 s",
      "value": 0.09373,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "28 x 0.1737 s",
      "value": 4.86288392,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "10.47 TFLOP",
      "value": 0.08463691756,
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
      "substituted": "0 GB in, 0 GB back a batch",
      "value": 0.0,
      "reference": "docs/image.md, \"Placement\""
    }
  ]
}
--- stderr
