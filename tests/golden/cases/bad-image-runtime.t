args: image --model wan2.1-t2v-1.3b --gpus 1xRTX4090 --runtime wan-offical
rc: 2
--- stdout
--- stderr
vfplan: unknown runtime 'wan-offical' (did you mean 'wan-official'?); expected diffusers, wan-official or diffsynth
