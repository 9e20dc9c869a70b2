args: image --model wan2.2-ti2v-5b --gpus 1xRTX4090 --placement offload --text-cpu --runtime wan-official --explain
rc: 0
--- stdout
Pipeline  wan2.2-ti2v-5b (video): 1280x704, 121 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16; Wan's generate.py (bf16 autocast, fp32 stream, fp32 VAE)
Machine   1 x RTX4090
Placement offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    umt5-xxl-encoder             5.681 B     16     11.36    CPU       0.55
          denoiser        wan2.2-ti2v-5b-transformer   5.000 B     16     10.00   host       7.58
          vae             wan2.2-vae                   0.903 B     32      3.61  GPU 0      16.60
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       13.61         7.58     2.13     23.32 / 25.76
          host RAM: 21.36 GB of weights; 10.00 GB copied to the GPU a batch, 10.00 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 10.3 s (0.0966 it/s, 1041 TFLOP); text 9.69 s + 50 steps 517 s + VAE 25.2 s + transfers 5.13 s + fixed 2.23 s = 560 s a batch of 1
          560 s an image; 1 copy: 6 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 47.18 EUR per 1,000 images
Explain
  text_encoder             params x bits / 8                            umt5-xxl-encoder: 5.681 B params x 16 bits / 8 (on the CPU)
                           = 11.36 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  denoiser                 params x bits / 8                            wan2.2-ti2v-5b-transformer: 5 B params x 16 bits / 8 (in host RAM between uses)
                           = 10 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  vae                      params x bits / 8                            wan2.2-vae: 0.9026 B params x 32 bits / 8 (resident)
                           = 3.61 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  activation peak          max over the stages the GPU runs             denoiser 7.58 GB, VAE decode 16.6 GB (CFG: two forwards of the batch)
                           = 7.578 GB   [docs/image.md, "Activations"]
  VAE decode memory        live + conv workspace + caches + pixels kept 5.54 + 2.77 + 5.68 + 2.62 GB; 1 image at once, 4 bytes an element
                           = 16.6 GB   [docs/image.md, "What a VAE decode holds"]
  CUDA context and allocator slack cuda_reserve + slack x (weights + activations) 2.13 GB on the fullest GPU
                           = 2.133 GB   [hwdb/defaults.yaml]
  text encoding            sum 2 x params x tokens / rate               9.69 s
                           = 9.689 s   [docs/image.md, "Speed"]
  one denoising step       GEMMs+convs+attn+bytes+casts+comm            1041 TFLOP (27280 latent tokens, CFG x2), attention FlashAttention-2 = 10.35 s
                           = 10.35 s   [docs/image.md, "Speed"]
  the step on the GPU, by term GEMMs / rate + attention / share + bytes / HBM GEMMs 3.37 s at 143 TFLOP/s (peak x measured share), attention 5.37 s at 0.63 of the peak, memory-bound 1.61 s
                           = 10.35 s   [docs/image.md, "What each GPU sustains for diffusion"]
  the CPU issuing a step   kernels x host time a kernel                 3820 x 35 µs (hosts 13-45 µs: 0.0497-0.172 s), GPU 10.3 s
                           = 0.1337 s   [docs/image.md, "Host-bound steps"]
  denoising                steps x step                                 50 x 10.35 s
                           = 517.4 s   [docs/image.md, "Speed"]
  VAE decode               FLOPs / rate                                 1641 TFLOP
                           = 25.23 s   [docs/image.md, "Speed"]
  fixed costs of a call    kernels x host time + safety checker + to PIL 6 kernels a call, 10 a step around the denoiser (in the step)
                           = 2.233 s   [docs/image.md, "Fixed costs per image"]
  host-GPU transfers       (in + back) / pageable rate                  10 GB in, 10 GB back a batch
                           = 5.128 s   [docs/image.md, "Placement"]
  Wan's WanModel forward   tokens x (held + max(attention at k's rope, FFN)) 27280 x 277504 bytes; fp32 stream, per-token fp32 e, e0 and modulation, float64 rope_apply, bf16 q and k
                           = 7.57 GB   [docs/image.md, "Wan's own generate.py"]
  Wan's extra step time (not charged) its pointwise bytes / HBM + fp32 GEMMs / FP32 peak 2529 GB and 7.294 TFLOP a step (the step keeps the diffusers walk's bytes)
                           = 3.224 s   [docs/image.md, "Wan's own generate.py"]
--- stderr
