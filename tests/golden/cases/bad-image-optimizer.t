args: image --model flux.1-dev --gpus 1xA6000 --lora 16 --optimizer adamw9bit
rc: 2
--- stdout
--- stderr
vfplan: unknown optimizer 'adamw9bit' (did you mean 'adamw8bit'?); expected adamw, adamw8bit, prodigy, adafactor, came, lion, sgd or adamw-bf16
