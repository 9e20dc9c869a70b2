args: engines
rc: 0
--- stdout
engine    version first     last      latest  budget  commit       repository
llamacpp  b2824   b1        b3129             buffers e12eff0b     ggml-org/ggml
llamacpp  b4000   b3130     b5199             buffers e12eff0b     ggml-org/ggml
llamacpp  b5500   b5200     b5999             buffers e12eff0b     ggml-org/ggml
llamacpp  b6500   b6000     b7406             buffers d99724f2b141 ggml-org/ggml
llamacpp  b7407   b7407     b99999    yes     buffers d99724f2b141 ggml-org/ggml
ollama    0.12    0.1.45    0.12.10           classic 4372d0bfefc7 ollama/ollama
ollama    0.13    0.12.11   0.15.4            layout  604e43b28d12 ollama/ollama
ollama    0.15.5  0.15.5    0.99.99   yes     layout  0334ffa62507 ollama/ollama
sglang    0.4     0.4.0     0.4.99            static  dcae1fb2cd2d sgl-project/sglang
sglang    0.5     0.5.0     0.5.8             reserve 7b9156c773f0 sgl-project/sglang
sglang    0.5.9   0.5.9     0.5.15            reserve 001ccef0072a sgl-project/sglang
sglang    0.5.16  0.5.16    0.99.99   yes     reserve 031ed82d8b5e sgl-project/sglang
vllm      0.5     0.5.3     0.5.99            v0      4db5176d9758 vllm-project/vllm
vllm      0.6     0.6.0     0.6.3             v0      9ba0817ff1eb vllm-project/vllm
vllm      0.6.4   0.6.4     0.6.4             v0      380e18639f31 vllm-project/vllm
vllm      0.7     0.6.5     0.7.99            v0      551603feffd9 vllm-project/vllm
vllm      0.10    0.8.0     0.10.99           v1      cc867be19c4c vllm-project/vllm
vllm      0.19    0.11.0    0.20.99           v1      08ed2b9688b4 vllm-project/vllm
vllm      0.21    0.21.0    0.99.99   yes     v1      9aaf83ef502f vllm-project/vllm

vfplan engines --engine E (vllm, sglang, llamacpp, ollama): each rule with its source. --engine-version V
picks the record whose range holds V; --json gives every figure and its
source (hwdb/engines/, docs/serving.md). TGI has no record: vfplan's own reserves.
--- stderr
