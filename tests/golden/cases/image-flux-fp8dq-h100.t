args: image --model flux.1-dev --gpus 1xH100-SXM --quant fp8dq --batch 4 --torch 2.5 --placement single
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 4, CFG off; denoiser fp8dq, T5 bf16; PyTorch 2.5 (RMSNorm unfused)
Machine   1 x H100-SXM
Placement single
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       1.10
          denoiser        flux.1-dev-transformer      11.901 B      8     11.90  GPU 0       1.60
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0      10.23
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      21.84        10.23     2.68     34.74 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.992 s (1.01 it/s, 297.5 TFLOP); text 0.0655 s + 28 steps 27.8 s + VAE 0.339 s + fixed 0.0796 s = 28.3 s a batch of 4
          7.06 s an image; 1 copy: 510 images/h
Compute   fp8dq: the Linears at FP8 (_scaled_mm), their inputs made FP8 in eager torchao: 0.25 s a step
Cost      3.169 EUR/h (reference: the catalog's median): 6.216 EUR per 1,000 images
--- stderr
