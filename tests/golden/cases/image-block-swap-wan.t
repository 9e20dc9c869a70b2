args: image --model wan2.1-t2v-14b --gpus 1xRTX4090 --blocks-to-swap 20 --explain
rc: 0
--- stdout
Pipeline  wan2.1-t2v-14b (video): 832x480, 81 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement block-swap
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    umt5-xxl-encoder             5.681 B     16     11.36   host       0.55
          denoiser        wan2.1-t2v-14b-transformer  14.288 B     16     28.58   host       3.70
          vae             wan2.1-vae                   0.127 B     16      0.25   host       5.04
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       15.22         3.70     2.02     20.94 / 25.76
          host RAM: 40.19 GB of weights; 1429.10 GB copied to the GPU a batch, 1429.10 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 33.9 s (0.0295 it/s, 3357 TFLOP); text 0.122 s + 50 steps 1.69e+03 s + VAE 2.9 s + transfers 12.1 s + fixed 0.613 s = 1.71e+03 s a batch of 1
          1.71e+03 s an image; 1 copy: 2 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 144.2 EUR per 1,000 images
Explain
  text_encoder             params x bits / 8                            umt5-xxl-encoder: 5.681 B params x 16 bits / 8 (in host RAM between uses)
                           = 11.36 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  denoiser                 params x bits / 8                            wan2.1-t2v-14b-transformer: 14.29 B params x 16 bits / 8 (in host RAM between uses)
                           = 28.58 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  vae                      params x bits / 8                            wan2.1-vae: 0.1269 B params x 16 bits / 8 (in host RAM between uses)
                           = 0.2538 GB   [docs/image.md, "Memory": parameters counted from each config.json]
  activation peak          max over the stages the GPU runs             denoiser 3.7 GB, VAE decode 5.04 GB (CFG: two forwards of the batch)
                           = 3.7 GB   [docs/image.md, "Activations"]
  VAE decode memory        live + conv workspace + caches + pixels kept 1.84 + 0.92 + 1.89 + 0.388 GB; 1 image at once, 2 bytes an element
                           = 5.037 GB   [docs/image.md, "What a VAE decode holds"]
  CUDA context and allocator slack cuda_reserve + slack x (weights + activations) 2.02 GB on the fullest GPU
                           = 2.02 GB   [hwdb/defaults.yaml]
  text encoding            sum 2 x params x tokens / rate               0.122 s
                           = 0.1225 s   [docs/image.md, "Speed"]
  one denoising step       GEMMs+convs+attn+bytes+casts+comm            3357 TFLOP (32760 latent tokens, CFG x2), attention FlashAttention-2 = 33.89 s
                           = 33.89 s   [docs/image.md, "Speed"]
  the step on the GPU, by term GEMMs / rate + attention / share + bytes / HBM GEMMs 10.4 s at 151.7 TFLOP/s (peak x measured share), attention 17.2 s at 0.63 of the peak, memory-bound 4.15 s
                           = 31.66 s   [docs/image.md, "What each GPU sustains for diffusion"]
  the CPU issuing a step   kernels x host time a kernel                 5060 x 35 µs (hosts 13-45 µs: 0.0658-0.228 s), GPU 31.7 s
                           = 0.1771 s   [docs/image.md, "Host-bound steps"]
  denoising                steps x step                                 50 x 33.89 s
                           = 1695 s   [docs/image.md, "Speed"]
  VAE decode               FLOPs / rate                                 275.4 TFLOP
                           = 2.897 s   [docs/image.md, "Speed"]
  fixed costs of a call    kernels x host time + safety checker + to PIL 6 kernels a call, 10 a step around the denoiser (in the step)
                           = 0.6128 s   [docs/image.md, "Fixed costs per image"]
  host-GPU transfers       (in + back) / pageable rate                  1.43e+03 GB in, 1.43e+03 GB back a batch
                           = 12.07 s   [docs/image.md, "Placement"]
  denoiser weights resident weights - N swapped blocks + the largest of them 14.5 GB resident a step, 14.1 GB streamed a forward
                           = 14.52 GB   [docs/image.md, "Offload as diffusers and ComfyUI do it now"]
  transfers waited for     (in + back) / pinned, on the compute stream  at 25.2 GB/s; 0 s hidden behind compute an image
                           = 123.6 s   [docs/image.md, "Offload as diffusers and ComfyUI do it now"]
--- stderr
