args: infer --model 8B --gpus 1xH100 --quant mxfp4
rc: 2
--- stdout
--- stderr
vfplan: mxfp4 quantises a MoE model's experts (gpt-oss); 8B has none: fp8 or awq4
