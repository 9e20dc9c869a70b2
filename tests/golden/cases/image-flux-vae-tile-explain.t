args: image --model flux.1-dev --gpus 1xRTX4090 --vae-tile 512 --explain
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement partial: single does not fit (37.2 GB on the fullest GPU, 170 images/h); offload fits (26.5 GB, 93 images/h); group-offload fits (11.4 GB, 108 images/h); partial fits (24.5 GB, 114 images/h); sequential fits (1.8 GB, 18 images/h): partial has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25   host       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52   host       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80   host       0.40
          vae             flux.1-vae                   0.084 B     16      0.17   host       0.66
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       21.89         0.40     2.19     24.48 / 25.76
          host RAM: 33.74 GB of weights; 79.64 GB copied to the GPU a batch, 19.74 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.755 s (1.33 it/s, 74.38 TFLOP); text 0.0647 s + 28 steps 21.1 s + VAE 0.136 s + transfers 10.1 s + fixed 0.0201 s = 31.5 s a batch of 1
          31.5 s an image; 1 copy: 114 images/h
Faster    --quant fp8: single fits (24.70 GB on the fullest GPU), 156 images/h (8-bit weights: ComfyUI's fp8_e4m3fn, diffusers' layerwise casting)
Cost      0.3035 EUR/h (reference: the catalog's median): 2.653 EUR per 1,000 images
Explain
  text_encoder             params x bits / 8                            clip-vit-l-text: 0.1231 B params x 16 bits / 8 (in host RAM between uses)
                           = 0.2461 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  text_encoder_2           params x bits / 8                            t5-v1_1-xxl-encoder: 4.762 B params x 16 bits / 8 (in host RAM between uses)
                           = 9.525 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  denoiser                 params x bits / 8                            flux.1-dev-transformer: 11.9 B params x 16 bits / 8 (in host RAM between uses)
                           = 23.8 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  vae                      params x bits / 8                            flux.1-vae: 0.08382 B params x 16 bits / 8 (in host RAM between uses)
                           = 0.1676 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  activation peak          max over the stages the GPU runs             denoiser 0.401 GB, VAE decode 0.658 GB
                           = 0.4006 GB   [docs/image.md, "Activations"]
  VAE decode memory        live + conv workspace + caches + pixels kept 0.369 + 0.268 + 0 + 0.0204 GB; 1 image at once, 2 bytes an element, 9 tiles of 512 px
                           = 0.658 GB   [docs/image.md, "What a VAE decode holds"]
  CUDA context and allocator slack cuda_reserve + slack x (weights + activations) 2.19 GB on the fullest GPU
                           = 2.188 GB   [hwdb/defaults.yaml]
  text encoding            sum 2 x params x tokens / rate               0.0647 s
                           = 0.06471 s   [docs/image.md, "Speed"]
  one denoising step       GEMMs+convs+attn+bytes+casts+comm            74.38 TFLOP (4096 latent tokens), attention FlashAttention-2 = 0.7545 s
                           = 0.7545 s   [docs/image.md, "Speed"]
  the step on the GPU, by term GEMMs / rate + attention / share + bytes / HBM GEMMs 0.416 s at 143 TFLOP/s (peak x measured share), attention 0.148 s at 0.608 of the peak, memory-bound 0.186 s
                           = 0.75 s   [docs/image.md, "What each GPU sustains for diffusion"]
  the CPU issuing a step   kernels x host time a kernel                 2678 x 35 µs (hosts 13-45 µs: 0.0348-0.121 s), GPU 0.75 s
                           = 0.09373 s   [docs/image.md, "Host-bound steps"]
  denoising                steps x step                                 28 x 0.7545 s
                           = 21.13 s   [docs/image.md, "Speed"]
  VAE decode               FLOPs / rate                                 10.47 TFLOP
                           = 0.1364 s   [docs/image.md, "Speed"]
  fixed costs of a call    kernels x host time + safety checker + to PIL 6 kernels a call, 7 a step around the denoiser (in the step)
                           = 0.02007 s   [docs/image.md, "Fixed costs per image"]
  host-GPU transfers       (in + back) / pageable rate                  79.6 GB in, 19.7 GB back a batch
                           = 10.12 s   [docs/image.md, "Placement"]
  denoiser weights resident weights that fit the budget + 2 layers in flight 21.7 GB resident a step, 2.14 GB streamed a forward
                           = 21.66 GB   [docs/image.md, "Offload as diffusers and ComfyUI do it now"]
  transfers waited for     first group + max(0, rest / pinned - compute) at 25.2 GB/s; 2.25 s hidden behind compute an image
                           = 10.25 s   [docs/image.md, "Offload as diffusers and ComfyUI do it now"]
--- stderr
