args: image --model pixart-sigma --gpus 1xRTX4090
rc: 0
--- stdout
Pipeline  pixart-sigma (image): 1024x1024, 20 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement single: single fits (17.4 GB on the fullest GPU, 775 images/h); offload fits (11.3 GB on the fullest GPU, 351 images/h); sequential fits (5.9 GB on the fullest GPU, 269 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.21
          denoiser        pixart-sigma-transformer     0.611 B     16      1.22  GPU 0       0.23
          vae             sd-vae                       0.084 B     16      0.17  GPU 0       4.62
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       10.91         4.62     1.85     17.38 / 25.76
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.222 s (4.5 it/s, 13.27 TFLOP); text 0.0614 s + 20 steps 4.45 s + VAE 0.136 s = 4.65 s a batch of 1
          4.65 s an image; 1 copy: 775 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 0.3916 EUR per 1,000 images
--- stderr
