args: image --model wan2.1-t2v-14b --gpus 1xA100-80 --placement group-offload --offload-type leaf --offload-stream yes --text-offload block --vae-offload gpu
rc: 0
--- stdout
Pipeline  wan2.1-t2v-14b (video): 832x480, 81 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x A100-80
Placement group-offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    umt5-xxl-encoder             5.681 B     16     11.36   host       0.55
          denoiser        wan2.1-t2v-14b-transformer  14.288 B     16     28.58   host       3.70
          vae             wan2.1-vae                   0.127 B     16      0.25   host       5.04
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 A100-80       11.62         0.55     1.68     13.85 / 85.90
          host RAM: 39.94 GB of weights; 2869.06 GB copied to the GPU a batch, 11.36 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 18.9 s (0.0529 it/s, 3357 TFLOP); text 0.0687 s + 50 steps 945 s + VAE 3.43 s + transfers 5.83 s + fixed 0.613 s = 954 s a batch of 1
          954 s an image; 1 copy: 4 images/h
Cost      1.254 EUR/h (reference: the catalog's median): 332.5 EUR per 1,000 images
--- stderr
