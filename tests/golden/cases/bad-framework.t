args: --model 8B --gpus 4xH100 --framework torchtitn
rc: 2
--- stdout
--- stderr
vfplan: unknown framework 'torchtitn' (did you mean 'torchtitan'?); expected accelerate, axolotl, deepspeed, hf-trainer, litgpt, llm-foundry, megatron, pytorch, torchtitan, torchtune or unsloth
