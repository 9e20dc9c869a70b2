args: --help
rc: 0
--- stdout
usage: vfplan [plan] --model M --gpus NxGPU [--strategy S] [options]
       vfplan scaling --model M --gpu G [--max N]
       vfplan topo FILE [--gpu G]
       vfplan models|gpus|offers [--json]

Plans GPU training jobs before you rent: peak memory per GPU, whether it
fits and what to change when it does not, how long a step takes and what
limits it.

commands:
  plan       will a training job fit, how fast? (the default)
  models     list the models vfplan knows
  gpus       list the GPUs and their figures
  frameworks list the framework profiles and the source of each setting
  engines    list the serving engines' versions and the source of their rules
  offers     list the machine offers and their prices
  links      list the GPU-to-GPU links and their rates
  networks   list the networks between nodes
  currencies list the currencies and their rates
  topo       what an `nvidia-smi topo -m` matrix means
  doctor     on a rented machine: does it match the plan, or should it be stopped now
  scaling    speed-up on 1, 2, 4 ... GPUs, link by link
  infer      will a model serve on these GPUs, how fast
  image      image and video generation: what fits, where each part goes, images per hour, LoRA training
  pipelines  list the image and video pipelines
  rent       which machine to rent: every offer, ranked
  launch     the config that runs a plan: DeepSpeed, Accelerate, FSDP, torchrun, torchtune, torchtitan, axolotl, LLaMA-Factory
  serve      the commands over HTTP: vfplan's JSON API on a port
  calibrate  measurements into a calibration file
  validate   vfcalib's measurements beside vfplan's predictions
  completion bash, zsh or fish completion for vfplan, from these option tables
  man        the vfplan(1) manual page, from the same tables
  request    a JSON request answered as vfp_request_json does (every command's --json)

'vfplan help COMMAND' (or 'vfplan COMMAND --help', or -h) lists its options.
Example: vfplan --model 8B --gpus 4xH100 --strategy zero3

exit codes: 0 an answer (a plan that does not fit included), 2 bad input or
what the engine or framework would refuse, 3 nothing fits (rent, when no offer
serves the job), 1 an internal error.
--- stderr
