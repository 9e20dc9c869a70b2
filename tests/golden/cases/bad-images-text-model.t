args: --model 8B --gpus 1xH100 --images 1
rc: 2
--- stdout
--- stderr
vfplan: --images needs a multimodal model with its vision tower (a config.json with vision_config); 8B has none
