args: image --model sdxl --gpus 1xA100-40 --batch 4 --steps 25 --quant fp16 --vae tiny --explain
rc: 0
--- stdout
Pipeline  sdxl-base (image): 1024x1024, 25 steps, batch 4, CFG on (2 passes a step); denoiser fp16
Machine   1 x A100-40
Placement single: single fits (11.0 GB on the fullest GPU, 1337 images/h); offload fits (7.6 GB, 1011 images/h); partial fits (7.6 GB, 1107 images/h); sequential fits (3.9 GB, 326 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.01
          text_encoder_2  openclip-bigg-text-proj      0.695 B     16      1.39  GPU 0       0.02
          denoiser        sdxl-unet                    2.567 B     16      5.13  GPU 0       1.11
          vae             taesdxl                      0.002 B     16      0.00  GPU 0       2.71
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-40        6.78         2.71     1.55     11.03 / 42.95
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.425 s (2.35 it/s, 54.09 TFLOP); text 0.0202 s + 25 steps 10.6 s + VAE 0.042 s + fixed 0.0796 s = 10.8 s a batch of 4
          2.69 s an image; 1 copy: 1337 images/h
Cost      1.022 EUR/h (reference: the catalog's median): 0.7643 EUR per 1,000 images
Explain
  text_encoder             params x bits / 8                            clip-vit-l-text: 0.1231 B params x 16 bits / 8 (resident)
                           = 0.2461 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  text_encoder_2           params x bits / 8                            openclip-bigg-text-proj: 0.6947 B params x 16 bits / 8 (resident)
                           = 1.389 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  denoiser                 params x bits / 8                            sdxl-unet: 2.567 B params x 16 bits / 8 (resident)
                           = 5.135 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  vae                      params x bits / 8                            taesdxl: 0.002445 B params x 16 bits / 8 (resident)
                           = 0.00489 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  activation peak          max over the stages the GPU runs             denoiser 1.11 GB, VAE decode 2.71 GB (CFG doubles the denoiser's batch)
                           = 2.71 GB   [docs/image.md, "Activations"]
  VAE decode memory        live + conv workspace + caches + pixels kept 1.61 + 1.07 + 0 + 0.0252 GB; 4 images at once, 2 bytes an element
                           = 2.71 GB   [docs/image.md, "What a VAE decode holds"]
  CUDA context and allocator slack cuda_reserve + slack x (weights + activations) 1.55 GB on the fullest GPU
                           = 1.548 GB   [hwdb/defaults.yaml]
  text encoding            sum 2 x params x tokens / rate               0.0202 s
                           = 0.02023 s   [docs/image.md, "Speed"]
  one denoising step       GEMMs+convs+attn+bytes+casts+comm            54.09 TFLOP (16384 latent tokens, CFG x2), attention FlashAttention-2 = 0.4251 s
                           = 0.4251 s   [docs/image.md, "Speed"]
  the step on the GPU, by term GEMMs / rate + attention / share + bytes / HBM GEMMs 0.308 s at 230.3 TFLOP/s (peak x measured share), attention 0.0428 s at 0.47 of the peak, memory-bound 0.074 s
                           = 0.4251 s   [docs/image.md, "What each GPU sustains for diffusion"]
  operators bound by bytes sum of (bytes / HBM - FLOPs / rate) > 0      a UNet's convs, Linears and attentions whose weights and activations outrun their FLOPs (in the GEMMs)
                           = 0.001202 s   [docs/image.md, "Small UNets: a roofline per operator"]
  the CPU issuing a step   kernels x host time a kernel                 2016 x 35 µs (hosts 13-45 µs: 0.0262-0.0907 s), GPU 0.425 s
                           = 0.07056 s   [docs/image.md, "Host-bound steps"]
  denoising                steps x step                                 25 x 0.4251 s
                           = 10.63 s   [docs/image.md, "Speed"]
  VAE decode               FLOPs / rate                                 2.262 TFLOP
                           = 0.04199 s   [docs/image.md, "Speed"]
  fixed costs of a call    kernels x host time + safety checker + to PIL 6 kernels a call, 13 a step around the denoiser (in the step)
                           = 0.07964 s   [docs/image.md, "Fixed costs per image"]
  host-GPU transfers       (in + back) / pageable rate                  0 GB in, 0 GB back a batch
                           = 0 s   [docs/image.md, "Placement"]
--- stderr
