args: request '{"command":"image","model":"wan2.1-t2v-14b","gpus":"1xRTX4090","blocks_to_swap":20,"text_device":"cpu"}'
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "pipeline": {
    "name": "wan2.1-t2v-14b",
    "kind": "video",
    "source": "Wan-AI/Wan2.1-T2V-14B-Diffusers: WanPipeline as the 1.3B (its model_index.json was not found verbatim); WanPipeline defaults (pipeline_wan.py @58eb52c0): 832 x 480, 81 frames, 50 steps, guidance_scale 5.0, max_sequence_length 512; the card also runs it at 1280 x 720; with CFG encode_prompt runs T5 again on the negative prompt (pipeline_wan.py @58eb52c0, line 254); CFG calls the transformer on the prompt, then on the negative prompt, batch 1 each (pipeline_wan.py @58eb52c0, lines 614-632)"
  },
  "machine": {
    "gpu": "RTX4090",
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
    "placement_asked": "block-swap",
    "placement": "block-swap",
    "cfg": true,
    "vae_tile": 0,
    "math_attention": false,
    "refiner": false,
    "xformers": false,
    "channels_last": false,
    "vae_slicing": false,
    "text_cpu": true,
    "offload": {
      "offload_type": "block",
      "blocks_per_group": 1,
      "offload_stream": false,
      "record_stream": false,
      "blocks_to_swap": 20,
      "vram_budget_bytes": null,
      "text_device": "cpu",
      "text_gpu": null,
      "resident_bytes": 14521211008,
      "streamed_bytes_per_forward": 14055772160,
      "rate_bytes_per_second": 2.52e10,
      "overlapped_seconds": 0.0,
      "exposed_seconds": 114.3971821,
      "text_remote_seconds": 0.0,
      "embedding_bytes": 0,
      "text_offload": "same",
      "vae_offload": "same",
      "persistent_params": null
    }
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
      "gpu": null,
      "on_cpu": true,
      "activation_peak_bytes": 549453824,
      "flops": 9.68944622e12,
      "seconds": 9.68944622
    },
    {
      "role": "denoiser",
      "name": "wan2.1-t2v-14b-transformer",
      "class": "wan",
      "params": 14288491584,
      "bits_per_weight": 16.0,
      "weights_bytes": 28576983168,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 3699523584,
      "flops": 1.678370283e17,
      "seconds": 1694.676582
    },
    {
      "role": "vae",
      "name": "wan2.1-vae",
      "class": "vae_wan",
      "params": 126892531,
      "bits_per_weight": 16.0,
      "weights_bytes": 253785062,
      "cast_bytes": 0,
      "gpu": null,
      "on_cpu": false,
      "activation_peak_bytes": 5037127680,
      "flops": 2.754074132e14,
      "seconds": 2.896977263
    }
  ],
  "memory": {
    "fits": true,
    "refusal": null,
    "gpus": [
      {
        "gpu": "RTX4090",
        "weights_bytes": 15223999616,
        "activation_bytes": 3699523584,
        "reserve_bytes": 2019917984,
        "total_bytes": 20943441184,
        "usable_bytes": 25757220864,
        "elastic_bytes": 761199981
      }
    ],
    "busiest": 0,
    "per_gpu_bytes": 20943441184,
    "host_ram_bytes": 40192588902,
    "transfer_bytes_per_batch": 1411121913804,
    "return_bytes_per_batch": 1411121913804,
    "band": 0.21
  },
  "time": {
    "latent_tokens": 32760.0,
    "step_flops": 3.356740567e15,
    "step_seconds": 33.89353165,
    "refiner_steps": 0,
    "refiner_step_seconds": 0.0,
    "iterations_per_second": 0.02950415467,
    "text_seconds": 9.68944622,
    "denoise_seconds": 1694.676582,
    "vae_seconds": 2.896977263,
    "transfer_seconds": 2.843434771,
    "comm_seconds": 0.0,
    "latency_seconds": 1710.719275,
    "seconds_per_image": 1710.719275,
    "copies": 1,
    "images_per_hour": 2.104377996,
    "fixed_seconds": 0.612834384,
    "loop_kernels": 10.0,
    "attention_kernel": "FlashAttention-2",
    "host_bound": false,
    "step_kernels": 5060.0,
    "host_kernel_seconds": 3.5e-5,
    "step_gpu_seconds": 31.6624567,
    "fast_host_step_seconds": 33.89353165,
    "fast_host_seconds_per_image": 1710.719143,
    "slow_host_step_seconds": 33.89353165,
    "slow_host_seconds_per_image": 1710.719335
  },
  "faster": null,
  "llm": null,
  "cost": {
    "currency": "EUR",
    "basis": "reference",
    "price_per_hour": 0.3034630489,
    "per_1000_images": 144.2055797,
    "images": 1000,
    "total": 144.2055797,
    "offer": null
  },
  "explain": [
    {
      "term": "text_encoder",
      "label": "text_encoder",
      "formula": "params x bits / 8",
      "substituted": "umt5-xxl-encoder: 5.681 B params x 16 bits / 8 (on the CPU)",
      "value": 1.136182067e10,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "denoiser",
      "label": "denoiser",
      "formula": "params x bits / 8",
      "substituted": "wan2.1-t2v-14b-transformer: 14.29 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 2.857698317e10,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "vae",
      "label": "vae",
      "formula": "params x bits / 8",
      "substituted": "wan2.1-vae: 0.1269 B params x 16 bits / 8 (in host RAM between uses)",
      "value": 253785062.0,
      "reference": "docs/image.md, \"Memory\": parameters counted from each config.json"
    },
    {
      "term": "activations",
      "label": "activation peak",
      "formula": "max over the stages the GPU runs",
      "substituted": "denoiser 3.7 GB, VAE decode 5.04 GB (CFG: two forwards of the batch)",
      "value": 3699523584.0,
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
      "substituted": "2.02 GB on the fullest GPU",
      "value": 2019917984.0,
      "reference": "hwdb/defaults.yaml"
    },
    {
      "term": "text_seconds",
      "label": "text encoding",
      "formula": "sum 2 x params x tokens / rate",
      "substituted": "9.69 s",
      "value": 9.68944622,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_seconds",
      "label": "one denoising step",
      "formula": "GEMMs+convs+attn+bytes+casts+comm",
      "substituted": "3357 TFLOP (32760 latent tokens, CFG x2), attention FlashAttention-2 = 33.89 s",
      "value": 33.89353165,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "step_terms_seconds",
      "label": "the step on the GPU, by term",
      "formula": "GEMMs / rate + attention / share + bytes / HBM",
      "substituted": "GEMMs 10.4 s at 151.7 TFLOP/s (peak x measured share), attention 17.2 s at 0.63 of the peak, memory-bound 4.15 s",
      "value": 31.6624567,
      "reference": "docs/image.md, \"What each GPU sustains for diffusion\""
    },
    {
      "term": "host_seconds",
      "label": "the CPU issuing a step",
      "formula": "kernels x host time a kernel",
      "substituted": "5060 x 35 µs (hosts 13-45 µs: 0.0658-0.228 s), GPU 31.7 s",
      "value": 0.1771,
      "reference": "docs/image.md, \"Host-bound steps\""
    },
    {
      "term": "denoise_seconds",
      "label": "denoising",
      "formula": "steps x step",
      "substituted": "50 x 33.89 s",
      "value": 1694.676582,
      "reference": "docs/image.md, \"Speed\""
    },
    {
      "term": "vae_seconds",
      "label": "VAE decode",
      "formula": "FLOPs / rate",
      "substituted": "275.4 TFLOP",
      "value": 2.896977263,
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
      "substituted": "1.41e+03 GB in, 1.41e+03 GB back a batch",
      "value": 2.843434771,
      "reference": "docs/image.md, \"Placement\""
    },
    {
      "term": "streamed_weights",
      "label": "denoiser weights resident",
      "formula": "weights - N swapped blocks + the largest of them",
      "substituted": "14.5 GB resident a step, 14.1 GB streamed a forward",
      "value": 1.452121101e10,
      "reference": "docs/image.md, \"Offload as diffusers and ComfyUI do it now\""
    },
    {
      "term": "offload_exposed_seconds",
      "label": "transfers waited for",
      "formula": "(in + back) / pinned, on the compute stream",
      "substituted": "at 25.2 GB/s; 0 s hidden behind compute an image",
      "value": 114.3971821,
      "reference": "docs/image.md, \"Offload as diffusers and ComfyUI do it now\""
    }
  ]
}
--- stderr
