args: image --model flux.1-dev --gpus 2xH100-SXM --placement parallel-fsdp
rc: 2
--- stdout
--- stderr
vfplan: placement parallel-fsdp is Wan's generate.py (--dit_fsdp --t5_fsdp --ulysses_size N); flux.1-dev's denoiser is not a Wan transformer
