args: image --model flux.1-dev --gpus 1xA6000 --lora 128 --trainer ai-toolkit --optimizer adafactor --sample-every 250
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x A6000
Placement single
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25   host       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52   host       0.00
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80  GPU 0       2.18
          vae             flux.1-vae                   0.084 B     16      0.17   host       0.00
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A6000         36.51         2.56     3.03     42.10 / 51.54
Verdict   FITS (the peak within ±21 %)
LoRA      rank 128: 687 M adapter parameters; batch 1 per GPU, checkpointing on, latents cached, text cached
Trainer   ai-toolkit: FluxTransformer2DModel: every Linear of transformer_blocks and single_transformer_blocks (transformer_only); adafactor, 5.52 GB of adapters, gradients and optimizer state
Samples   one every 250 steps: 19.9 s each, 0.0795 s a step spread; 42.10 GB on the GPU while sampling (the peak)
Speed     3.03 s a step (0.33 steps/s), 0.33 images/s on 1 GPU
Cost      0.5199 EUR/h (reference: the catalog's median): 0.4382 EUR per 1,000 training images
--- stderr
