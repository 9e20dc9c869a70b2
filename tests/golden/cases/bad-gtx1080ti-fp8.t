args: --model 1B --gpus 1xGTX1080TI --precision fp8-mixed
rc: 2
--- stdout
--- stderr
vfplan: fp8-mixed needs FP8 tensor cores (Ada, Hopper, Blackwell, MI300); the GTX1080TI has none: use fp16-mixed
