args: image --model flux.1-dev --gpus 1xRTX4090 --placement partial --vram-budget 16
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement partial
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25   host       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52   host       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80   host       0.40
          vae             flux.1-vae                   0.084 B     16      0.17   host       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       12.60         0.40     1.72     14.72 / 16.00
          host RAM: 33.74 GB of weights; 339.83 GB copied to the GPU a batch, 19.74 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.755 s (1.33 it/s, 74.38 TFLOP); text 0.0647 s + 28 steps 21.1 s + VAE 0.136 s + transfers 10.1 s + fixed 0.0201 s = 31.5 s a batch of 1
          31.5 s an image; 1 copy: 114 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 2.653 EUR per 1,000 images
--- stderr
