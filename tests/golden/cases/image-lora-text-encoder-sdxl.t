args: image --model sdxl --gpus 1xRTX4090 --lora 32 --train-text-encoder clip --cache-text no --optimizer prodigy
rc: 0
--- stdout
Pipeline  sdxl-base (image): 1024x1024, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16
Machine   1 x RTX4090
Placement single
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  openclip-bigg-text-proj      0.695 B     16      1.39  GPU 0       0.00
          denoiser        sdxl-unet                    2.567 B     16      5.13  GPU 0       0.70
          vae             sd-vae                       0.084 B     16      0.17   host       0.00
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090        9.51         0.70     1.58     11.79 / 25.76
Verdict   FITS (the peak within ±21 %)
LoRA      rank 32: 85.1 M adapter parameters; batch 1 per GPU, checkpointing on, latents cached, text encoded each step
Trainer   kohya: Transformer2DModel: every Linear (conv3x3 only with conv_dim); prodigy, 2.74 GB of adapters, gradients and optimizer state
          text encoders: 28.9 M adapter parameters, trained each step (114 M in all)
Speed     0.271 s a step (3.69 steps/s), 3.69 images/s on 1 GPU
Cost      0.3035 EUR/h (reference: the catalog's median): 0.02284 EUR per 1,000 training images
--- stderr
