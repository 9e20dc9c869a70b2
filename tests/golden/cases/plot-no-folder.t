args: --model 8B --gpus 4xH100 --plot no-such-folder/memory.png
rc: 2
--- stdout
--- stderr
vfplan: --plot no-such-folder/memory.png: cannot write into its folder
