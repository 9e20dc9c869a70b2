args: --model 8B --gpus 4xH100 --plot memory.pdf
rc: 2
--- stdout
--- stderr
vfplan: --plot memory.pdf: the picture must be a .png or .svg file
