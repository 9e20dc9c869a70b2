args: image --model flux.1-dev --gpus 1xRTX4090 --quant nf4 --placement offload --compile reduce-overhead
rc: 2
--- stdout
--- stderr
vfplan: placement offload moves the denoiser's weights, and --compile reduce-overhead's CUDA graphs replay fixed addresses: use --compile default or max-autotune-no-cudagraphs
