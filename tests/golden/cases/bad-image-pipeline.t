args: image --model flux.2-pro --gpus 1xRTX4090
rc: 2
--- stdout
--- stderr
vfplan: unknown pipeline 'flux.2-pro' (did you mean 'flux.2-dev'?) (vfplan pipelines lists them)
