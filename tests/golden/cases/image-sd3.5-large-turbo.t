args: image --model sd3.5-large-turbo --gpus 1xH100
rc: 0
--- stdout
Pipeline  sd3.5-large-turbo (image): 1024x1024, 4 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x H100-SXM
Placement single: single fits (32.8 GB on the fullest GPU, 6209 images/h); offload fits (18.4 GB, 244 images/h); group-offload fits (11.2 GB, 463 images/h); partial fits (18.4 GB, 318 images/h); sequential fits (3.8 GB, 178 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text-proj         0.124 B     16      0.25  GPU 0       0.00
          text_encoder_2  openclip-bigg-text-proj      0.695 B     16      1.39  GPU 0       0.00
          text_encoder_3  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.08
          denoiser        sd3.5-large-transformer      8.146 B     16     16.29  GPU 0       0.25
          vae             sd3-vae                      0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      27.62         2.56     2.58     32.76 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.105 s (9.55 it/s, 31.12 TFLOP); text 0.0563 s + 4 steps 0.419 s + VAE 0.0846 s + fixed 0.0201 s = 0.58 s a batch of 1
          0.58 s an image; 1 copy: 6209 images/h
Host      2991 kernels a step: 0.105 s of CPU at 35 µs each, 0.0892 s of GPU work: host-bound
          a fast host (13 µs a kernel): 0.0892 s a step, 0.482 s an image; a slow host (45 µs): 0.135 s, 0.716 s
Cost      3.169 EUR/h (reference: the catalog's median): 0.5103 EUR per 1,000 images
--- stderr
