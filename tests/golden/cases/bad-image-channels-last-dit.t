args: image --model flux.1-dev --gpus 1xH100-SXM --channels-last
rc: 2
--- stdout
--- stderr
vfplan: channels_last converts a UNet's convolutions; flux.1-dev's denoiser has none
