args: image --model sd1.5 --gpus 1xA100-80 --resolution 512x512 --batch 16 --quant fp16 --channels-last --torch 2.0
rc: 0
--- stdout
Pipeline  sd1.5 (image): 512x512, 50 steps, batch 16, CFG on (2 passes a step); denoiser fp16; PyTorch 2.0 (RMSNorm unfused); UNet channels_last (NHWC convolutions, NCHW GroupNorms)
Machine   1 x A100-80
Placement single: single fits (14.0 GB on the fullest GPU, 3484 images/h); offload fits (12.0 GB, 3268 images/h); partial fits (12.0 GB, 3268 images/h); sequential fits (11.8 GB, 1489 images/h): single has the most images per hour that fit
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25  GPU 0       0.04
          denoiser        sd1.5-unet                   0.860 B     16      1.72  GPU 0       1.77
          vae             sd-vae                       0.084 B     16      0.17  GPU 0      10.23
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-80        2.13        10.23     1.69     14.05 / 85.90
Verdict   FITS (the peak within ±21 %)
Speed     a step 0.316 s (3.17 it/s, 25.7 TFLOP); text 0.00633 s + 50 steps 15.8 s + VAE 0.567 s + fixed 0.173 s = 16.5 s a batch of 16
          1.03 s an image; 1 copy: 3484 images/h
Cost      1.254 EUR/h (reference: the catalog's median): 0.3599 EUR per 1,000 images
--- stderr
