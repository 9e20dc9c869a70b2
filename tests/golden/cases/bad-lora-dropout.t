args: --model 8B --gpus 1xH100 --lora --lora-dropout 1.5
rc: 0
--- stdout
--- stderr
