args: rent --serve --model llama-3.1-8b --engine-version 0.3
rc: 2
--- stdout
--- stderr
vfplan: vllm version '0.3' is not one vfplan knows; it models 0.5.3 to 0.5.99, 0.6.0 to 0.6.3, 0.6.4 to 0.6.4, 0.6.5 to 0.7.99, 0.8.0 to 0.10.99, 0.11.0 to 0.20.99, 0.21.0 to 0.99.99
