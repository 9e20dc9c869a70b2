args: image --model qwen-image-edit --gpus 1xH100
rc: 0
--- stdout
Pipeline  qwen-image-edit (image): 1024x1024, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, LLM bf16
Machine   1 x H100-SXM
Placement single: single fits (70.0 GB on the fullest GPU, 64 images/h); offload fits (44.8 GB, 42 images/h); group-offload fits (20.0 GB, 38 images/h); partial fits (44.8 GB, 49 images/h); sequential fits (9.5 GB, 3 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    qwen2.5-vl-7b-text           8.292 B     16     16.58  GPU 0       1.47
          denoiser        qwen-image-transformer      20.430 B     16     40.86  GPU 0       0.81
          vae             qwen-image-vae               0.127 B     16      0.25  GPU 0       7.99
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      57.70         7.99     4.36     70.05 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 1.11 s (0.898 it/s, 398.7 TFLOP); text 0.0832 s + 50 steps 55.7 s + VAE 0.0913 s + fixed 0.0201 s = 55.9 s a batch of 1
          55.9 s an image; 1 copy: 64 images/h
Cost      3.169 EUR/h (reference: the catalog's median): 49.2 EUR per 1,000 images
--- stderr
