args: image --model sd3-medium --gpus 1xA100-80 --quant fp16 --placement offload --no-t5
rc: 0
--- stdout
Pipeline  sd3-medium (image): 1024x1024, 28 steps, batch 1, CFG on (2 passes a step); denoiser fp16
Machine   1 x A100-80
Placement offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text-proj         0.124 B     16      0.25   host       0.00
          text_encoder_2  openclip-bigg-text-proj      0.695 B     16      1.39   host       0.00
          denoiser        sd3-medium-transformer       2.085 B     16      4.17   host       0.31
          vae             sd3-vae                      0.084 B     16      0.17   host       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-80        4.17         0.31     1.30      5.78 / 85.90
          host RAM: 5.97 GB of weights; 6.22 GB copied to the GPU a batch, 6.22 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.114 s (8.78 it/s, 17.81 TFLOP); text 0.0202 s + 28 steps 3.19 s + VAE 0.144 s + transfers 3.19 s + fixed 0.0201 s = 6.57 s a batch of 1
          6.57 s an image; 1 copy: 548 images/h
Cost      1.254 EUR/h (reference: the catalog's median): 2.287 EUR per 1,000 images
--- stderr
