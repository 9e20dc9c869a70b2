args: --model 8B --gpus 80xGB200
rc: 2
--- stdout
--- stderr
vfplan: one GB200 NVL72 NVLink domain holds 72 GB200 (18 trays of 4), not 80: --gpus 72xGB200 --nodes K plans K racks
