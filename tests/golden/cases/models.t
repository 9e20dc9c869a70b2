args: models
rc: 0
--- stdout
name             family        params(B)  active(B) layers hidden  heads/kv  context
vfcalib-proxy    llama             0.337      0.337      4   2048     16/16     8192
deepseek-v3      deepseek_v3     671.026     37.552     61   7168   128/128   163840
gemma-2-9b       gemma2            9.242      9.242     42   3584      16/8     8192
gemma-2-27b      gemma2           27.227     27.227     46   4608     32/16     8192
gpt3-175b        gpt3            174.604    174.604     96  12288     96/96     2048
llama-2-7b       llama             6.738      6.738     32   4096     32/32     4096
llama-2-13b      llama            13.016     13.016     40   5120     40/40     4096
llama-2-70b      llama            68.977     68.977     80   8192      64/8     4096
llama-3.1-8b     llama             8.030      8.030     32   4096      32/8   131072
llama-3.1-70b    llama            70.554     70.554     80   8192      64/8   131072
llama-3.1-405b   llama           405.853    405.853    126  16384     128/8   131072
llama-3.2-1b     llama             1.236      1.236     16   2048      32/8   131072
llama-3.2-3b     llama             3.213      3.213     28   3072      24/8   131072
mistral-7b       mistral           7.242      7.242     32   4096      32/8    32768
mixtral-8x7b     mixtral          46.703     12.880     32   4096      32/8    32768
mixtral-8x22b    mixtral         140.630     39.161     56   6144      48/8    65536
phi-3-mini       phi3              3.821      3.821     32   3072     32/32     4096
qwen2.5-7b       qwen2             7.616      7.616     28   3584      28/4   131072
qwen2.5-14b      qwen2            14.770     14.770     48   5120      40/8   131072
qwen2.5-32b      qwen2            32.764     32.764     64   5120      40/8   131072
qwen2.5-72b      qwen2            72.706     72.706     80   8192      64/8   131072

Also: any size (125M, 1.5B, 8B, 70B ...) and any config.json or model .yaml path.
--- stderr
