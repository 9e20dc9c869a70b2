args: image --model flux.1-dev --gpus 1xH100-SXM --compile max-autotun
rc: 2
--- stdout
--- stderr
vfplan: unknown torch.compile mode 'max-autotun' (did you mean 'max-autotune'?); expected default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs or none
