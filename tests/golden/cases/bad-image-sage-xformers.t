args: image --model flux.1-dev --gpus 1xH100-SXM --attention sage --xformers
rc: 2
--- stdout
--- stderr
vfplan: sage, xformers and math attention are three attention kernels: pick one
