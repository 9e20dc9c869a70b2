args: image --model wan2.1-t2v-14b --gpus 1xA100-80 --persistent-params 7e9
rc: 0
--- stdout
Pipeline  wan2.1-t2v-14b (video): 832x480, 81 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x A100-80
Placement partial
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    umt5-xxl-encoder             5.681 B     16     11.36   host       0.55
          denoiser        wan2.1-t2v-14b-transformer  14.288 B     16     28.58   host       3.70
          vae             wan2.1-vae                   0.127 B     16      0.25   host       5.04
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-80       14.31         3.70     1.97     19.99 / 85.90
          host RAM: 40.19 GB of weights; 1483.31 GB copied to the GPU a batch, 14.00 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 26.2 s (0.0382 it/s, 3357 TFLOP); text 0.0687 s + 50 steps 1.31e+03 s + VAE 3.43 s + transfers 10.2 s + fixed 0.613 s = 1.32e+03 s a batch of 1
          1.32e+03 s an image; 1 copy: 3 images/h
Cost      1.254 EUR/h (reference: the catalog's median): 460.7 EUR per 1,000 images
--- stderr
