args: doctor --help
rc: 0
--- stdout
usage: vfplan doctor [--model M --gpus NxGPU [plan options]] [--from DIR] [--nccl [FILE]] [--json]

On a rented machine: does it match the plan, or should it be stopped before
the first billed hour? Runs the machine's tools (or reads their saved outputs
with --from DIR), checks each finding against the plan and re-plans on what
was found. The files of --from and --save, and the command that prints each:
  smi-q.xml    nvidia-smi -q -x
  smi-q.txt    nvidia-smi -q
  topo.txt     nvidia-smi topo -m
  nvlink.txt   nvidia-smi nvlink --status
  df-shm.txt   df -k /dev/shm
  df-work.txt  df -k .
  meminfo.txt  cat /proc/meminfo
  nproc.txt    nproc
  nccl.txt     all_reduce_perf -b 8M -e 1G -f 2 -g N (nccl-tests)
  cgroup.txt   grep -sH . /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory.current /sys/fs/cgroup/cpu.max /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/memory/memory.usage_in_bytes /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/cpu/cpu.cfs_period_us
Exit codes: 0 for any verdict, 2 when nothing could be read or a flag is wrong,
4 for "stop it now" with --exit-code.

options:
  --model M                the plan's model: name, size (8B) or config path; without it the machine alone is checked
  --gpus NxGPU             the GPUs rented, e.g. 8xH100
  --nodes K                number of machines (default 1)
  --link LINK              the link the plan assumed (default: the GPU's usual one)
  --network NET            network between nodes, as plan's
  --tokens N               tokens to train on: adds the run's time and cost
  --from DIR               read the tools' saved outputs from DIR (the file names below) instead of running them
  --save DIR               also write what was read into DIR, under the same names (for --from or POST /v1/doctor)
  --nccl [FILE]            alone: print the command of a short NCCL test; with FILE: read its output
  --timeout S              seconds each tool may run (default 20)
  --exit-code              exit 4 when the verdict is "stop it now" (0 for the others)
  --units U                GB (10^9 bytes, default) or GiB (2^30)
  --json                   print the JSON answer
  --help                   this help
  --strategy S             auto (default: the fastest that fits of single/ddp, zero2, zero3, with full checkpointing or offload)|single|ddp|zero1|zero2|zero3|fsdp|fsdp-grad-op|hsdp
  --precision P            bf16-mixed (default)|fp16-mixed|bf16|fp8-mixed|mxfp8 (Blackwell, CDNA4)|nvfp4 (Blackwell)|fp32
  --optimizer O            adamw (default)|adamw-8bit (bitsandbytes)|sgd|adafactor|lion|muon|adamw-8bit-torchao|adamw-4bit-torchao|adamw-fp8-torchao
  --optimizer-states D     the moments' dtype: fp32 (default)|bf16 (Megatron's --exp-avg-dtype, torchtitan's fused_opt_states_bf16)
  --seq N                  tokens per sample (default 2048)
  --micro-batch N          samples per GPU per pass (default 1)
  --grad-accum N           passes per optimizer step (default 1)
  --global-batch N         samples per optimizer step; sets grad-accum = N / (micro-batch x dp)
  --doc-len N              packed sequences of N-token documents, attention within each (varlen)
  --images N               images per sample through a multimodal model's vision tower (default 0)
  --image-tokens N         patch tokens per image (default: the model's, at its config's image size)
  --framework F            the stack that runs it: pytorch (default)|hf-trainer|accelerate|deepspeed|torchtune|torchtitan|axolotl|unsloth|litgpt|llm-foundry|megatron; its profile sets what you leave; NAME@VERSION pins a version
  --framework-version V    the framework's version, a release (1.6.0) or a date (2025.04) for torchtitan (default: its latest)
  --ckpt C                 activation checkpointing: none|selective|full|op|every:K (default: the framework's)
  --attn A                 attention kernel: flash|sdpa|eager (default: the framework's)
  --loss L                 cross-entropy: standard (fp32 logits)|chunked|16bit|fused|compiled (default: the framework's)
  --lora [R]               LoRA adapters of rank R (default none; --lora alone: rank 16)
  --lora-targets T         LoRA on all-linear (default)|attn|qv
  --lora-head              LoRA on the output head too
  --lora-dropout P         LoRA dropout probability (default: the framework's)
  --lora-fp32 yes|no       adapters in fp32, their inputs cast (default: the framework's)
  --bnb-version V          the bitsandbytes QLoRA runs on, e.g. 0.42.0 (before 0.43.2 each 4-bit matmul kept its input; default: a current one)
  --double-quant yes|no    QLoRA's NF4 double quantisation (default: the framework's)
  --qlora                  QLoRA: NF4 base, LoRA rank 16 unless --lora R
  --quant-base Q           QLoRA's 4-bit base: nf4 (default, bitsandbytes)|gptq (auto-gptq int4; implies --qlora)
  --offload O              to host RAM: none (default)|optimizer|optimizer+params
  --tp N                   tensor-parallel degree (default 1)
  --pp N                   pipeline stages (default 1)
  --virtual-stages N       interleaved stages per GPU (default 1)
  --cp N                   context-parallel degree: each GPU holds seq/N tokens of a sample (default 1)
  --cp-impl I              how --cp exchanges keys and values: ring (Megatron's p2p)|a2a (DeepSpeed Ulysses)|allgather (torchtitan's); default: the framework's
  --first-stage-layers N   layers of the first pipeline stage (Megatron's --decoder-first-pipeline-num-layers; default: an even split)
  --last-stage-layers N    layers of the last pipeline stage (--decoder-last-pipeline-num-layers)
  --mtp N                  multi-token prediction layers on the last stage (Megatron's --mtp-num-layers; default: the model's under Megatron, else 0)
  --ep N                   expert-parallel degree for MoE models (default 1)
  --moe-dispatcher D       how EP sends tokens: alltoall (default; a copy per expert)|deepep (one per GPU and node)|allgather
  --a2a-overlap O          EP all-to-all behind compute: none (default)|1f1b|dualpipe
  --etp N                  the experts' tensor-parallel degree, Megatron's --expert-tensor-parallel-size (default: --tp)
  --sp                     sequence parallelism with --tp (default off)
  --shard-size N           ZeRO/FSDP states sharded over N data-parallel GPUs, replicated across the groups (InternLM zero1=N, hierarchical ZeRO; hsdp: a node)
  --opt-in-backward        step each parameter in backward and free its gradient (torchtune)
  --act-offload            checkpointed activations to host RAM (needs --ckpt full)
  --act-offload-layers N   the first N layers' activations to host RAM, copied behind compute (Megatron's --cpu-offloading-num-layers; default 0)
  --no-act-offload         keep them on the GPU, whatever the framework's default (Unsloth's)
  --fused-kernels          fused norms, rotary and activations (Megatron-LM, Transformer Engine, Liger) instead of eager PyTorch's
  --no-fused-kernels       eager PyTorch operators, whatever the framework's default
  --compile                torch.compile: pointwise results are recomputed, not saved
  --no-compile             no torch.compile, whatever the framework's default
  --autocast yes|no        bf16-mixed as torch.autocast over fp32 parameters (default: the framework's; DeepSpeed, Megatron: no)
  --ddp-bucket-view yes|no DDP gradient_as_bucket_view (default: the framework's; torch's is no)
  --reduce-bucket N        DeepSpeed ZeRO reduce_bucket_size in elements (default DeepSpeed's 5e8; the Trainer's "auto": hidden²)
  --overlap-comm yes|no    DeepSpeed overlap_comm: a second reduce bucket (default no, DeepSpeed's for ZeRO-1/2)
  --param-broadcast        ZeRO-1/2 send the updated parameters as one broadcast per rank (InternLM, torch ZeroRedundancyOptimizer), not one all-gather
  --param-sync-overlap yes|no ZeRO-1/2's updated-parameter sync runs behind the next step's first forward (InternLM overlap_sync_param; default no)
  --graph-kept yes|no      the loop keeps the previous step's logits and graph through the next forward (default: the framework's; LitGPT: yes)
  --fsdp-reduce-fp32 yes|no FSDP reduce-scatters in fp32 (default: the framework's; torchtitan: yes)
  --fsdp-no-sync yes|no    FSDP keeps unsharded gradients through gradient accumulation (default: the framework's; Accelerate, the Trainer: yes)
  --deepspeed-zero yes|no  ZeRO-2/3 run on DeepSpeed, not FSDP (default: the framework's; the Trainer, axolotl: yes; --strategy fsdp: no)
  --fsdp-version 1|2       FSDP1 (FullyShardedDataParallel) or FSDP2 (fully_shard)
  --optimizer-impl I       AdamW implementation: foreach|fused|for-loop (default: the framework's)
  --moe-impl I             how MoE layers run: eager|megatron|grouped-mm|capacity (default: the framework's)
  --host-ram SIZE          RAM per machine, e.g. 256GB (default unknown)
  --reserve SIZE           memory to keep free per GPU, e.g. 2GB (default 0)
  --cpu-cores-per-gpu N    CPU cores per GPU for an offloaded optimizer step (default 8)
  --power-limit W          each GPU's power limit in watts (nvidia-smi -pl): the tensor rate drops by the arch's power curve (default: the GPU's, its TDP)
  --offer ID               plan on a catalog offer (vfplan offers): its GPUs, link, RAM and price
  --price X                your price per GPU-hour (default: the offer's, else the catalog's median)
  --currency C             currency of --price and of every cost (EUR, USD ...; default: the price's)
  --calibration FILE       measured corrections for this GPU (vfplan calibrate ...); may be given several times
  --revision REV           with --model org/name (a Hugging Face Hub id): the branch, tag or commit to fetch (default main; docs/hub.md)
  --data DIR               load DIR/models and DIR/hwdb instead of the embedded data
  --no-config              ignore the VFPLAN_* variables and ~/.config/vfplan/config.yaml (defaults of --currency, --units, --data, --offers)
--- stderr
