args: image --model flux.1-dev --gpus 1xA6000 --lora 16 --adam8bit --optimizer lion
rc: 2
--- stdout
--- stderr
vfplan: --adam8bit is --optimizer adamw8bit, not lion: give one of them
