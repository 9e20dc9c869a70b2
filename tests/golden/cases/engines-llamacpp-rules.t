args: engines --engine llamacpp
rc: 0
--- stdout
llamacpp b2824 (b1 to b3129), ggml-org/ggml @e12eff0b
  buffers    weights by layer (-ngl, -ts), KV of n_ctx cells a layer, compute buffer of -b 2048 / -ub 512
  decode     0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's; 79 us a layer (99 us on HBM)
  prefill    F16 GEMMs at 0.450 of the peak (0.375 HBM, 0.210 Hopper); quantised weights dequantised to F16 first
  row split  82 us a matrix and token
  layers     4 ubatches in flight across GPUs
  source     Builds of 2024 up to MMQ on tensor cores (PR #7676, merged 2024-06-10; its build, about b3130, is approximate). CUDA graphs for decode from PR #6766 (merged 2024-05-08, ggml commit e12eff0b; earlier builds launch every kernel from the CPU and decode ~10 % slower, not modelled). decode_share 0.87: the fit of the CUDA scoreboard's GDDR rows (discussion #15013, Llama-2-7B Q4_0: RTX 3060 75.57 and RTX 5090 290.02 t/s tg128, via its public transcriptions); layer_us 79: PR #6766's RTX 4090 run with CUDA graphs (LLaMA 2 7b q4_0, 146.81 t/s, https://github.com/ggml-org/llama.cpp/pull/6766) at that share, over its 32 layers. hbm_decode_share 0.67 and hbm_layer_us 99 solve two HBM runs of the same months: H100 PCIe, llama-2-7b Q4_K_M, 163.83 t/s with CUDA graphs (https://github.com/ggml-org/llama.cpp/issues/6763) and A100 80GB PCIe, llama 7B F16, tg128 74.77 (https://github.com/ggml-org/llama.cpp/pull/6017). f16_gemm_share 0.45: RTX 4090 llama 7B F16 pp512 11048.22 t/s = 149 TFLOP/s of its 330 FP16-accumulate (https://github.com/ggml-org/llama.cpp/pull/4766); hbm_f16_gemm_share 0.375: A100 PCIe llama 7B F16 pp512 8668.24 = 117 of 312 (PR #6017). hopper_f16_gemm_share 0.21: that share scaled by what kernels built on Ampere's mma.sync reach on Hopper against Ampere, 35 % of the H100's peak (FlashAttention-3, Shah et al. 2024, arXiv 2407.08608, abstract) against 50-73 % of the A100's (FlashAttention-2, Dao 2023, arXiv 2307.08691, abstract; 61.5 % the middle): 0.375 x 35 / 61.5; an assumption that a llama.cpp F16 pp512 row on an H100 settles. Quantised prompts above 32 tokens are dequantised to F16 and multiplied by cuBLAS (ggml-cuda.cu's mmq gate before PR #7676; PR #3776). row_sync_us 82: --split-mode row's synchronisation per matrix and token, from issue #4747 (llama-2-7b-chat Q4_K_M: 31 t/s on 4 x A100 row split vs 72 on one A100, 7 matrices in each of 32 layers, https://github.com/ggml-org/llama.cpp/issues/4747). pipeline_copies 4: GGML_SCHED_MAX_COPIES (ggml/CMakeLists.txt), the ubatches in flight across GPUs with the layer split (PR #6017). batch 2048 and ubatch 512: llama-bench's and common's defaults.

llamacpp b4000 (b3130 to b5199), ggml-org/ggml @e12eff0b
  buffers    weights by layer (-ngl, -ts), KV of n_ctx cells a layer, compute buffer of -b 2048 / -ub 512
  decode     0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's; 79 us a layer (99 us on HBM)
  prefill    F16 GEMMs at 0.450 of the peak (0.375 HBM, 0.210 Hopper); quantised GEMMs in MMQ
  row split  82 us a matrix and token
  layers     4 ubatches in flight across GPUs
  source     Builds from MMQ on int8 tensor cores (PR #7676, 2024-06-10, https://github.com/ggml-org/llama.cpp/pull/7676: RTX 4090 llama 8B Q4_0 pp512 6279.91 -> 10358.75) to the MoE rewrite of April 2025 (PRs #13014 and #13199; about b5200, approximate). mmq_gflops_per_sm_ghz 501: MMQ's rate scales with SMs x clock, not with the tensor-core peak (mma.sync int8, no Hopper wgmma path: ggml/src/ggml-cuda/mma.cuh); the CUDA scoreboard's RTX 3090 (5174.69 t/s pp512, 82 SMs at 1.695 GHz) and RTX 4090 (11992.70, 128 at 2.52) both give 501 GFLOP/s per SM-GHz for Llama-2-7B's 2 x 6.74e9 FLOPs per token (discussion #15013). moe_host_loop, launch_us 5.4, moe_sync_us 10: ggml/src/ggml-cuda/ggml-cuda.cu ggml_cuda_mul_mat_id before PR #13014 (https://github.com/ggml-org/llama.cpp/pull/13014, merged 2025-04, 'eliminates the need for a call to cudaStreamSynchronize') and PR #13199 (bs > 1): ids copied to the host, cudaStreamSynchronize, then ggml_cuda_mul_mat per expert (2 kernels at one token, 6 with more: memset, row copy, quantise, MMQ, stream-k fixup, copy back), CUDA graphs off for any MUL_MAT_ID graph. launch_us 5.4 from PR #13014's P40 rows (DeepSeek-V2-Lite Q4_0 tg128: master 47.78, the PR's first version 62.87 t/s (its later version also moved RoPE off the CPU), the same build but for the loop; a P40 runs without CUDA graphs in both): 1/47.78 - 1/62.87 = 5.02 ms a token over 26 MoE layers = 193 us a layer, which the loop spends on 3 syncs and 30 more kernels (3 x 6 experts x 2, less the fused path's 3 x 2): (193 - 3 x 10) / 30 = 5.4 us. moe_sync_us 10: the ids copy and cudaStreamSynchronize, an assumption (an nsys trace of a build before b5200 settles it). The rest as b2824.

llamacpp b5500 (b5200 to b5999), ggml-org/ggml @e12eff0b
  buffers    weights by layer (-ngl, -ts), KV of n_ctx cells a layer, compute buffer of -b 2048 / -ub 512
  decode     0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's; 79 us a layer (99 us on HBM)
  prefill    F16 GEMMs at 0.450 of the peak (0.375 HBM, 0.210 Hopper); quantised GEMMs in MMQ
  row split  82 us a matrix and token
  layers     4 ubatches in flight across GPUs
  source     Builds from the MoE rewrite of April 2025 (PR #13014: one MMVQ over the selected experts at one token, no sync, CUDA graphs kept, https://github.com/ggml-org/llama.cpp/pull/13014; PR #13199: one MMQ over all experts for a ubatch, its column tile sized for the ubatch, https://github.com/ggml-org/llama.cpp/pull/13199; about b5200, approximate) to the fused kernels of 2025 (about b6000). mmq_x_max 128 as b6500. The rest as b4000, without the host loop.

llamacpp b6500 (b6000 to b7406), ggml-org/ggml @d99724f2b1
  buffers    weights by layer (-ngl, -ts), KV of n_ctx cells a layer, compute buffer of -b 2048 / -ub 512
  decode     0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's; 31 us a layer (51 us on HBM)
  prefill    F16 GEMMs at 0.450 of the peak (0.375 HBM, 0.210 Hopper); quantised GEMMs in MMQ
  row split  82 us a matrix and token
  layers     4 ubatches in flight across GPUs
  source     Builds with the fused CUDA kernels (rms_norm+mul+rope+set_rows, gate/up+GLU in one mat-vec: ggml/src/ggml-cuda/ggml-cuda.cu at ggml d99724f2, 2026-08-21, the ggml tree llama.cpp vendors; the first such build, about b6000, is approximate). layer_us 31: the CUDA scoreboard's GDDR fit (RTX 3060 and RTX 5090, tg128 of Llama-2-7B Q4_0 at decode_share 0.87: 0.99 ms over 32 layers; discussion #15013). hbm_layer_us 51: that plus the 20 us per layer that HBM parts took more in 2024 (b2824's 99 - 79): an assumption a llama-bench tg row on an A100 or H100 of a 2025 build settles. mmq_x_max 128: MMQ's widest column tile with int8 tensor cores (ggml/src/ggml-cuda/mmq.cuh get_mmq_x_max_host); the MoE path (ggml-cuda/mmq.cu ggml_cuda_mul_mat_q with ids, `ncols_max = ne12`, since PR #13199, https://github.com/ggml-org/llama.cpp/pull/13199, about b5200: the b5500 record has it too) sizes that tile for the whole ubatch, so each expert's ub x k / E columns fill a fraction of it (src/infer/infer_moe.c). The rest as b4000, without the host loop; --split-mode row was removed in 2026 (PR #24216) in favour of -sm tensor, not modelled.

llamacpp b7407 (b7407 to b99999), ggml-org/ggml @d99724f2b1
  buffers    weights by layer (-ngl, -ts), KV of n_ctx cells a layer, compute buffer of -b 2048 / -ub 512
  decode     0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's; 31 us a layer (51 us on HBM)
  prefill    F16 GEMMs at 0.450 of the peak (0.375 HBM, 0.210 Hopper); quantised GEMMs in MMQ
  row split  82 us a matrix and token
  layers     4 ubatches in flight across GPUs
  source     Builds with -fit on by default, from PR #16653 (ggml-org/llama.cpp b1f3a6e5db7b782ef077bd0e8253ce03283b1f37, 2025-12-15, build b7407: the commit count, as tag b8495 is commit 8495): src/llama.cpp llama_params_fit_impl (moved to common/fit.cpp in PR #22171) lowers the -ngl the user left unset until every GPU keeps fit_margin_mib free (common/common.h fit_params_target = 1024 MiB, --fit-target), first the context when -c is unset (not down below --fit-ctx 4096), then layers filled back-to-front, each GPU given the most that fit; -fit off turns it off (src/infer/infer_lcpp_fit.c). The speeds as b6500.
--- stderr
