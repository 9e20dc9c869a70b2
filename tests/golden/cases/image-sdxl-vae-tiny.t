args: image --model sdxl --gpus 1xA100-40 --vae tiny
rc: 0
--- stdout
Pipeline  sdxl-base (image): 1024x1024, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16
Machine   1 x A100-40
Placement single: single fits (8.9 GB on the fullest GPU, 670 images/h); offload fits (6.8 GB, 407 images/h); partial fits (6.8 GB, 519 images/h); sequential fits (1.8 GB, 50 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  openclip-bigg-text-proj      0.695 B     16      1.39  GPU 0       0.00
          denoiser        sdxl-unet                    2.567 B     16      5.13  GPU 0       0.28
          vae             taesdxl                      0.002 B     16      0.00  GPU 0       0.68
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-40        6.78         0.68     1.45      8.90 / 42.95
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.107 s (9.39 it/s, 13.52 TFLOP); text 0.0202 s + 50 steps 5.33 s + VAE 0.0105 s + fixed 0.0201 s = 5.38 s a batch of 1
          5.38 s an image; 1 copy: 670 images/h
Cost      1.022 EUR/h (reference: the catalog's median): 1.526 EUR per 1,000 images
--- stderr
