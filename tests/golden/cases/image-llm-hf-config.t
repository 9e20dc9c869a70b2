args: image --model flux.1-dev --gpus 2xRTX4090 --llm tests/data/hf/llama-llama-3.1-8b.json
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   2 x RTX4090: 1 for the pipeline, 1 for the LLM
Placement partial: single does not fit (39.2 GB on the fullest GPU, 170 images/h); offload fits (26.5 GB, 93 images/h); group-offload fits (11.4 GB, 108 images/h); partial fits (24.5 GB, 114 images/h); sequential fits (3.8 GB, 18 images/h): partial has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25   host       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52   host       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80   host       0.40
          vae             flux.1-vae                   0.084 B     16      0.17   host       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       21.89         0.40     2.19     24.48 / 25.76
          host RAM: 33.74 GB of weights; 79.64 GB copied to the GPU a batch, 19.74 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.755 s (1.33 it/s, 74.38 TFLOP); text 0.0647 s + 28 steps 21.1 s + VAE 0.136 s + transfers 10.1 s + fixed 0.0201 s = 31.5 s a batch of 1
          31.5 s an image; 1 copy: 114 images/h
Faster    --quant fp8: single fits (26.69 GB on the fullest GPU), 156 images/h (8-bit weights: ComfyUI's fp8_e4m3fn, diffusers' layerwise casting)
LLM       tests/data/hf/llama-llama-3.1-8b.json on the last 1 GPU (vLLM): fits, 23.35 GB on the fullest, 46.6 tokens/s a sequence
Cost      0.6069 EUR/h (reference: the catalog's median): 5.306 EUR per 1,000 images
--- stderr
