args: image --model flux.1-dev --gpus 2xH100 --llm 8B
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   2 x H100-SXM: 1 for the pipeline, 1 for the LLM
Placement single: single fits (39.2 GB on the fullest GPU, 638 images/h); offload fits (26.5 GB, 157 images/h); group-offload fits (11.4 GB, 178 images/h); partial fits (26.5 GB, 228 images/h); sequential fits (3.8 GB, 20 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80  GPU 0       0.40
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      33.74         2.56     2.89     39.19 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.196 s (5.1 it/s, 74.38 TFLOP); text 0.0424 s + 28 steps 5.5 s + VAE 0.0846 s + fixed 0.0201 s = 5.64 s a batch of 1
          5.64 s an image; 1 copy: 638 images/h
LLM       8B on the last 1 GPU (vLLM): fits, 78.23 GB on the fullest, 105.0 tokens/s a sequence
Cost      6.337 EUR/h (reference: the catalog's median): 9.932 EUR per 1,000 images
--- stderr
