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
  --csv                    print it as CSV: the --json figures, one table
  --plot FILE              also draw speed-up against GPUs (.png or .svg; needs gnuplot)
  --help                   this help
  --strategy S             auto (default: the fastest that fits of single/ddp, zero2, zero3, with full checkpointing or offload)|single|ddp|zero1|zero2|zero3|fsdp|fsdp-grad-op|hsdp
  --precision P            bf16-mixed (default)|fp16-mixed|bf16|fp8-mixed|fp32
  --optimizer O            adamw (default)|adamw-8bit (bitsandbytes)|sgd|adafactor|lion|muon|adamw-8bit-torchao|adamw-4bit-torchao|adamw-fp8-torchao
  --optimizer-states D     the moments' dtype: fp32 (default)|bf16 (Megatron's --exp-avg-dtype, torchtitan's fused_opt_states_bf16)
  --seq N                  tokens per sample (default 2048)
  --micro-batch N          samples per GPU per pass (default 1)
  --grad-accum N           passes per optimizer step (default 1)
  --global-batch N         samples per optimizer step; sets grad-accum = N / (micro-batch x dp)
  --doc-len N              packed sequences of N-token documents, attention within each (varlen)
  --images N               images per sample through a multimodal model's vision tower (default 0)
  --image-tokens N         patch tokens per image (default: the model's, at its config's image size)
  --framework F            the stack that runs it: pytorch (default)|hf-trainer|accelerate|deepspeed|torchtune|torchtitan|axolotl|unsloth|litgpt|llm-foundry|megatron; its profile sets what you leave
  --ckpt C                 activation checkpointing: none|selective|full|op|every:K (default: the framework's)
  --attn A                 attention kernel: flash|sdpa|eager (default: the framework's)
  --loss L                 cross-entropy: standard (fp32 logits)|chunked|16bit|fused (default: the framework's)
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
  --reduce-bucket N        DeepSpeed ZeRO-1/2 reduce_bucket_size in elements (default DeepSpeed's 5e8)
  --overlap-comm yes|no    DeepSpeed overlap_comm: a second reduce bucket (default no, DeepSpeed's for ZeRO-1/2)
  --param-broadcast        ZeRO-1/2 send the updated parameters as one broadcast per rank (InternLM, torch ZeroRedundancyOptimizer), not one all-gather
  --graph-kept yes|no      the loop keeps the previous step's logits and graph through the next forward (default: the framework's; LitGPT: yes)
  --fsdp-reduce-fp32 yes|no FSDP reduce-scatters in fp32 (default: the framework's; torchtitan: yes)
  --fsdp-no-sync yes|no    FSDP keeps unsharded gradients through gradient accumulation (default: the framework's; Accelerate, the Trainer: yes)
  --fsdp-version 1|2       FSDP1 (FullyShardedDataParallel) or FSDP2 (fully_shard)
  --optimizer-impl I       AdamW implementation: foreach|fused|for-loop (default: the framework's)
  --moe-impl I             how MoE layers run: eager|megatron|grouped-mm|capacity (default: the framework's)
  --host-ram SIZE          RAM per machine, e.g. 256GB (default unknown)
  --reserve SIZE           memory to keep free per GPU, e.g. 2GB (default 0)
  --cpu-cores-per-gpu N    CPU cores per GPU for an offloaded optimizer step (default 8)
  --offer ID               plan on a catalog offer (vfplan offers): its GPUs, link, RAM and price
  --price X                your price per GPU-hour (default: the offer's, else the catalog's median)
  --currency C             currency of --price and of every cost (EUR, USD ...; default: the price's)
  --calibration FILE       measured corrections for this GPU (vfplan calibrate ...); may be given several times
  --revision REV           with --model org/name (a Hugging Face Hub id): the branch, tag or commit to fetch (default main; docs/hub.md)
  --data DIR               load DIR/models and DIR/hwdb instead of the embedded data
  --no-config              ignore the VFPLAN_* variables and ~/.config/vfplan/config.yaml (defaults of --currency, --units, --data, --offers)
--- stderr
