args: --model 8B --gpus 4xH100 --optimizer adam8
rc: 2
--- stdout
--- stderr
vfplan: unknown optimizer 'adam8' (did you mean 'adam'?); expected adamw, adamw-8bit, sgd, adafactor, lion, muon, adamw-8bit-torchao, adamw-4bit-torchao or adamw-fp8-torchao
