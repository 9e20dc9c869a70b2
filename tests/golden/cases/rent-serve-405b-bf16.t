args: rent --serve --model llama-3.1-405b --quant bf16 --engine vllm --concurrency 64 --top 3
rc: 0
--- stdout
4 offers can serve it (136 left out)

   offer                        GPUs             price/h    per M tok  quantisation
  1 runpod-8xb200                8xB200         42.70 EUR    7.144 EUR  bf16 fits: 129 sequences of 8192, 1660 tokens/s in all
  2 verda-8xb200                 8xB200         43.63 EUR    7.300 EUR  bf16 fits: 129 sequences of 8192, 1660 tokens/s in all
  3 lambda-8xb200                8xB200         47.77 EUR    7.993 EUR  bf16 fits: 129 sequences of 8192, 1660 tokens/s in all

Left out:
  tensorwave-1xmi300x          bf16 does not fit
  vultr-1xmi300x               bf16 does not fit
  clore-1xrtx4090              bf16 does not fit
  clore-2xrtx4090              bf16 does not fit
  clore-2xrtx3090              bf16 does not fit
  clore-1xa100-40              bf16 does not fit
  clore-2xa100-40              bf16 does not fit
  clore-1xa100-80              bf16 does not fit
  clore-2xa100-80              bf16 does not fit
  gcp-8xh100                   bf16 does not fit
  hyperbolic-1xh100-a          bf16 does not fit
  hyperbolic-2xh100-a          bf16 does not fit
  hyperbolic-4xh100-a          bf16 does not fit
  hyperbolic-8xh100-a          bf16 does not fit
  hyperbolic-1xh100-b          bf16 does not fit
  hyperbolic-2xh100-b          bf16 does not fit
  hyperbolic-4xh100-b          bf16 does not fit
  hyperbolic-1xrtx4090-a       bf16 does not fit
  hyperbolic-2xrtx4090-a       bf16 does not fit
  hyperbolic-4xrtx4090-a       bf16 does not fit
  hyperbolic-8xrtx4090-a       bf16 does not fit
  hyperbolic-1xrtx4090-b       bf16 does not fit
  hyperbolic-2xrtx4090-b       bf16 does not fit
  hyperbolic-4xrtx4090-b       bf16 does not fit
  hyperbolic-1xrtx4090-c       bf16 does not fit
  hyperbolic-2xrtx4090-c       bf16 does not fit
  hyperbolic-4xrtx4090-c       bf16 does not fit
  hyperbolic-1xrtx4090-d       bf16 does not fit
  hyperbolic-2xrtx4090-d       bf16 does not fit
  hyperbolic-4xrtx4090-d       bf16 does not fit
  hyperbolic-1xrtx4090-e       bf16 does not fit
  hyperbolic-2xrtx4090-e       bf16 does not fit
  hyperstack-1xh100-pcie       bf16 does not fit
  hyperstack-2xh100-pcie       bf16 does not fit
  hyperstack-4xh100-pcie       bf16 does not fit
  hyperstack-8xh100-pcie       bf16 does not fit
  lambda-1xa10                 bf16 does not fit
  lambda-1xa100-40             bf16 does not fit
  lambda-8xa100-40             bf16 does not fit
  lambda-8xa100-80             bf16 does not fit
  lambda-4xa6000               bf16 does not fit
  lambda-1xh100-pcie           bf16 does not fit
  lambda-1xh100                bf16 does not fit
  lambda-2xh100                bf16 does not fit
  lambda-4xh100                bf16 does not fit
  lambda-8xh100                bf16 does not fit
  lambda-1xb200                bf16 does not fit
  lambda-2xb200                bf16 does not fit
  lambda-4xb200                bf16 does not fit
  lambda-1xgh200               bf16 does not fit
  nebius-1xh100                bf16 does not fit
  nebius-8xh100                bf16 does not fit
  nebius-1xh200                bf16 does not fit
  nebius-8xh200                bf16 fits too few sequences
  nebius-1xl40s                bf16 does not fit
  nebius-8xrtx-pro-6000        bf16 does not fit
  runpod-1xrtx3090             bf16 does not fit
  runpod-1xrtx4090             bf16 does not fit
  runpod-2xrtx4090             bf16 does not fit
  runpod-4xrtx4090             bf16 does not fit
  runpod-8xrtx4090             bf16 does not fit
  runpod-1xrtx4090-secure      bf16 does not fit
  runpod-1xrtx5090             bf16 does not fit
  runpod-1xa6000               bf16 does not fit
  runpod-2xa6000               bf16 does not fit
  runpod-4xa6000               bf16 does not fit
  runpod-8xa6000               bf16 does not fit
  runpod-1xa5000               bf16 does not fit
  runpod-2xa5000               bf16 does not fit
  runpod-4xa5000               bf16 does not fit
  runpod-1xrtx6000-ada         bf16 does not fit
  runpod-1xrtx-pro-6000        bf16 does not fit
  runpod-1xl4                  bf16 does not fit
  runpod-1xl40s                bf16 does not fit
  runpod-2xl40s                bf16 does not fit
  runpod-4xl40s                bf16 does not fit
  runpod-8xl40s                bf16 does not fit
  runpod-1xl40s-secure         bf16 does not fit
  runpod-1xa40                 bf16 does not fit
  runpod-1xa100-40             bf16 does not fit
  runpod-1xa100-80-pcie        bf16 does not fit
  runpod-1xa100-80-pcie-secure bf16 does not fit
  runpod-1xa100-80             bf16 does not fit
  runpod-2xa100-80             bf16 does not fit
  runpod-4xa100-80             bf16 does not fit
  runpod-8xa100-80             bf16 does not fit
  runpod-1xa100-80-secure      bf16 does not fit
  runpod-1xh100-pcie           bf16 does not fit
  runpod-1xh100                bf16 does not fit
  runpod-2xh100                bf16 does not fit
  runpod-4xh100                bf16 does not fit
  runpod-8xh100                bf16 does not fit
  runpod-8xh100-secure         bf16 does not fit
  runpod-1xh100-secure         bf16 does not fit
  runpod-1xh100-nvl            bf16 does not fit
  runpod-2xh100-nvl            bf16 does not fit
  runpod-1xh200                bf16 does not fit
  runpod-2xh200                bf16 does not fit
  runpod-4xh200                bf16 does not fit
  runpod-8xh200                bf16 fits too few sequences
  runpod-1xh200-secure         bf16 does not fit
  runpod-1xh200-nvl            bf16 does not fit
  runpod-1xb200                bf16 does not fit
  runpod-2xb200                bf16 does not fit
  runpod-4xb200                bf16 does not fit
  runpod-1xb200-secure         bf16 does not fit
  runpod-1xmi300x              bf16 does not fit
  vast-1xrtx3090-interruptible bf16 does not fit
  vast-1xrtx4090-interruptible bf16 does not fit
  vast-1xrtx4090               bf16 does not fit
  vast-2xrtx4090               bf16 does not fit
  vast-4xrtx4090               bf16 does not fit
  vast-8xrtx4090               bf16 does not fit
  vast-1xrtx5090               bf16 does not fit
  vast-1xa6000                 bf16 does not fit
  vast-1xl40s-spot             bf16 does not fit
  vast-1xa100-40-pcie-interruptible bf16 does not fit
  vast-1xa100-80-pcie          bf16 does not fit
  vast-1xa100-80               bf16 does not fit
  vast-1xa100-80-b             bf16 does not fit
  vast-1xh100                  bf16 does not fit
  vast-1xh100-nvl              bf16 does not fit
  vast-1xh200                  bf16 does not fit
  vast-1xb200                  bf16 does not fit
  verda-1xa6000                bf16 does not fit
  verda-1xa6000-spot           bf16 does not fit
  verda-1xrtx6000-ada          bf16 does not fit
  verda-1xrtx-pro-6000         bf16 does not fit
  verda-8xa100-40              bf16 does not fit
  verda-1xh100                 bf16 does not fit
  verda-8xh100                 bf16 does not fit
  verda-1xh200                 bf16 does not fit
  verda-8xh200                 bf16 fits too few sequences
  verda-1xb200                 bf16 does not fit
  vramfarm-4xrtx4090           bf16 does not fit
  vramfarm-8xh100              bf16 does not fit
--- stderr
