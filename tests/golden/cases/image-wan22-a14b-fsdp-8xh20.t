args: image --model wan2.2-t2v-a14b --gpus 8xH20 --resolution 1280x720 --steps 40 --placement parallel-fsdp --attention fa3
rc: 0
--- stdout
Pipeline  wan2.2-t2v-a14b (video): 1280x720, 81 frames, 40 steps, batch 1, CFG on (2 passes a step); denoiser bf16, T5 bf16
Machine   8 x H20
Placement parallel-fsdp
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    umt5-xxl-encoder             5.681 B     16     11.36  GPU 0       0.55
          denoiser        wan2.2-t2v-a14b-transformer  14.288 B     16     28.58  GPU 0       1.07
          vae             wan2.1-vae                   0.127 B     16      0.25  GPU 0      11.62
          denoiser_2      wan2.2-t2v-a14b-transformer  14.288 B     16     28.58  GPU 0       1.07
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 H20           18.99        11.62     2.60     33.22 / 102.63
           1 H20           18.99         2.47     2.15     23.61 / 102.63
           2 H20           18.99         2.47     2.15     23.61 / 102.63
           3 H20           18.99         2.47     2.15     23.61 / 102.63
           4 H20           18.99         2.47     2.15     23.61 / 102.63
           5 H20           18.99         2.47     2.15     23.61 / 102.63
           6 H20           18.99         2.47     2.15     23.61 / 102.63
           7 H20           18.99         2.47     2.15     23.61 / 102.63
Verdict   FITS (the peak within ±21 %)
Speed     a step 11.6 s (0.0862 it/s, 1.305e+04 TFLOP); text 0.133 s + 40 steps 462 s + VAE 7.42 s + fixed 1.41 s = 471 s a batch of 1
          471 s an image; 1 copy: 8 images/h
Compute   fa3: 1.74x FlashAttention-2's rate (its authors' kernel table)
Cost      8.073 EUR/h (reference: the catalog's median): 1056 EUR per 1,000 images
--- stderr
