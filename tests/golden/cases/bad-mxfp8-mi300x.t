args: --model llama-3.1-8b --gpus 8xMI300X --precision mxfp8
rc: 2
--- stdout
--- stderr
vfplan: mxfp8 needs MX block-scaled matrix cores (NVIDIA Blackwell, compute capability 10.0+: B200, B300, GB200, GB300, RTX 50 series, RTX PRO 6000 Blackwell; AMD CDNA4: MI355X, MI350X); the MI300X has none: use fp8-mixed
