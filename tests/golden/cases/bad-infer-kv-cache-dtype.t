args: infer --model llama-3.1-8b --gpus 1xH100 --kv-cache-dtype int4
rc: 2
--- stdout
--- stderr
vfplan: --kv-cache-dtype is auto, fp8, fp8_e4m3, fp8_e5m2 or nvfp4, not 'int4'
