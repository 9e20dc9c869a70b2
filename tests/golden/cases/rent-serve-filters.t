args: rent --serve --model llama-3.1-8b --provider lambda,runpod --interruptible no --top 5
rc: 0
--- stdout
84 offers can serve it (3 left out)

    offer                        GPUs             price/h    per M tok  quantisation
  1  runpod-1xa5000               1xA5000         0.14 EUR    1.093 EUR  bf16 fits: 4 sequences of 8192, 36 tokens/s in all
  2  runpod-1xa4000               1xA4000         0.15 EUR    1.179 EUR  bf16 does not fit; fp8 fits: 3 sequences of 8192, 36 tokens/s in all
  3  runpod-1xa4500               1xA4500         0.17 EUR    0.950 EUR  bf16 does not fit; fp8 fits: 7 sequences of 8192, 50 tokens/s in all
  4  runpod-1xrtx4070ti           1xRTX4070TI     0.17 EUR    0.821 EUR  bf16 does not fit; fp8 does not fit; awq4 fits: 3 sequences of 8192, 57 tokens/s in all
  5  runpod-1xrtx3090             1xRTX3090       0.20 EUR    1.252 EUR  bf16 fits: 4 sequences of 8192, 44 tokens/s in all

Left out:
  runpod-1xv100-pcie-16        V100-PCIE-16GB has no FP8 support
  runpod-1xv100-sxm2-16        V100-SXM2-16GB has no FP8 support
  runpod-3xrtx-pro-6000-server vllm: the 32 attention heads are not divisible by tensor parallel size 3
--- stderr
