args: image --model hunyuanvideo --gpus 1xRTX4090 --frames 61 --steps 30 --quant nf4 --placement offload --vae-tile 256
rc: 0
--- stdout
Pipeline  hunyuanvideo (video): 1280x720, 61 frames, 30 steps, batch 1, CFG off; denoiser nf4, LLM bf16
Machine   1 x RTX4090
Placement offload
Parts     role            component                     params   bits   weights  where       peak
          text_encoder    llava-llama-3-8b-text        7.505 B     16     15.01   host       0.13
          text_encoder_2  clip-vit-l-text              0.123 B     16      0.25   host       0.00
          denoiser        hunyuanvideo-transformer    12.821 B    4.5      7.21   host       4.98
          vae             hunyuanvideo-vae             0.225 B     16      0.45   host       2.92
Memory    GPU            weights  activations  reserve     total / usable (GB)
           0 RTX4090       15.01         0.13     1.83     16.98 / 25.76
          host RAM: 22.92 GB of weights; 22.92 GB copied to the GPU a batch, 22.92 GB back
Verdict   FITS (the peak within ±21 %)
Speed     a step 31.6 s (0.0316 it/s, 3254 TFLOP); text 0.0533 s + 30 steps 949 s + VAE 8.04 s + transfers 11.8 s + fixed 1.06 s = 970 s a batch of 1
          970 s an image; 1 copy: 4 images/h
Cost      0.3035 EUR/h (reference: the catalog's median): 81.73 EUR per 1,000 images
--- stderr
