args: rent --serve --model llama-3.1-70b --concurrency 4 --top 5
rc: 0
--- stdout
152 offers can serve it (75 left out)

    offer                        GPUs             price/h    per M tok  quantisation
  1  clore-1xa100-80              1xA100-80       0.22 EUR    0.647 EUR  bf16 does not fit; fp8 fits too few sequences; awq4 fits: 13 sequences of 8192, 96 tokens/s in all
  2  clore-2xa100-40              2xA100-40       0.30 EUR    0.647 EUR  bf16 does not fit; fp8 does not fit; awq4 fits: 11 sequences of 8192, 130 tokens/s in all
  3  clore-2xa100-80              2xA100-80       0.45 EUR    1.146 EUR  bf16 fits too few sequences; fp8 fits: 28 sequences of 8192, 108 tokens/s in all
  4  autodl-1xa800-80             1xA800-PCIE     0.66 EUR    2.014 EUR  bf16 does not fit; fp8 does not fit; awq4 fits: 13 sequences of 8192, 91 tokens/s in all
  5  runpod-4xa4500               4xA4500         0.68 EUR    1.635 EUR  bf16 does not fit; fp8 does not fit; awq4 fits: 10 sequences of 8192, 115 tokens/s in all

Left out:
  aws-g5-xlarge                bf16 does not fit; fp8 does not fit; awq4 does not fit
  clore-1xrtx4090              bf16 does not fit; fp8 does not fit; awq4 does not fit
  clore-2xrtx4090              bf16 does not fit; fp8 does not fit; awq4 does not fit
  clore-2xrtx3090              bf16 does not fit; fp8 does not fit; awq4 does not fit
  clore-1xa100-40              bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-1xrtx4090-a       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-2xrtx4090-a       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-1xrtx4090-b       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-2xrtx4090-b       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-1xrtx4090-c       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-2xrtx4090-c       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-1xrtx4090-d       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-2xrtx4090-d       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-1xrtx4090-e       bf16 does not fit; fp8 does not fit; awq4 does not fit
  hyperbolic-2xrtx4090-e       bf16 does not fit; fp8 does not fit; awq4 does not fit
  lambda-1xa10                 bf16 does not fit; fp8 does not fit; awq4 does not fit
  lambda-1xa100-40             bf16 does not fit; fp8 does not fit; awq4 does not fit
  lambda-8xv100                V100-SXM2-16GB has no FP8 support
  nebius-1xl40s                bf16 does not fit; fp8 does not fit; awq4 does not fit
  nodexo-1xrtx4070ti           bf16 does not fit; fp8 does not fit; awq4 does not fit
  nodexo-1xrtx4070ti-super     bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xrtx3090             bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xrtx4090             bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-2xrtx4090             bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xrtx4090-secure      bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xrtx5090             bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xa6000               bf16 does not fit; fp8 does not fit; awq4 fits too few sequences
  runpod-1xa5000               bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-2xa5000               bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xrtx6000-ada         bf16 does not fit; fp8 does not fit; awq4 fits too few sequences
  runpod-1xl4                  bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xl40s                bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xl40s-secure         bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xa40                 bf16 does not fit; fp8 does not fit; awq4 fits too few sequences
  runpod-1xa100-40             bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xl40                 bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xl40-secure          bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xv100-pcie-16        V100-PCIE-16GB has no FP8 support
  runpod-1xv100-sxm2-16        V100-SXM2-16GB has no FP8 support
  runpod-1xa4000               bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xa4000-secure        bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xa4500               bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-2xa4500               bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xa4500-secure        bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xrtx5080             bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-1xrtx4080             bf16 does not fit; fp8 does not fit; awq4 does not fit
  runpod-3xrtx-pro-6000-server vllm: the 64 attention heads are not divisible by tensor parallel size 3
  runpod-1xrtx4070ti           bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx3090-interruptible bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx4090-interruptible bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx4090               bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-2xrtx4090               bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx5090               bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xa6000                 bf16 does not fit; fp8 does not fit; awq4 fits too few sequences
  vast-1xl40s-spot             bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xa100-40-pcie-interruptible bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xt4                    T4 has no FP8 support
  vast-1xl40                   bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xa4000                 bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx5080               bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx5070ti             bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx4080               bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx2080ti             RTX2080TI has no FP8 support
  vast-1xv100-16               V100-PCIE-16GB has no FP8 support
  vast-1xrtx4070ti             bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx4070ti-super       bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xrtx5060ti             bf16 does not fit; fp8 does not fit; awq4 does not fit
  vast-1xgtx1080ti             GTX1080TI has no FP8 support
  verda-1xa6000                bf16 does not fit; fp8 does not fit; awq4 fits too few sequences
  verda-1xa6000-spot           bf16 does not fit; fp8 does not fit; awq4 fits too few sequences
  verda-1xrtx6000-ada          bf16 does not fit; fp8 does not fit; awq4 fits too few sequences
  verda-1xv100                 V100-SXM2-16GB has no FP8 support
  verda-2xv100                 V100-SXM2-16GB has no FP8 support
  verda-4xv100                 V100-SXM2-16GB has no FP8 support
  verda-8xv100                 V100-SXM2-16GB has no FP8 support
--- stderr
