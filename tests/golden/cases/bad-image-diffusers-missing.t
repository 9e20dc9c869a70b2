args: image --model tests/data/diffusers/FLUX.1-schnell --gpus 1xH100
rc: 2
--- stdout
--- stderr
vfplan: tests/data/diffusers/FLUX.1-schnell/text_encoder_2/config.json: model_index.json names 'text_encoder_2' (T5EncoderModel), but its config.json is missing
