args: image --model flux.1-dev --gpus 1xH100-SXM --quant fp8-torchao --quantize-on-gpu --placement single
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser fp8-torchao, T5 bf16
Machine   1 x H100-SXM
Placement single
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.27
          denoiser        flux.1-dev-transformer      11.901 B      8     11.90  GPU 0       0.40
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      21.84        12.13     2.77     36.74 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.287 s (3.48 it/s, 74.38 TFLOP); text 0.0424 s + 28 steps 8.04 s + VAE 0.0846 s + fixed 0.0201 s = 8.19 s a batch of 1
          8.19 s an image; 1 copy: 440 images/h
Compute   quantize_ on the GPU after a 16-bit load: 33.97 GB while it runs
Cost      3.169 EUR/h (reference: the catalog's median): 7.204 EUR per 1,000 images
--- stderr
