args: scaling --help
rc: 0
--- stdout
usage: vfplan scaling --model M --gpu GPU [--max N] [--links A,B] [job options]

The job on 1, 2, 4 ... N GPUs of one kind, link by link: time per step,
tokens/s, speed-up against one GPU, efficiency, and whether it fits
in memory. The job options are plan's.

options:
  --model M                model name, size (8B, 125M) or config path (.json/.yaml)
  --gpu GPU                the GPU kind, e.g. H100 or RTX4090 (8xH100: up to 8)
  --max N                  most GPUs in the machine (default 8, or N of --gpu NxGPU)
  --links A,B              links to compare (default: the GPU's own, PCIe with and without P2P)
  --json                   print the rows as JSON
  --plot FILE              also draw speed-up against GPUs (.png or .svg; needs gnuplot)
  --help                   this help
  --strategy S             auto (default: the first of single/ddp, zero2, zero3, then offload, that fits)|single|ddp|zero1|zero2|zero3|fsdp|fsdp-grad-op|hsdp
  --precision P            bf16-mixed (default)|fp16-mixed|bf16|fp32
  --optimizer O            adamw (default)|adamw-8bit|sgd|adafactor|lion
  --seq N                  tokens per sample (default 2048)
  --micro-batch N          samples per GPU per pass (default 1)
  --grad-accum N           passes per optimizer step (default 1)
  --global-batch N         samples per optimizer step; sets grad-accum = N / (micro-batch x dp)
  --ckpt C                 activation checkpointing: none (default)|selective|full
  --attn A                 attention kernel: flash (default)|sdpa|eager
  --loss L                 cross-entropy: standard (default)|chunked
  --lora [R]               LoRA adapters of rank R (default none; --lora alone: rank 16)
  --lora-targets T         LoRA on all-linear (default)|attn
  --qlora                  QLoRA: NF4 base, LoRA rank 16 unless --lora R
  --offload O              to host RAM: none (default)|optimizer|optimizer+params
  --tp N                   tensor-parallel degree (default 1)
  --pp N                   pipeline stages (default 1)
  --virtual-stages N       interleaved stages per GPU (default 1)
  --ep N                   expert-parallel degree for MoE models (default 1)
  --sp                     sequence parallelism with --tp (default off)
  --opt-in-backward        step each parameter in backward and free its gradient (torchtune)
  --act-offload            checkpointed activations to host RAM (needs --ckpt full)
  --fused-kernels          fused norms, rotary and activations (Megatron-LM, Transformer Engine, Liger) instead of eager PyTorch's
  --compile                torch.compile: pointwise results are recomputed, not saved
  --host-ram SIZE          RAM per machine, e.g. 256GB (default unknown)
  --reserve SIZE           memory to keep free per GPU, e.g. 2GB (default 0)
  --cpu-cores-per-gpu N    CPU cores per GPU for an offloaded optimizer step (default 8)
  --offer ID               plan on a catalog offer (vfplan offers): its GPUs, link, RAM and price
  --price X                your price per GPU-hour (default: the offer's, else the catalog's median)
  --currency C             currency of --price and of every cost (EUR, USD ...; default: the price's)
  --calibration FILE       measured corrections for this GPU (vfplan calibrate ...); may be given several times
  --data DIR               load DIR/models and DIR/hwdb instead of the embedded data
--- stderr
