args: image --model flux.1-dev --gpus 1xH100-SXM --lora-adapters 2 --adapter-rank 32
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x H100-SXM
Placement single: single fits (39.8 GB on the fullest GPU, 468 images/h); offload fits (27.1 GB, 142 images/h); group-offload fits (11.4 GB, 175 images/h); partial fits (27.1 GB, 202 images/h); sequential fits (3.8 GB, 19 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52  GPU 0       0.27
          denoiser        flux.1-dev-transformer      11.901 B   16.4     24.42  GPU 0       0.40
          vae             flux.1-vae                   0.084 B     16      0.17  GPU 0       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      34.35         2.56     2.92     39.83 / 85.52
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.27 s (3.71 it/s, 74.38 TFLOP); text 0.0424 s + 28 steps 7.55 s + VAE 0.0846 s + fixed 0.0201 s = 7.7 s a batch of 1
          7.7 s an image; 1 copy: 468 images/h
Host      6710 kernels a step: 0.235 s of CPU at 35 µs each, 0.27 s of GPU work
          a fast host (13 µs a kernel): 0.27 s a step, 7.67 s an image; a slow host (45 µs): 0.302 s, 8.61 s
Compute   2 LoRA adapters unfused (rank 32): 0.61 GB of weights, 0.0712 s a step of adds
Cost      3.169 EUR/h (reference: the catalog's median): 6.776 EUR per 1,000 images
--- stderr
