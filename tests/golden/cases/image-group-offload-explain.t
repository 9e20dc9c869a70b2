args: image --model flux.1-dev --gpus 1xRTX4090 --placement group-offload --offload-stream yes --explain
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement group-offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25   host       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52   host       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80   host       0.40
          vae             flux.1-vae                   0.084 B     16      0.17   host       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090        9.52         0.27     1.56     11.36 / 25.76
          host RAM: 33.74 GB of weights; 676.42 GB copied to the GPU a batch, 13.53 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 1.01 s (0.995 it/s, 74.38 TFLOP); text 0.0647 s + 28 steps 28.1 s + VAE 0.136 s + transfers 5.1 s + fixed 0.0201 s = 33.5 s a batch of 1
          33.5 s an image; 1 copy: 108 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 2.821 EUR per 1,000 images
Explain
  text_encoder             params x bits / 8                            clip-vit-l-text: 0.1231 B params x 16 bits / 8 (in host RAM between uses)
                           = 0.2461 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  text_encoder_2           params x bits / 8                            t5-v1_1-xxl-encoder: 4.762 B params x 16 bits / 8 (in host RAM between uses)
                           = 9.525 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  denoiser                 params x bits / 8                            flux.1-dev-transformer: 11.9 B params x 16 bits / 8 (in host RAM between uses)
                           = 23.8 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  vae                      params x bits / 8                            flux.1-vae: 0.08382 B params x 16 bits / 8 (in host RAM between uses)
                           = 0.1676 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  activation peak          max over the stages the GPU runs             denoiser 0.401 GB, VAE decode 2.56 GB
                           = 0.2747 GB   [docs/image.md, "Activations"]
  VAE decode memory        live + conv workspace + caches + pixels kept 1.48 + 1.07 + 0 + 0.00629 GB; 1 image at once, 2 bytes an element
                           = 2.556 GB   [docs/image.md, "What a VAE decode holds"]
  CUDA context and allocator slack cuda_reserve + slack x (weights + activations) 1.56 GB on the fullest GPU
                           = 1.564 GB   [hwdb/defaults.yaml]
  text encoding            sum 2 x params x tokens / rate               0.0647 s
                           = 0.06471 s   [docs/image.md, "Speed"]
  one denoising step       GEMMs+convs+attn+bytes+casts+comm            74.38 TFLOP (4096 latent tokens), attention FlashAttention-2 = 1.005 s
                           = 1.005 s   [docs/image.md, "Speed"]
  the step on the GPU, by term GEMMs / rate + attention / share + bytes / HBM GEMMs 0.416 s at 143 TFLOP/s (peak x measured share), attention 0.148 s at 0.608 of the peak, memory-bound 0.186 s
                           = 0.75 s   [docs/image.md, "What each GPU sustains for diffusion"]
  the CPU issuing a step   kernels x host time a kernel                 2678 x 35 µs (hosts 13-45 µs: 0.0348-0.121 s), GPU 0.75 s
                           = 0.09373 s   [docs/image.md, "Host-bound steps"]
  denoising                steps x step                                 28 x 1.005 s
                           = 28.15 s   [docs/image.md, "Speed"]
  VAE decode               FLOPs / rate                                 10.47 TFLOP
                           = 0.1364 s   [docs/image.md, "Speed"]
  fixed costs of a call    kernels x host time + safety checker + to PIL 6 kernels a call, 7 a step around the denoiser (in the step)
                           = 0.02007 s   [docs/image.md, "Fixed costs per image"]
  host-GPU transfers       (in + back) / pageable rate                  676 GB in, 13.5 GB back a batch
                           = 5.097 s   [docs/image.md, "Placement"]
  denoiser weights resident unmatched + 2 x largest block                0 GB resident a step, 23.8 GB streamed a forward
                           = 0 GB   [docs/image.md, "Offload as diffusers and ComfyUI do it now"]
  transfers waited for     first group + max(0, rest / pinned - compute) at 25.2 GB/s; 21 s hidden behind compute an image
                           = 12.24 s   [docs/image.md, "Offload as diffusers and ComfyUI do it now"]
--- stderr
