args: --model 8B --gpus 16xH100
rc: 2
--- stdout
--- stderr
vfplan: one DGX H100 node holds 8 H100-SXM (one NVLink domain), not 16: --gpus 8xH100-SXM --nodes K plans K nodes
