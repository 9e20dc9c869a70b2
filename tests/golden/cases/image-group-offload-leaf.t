args: image --model flux.1-dev --gpus 1xRTX3060 --offload-type leaf --offload-stream yes --record-stream
rc: 0
--- stdout
Pipeline  flux.1-dev (image): 1024x1024, 28 steps, batch 1, CFG off; denoiser bf16, T5 bf16
Machine   1 x RTX3060
Placement group-offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    clip-vit-l-text              0.123 B     16      0.25   host       0.00
          text_encoder_2  t5-v1_1-xxl-encoder          4.762 B     16      9.52   host       0.27
          denoiser        flux.1-dev-transformer      11.901 B     16     23.80   host       0.40
          vae             flux.1-vae                   0.084 B     16      0.17   host       2.56
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX3060        0.01         2.56     1.20      3.77 / 12.88
          host RAM: 33.74 GB of weights; 676.42 GB copied to the GPU a batch, 0.00 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 4.05 s (0.247 it/s, 74.38 TFLOP); text 0.283 s + 28 steps 113 s + VAE 0.695 s + transfers 0.105 s + fixed 0.0201 s = 115 s a batch of 1
          115 s an image; 1 copy: 31 images/h
--- stderr
