args: infer --model gpt-oss-20b --gpus 1xT4
rc: 2
--- stdout
--- stderr
vfplan: T4: vLLM's mxfp4 kernels need compute capability 8.0 (Ampere) or newer (mxfp4: the checkpoint's own; --quant to choose)
