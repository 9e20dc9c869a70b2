args: --model 8B --gpus 1xH100 --lora --lora-dropout 1.5
rc: 2
--- stdout
--- stderr
vfplan: --lora-dropout must be a probability from 0 to 1 (e.g. 0.05), not '1.5'
