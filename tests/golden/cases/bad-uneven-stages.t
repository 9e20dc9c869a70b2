args: --model llama-3.1-8b --gpus 8xH100 --pp 4 --first-stage-layers 7
rc: 2
--- stdout
--- stderr
vfplan: the 25 layers left after the first and last stages must split evenly over the 3 middle stages (Megatron asserts it)
