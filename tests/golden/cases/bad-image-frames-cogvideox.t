args: image --model cogvideox-5b --gpus 1xH100-SXM --frames 45
rc: 2
--- stdout
--- stderr
vfplan: 45 frames: CogVideoX 1.0 takes 8k + 1 (49, 41 ...)
