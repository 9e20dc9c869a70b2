args: image --model flux.1-dev --gpus 1xH100-SXM --placement single --compile reduce-overhead
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x H100-SXM
Placement single
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80  GPU 0       0.40
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      33.74         2.96     2.91     39.61 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.155 s (6.44 it/s, 74.38 TFLOP); text 0.0424 s + 28 steps 4.35 s + VAE 0.0846 s + fixed 0.0201 s = 4.49 s a batch of 1
          4.49 s an image; 1 copy: 801 images/h
Compile   reduce-overhead on the denoiser: CUDA graph replays (eager 2671 kernels a step), memory-bound 33.4 GB a step (eager 143)
          the first call compiles for about 67 s more (not in the figures above); the graph pool keeps 0.40 GB
Cost      3.169 EUR/h (reference: the catalog's median): 3.956 EUR per 1,000 images
--- stderr
