args: image --model pixart-sigma --gpus 1xRTX4090
rc: 0
--- stdout
Pipeline  pixart-sigma (image): 1024x1024, 20 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement single: single fits (15.2 GB on the fullest GPU, 772 images/h); offload fits (11.3 GB, 351 images/h); partial fits (11.3 GB, 351 images/h); sequential fits (3.8 GB, 268 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.21
          denoiser        pixart-sigma-transformer     0.611 B     16      1.22  GPU 0       0.23
          vae             sd-vae                       0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       10.91         2.56     1.75     15.22 / 25.76
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.222 s (4.5 it/s, 13.27 TFLOP); text 0.0614 s + 20 steps 4.45 s + VAE 0.136 s + fixed 0.0201 s = 4.67 s a batch of 1
          4.67 s an image; 1 copy: 772 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 0.3933 EUR per 1,000 images
--- stderr
