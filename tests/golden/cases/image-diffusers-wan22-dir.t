args: image --model tests/data/diffusers/Wan2.2-T2V-A14B-Diffusers --gpus 1xH100-SXM --placement offload
rc: 0
--- stdout
Pipeline  Wan2.2-T2V-A14B-Diffusers (video): 832x480, 81 frames, 50 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   1 x H100-SXM
Placement offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    Wan2.2-T2V-A14B-Diffusers/text_encoder   5.681 B     16     11.36   host       0.55
          denoiser        Wan2.2-T2V-A14B-Diffusers/transformer  14.288 B     16     28.58   host       3.70
          vae             Wan2.2-T2V-A14B-Diffusers/vae   0.127 B     16      0.25   host       5.04
          denoiser_2      Wan2.2-T2V-A14B-Diffusers/transformer_2  14.288 B     16     28.58   host       3.70
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H100-SXM      28.58         3.70     2.69     34.96 / 85.52
          host RAM: 68.77 GB of weights; 68.77 GB copied to the GPU a batch, 68.77 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 9.59 s (0.104 it/s, 3357 TFLOP); text 0.053 s + 50 steps 479 s + VAE 2 s + transfers 35.3 s + fixed 0.613 s = 517 s a batch of 1
          517 s an image; 1 copy: 7 images/h
Cost      3.169 EUR/h (reference: the catalog's median): 455.4 EUR per 1,000 images
--- stderr
