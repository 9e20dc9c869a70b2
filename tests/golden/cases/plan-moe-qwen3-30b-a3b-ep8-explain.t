args: --model qwen3-30b-a3b --gpus 8xH100 --strategy zero3 --ep 8 --seq 4096 --micro-batch 4 --grad-accum 16 --fused-kernels --explain
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.532 B parameters (3.353 B active, 3.042 B without the embedding, as MoE cards count)
          48 layers, hidden 2048, 32 heads (4 KV), ffn 6144, vocab 151936
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 4 x grad-accum 16 x dp 8 = 512 samples of 4096 tokens = 2097152 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1; experts: ep 8 x etp 1

Framework settings (pytorch/pytorch torch/optim/adamw.py, torch/nn/parallel/distributed.py, aten/src/ATen/autocast_mode.h, torch/utils/checkpoint.py, read 2026-12-01)
  ckpt               none       pytorch/pytorch torch/utils/checkpoint.py@4b804b8500: checkpointing is opt-in: only the function passed to torch.utils.checkpoint.checkpoint(function, *args) 'does not save intermediate activations'; a plain loop calls none, so autograd keeps every activation
  loss               standard   pytorch/pytorch aten/src/ATen/autocast_mode.h@d70fe7f339: AT_FORALL_FP32_SET_OPT_DTYPE lists log_softmax (and AT_FORALL_FP32 nll_loss): under autocast, F.cross_entropy = log_softmax + nll_loss runs on the logits upcast to fp32 and saves the fp32 log-softmax, while linear/matmul (AT_FORALL_LOWER_PRECISION_FP) give bf16 logits
  optimizer_impl     foreach    pytorch/pytorch torch/optim/adamw.py@c15fcf4eb7: AdamW(..., foreach: Optional[bool] = None, fused: Optional[bool] = None); adamw(): 'if fused is None and foreach is None: _, foreach = _default_to_fused_or_foreach(params, differentiable, use_fused=False)' - foreach (multi-tensor) for CUDA tensors, fused only when asked

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     7.63 GB
      = 2 B × 30,532,122,624 params / 8 GPUs = 7,633,030,656 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param (4 in fp32); QLoRA base NF4 4.127 bits (Dettmers et al. 2023))
  gradients             2·Ψ/N                     7.63 GB
      = 2 B × 30,532,122,624 trained params / 8 GPUs = 7,633,030,656 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training dtype, 2 B/param (4 in fp32); LoRA: adapters only)
  optimizer states      12·Ψ/N                   45.80 GB
      = 12 B × 30,532,122,624 trained params / 8 GPUs = 45,798,183,936 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 = fp32 master + Adam m + v (mixed precision))
  activations           L'·m·A_layer            118.40 GB
      = 48 layers × 1 micro-batches × 2,463,956,992 B + 4sbh = 118,404,153,344 bytes
        (Korthikanti et al. 2022, Table 2, per architecture (docs/activations.md))
      MoE layer (eager, 131072 routed copies): router 10,027,008 B + routed 1,881,407,488 B + shared experts 0 B; kept to backward 1,891,434,496 B; dispatch buffers while it runs 201,326,592 B; grouped GEMM workspace 0 B
  logits + loss         14·s·b·V                 34.85 GB
      = 14 B × 2,489,319,424 logits (10 B until backward) = 34,850,471,936 bytes
        (bf16 logits, fp32 copy and log-softmax (+ fp32 gradient in backward); torchtune chunked loss: 8 chunks; fused linear cross-entropy (Liger): one chunk)
  comm. buffers         3·w·Ψ_unit                3.74 GB
      = 3,738,724,096 bytes
        (PyTorch DDP: a bucket copy of the gradients unless gradient_as_bucket_view; DeepSpeed ZeRO-1/2: one reduce bucket of reduce_bucket_size (5e8), two with overlap_comm (stage_1_and_2.py setup_buckets); ZeRO-3 gathered units (DeepSpeed estimate_zero3_model_states_mem_needs) and DeepSpeed's reduce bucket (stage3.py); FSDP with an fp32 reduce_dtype: FSDP1's fp32 copy of the flat gradient, FSDP2's fp32 reduce_scatter_input)
  optimizer step temp.  one moment (step)        15.27 GB
      = 15,266,061,312 bytes (the optimizer step only)
        (torch.optim.AdamW foreach (_multi_tensor_adam): one list the size of the second moments, in their dtype; autocast's 16-bit weight copies (its cache, and saved for backward); bitsandbytes MatMul4Bit.backward: dequantize_4bit of one matrix; auto-gptq qlinear_cuda_old forward: the dequantised fp16 matrix torch.matmul saves; LitGPT fit(): the previous step's logits and graph)
  allocator slack       0.05·peak                10.90 GB
      = 0.05 × peak = 10,902,879,731 bytes
        (PyTorch caching allocator: reserved exceeds allocated (hwdb/defaults.yaml))
  model states                                   61.06 GB
  total at peak (backward)                      228.96 GB ± 48.08 GB
  phases                forward 218.51, backward 228.96, optimizer step 84.07 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)
      = nvidia-smi total: usable = total - CUDA context and library reserve (hwdb/defaults.yaml) - your --reserve

Verdict   DOES NOT FIT: 144.51 GB short ± 48.08 GB per GPU
Disk      427.45 GB per checkpoint with optimizer states (whole job); 61.06 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --precision fp8-mixed --optimizer adamw-8bit --ckpt full --loss fused: 83,545 tokens/s at 0.0843 EUR per million, 53.2 GB per GPU (saves 175.7 GB); changes the training: FP8 matmuls, 8-bit optimizer states
  --precision fp8-mixed --optimizer adafactor --ckpt full --loss chunked: 83,545 tokens/s at 0.0843 EUR per million, 63.7 GB per GPU (saves 165.2 GB); changes the training: FP8 matmuls, Adafactor's factored states
  --micro-batch 1 --grad-accum 64 --offload optimizer: 75,781 tokens/s at 0.0929 EUR per million, 52.2 GB per GPU (saves 176.8 GB); the same training
  --gpus 8xH100-SXM --nodes 2 --strategy zero3 --ckpt full --loss chunked: 144,564 tokens/s on 16 GPUs at 0.0974 EUR per million, 61.3 GB per GPU; the same training
  (3 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                   16.0 s
      = 2.308e+10 FLOP/token × 2.09715e+06 tokens / 8 GPUs / (989.4 TFLOP/s × 0.64) + attention + 3.65e+03 GB memory-bound = 16.01 s (the CPU issuing operators sets the pace)
        (6·N + attention FLOPs (PaLM App. B) at the GPU's measured GEMM peak (MAMF, or its measured shapes: hwdb/gemm_efficiency.yaml); memory-bound kernels at 80 % of HBM)
  data-parallel comm.   exposed of ring collectives                0.228 s
      = 0.2281 s
        (ring all-reduce 2(n-1)/n·S, all-gather (n-1)/n·S (nccl-tests PERFORMANCE.md); overlap with backward)
  expert all-to-all     (4|6)·L_moe·a2a(sbkh·2B), per expert        4.12 s
      = alltoall: a token's 8 experts on 5.34 of 8 GPUs, 1.00 of 1 nodes; 67.1 MB to each GPU; per a2a 470 MB link + 0 MB net, 1.34 ms
        (dispatch and combine per MoE layer: Megatron's and torchtitan's alltoall a copy per expert, DeepEP one per GPU and node (moe_dispatch.c))
    MoE experts         F_exp/(peak·eff(M))                         5.48 s
      = M = s·b·k·ep/E = 8192 tokens per expert (16 local experts); grouped GEMM at 1.00 of large-M rate x K factor 0.65 = eff 0.53; 2.85e+03 TFLOP = 5.48 s
        (grouped GEMM rate by tokens per expert: DeepGEMM README @327ec92 (hwdb/grouped_gemm.yaml); part of compute)
    MoE dispatch        B/HBM+syncs+counts                          2.54 s
      = 6.67e+03 GB copies/router + 0 GB FP8 casts, 768 host syncs, counts 0.0269 s = 2.537 s
        (router, permute/unpermute, token counts, host sync: Megatron-LM token_dispatcher.py @0014f13; part of compute)
  communication (all)                                               5.32 s  (4.34 s exposed; 1876.97 GB per GPU)
  step                                                              20.4 s  (13.4–27.3)

Throughput  103,036 tokens/s (whole job), 12,880 per GPU
MFU         36.3% (HFU 36.3% with recomputation; peak 989 TFLOP/s per GPU at 64% GEMM efficiency)
Speed-up    7.03x vs one GPU (88% of linear over 8 GPUs)
Bottleneck: the host CPU: 79% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.1433 EUR per step, 0.06834 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
