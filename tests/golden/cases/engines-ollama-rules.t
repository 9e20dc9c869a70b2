args: engines --engine ollama
rc: 0
--- stdout
ollama 0.12 (0.1.45 to 0.12.10), ollama/ollama @4372d0bfef
  placement  its estimate (llm/memory.go): layers while weights, KV and graph fit; 457 MiB kept free on every GPU
  context    4096 tokens
  source     The classic estimate, llm/memory.go estimateGPULayers and fs/ggml/ggml.go GraphSize at 4372d0bf (the last commit with llm/memory.go; the log line 'offload to cuda' from v0.1.45, 7784ca33, 'msg=offload library=cuda' from v0.5.12, 58245413; the last-to-first walk from v0.7.0, 0478d440 and 3fe74fba). gpu_minimum_mib 457: discover/gpu.go cudaMinimumMemory = 457 * format.MebiByte (v0.5.7, a420a453). A GPU is used when its free memory holds max(graph) + 457 MiB + 2 x (blk.0 + its cache); it starts at 457 MiB + one layer; layers go last to first, round robin (i % the GPUs still open), one that cannot take a layer closed; the output (output_norm + output, or token_embd) is layer L + 1; every GPU with a layer is charged the full-offload graph when all L + 1 fit, else the partial one, and with several GPUs the partial one (graphFullOffload = graphPartialOffload). v0.5.x's first-to-last walk is not modelled.

ollama 0.13 (0.12.11 to 0.15.4), ollama/ollama @604e43b28d
  placement  buildLayout: layers while weights, KV and graph fit; 457 MiB kept free on every GPU
  context    4096 tokens
  source     v0.13.0 (604e43b2); llm/memory.go deleted by f560bd07 (2025-11-05, v0.12.11). llm/server.go llamaServer.Load: the same sizes (GraphSize, tensor sizes, the output as layer L + 1); every GPU keeps one layer (blk.0 and its cache) free; buildLayout sorts the GPUs by free memory, largest first, and reserves on each 457 MiB (ml/device.go MinimumMemory), OLLAMA_GPU_OVERHEAD (0) and the graph, max(partial, full), charged to every GPU used; assignLayers takes the first 1, 2 ... GPUs until every layer fits (else it retries without the output layer); findBestFit searches the smallest capacity share of each GPU that still fits the most layers, so that they balance; greedyFit gives the last layers and the output to the last GPU of the set, then spills towards the first, contiguously. Ollama's own engine (models it runs natively, v0.11.11 on) lays out from the allocations its runner reports: not reproducible from the header, planned with this layout too (an assumption).

ollama 0.15.5 (0.15.5 to 0.99.99), ollama/ollama @0334ffa625
  placement  buildLayout: layers while weights, KV and graph fit; 457 MiB kept free on every GPU
  context    4096 tokens; 32768 from 23 GiB of GPU memory, 262144 from 47 GiB
  source     The 0.13 layout, with the default context by memory: server/routes.go at 0334ffa6 ('server: use tiered VRAM-based default context length', 2026-02-02; first tag holding it v0.15.5): the GPUs' TotalMemory, each less OLLAMA_GPU_OVERHEAD (0), summed; 262,144 tokens from 47 GiB, 32,768 from 23 GiB, else 4,096 ('slightly lower thresholds (47/23 GiB vs. 48/24 GiB)'); llm/server.go NewLlamaServer caps num_ctx at the model's training context (ollama/ollama @fb307609). default_context in the earlier records: envconfig's OLLAMA_CONTEXT_LENGTH, 4096 from v0.6.7 (44b466ee, 2025-04-28), 2048 before it (not a record of its own: --context 2048 plans those). The context applies only when --context is not given; num_parallel multiplies it (--concurrency) as before.
--- stderr
