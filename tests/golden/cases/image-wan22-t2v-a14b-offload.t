args: image --model wan2.2-t2v-a14b --gpus 1xH100-SXM --resolution 1280x720 --steps 40 --placement offload
rc: 0
--- stdout
Pipeline  wan2.2-t2v-a14b (video): 1280x720, 81 frames, 40 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x H100-SXM
Placement offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    umt5-xxl-encoder             5.681 B     16     11.36   host       0.55
          denoiser        wan2.2-t2v-a14b-transformer  14.288 B     16     28.58   host       8.53
          vae             wan2.1-vae                   0.127 B     16      0.25   host      11.62
          denoiser_2      wan2.2-t2v-a14b-transformer  14.288 B     16     28.58   host       8.53
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      28.58         8.53     2.93     40.03 / 85.52
          host RAM: 68.77 GB of weights; 68.77 GB copied to the GPU a batch, 68.77 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 40.4 s (0.0247 it/s, 1.305e+04 TFLOP); text 0.053 s + 40 steps 1.62e+03 s + VAE 4.63 s + transfers 35.3 s + fixed 1.41 s = 1.66e+03 s a batch of 1
          1.66e+03 s an image; 1 copy: 2 images/h
Cost      3.169 EUR/h (reference: the catalog's median): 1460 EUR per 1,000 images
--- stderr
