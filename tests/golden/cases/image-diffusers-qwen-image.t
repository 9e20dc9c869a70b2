args: image --model tests/data/diffusers/Qwen-Image --gpus 1xH100
rc: 0
--- stdout
Pipeline  Qwen-Image (image): 1024x1024, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, LLM bf16
Machine   1 x H100-SXM
Placement single: single fits (70.0 GB on the fullest GPU, 188 images/h); offload fits (44.4 GB, 74 images/h); group-offload fits (18.6 GB, 38 images/h); partial fits (44.4 GB, 99 images/h); sequential fits (9.5 GB, 3 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    Qwen-Image/text_encoder      8.292 B     16     16.58  GPU 0       0.13
          denoiser        Qwen-Image/transformer      20.430 B     16     40.86  GPU 0       0.38
          vae             Qwen-Image/vae               0.127 B     16      0.25  GPU 0       7.99
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      57.70         7.99     4.36     70.05 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.38 s (2.63 it/s, 141.2 TFLOP); text 0.0412 s + 50 steps 19 s + VAE 0.0913 s + fixed 0.0201 s = 19.1 s a batch of 1
          19.1 s an image; 1 copy: 188 images/h
Cost      3.169 EUR/h (reference: the catalog's median): 16.85 EUR per 1,000 images
--- stderr
