args: models
rc: 0
--- stdout
name                   family        params(B)  active(B) layers hidden  heads/kv  context
vfcalib-proxy          llama             0.337      0.337      4   2048     16/16     8192
command-r              cohere           34.981     34.981     40   8192     64/64     8192
deepseek-v3            deepseek_v3     671.026     37.552     61   7168   128/128   163840
gemma-2-9b             gemma2            9.242      9.242     42   3584      16/8     8192
gemma-2-27b            gemma2           27.227     27.227     46   4608     32/16     8192
gpt-oss-20b            gpt_oss          20.915      4.187     24   2880      64/8   131072
gpt-oss-120b           gpt_oss         116.829      5.712     36   2880      64/8   131072
gpt3-175b              gpt3            174.604    174.604     96  12288     96/96     2048
llama-2-7b             llama             6.738      6.738     32   4096     32/32     4096
llama-2-13b            llama            13.016     13.016     40   5120     40/40     4096
llama-2-70b            llama            68.977     68.977     80   8192      64/8     4096
llama-3.1-8b           llama             8.030      8.030     32   4096      32/8   131072
llama-3.1-70b          llama            70.554     70.554     80   8192      64/8   131072
llama-3.1-405b         llama           405.853    405.853    126  16384     128/8   131072
llama-3.2-1b           llama             1.236      1.236     16   2048      32/8   131072
llama-3.2-3b           llama             3.213      3.213     28   3072      24/8   131072
mistral-7b             mistral           7.242      7.242     32   4096      32/8    32768
mixtral-8x7b           mixtral          46.703     12.880     32   4096      32/8    32768
mixtral-8x22b          mixtral         140.630     39.161     56   6144      48/8    65536
kimi-k2                deepseek_v3    1026.408     32.862     61   7168     64/64   131072
deepseek-v2-lite       deepseek_v2      15.706      2.661     27   2048     16/16   163840
glm-4.5                glm4_moe        352.798     33.632     92   5120      96/8   131072
gemma-3-4b             gemma3_text       4.300      4.300     34   2560       8/4   131072
gemma-3-27b            gemma3_text      27.432     27.432     62   5376     32/16   131072
llava-1.5-7b           llama             7.063      7.063     32   4096     32/32     4096
qwen2.5-vl-7b          qwen2             8.292      8.292     28   3584      28/4   128000
mistral-small-3.1-24b  mistral          24.011     24.011     40   5120      32/8   131072
mistral-nemo-12b       mistral          12.248     12.248     40   5120      32/8   131072
llama-4-scout          llama4_text     108.642     18.045     48   5120      40/8 10485760
phi-3-mini             phi3              3.821      3.821     32   3072     32/32     4096
phi-4                  phi3             14.660     14.660     40   5120     40/10    16384
qwen2.5-7b             qwen2             7.616      7.616     28   3584      28/4   131072
qwen2.5-14b            qwen2            14.770     14.770     48   5120      40/8   131072
qwen2.5-32b            qwen2            32.764     32.764     64   5120      40/8   131072
qwen2.5-72b            qwen2            72.706     72.706     80   8192      64/8   131072
qwen3-0.6b             qwen3             0.596      0.596     28   1024      16/8    40960
qwen3-1.7b             qwen3             1.721      1.721     28   2048      16/8    40960
qwen3-8b               qwen3             8.191      8.191     36   4096      32/8    40960
qwen3-32b              qwen3            32.762     32.762     64   5120      64/8    40960
qwen3-30b-a3b          qwen3_moe        30.532      3.353     48   2048      32/4    40960
qwen3-235b-a22b        qwen3_moe       235.094     22.191     94   4096      64/4    40960
qwen3-next-80b-a3b     qwen3_next       79.674      3.875     48   2048      16/2   262144

Also: any size (125M, 1.5B, 8B, 70B ...) and any config.json or model .yaml path.
--- stderr
