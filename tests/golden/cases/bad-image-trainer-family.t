args: image --model wan2.1-t2v-1.3b --gpus 1xA6000 --lora 16 --trainer diffusers
rc: 2
--- stdout
--- stderr
vfplan: diffusers has no LoRA recipe for wan2.1-t2v-1.3b's denoiser in models/image-trainers.yaml; trainers that have one: kohya
