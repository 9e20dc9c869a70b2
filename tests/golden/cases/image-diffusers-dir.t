args: image --model tests/data/diffusers/FLUX.1-dev --gpus 2xRTX3090 --quant fp8 --placement split
rc: 0
--- stdout
Pipeline  FLUX.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser fp8, T5 bf16
Machine   2 x RTX3090
Placement split
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    FLUX.1-dev/text_encoder      0.123 B     16      0.25  GPU 1       0.00
          text_encoder_2  FLUX.1-dev/text_encoder_2    4.762 B     16      9.52  GPU 1       0.27
          denoiser        FLUX.1-dev/transformer      11.901 B      8     11.90  GPU 0       0.40
          vae             FLUX.1-dev/vae               0.084 B     16      0.17  GPU 1       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX3090       11.90         0.40     1.69     13.99 / 25.77
           1 RTX3090        9.94         2.56     1.70     14.19 / 25.77
Verdict   FITS (the peak within ±21 %)
Speed     a step 1.53 s (0.652 it/s, 74.38 TFLOP); text 0.107 s + 28 steps 42.9 s + VAE 0.252 s + fixed 0.0201 s = 43.3 s a batch of 1
          43.3 s an image; 1 copy: 83 images/h
Cost      0.3213 EUR/h (reference: the catalog's median): 3.867 EUR per 1,000 images
--- stderr
