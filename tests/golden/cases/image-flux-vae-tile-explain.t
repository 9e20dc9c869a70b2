args: image --model flux.1-dev --gpus 1xRTX4090 --vae-tile 512 --explain
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement sequential: single does not fit (37.2 GB on the fullest GPU, 170 images/h); offload does not fit (26.5 GB on the fullest GPU, 93 images/h); sequential fits (1.8 GB on the fullest GPU, 18 images/h): sequential has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25   host       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52   host       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80   host       0.40
          vae             flux.1-vae                   0.084 B     16      0.17   host       0.66
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090        0.00         0.66     1.11      1.77 / 25.76
          host RAM: 33.74 GB of weights; 676.42 GB copied to the GPU a batch, 0.00 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.75 s (1.33 it/s, 74.38 TFLOP); text 0.0647 s + 28 steps 21 s + VAE 0.136 s + transfers 173 s = 195 s a batch of 1
          195 s an image; 1 copy: 18 images/h
Faster    --quant fp8: single fits (24.70 GB on the fullest GPU), 156 images/h (8-bit weights: ComfyUI's fp8_e4m3fn, diffusers' layerwise casting)
Cost      0.3035 EUR/h (reference: the catalog's median): 16.41 EUR per 1,000 images
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
                           = 0.658 GB   [docs/image.md, "Activations"]
  VAE decode memory        live + conv workspace + caches + pixels kept 0.369 + 0.268 + 0 + 0.0204 GB; 1 image at once, 2 bytes an element, 9 tiles of 512 px
                           = 0.658 GB   [docs/image.md, "What a VAE decode holds"]
  CUDA context and allocator slack cuda_reserve + slack x (weights + activations) 1.11 GB on the fullest GPU
                           = 1.107 GB   [hwdb/defaults.yaml]
  text encoding            sum 2 x params x tokens / rate               0.0647 s
                           = 0.06471 s   [docs/image.md, "Speed"]
  one denoising step       GEMMs+convs+attn+bytes+casts+comm            74.38 TFLOP (4096 latent tokens), attention FlashAttention-2 = 0.75 s
                           = 0.75 s   [docs/image.md, "Speed"]
  the CPU issuing a step   kernels x host time a kernel                 2671 x 35 µs (hosts 13-45 µs: 0.0347-0.12 s), GPU 0.75 s
                           = 0.09348 s   [docs/image.md, "Host-bound steps"]
  denoising                steps x step                                 28 x 0.75 s
                           = 21 s   [docs/image.md, "Speed"]
  VAE decode               FLOPs / rate                                 10.47 TFLOP
                           = 0.1364 s   [docs/image.md, "Speed"]
  host-GPU transfers       (in + back) / pageable rate                  676 GB in, 0 GB back a batch
                           = 173.4 s   [docs/image.md, "Placement"]
--- stderr
