args: image --model hidream-i1-dev --gpus 1xH100 --resolution 2048x2048
rc: 2
--- stdout
--- stderr
vfplan: hidream-i1-dev's pipeline rescales every size to the area of 1024x1024: 2048x2048 would run as 1024x1024
