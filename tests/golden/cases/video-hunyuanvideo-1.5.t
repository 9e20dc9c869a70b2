args: image --model hunyuanvideo-1.5 --gpus 1xH100
rc: 0
--- stdout
Pipeline  hunyuanvideo-1.5 (video): 848x480, 121 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, LLM bf16, T5 bf16
Machine   1 x H100-SXM
Placement single: single fits (48.8 GB on the fullest GPU, 64 images/h); offload fits (19.6 GB, 49 images/h); group-offload fits (19.6 GB, 43 images/h); partial fits (19.6 GB, 49 images/h); sequential fits (11.6 GB, 7 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    qwen2.5-vl-7b-text           8.292 B     16     16.58  GPU 0       1.02
          text_encoder_2  byt5-glyph-encoder           0.218 B     16      0.44  GPU 0       0.03
          denoiser        hunyuanvideo-1.5-transformer   8.320 B     16     16.64  GPU 0       0.71
          vae             hunyuanvideo-1.5-vae         0.907 B     16      1.81  GPU 0       9.95
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      35.47         9.95     3.34     48.77 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.87 s (1.15 it/s, 269.2 TFLOP); text 0.0754 s + 50 steps 43.5 s + VAE 11.5 s + fixed 0.933 s = 56 s a batch of 1
          56 s an image; 1 copy: 64 images/h
Cost      3.169 EUR/h (reference: the catalog's median): 49.3 EUR per 1,000 images
--- stderr
