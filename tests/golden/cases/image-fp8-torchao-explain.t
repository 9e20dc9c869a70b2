args: image --model flux.1-dev --gpus 1xH100-SXM --quant fp8-torchao --text-quant fp8-torchao --steps 50 --torch 2.7 --explain
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 50 steps, batch 1, CFG off; denoiser fp8-torchao, T5 fp8-torchao; PyTorch 2.7 (RMSNorm unfused)
Machine   1 x H100-SXM
Placement single: single fits (21.7 GB on the fullest GPU, 233 images/h); offload fits (14.0 GB, 149 images/h); group-offload fits (6.4 GB, 179 images/h); partial fits (14.0 GB, 174 images/h); sequential fits (3.8 GB, 21 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B      8      4.76  GPU 0       0.27
          denoiser        flux.1-dev-transformer      11.901 B      8     11.90  GPU 0       0.40
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      17.08         2.56     2.06     21.69 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.305 s (3.28 it/s, 74.38 TFLOP); text 0.0797 s + 50 steps 15.3 s + VAE 0.0846 s + fixed 0.0201 s = 15.4 s a batch of 1
          15.4 s an image; 1 copy: 233 images/h
Cost      3.169 EUR/h (reference: the catalog's median): 13.59 EUR per 1,000 images
Explain
  text_encoder             params x bits / 8                            clip-vit-l-text: 0.1231 B params x 16 bits / 8 (resident)
                           = 0.2461 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  text_encoder_2           params x bits / 8                            t5-v1_1-xxl-encoder: 4.762 B params x 8 bits / 8 (resident)
                           = 4.762 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  denoiser                 params x bits / 8                            flux.1-dev-transformer: 11.9 B params x 8 bits / 8 (resident)
                           = 11.9 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  vae                      params x bits / 8                            flux.1-vae: 0.08382 B params x 16 bits / 8 (resident)
                           = 0.1676 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  activation peak          max over the stages the GPU runs             denoiser 0.401 GB, VAE decode 2.56 GB
                           = 2.556 GB   [docs/image.md, "Activations"]
  VAE decode memory        live + conv workspace + caches + pixels kept 1.48 + 1.07 + 0 + 0.00629 GB; 1 image at once, 2 bytes an element
                           = 2.556 GB   [docs/image.md, "What a VAE decode holds"]
  CUDA context and allocator slack cuda_reserve + slack x (weights + activations) 2.06 GB on the fullest GPU
                           = 2.055 GB   [hwdb/defaults.yaml]
  text encoding            sum 2 x params x tokens / rate               0.0797 s
                           = 0.07974 s   [docs/image.md, "Speed"]
  one denoising step       GEMMs+convs+attn+bytes+casts+comm            74.38 TFLOP (4096 latent tokens), attention FlashAttention-2 = 0.3051 s
                           = 0.3051 s   [docs/image.md, "Speed"]
  the step on the GPU, by term GEMMs / rate + attention / share + bytes / HBM GEMMs 0.0874 s at 681 TFLOP/s (peak x measured share), attention 0.053 s at 0.284 of the peak, memory-bound 0.0715 s
                           = 0.2119 s   [docs/image.md, "What each GPU sustains for diffusion"]
  the CPU issuing a step   kernels x host time a kernel                 3742 x 35 µs (hosts 13-45 µs: 0.0486-0.168 s), GPU 0.305 s
                           = 0.131 s   [docs/image.md, "Host-bound steps"]
  weight casts, a forward  bytes / (HBM rate x 0.8)                     fp8-torchao weights: 250 GB (21 bytes each)
                           = 0.09326 s   [docs/image.md, "Speed"]
  denoising                steps x step                                 50 x 0.3051 s
                           = 15.26 s   [docs/image.md, "Speed"]
  VAE decode               FLOPs / rate                                 10.47 TFLOP
                           = 0.08464 s   [docs/image.md, "Speed"]
  fixed costs of a call    kernels x host time + safety checker + to PIL 6 kernels a call, 7 a step around the denoiser (in the step)
                           = 0.02007 s   [docs/image.md, "Fixed costs per image"]
  host-GPU transfers       (in + back) / pageable rate                  0 GB in, 0 GB back a batch
                           = 0 s   [docs/image.md, "Placement"]
--- stderr
