args: rent --serve --model llama-3.1-8b --top 1 --emit
rc: 0
--- stdout
219 offers can serve it (8 left out)

    offer                        GPUs             price/h    per M tok  quantisation
  1  vast-1xrtx5060ti             1xRTX5060TI     0.05 EUR    0.406 EUR  bf16 does not fit; fp8 fits: 3 sequences of 8192, 36 tokens/s in all

Left out:
  runpod-1xv100-pcie-16        V100-PCIE-16GB has no FP8 support
  runpod-1xv100-sxm2-16        V100-SXM2-16GB has no FP8 support
  runpod-3xrtx-pro-6000-server vllm: the 32 attention heads are not divisible by tensor parallel size 3
  vast-1xt4                    T4 has no FP8 support
  vast-1xrtx2080ti             RTX2080TI has no FP8 support
  vast-1xv100-16               V100-PCIE-16GB has no FP8 support
  vast-1xgtx1080ti             GTX1080TI has no FP8 support
  verda-1xv100                 V100-SXM2-16GB has no FP8 support

Command for vast-1xrtx5060ti (row 1):
vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 1 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 256 --quantization fp8
--- stderr
