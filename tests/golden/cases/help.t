args: --help
rc: 0
--- stdout
usage: vfplan [plan] --model M --gpus NxGPU [--strategy S] [options]
       vfplan models|gpus|offers [--json]

Plans GPU training jobs before you rent: memory per GPU for every
sharding strategy, whether it fits, and what to change when it does not.

commands:
  plan     will a training job fit? (the default)
  models   list the models vfplan knows
  gpus     list the GPUs and their figures
  offers   list the machine offers and their prices

'vfplan COMMAND --help' describes a command's options.
Example: vfplan --model 8B --gpus 4xH100 --strategy zero3
--- stderr
