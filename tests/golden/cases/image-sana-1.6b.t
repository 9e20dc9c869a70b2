args: image --model sana-1.6b --gpus 1xRTX4090
rc: 0
--- stdout
Pipeline  sana-1.6b (image): 1024x1024, 20 steps, batch 1, CFG on (2 passes a step); denoiser bf16, LLM bf16
Machine   1 x RTX4090
Placement single: single fits (12.4 GB on the fullest GPU, 2182 images/h); offload fits (7.0 GB, 572 images/h); partial fits (7.0 GB, 572 images/h); sequential fits (2.9 GB, 184 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    gemma-2-2b-text              2.614 B     16      5.23  GPU 0       0.38
          denoiser        sana-1.6b-transformer        1.604 B     16      3.21  GPU 0       0.12
          vae             dc-ae-f32c32                 0.312 B     16      0.62  GPU 0       1.75
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090        9.06         1.75     1.61     12.43 / 25.76
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.0731 s (13.7 it/s, 5.933 TFLOP); text 0.0384 s + 20 steps 1.46 s + VAE 0.128 s + fixed 0.0201 s = 1.65 s a batch of 1
          1.65 s an image; 1 copy: 2182 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 0.1391 EUR per 1,000 images
--- stderr
