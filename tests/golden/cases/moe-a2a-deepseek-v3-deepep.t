args: plan --model deepseek-v3 --gpus 8xH100 --nodes 8 --ep 64 --strategy zero3 --moe-dispatcher deepep --explain
rc: 0
--- stdout
Model     deepseek-v3: 671.026 B parameters (37.552 B active, 36.626 B without the embedding, as MoE cards count)
          besides 11.610 B in 1 multi-token prediction layer(s): served only for speculative decoding, trained in Megatron's step time (not in memory)
          61 layers, hidden 7168, 128 heads (128 KV), ffn 18432, vocab 129280
Machine   8 x H100-SXM per node x 8 nodes = 64 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (the DGX H100 default): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero3 (N = 64), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 64 = 64 samples of 2048 tokens = 131072 tokens per step
          = 64x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x64 (SGD) / x8 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 64 x tp 1 x pp 1; experts: ep 64 x etp 1

Framework settings (pytorch/pytorch torch/optim/adamw.py, torch/nn/parallel/distributed.py, aten/src/ATen/autocast_mode.h, torch/utils/checkpoint.py, read 2026-12-01)
  ckpt               none       pytorch/pytorch torch/utils/checkpoint.py@4b804b8500: checkpointing is opt-in: only the function passed to torch.utils.checkpoint.checkpoint(function, *args) 'does not save intermediate activations'; a plain loop calls none, so autograd keeps every activation
  loss               standard   pytorch/pytorch aten/src/ATen/autocast_mode.h@d70fe7f339: AT_FORALL_FP32_SET_OPT_DTYPE lists log_softmax (and AT_FORALL_FP32 nll_loss): under autocast, F.cross_entropy = log_softmax + nll_loss runs on the logits upcast to fp32 and saves the fp32 log-softmax, while linear/matmul (AT_FORALL_LOWER_PRECISION_FP) give bf16 logits
  optimizer_impl     foreach    pytorch/pytorch torch/optim/adamw.py@c15fcf4eb7: AdamW(..., foreach: Optional[bool] = None, fused: Optional[bool] = None); adamw(): 'if fused is None and foreach is None: _, foreach = _default_to_fused_or_foreach(params, differentiable, use_fused=False)' - foreach (multi-tensor) for CUDA tensors, fused only when asked

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                    20.97 GB
      = 2 B × 671,026,419,200 params / 64 GPUs = 20,969,575,600 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param (4 in fp32); QLoRA base NF4 4.127 bits (Dettmers et al. 2023))
  gradients             2·Ψ/N                    20.97 GB
      = 2 B × 671,026,419,200 trained params / 64 GPUs = 20,969,575,600 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training dtype, 2 B/param (4 in fp32); LoRA: adapters only)
  optimizer states      12·Ψ/N                  125.82 GB
      = 12 B × 671,026,419,200 trained params / 64 GPUs = 125,817,453,600 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 = fp32 master + Adam m + v (mixed precision))
  activations           L'·m·A_layer             81.26 GB
      = 61 layers × 1 micro-batches × 1,331,242,706 B + 4sbh = 81,264,525,312 bytes
        (Korthikanti et al. 2022, Table 2, per architecture (docs/activations.md))
      MoE layer (eager, 16384 routed copies): router 2,301,952 B + routed 738,492,416 B + shared experts 33,554,432 B; kept to backward 774,348,800 B; dispatch buffers while it runs 62,914,560 B; grouped GEMM workspace 0 B
  logits + loss         14·s·b·V                  3.71 GB
      = 14 B × 264,765,440 logits (10 B until backward) = 3,706,716,160 bytes
        (bf16 logits, fp32 copy and log-softmax (+ fp32 gradient in backward); torchtune chunked loss: 8 chunks; fused linear cross-entropy (Liger): one chunk)
  comm. buffers         3·w·Ψ_unit               69.04 GB
      = 69,043,176,784 bytes
        (PyTorch DDP: a bucket copy of the gradients unless gradient_as_bucket_view; DeepSpeed ZeRO-1/2: one reduce bucket of reduce_bucket_size (5e8), two with overlap_comm (stage_1_and_2.py setup_buckets); ZeRO-3 gathered units (DeepSpeed estimate_zero3_model_states_mem_needs) and DeepSpeed's reduce bucket (stage3.py); FSDP with an fp32 reduce_dtype: FSDP1's fp32 copy of the flat gradient, FSDP2's fp32 reduce_scatter_input)
  optimizer step temp.  one moment (step)        41.94 GB
      = 41,939,151,200 bytes (the optimizer step only)
        (torch.optim.AdamW foreach (_multi_tensor_adam): one list the size of the second moments, in their dtype; autocast's 16-bit weight copies (its cache, and saved for backward); bitsandbytes MatMul4Bit.backward: dequantize_4bit of one matrix; auto-gptq qlinear_cuda_old forward: the dequantised fp16 matrix torch.matmul saves; LitGPT fit(): the previous step's logits and graph)
  allocator slack       0.05·peak                15.04 GB
      = 0.05 × peak = 15,040,072,373 bytes
        (PyTorch caching allocator: reserved exceeds allocated (hwdb/defaults.yaml))
  model states                                  167.76 GB
  total at peak (backward)                      315.84 GB ± 66.33 GB
  phases                forward 314.73, backward 315.84, optimizer step 292.68 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)
      = nvidia-smi total: usable = total - CUDA context and library reserve (hwdb/defaults.yaml) - your --reserve

Verdict   DOES NOT FIT: 231.39 GB short ± 66.33 GB per GPU
Disk      9394.37 GB per checkpoint with optimizer states (whole job); 1342.05 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --lora 16 --ckpt full --offload optimizer+params: 12,842 tokens/s at 4.39 EUR per million, 55.6 GB per GPU (saves 260.2 GB); changes the training: adapters on a frozen base
  --qlora --ckpt full: 9,737 tokens/s at 5.78 EUR per million, 27.0 GB per GPU (saves 288.8 GB); changes the training: adapters on a 4-bit frozen base

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                    1.21 s
      = 2.351e+11 FLOP/token × 131072 tokens / 64 GPUs / (989.4 TFLOP/s × 0.75) + attention + 414 GB memory-bound = 1.213 s (the CPU issuing operators sets the pace)
        (6·N + attention FLOPs (PaLM App. B) at the GPU's measured GEMM peak (MAMF, or its measured shapes: hwdb/gemm_efficiency.yaml); memory-bound kernels at 80 % of HBM)
  data-parallel comm.   exposed of ring collectives                 0.156 s
      = 0.1562 s
        (ring all-reduce 2(n-1)/n·S, all-gather (n-1)/n·S (nccl-tests PERFORMANCE.md); overlap with backward)
  expert all-to-all     (4|6)·L_moe·a2a(sbh·2B), per GPU/node       0.483 s
      = deepep: a token's 8 experts on 7.36 of 64 GPUs, 3.63 of 8 nodes; 13.3 MB to each node; per a2a 189 MB link + 93.2 MB net, 2.08 ms
        (dispatch and combine per MoE layer: Megatron's and torchtitan's alltoall a copy per expert, DeepEP one per GPU and node (moe_dispatch.c))
    MoE experts         F_exp/(peak·eff(M))                         0.376 s
      = M = s·b·k·ep/E = 4096 tokens per expert (4 local experts); grouped GEMM at 1.00 of large-M rate x K factor 0.84 = eff 0.67; 251 TFLOP = 0.3762 s
        (grouped GEMM rate by tokens per expert: DeepGEMM README @327ec92 (hwdb/grouped_gemm.yaml); part of compute)
    MoE dispatch        B/HBM+syncs+counts                          0.156 s
      = 219 GB copies/router + 0 GB FP8 casts, 58 host syncs, counts 0.0731 s = 0.1565 s
        (router, permute/unpermute, token counts, host sync: Megatron-LM token_dispatcher.py @0014f13; part of compute)
  communication (all)                                                1.31 s  (0.639 s exposed; 226.94 GB per GPU)
  step                                                               1.85 s  (1.22–2.48)

Throughput  70,760 tokens/s (whole job), 1,106 per GPU
MFU         28.0% (HFU 28.0% with recomputation; peak 989 TFLOP/s per GPU at 75% GEMM efficiency)
Speed-up    397.74x vs one GPU (621% of linear over 64 GPUs): above linear, since with --ep each GPU runs only its share of the experts' kernels and launches
Bottleneck: the host CPU: 65% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        202.8 EUR/h for 64 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.1043 EUR per step, 0.7961 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
