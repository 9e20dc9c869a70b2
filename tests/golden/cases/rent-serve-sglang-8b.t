args: rent --serve --model llama-3.1-8b --engine sglang --top 3
rc: 0
--- stdout
219 offers can serve it (8 left out)

    offer                        GPUs             price/h    per M tok  quantisation
  1  vast-1xrtx5060ti             1xRTX5060TI     0.05 EUR    0.439 EUR  bf16 does not fit; fp8 fits: 2 sequences of 8192, 33 tokens/s in all
  2  vast-1xa4000                 1xA4000         0.07 EUR    0.621 EUR  bf16 does not fit; fp8 fits: 2 sequences of 8192, 33 tokens/s in all
  3  vast-1xrtx4070ti             1xRTX4070TI     0.08 EUR    0.421 EUR  bf16 does not fit; fp8 does not fit; awq4 fits: 1 sequences of 8192, 53 tokens/s in all

Left out:
  runpod-1xv100-pcie-16        V100-PCIE-16GB has no FP8 support
  runpod-1xv100-sxm2-16        V100-SXM2-16GB has no FP8 support
  runpod-3xrtx-pro-6000-server sglang: the 32 attention heads are not divisible by tensor parallel size 3
  vast-1xt4                    T4 has no FP8 support
  vast-1xrtx2080ti             RTX2080TI has no FP8 support
  vast-1xv100-16               V100-PCIE-16GB has no FP8 support
  vast-1xgtx1080ti             GTX1080TI has no FP8 support
  verda-1xv100                 V100-SXM2-16GB has no FP8 support
--- stderr
