args: image --model wan2.2-t2v-a14b --gpus 1xH100-SXM --runtime wan-official --quant fp8
rc: 2
--- stdout
--- stderr
vfplan: --runtime wan-official runs the DiT under bf16 autocast (param_dtype, wan/configs/shared_config.py); --quant must be bf16
