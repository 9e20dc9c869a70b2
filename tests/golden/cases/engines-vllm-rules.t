args: engines --engine vllm
rc: 0
--- stdout
vllm 0.5 (0.5.3 to 0.5.99), vllm-project/vllm @4db5176d97
  budget     0.90 x total - the peak since start-up (weights included)
  defaults   max(max_model_len, 2048) tokens, 512 with chunked prefill (past 32k); 256 seqs
             offline (LLM()): the server's
  sampler    20 B per row and vocabulary entry
  non-torch  1833 MiB; TP >= 2: 1833 MiB on an NVLink switch, else 18 MiB per peer; custom all-reduce 24 MiB
  decode     batch 1 streams at 0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's
  graphs     out of the 1 - utilisation slack
  source     v0.5.4 (4db5176d, 'bump version to v0.5.4 (#7139)'). vllm/worker/worker.py determine_num_available_blocks is 0.6.1's (the same peak = init free - free after profile_run; only its error message differs from v0.5.3's bb2fc080); vllm/config.py SchedulerConfig and vllm/engine/arg_utils.py the same defaults (max(max_model_len, 2048), 512 with chunked prefill, on by default past 32768 from v0.5.3: 0.5.0-0.5.2's arg_utils.py has no use_long_context, so they are not covered); model_runner.py profile_run the same SamplingParams(top_p=0.99, top_k=vocab-1). The sampler differs: vllm/model_executor/layers/sampler.py at 4db5176d keeps the logits in the model's dtype through top-k/top-p (no logits.to(torch.float), added before 0.6.1), so sampler_bytes 20 = the logits (2), the sort's values in 16 bits (2) and int64 indices (8), probs and logprobs in fp32 (8): vfplan's count of the tensors alive together. custom_all_reduce.py at 4db5176d: the same buffers (meta_size + 8 MiB, 8 MiB, rank_data 8 MiB), world sizes 2/4/6/8, off past 2 GPUs without full NVLink and without P2P. non_torch_mib as 0.6's (assumption: no 0.5 log with the line; a 0.5 start-up log's KV line on a known GPU settles it).

vllm 0.6 (0.6.0 to 0.7.99), vllm-project/vllm @9ba0817ff1
  budget     0.90 x total - the peak since start-up (weights included)
  defaults   max(max_model_len, 2048) tokens, 512 with chunked prefill (past 32k); 256 seqs
             offline (LLM()): the server's
  sampler    26 B per row and vocabulary entry
  non-torch  1833 MiB; TP >= 2: 1833 MiB on an NVLink switch, else 18 MiB per peer; custom all-reduce 24 MiB
  decode     batch 1 streams at 0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's
  graphs     out of the 1 - utilisation slack
  source     v0.6.1.post2 (9ba0817f, 'bump version to v0.6.1.post2 (#8473)'). vllm/worker/worker.py determine_num_available_blocks: peak = init free - free after profile_run (no empty_cache: the allocator's cache counts), num_gpu_blocks = (total x gpu_memory_utilization - peak) // block bytes; raise_if_cache_size_invalid refuses max_model_len above block_size x num_gpu_blocks. vllm/config.py SchedulerConfig: max_num_seqs 256, max_num_batched_tokens max(max_model_len, 2048) without chunked prefill, 512 with it (batched_tokens_small), which vllm/engine/arg_utils.py turns on past max_model_len 32768; vllm/worker/model_runner.py profile_run: max_num_seqs sequences of max_num_batched_tokens / max_num_seqs tokens, SamplingParams(top_p=0.99, top_k=vocab-1). sampler_bytes 26 per row and vocabulary entry: the logits in 16 bits (2), their fp32 copy (4), the top-k/top-p sort's fp32 values and int64 indices (12), probs and logprobs in fp32 (8), read from vllm/model_executor/layers/sampler.py at the same commit (vfplan's count of the tensors alive together). non_torch_mib 1833 and tp_non_torch_mib 1833: 'non_torch_memory 1.79GiB' for Meta-Llama-3-8B at TP 1 and '3.58GiB' at -tp 2 on an H100 (79.22 GiB), youkaichao's sanity check in https://github.com/vllm-project/vllm/pull/10511 (2024-12-14): the CUDA libraries' lazily loaded modules, and NCCL with the custom all-reduce at TP >= 2. CUDA graphs are captured after the cache, out of the 1 - gpu_memory_utilization slack ('CUDA graphs can take additional 1~3 GiB memory per GPU').

vllm 0.10 (0.8.0 to 0.10.99), vllm-project/vllm @cc867be19c
  budget     0.90 x total - weights - torch peak - non-torch
  defaults   server: 8192 tokens, 1024 seqs on >= 70 GiB (not A100), 2048, 256 on others
             offline (LLM()): 16384 tokens, 1024 seqs; 8192, 256
  sampler    26 B per row and vocabulary entry
  non-torch  338 MiB; TP >= 2: 1833 MiB on an NVLink switch, else 18 MiB per peer; custom all-reduce 24 MiB
  decode     batch 1 streams at 0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's
  graphs     out of the 1 - utilisation slack
  source     V1 on by default from 0.8.0 (d4d93db2, #13726); memory_profiling, requested_memory and the 'Available KV cache memory' line in V1 from #19312 (cc867be1, 2025-06-09); the init snapshot was taken before the distributed environment until #25359 (abad204b, 2025-09-23, 0.11), so NCCL and the custom all-reduce count against the budget here: tp_non_torch_mib 1833 as in 0.6 (https://github.com/vllm-project/vllm/pull/10511). Defaults (vllm/engine/arg_utils.py _set_default_max_num_seqs_and_batched_tokens_args): the OpenAI server on GPUs of >= 70 GiB other than A100 (#17073 46e678bc, #17885 91121552): max_num_batched_tokens 8192, max_num_seqs 1024; others 2048 and 256 (0.8.0-0.8.3 gave 1024 everywhere: not modelled). sampler_bytes 26: the top-k/top-p sort path of vllm/v1/sample/ops/topk_topp_sampler.py (fp32 logits, sort values and int64 indices, probs, the exponential draw) before the Triton in-place kernel; vfplan's count, an assumption a 0.10 start-up log would settle. non_torch_mib 338: 'non_torch_memory takes 0.33GiB' at TP 1 in vLLM 0.8.5's log (v0.8.5.dev169, RTX 5090, https://github.com/vllm-project/vllm/issues/14452), the nearest version with the line printed; earlier 0.6-0.7 logs print 0.16 GiB on H100s (https://github.com/vllm-project/vllm/pull/12126) and published logs range 0.04-0.34 GiB with the kernels loaded (lazily loaded CUDA modules): an assumption a 0.19 log's profile lines settle. Hybrid KV cache groups from #17996 (f8a1a2d1, 2025-06-06).

vllm 0.19 (0.11.0 to 0.20.99), vllm-project/vllm @08ed2b9688
  budget     0.90 x total - weights - torch peak - non-torch
  defaults   server: 8192 tokens, 1024 seqs on >= 70 GiB (not A100), 2048, 256 on others
             offline (LLM()): 16384 tokens, 1024 seqs; 8192, 256
  sampler    14 B per row and vocabulary entry + 4 B per SM and entry
  non-torch  338 MiB; TP >= 2: 1833 MiB on an NVLink switch, else 18 MiB per peer; custom all-reduce 24 MiB
  decode     batch 1 streams at 0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's
  graphs     out of the 1 - utilisation slack
  source     main at 08ed2b96 (2026-04-02, the Gemma 4 merge #38826 that heads v0.19.0). vllm/v1/worker/gpu_worker.py determine_available_memory: requested = total x gpu_memory_utilization; available = requested - (weights + torch_peak_increase + non_torch_increase); the CUDA-graph estimate is computed but VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS defaults to 0 (vllm/envs.py), so graphs come out of the slack. vllm/v1/worker/gpu_model_runner.py profile_run: _dummy_run(max_num_batched_tokens) eager over min(tokens, max_num_seqs) requests, attention returning zeros, then _dummy_sampler_run on max_num_seqs rows. sampler_bytes 14 and sampler_sm_bytes 4 (vllm/v1/sample/sampler.py, ops/topk_topp_sampler.py forward_native at the same commit): the logits in 16 bits (2), their fp32 copy (4), probs (4), the random draw q (4) per row and vocabulary entry, and the Triton top-k/top-p scratch of min(SMs, rows) x vocab fp32 kept in _TRITON_BUFFER_CACHE. Defaults as in 0.10 (arg_utils.py, same commit). non_torch_mib 338: as in 0.10 (issue #14452's 0.33 GiB at TP 1). tp_non_torch_mib 1833: since #25359 the communicators are created before the init snapshot, yet NCCL's lazily created buffers for the profile's all-reduces still land in the non-torch increase; their size is PR #10511's TP 2 - TP 1 difference, 1.79 GiB on an H100 (an assumption for other GPUs and for TP > 2; a 0.19 start-up log at TP 2 on the GPU settles it). kv_block 16 (vllm/config/cache.py DEFAULT_BLOCK_SIZE); hybrid groups per vllm/v1/core/kv_cache_utils.py _get_kv_cache_groups_uniform_page_size (group_size = the smaller kind's layer count, the larger when it is under 1.5x), tokens reported = num_blocks // groups x block_size, concurrency = num_blocks / the blocks one request needs per group (get_max_concurrency_for_kv_cache_config).

vllm 0.21 (0.21.0 to 0.99.99), vllm-project/vllm @9aaf83ef50
  budget     0.92 x total - weights - torch peak - non-torch - CUDA graphs
  defaults   server: 8192 tokens, 1024 seqs on >= 70 GiB (not A100), 2048, 256 on others
             offline (LLM()): 16384 tokens, 1024 seqs; 8192, 256
  sampler    14 B per row and vocabulary entry + 4 B per SM and entry
  non-torch  338 MiB; TP >= 2: 1833 MiB on an NVLink switch, else 18 MiB per peer; custom all-reduce 24 MiB
  decode     batch 1 streams at 0.87 of a GDDR part's bandwidth, 0.67 of an HBM part's
  graphs     1326 MiB from the budget (0 with --enforce-eager)
  source     main at 9aaf83ef (2026-05-19). #38284 (96a85c57, 2026-04-21, 'Enable CUDAGraph memory profiling by default', labelled v0.21.0 in its own log line): VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS defaults to 1, so the estimate of profile_cudagraph_memory is taken from the KV budget, and gpu_memory_utilization's default is 0.92 (vllm/config/cache.py). graph_mib 1326 is vfplan's estimate of that line: 51 capture sizes at max_num_seqs >= 512 (vllm/config/vllm.py _set_cudagraph_sizes) at ~26 MiB each ('finished in 0.057 secs, took 26.00 MiB' per size in https://github.com/vllm-project/vllm/pull/22897's V1 PIECEWISE log); the 'Estimated CUDA graph memory' line of a 0.21 log settles it. The rest as in 0.19 (same functions, diffed in the research notes): the sampler's first call goes to FlashInfer (#40376), its second warm-up call (#41375) still to forward_native, so the peak is forward_native's.
--- stderr
