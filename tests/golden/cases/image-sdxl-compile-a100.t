args: image --model sdxl --gpus 1xA100-40 --batch 4 --steps 25 --placement single --compile reduce-overhead
rc: 0
--- stdout
Pipeline  sdxl-base (image): 1024x1024, 25 steps, batch 4, CFG on (2 passes a step); denoiser bf16
Machine   1 x A100-40
Placement single
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.01
          text_encoder_2  openclip-bigg-text-proj      0.695 B     16      1.39  GPU 0       0.02
          denoiser        sdxl-unet                    2.567 B     16      5.13  GPU 0       1.11
          vae             sd-vae                       0.084 B     16      0.17  GPU 0      10.23
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-40        6.94        11.34     1.99     20.27 / 42.95
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.394 s (2.54 it/s, 54.09 TFLOP); text 0.0202 s + 25 steps 9.84 s + VAE 0.604 s + fixed 0.0796 s = 10.5 s a batch of 4
          2.64 s an image; 1 copy: 1366 images/h
Compile   reduce-overhead on the denoiser: CUDA graph replays (eager 2003 kernels a step), memory-bound 52.8 GB a step (eager 92)
          the first call compiles for about 51 s more (not in the figures above); the graph pool keeps 1.11 GB
Cost      1.022 EUR/h (reference: the catalog's median): 0.7483 EUR per 1,000 images
--- stderr
