args: image --model hidream-i1-full --gpus 1xH100
rc: 0
--- stdout
Pipeline  hidream-i1-full (image): 1024x1024, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16, LLM bf16
Machine   1 x H100-SXM
Placement single: single fits (68.4 GB on the fullest GPU, 205 images/h); offload fits (37.7 GB, 66 images/h); partial fits (37.7 GB, 90 images/h); sequential fits (3.8 GB, 8 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text-proj         0.124 B     16      0.25  GPU 0       0.00
          text_encoder_2  openclip-bigg-text-proj      0.695 B     16      1.39  GPU 0       0.01
          text_encoder_3  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.05
          text_encoder_4  llama-3.1-8b-text            8.030 B     16     16.06  GPU 0       0.13
          denoiser        hidream-i1-transformer      17.106 B     16     34.21  GPU 0       0.70
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      61.60         2.56     4.28     68.44 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.347 s (2.88 it/s, 155.6 TFLOP); text 0.103 s + 50 steps 17.3 s + VAE 0.0846 s + fixed 0.0201 s = 17.5 s a batch of 1
          17.5 s an image; 1 copy: 205 images/h
Cost      3.169 EUR/h (reference: the catalog's median): 15.45 EUR per 1,000 images
--- stderr
