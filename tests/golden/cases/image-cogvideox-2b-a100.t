args: image --model cogvideox-2b --gpus 1xA100-80 --quant fp16
rc: 0
--- stdout
Pipeline  cogvideox-2b (video): 720x480, 49 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser fp16, T5 bf16
Machine   1 x A100-80
Placement single: single fits (24.6 GB on the fullest GPU, 42 images/h); offload fits (11.2 GB, 39 images/h); partial fits (11.2 GB, 39 images/h); sequential fits (10.6 GB, 27 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.13
          denoiser        cogvideox-2b-transformer     1.694 B     16      3.39  GPU 0       1.91
          vae             cogvideox-vae                0.215 B     16      0.43  GPU 0       9.08
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-80       13.34         9.08     2.20     24.62 / 85.90
Verdict   FITS (the peak within ±21 %)
Speed     a step 1.63 s (0.615 it/s, 240 TFLOP); text 0.0361 s + 50 steps 81.3 s + VAE 3.41 s + fixed 0.321 s = 85 s a batch of 1
          85 s an image; 1 copy: 42 images/h
Cost      1.254 EUR/h (reference: the catalog's median): 29.62 EUR per 1,000 images
--- stderr
