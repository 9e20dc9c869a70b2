args: plan --help
rc: 0
--- stdout
usage: vfplan [plan] --model M --gpus NxGPU [--strategy S] [options]

Plans a training job: model-state memory per GPU (weights, gradients,
optimizer states) for the strategy, and whether it fits.

options:
  --model M                model name, size (8B, 125M) or config path (.json/.yaml)
  --gpus NxGPU             GPUs per node and their kind, e.g. 4xH100
  --nodes K                number of machines (default 1)
  --strategy S             single|ddp|zero1|zero2|zero3|fsdp|fsdp-grad-op|hsdp
  --precision P            bf16-mixed (default)|fp16-mixed|bf16|fp32
  --optimizer O            adamw (default)|adamw-8bit|sgd|adafactor|lion
  --reserve SIZE           memory to keep free per GPU, e.g. 2GB
  --link LINK              GPU-to-GPU link (default: the GPU's usual one)
  --data DIR               load DIR/models and DIR/hwdb instead of the embedded data
  --units U                GB (10^9 bytes, default) or GiB (2^30)
  --json                   print the schema 1 JSON answer
  --explain                show every figure's formula with its values
  --help                   this help
--- stderr
