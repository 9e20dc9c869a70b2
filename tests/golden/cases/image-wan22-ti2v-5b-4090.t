args: image --model wan2.2-ti2v-5b --gpus 1xRTX4090 --placement offload --text-cpu
rc: 0
--- stdout
Pipeline  wan2.2-ti2v-5b (video): 1280x704, 121 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x RTX4090
Placement offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    umt5-xxl-encoder             5.681 B     16     11.36    CPU       0.55
          denoiser        wan2.2-ti2v-5b-transformer   5.000 B     16     10.00   host       4.92
          vae             wan2.2-vae                   0.903 B     16      1.81   host       8.30
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       10.00         4.92     1.82     16.74 / 25.76
          host RAM: 23.17 GB of weights; 11.80 GB copied to the GPU a batch, 11.80 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 10.3 s (0.0966 it/s, 1041 TFLOP); text 9.69 s + 50 steps 517 s + VAE 12.6 s + transfers 6.05 s + fixed 2.07 s = 548 s a batch of 1
          548 s an image; 1 copy: 7 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 46.18 EUR per 1,000 images
--- stderr
