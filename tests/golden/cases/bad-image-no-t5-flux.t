args: image --model flux.1-dev --gpus 1xA100-80 --no-t5
rc: 2
--- stdout
--- stderr
vfplan: --no-t5 is SD3's text_encoder_3=None; flux.1-dev calls its T5 on every prompt
