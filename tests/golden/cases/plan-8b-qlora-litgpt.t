args: --model llama-3.1-8b --gpus 1xA10 --framework litgpt --qlora --lora 32 --lora-targets attn --precision bf16 --seq 512 --micro-batch 2 --strategy single
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   1 x A10 (24 GB GDDR6, 24.15 GB each), link pcie4-p2p (31.5 GB/s per direction)
Job       train, single (N = 1), bf16, adamw, QLoRA: NF4 base, LoRA rank 32 on attn (27.3 M adapter parameters)
Batch     micro-batch 2 x grad-accum 1 x dp 1 = 2 samples of 512 tokens = 1024 tokens per step
Framework litgpt (LitGPT (Lightning AI; Fabric-based pretrain and finetune scripts)): its defaults here: ckpt none, loss 16bit, attn sdpa, fused_kernels false, compile false, lora_dropout 0.05, lora_fp32 false, nf4_double_quant false, nf4_head true, optimizer_impl foreach, logits_kept true, fused_qkv true, kv_repeat true, graph_kept true, nf4_fp16_state true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention sdpa, loss 16bit, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               0.5625·Ψ_lin+2·Ψ_rest+2·Ψ_lora        5.33 GB
  gradients             2·Ψ_lora                              0.05 GB
  optimizer states      4·Ψ_lora                              0.11 GB
  activations           L'·m·A_layer                          5.80 GB
  logits + loss         10·s·b·V                              1.31 GB
  dequantised matrix    4·d_out·d_in+previous graph           2.36 GB
  allocator slack       0.05·peak                             0.73 GB
  model states                                                5.49 GB
  total at peak (backward)                                   15.38 GB ± 3.23 GB
  phases                forward 15.11, backward 15.38, optimizer step 5.82 GB
  usable per GPU                                             23.07 GB  (24.15 total - 1.07 CUDA reserve)

Verdict   FITS: 7.69 GB headroom ± 3.23 GB per GPU (67% of usable memory used)
Disk      0.16 GB per checkpoint with optimizer states (whole job); 0.05 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.679 s
  step                                                  0.679 s  (0.448–0.910)

Throughput  1,508 tokens/s (whole job), 1,508 per GPU
MFU         37.4% (HFU 37.4% with recomputation; peak 125 TFLOP/s per GPU at 67% GEMM efficiency)
Bottleneck: compute: 100% of the step is the GPUs' arithmetic
Cost        1.151 EUR/h for 1 GPU (reference price: median over providers of 1 catalog offer for A10; give --offer or --price for yours)
            0.0002171 EUR per step, 0.212 EUR per million tokens
--- stderr
