args: image --model wan2.1-t2v-14b --gpus 1xA100-80 --persistent-params 7B
rc: 2
--- stdout
--- stderr
vfplan: --persistent-params is a count of parameters (7e9), not '7B'
