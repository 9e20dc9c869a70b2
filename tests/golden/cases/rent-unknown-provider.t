args: rent --model 8B --tokens 1e8 --provider runpd
rc: 2
--- stdout
--- stderr
vfplan: no offer has provider 'runpd' (did you mean 'RunPod'?); the catalog's: 'AutoDL', 'AWS', 'Azure', 'Clore.ai', 'CoreWeave', 'Crusoe', 'DigitalOcean', 'GCP', 'Hyperbolic', 'Hyperstack', 'Lambda', 'Nebius', 'Nodexo', 'Oracle', 'RunPod', 'Spheron', 'TensorWave' ... ('vfplan offers --json' shows each offer's)
