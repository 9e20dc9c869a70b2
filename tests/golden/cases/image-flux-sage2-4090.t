args: image --model flux.1-dev --gpus 1xRTX4090 --quant fp8 --attention sage2
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser fp8, T5 bf16
Machine   1 x RTX4090
Placement single: single fits (26.7 GB on the fullest GPU, 172 images/h); offload fits (14.0 GB, 112 images/h); group-offload fits (11.4 GB, 132 images/h); partial fits (14.0 GB, 116 images/h); sequential fits (3.8 GB, 33 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.27
          denoiser        flux.1-dev-transformer      11.901 B      8     11.90  GPU 0       0.40
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       21.84         2.56     2.29     26.69 / 25.76  fits: 2.22 given back
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.737 s (1.36 it/s, 74.38 TFLOP); text 0.0647 s + 28 steps 20.6 s + VAE 0.136 s + fixed 0.0201 s = 20.9 s a batch of 1
          20.9 s an image; 1 copy: 172 images/h
Compute   sage2: 2.52x FlashAttention-2's rate (its authors' kernel table)
Cost      0.3035 EUR/h (reference: the catalog's median): 1.759 EUR per 1,000 images
--- stderr
