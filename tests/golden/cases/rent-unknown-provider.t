args: rent --model 8B --tokens 1e8 --provider runpd
rc: 2
--- stdout
--- stderr
vfplan: no offer has provider 'runpd' (did you mean 'RunPod'?); the catalog's: 'TensorWave', 'Vultr', 'AWS', 'Azure', 'Clore.ai', 'GCP', 'Hyperbolic', 'Hyperstack', 'Lambda', 'Nebius', 'Oracle', 'RunPod', 'Vast.ai', 'Verda' ... ('vfplan offers' lists them)
