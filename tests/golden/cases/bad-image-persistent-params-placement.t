args: image --model wan2.1-t2v-14b --gpus 1xA100-80 --placement single --persistent-params 7e9
rc: 2
--- stdout
--- stderr
vfplan: --persistent-params goes with --placement partial, not single
