args: image --model pixart-sigma --gpus 1xA100-80 --compile default
rc: 2
--- stdout
--- stderr
vfplan: --compile is modelled for FLUX, SD3 and Wan transformers and UNets, not pixart-sigma's pixart-sigma-transformer
