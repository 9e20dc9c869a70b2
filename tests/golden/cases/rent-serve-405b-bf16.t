args: rent --serve --model llama-3.1-405b --quant bf16 --engine vllm --concurrency 64 --top 3
rc: 0
--- stdout
24 offers can serve it (203 left out)

    offer                        GPUs             price/h    per M tok  quantisation
  1 ~azure-nd96isr-mi300x-v5-spot 8xMI300X        7.92 EUR    2.538 EUR  bf16 fits: 157 sequences of 8192, 866 tokens/s in all
  2  digitalocean-8xmi300x        8xMI300X       14.21 EUR    4.555 EUR  bf16 fits: 157 sequences of 8192, 866 tokens/s in all
  3  vultr-8xmi325x               8xMI325X       14.28 EUR    4.303 EUR  bf16 fits: 277 sequences of 8192, 922 tokens/s in all

~ = interruptible (spot, bid): the provider may stop it; --interruptible no leaves them out.

Left out:
  tensorwave-1xmi300x          bf16 does not fit
  vultr-1xmi300x               bf16 does not fit
  tensorwave-1xmi325x          bf16 does not fit
  autodl-1xa800-80             bf16 does not fit
  autodl-1xh20-96              bf16 does not fit
  aws-g5-xlarge                bf16 does not fit
  aws-g5-12xlarge              bf16 does not fit
  aws-g5-48xlarge              bf16 does not fit
  aws-p5en-48xlarge            bf16 fits too few sequences
  azure-nd40rs-v2              bf16 does not fit
  azure-nd96isr-h200-v5        bf16 fits too few sequences
  clore-1xrtx4090              bf16 does not fit
  clore-2xrtx4090              bf16 does not fit
  clore-2xrtx3090              bf16 does not fit
  clore-1xa100-40              bf16 does not fit
  clore-2xa100-40              bf16 does not fit
  clore-1xa100-80              bf16 does not fit
  clore-2xa100-80              bf16 does not fit
  coreweave-gb200-4x           bf16 does not fit
  coreweave-8xh200             bf16 fits too few sequences
  coreweave-8xrtx-pro-6000-server bf16 does not fit
  crusoe-1xh200                bf16 does not fit
  crusoe-1xmi300x              bf16 does not fit
  digitalocean-1xmi300x        bf16 does not fit
  digitalocean-1xmi325x        bf16 does not fit
  gcp-8xh100                   bf16 does not fit
  gcp-a3-ultragpu-8g           bf16 fits too few sequences
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
  hyperstack-1xb300            bf16 does not fit
  hyperstack-1xb200            bf16 does not fit
  hyperstack-1xh200            bf16 does not fit
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
  lambda-8xv100                bf16 does not fit
  nebius-1xh100                bf16 does not fit
  nebius-8xh100                bf16 does not fit
  nebius-1xh200                bf16 does not fit
  nebius-8xh200                bf16 fits too few sequences
  nebius-1xl40s                bf16 does not fit
  nebius-8xrtx-pro-6000        bf16 does not fit
  nebius-1xb300                bf16 does not fit
  nebius-1xrtx-pro-6000-server bf16 does not fit
  nodexo-1xrtx4070ti           bf16 does not fit
  nodexo-1xrtx4070ti-super     bf16 does not fit
  oci-bm-gpu-gb200-4           bf16 does not fit
  oci-bm-gpu-h200-8            bf16 fits too few sequences
  oci-bm-gpu-gb300-4           bf16 fits too few sequences
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
  runpod-1xl40                 bf16 does not fit
  runpod-2xl40                 bf16 does not fit
  runpod-4xl40                 bf16 does not fit
  runpod-8xl40                 bf16 does not fit
  runpod-1xl40-secure          bf16 does not fit
  runpod-1xv100-pcie-16        bf16 does not fit
  runpod-1xv100-sxm2-16        bf16 does not fit
  runpod-1xa4000               bf16 does not fit
  runpod-1xa4000-secure        bf16 does not fit
  runpod-1xa4500               bf16 does not fit
  runpod-2xa4500               bf16 does not fit
  runpod-4xa4500               bf16 does not fit
  runpod-1xa4500-secure        bf16 does not fit
  runpod-1xrtx5080             bf16 does not fit
  runpod-1xrtx4080             bf16 does not fit
  runpod-1xb300                bf16 does not fit
  runpod-1xb300-secure         bf16 does not fit
  runpod-3xrtx-pro-6000-server vllm: the 128 attention heads are not divisible by tensor parallel size 3
  runpod-1xrtx4070ti           bf16 does not fit
  spheron-gb200-superchip      bf16 does not fit
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
  vast-1xt4                    bf16 does not fit
  vast-1xl40                   bf16 does not fit
  vast-1xa4000                 bf16 does not fit
  vast-1xrtx5080               bf16 does not fit
  vast-1xrtx5070ti             bf16 does not fit
  vast-1xrtx4080               bf16 does not fit
  vast-1xrtx2080ti             bf16 does not fit
  vast-1xv100-16               bf16 does not fit
  vast-1xrtx4070ti             bf16 does not fit
  vast-1xrtx4070ti-super       bf16 does not fit
  vast-1xrtx5060ti             bf16 does not fit
  vast-1xgtx1080ti             bf16 does not fit
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
  verda-1xv100                 bf16 does not fit
  verda-2xv100                 bf16 does not fit
  verda-4xv100                 bf16 does not fit
  verda-8xv100                 bf16 does not fit
  verda-1xb300                 bf16 does not fit
  verda-2xb300                 bf16 does not fit
  verda-4xb300                 bf16 fits too few sequences
  vramfarm-4xrtx4090           bf16 does not fit
  vramfarm-8xh100              bf16 does not fit
--- stderr
