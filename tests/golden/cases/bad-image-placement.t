args: image --model sdxl --gpus 1xRTX4090 --placement lowram
rc: 2
--- stdout
--- stderr
vfplan: unknown placement 'lowram' (did you mean 'lowvram'?); expected auto, single, split, offload, sequential, medvram, lowvram, parallel, group-offload, block-swap, partial, parallel-fsdp or parallel-offload
