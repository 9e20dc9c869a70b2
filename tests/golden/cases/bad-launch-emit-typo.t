args: launch --emit axolotol --model 8B --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: unknown launch target 'axolotol' (did you mean 'axolotl'?); expected deepspeed, accelerate, fsdp, torchrun, torchtune, torchtitan, axolotl or llamafactory
