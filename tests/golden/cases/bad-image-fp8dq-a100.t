args: image --model flux.1-dev --gpus 1xA100-80 --quant fp8dq
rc: 2
--- stdout
--- stderr
vfplan: fp8dq runs torch._scaled_mm on FP8 tensor cores, which the A100-80 has not (Ada, Hopper or Blackwell)
