args: scaling --model 8B --gpu H100 --plot speedup.jpg
rc: 2
--- stdout
--- stderr
vfplan: --plot speedup.jpg: the picture must be a .png or .svg file
