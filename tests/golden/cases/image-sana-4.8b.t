args: image --model sana-4.8b --gpus 1xRTX4090
rc: 0
--- stdout
Pipeline  sana-4.8b (image): 1024x1024, 20 steps, batch 1, CFG on (2 passes a step); denoiser bf16, LLM bf16
Machine   1 x RTX4090
Placement single: single fits (19.0 GB on the fullest GPU, 789 images/h); offload fits (11.1 GB, 290 images/h); partial fits (11.1 GB, 345 images/h); sequential fits (2.9 GB, 66 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    gemma-2-2b-text              2.614 B     16      5.23  GPU 0       0.38
          denoiser        sana-4.8b-transformer        4.722 B     16      9.44  GPU 0       0.12
          vae             dc-ae-f32c32                 0.312 B     16      0.62  GPU 0       1.75
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       15.30         1.75     1.93     18.97 / 25.76
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.219 s (4.57 it/s, 17.77 TFLOP); text 0.0384 s + 20 steps 4.38 s + VAE 0.128 s + fixed 0.0201 s = 4.56 s a batch of 1
          4.56 s an image; 1 copy: 789 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 0.3845 EUR per 1,000 images
--- stderr
