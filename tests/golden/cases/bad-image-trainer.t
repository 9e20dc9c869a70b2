args: image --model flux.1-dev --gpus 1xA6000 --lora 16 --trainer kohyaa
rc: 2
--- stdout
--- stderr
vfplan: unknown LoRA trainer 'kohyaa' (did you mean 'kohya'?); expected kohya, ai-toolkit, diffusers, simpletuner or onetrainer
