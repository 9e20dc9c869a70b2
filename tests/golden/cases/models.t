args: models
rc: 0
--- stdout
name                   family        params(B)  active(B) layers hidden  heads/kv  context year  source
command-r              cohere           34.981     34.981     40   8192     64/64     8192 2024  CohereForAI/c4ai-command-r-v01 config...

deepseek-v2-lite       deepseek_v2      15.706      2.661     27   2048     16/16   163840 2024  deepseek-ai/DeepSeek-V2-Lite config.json

deepseek-v3            deepseek_v3     671.026     37.552     61   7168   128/128   163840 2024  DeepSeek-R1 and R1-0528 share this co...
kimi-k2                deepseek_v3    1026.408     32.862     61   7168     64/64   131072 2025  moonshotai/Kimi-K2-Instruct config.json

deepseek-v3.2          deepseek_v32    671.878     38.404     61   7168   128/128   163840 2025  deepseek-ai/DeepSeek-V3.2 config.json

dots.llm1              dots1           142.774     14.017     62   4096     32/32    32768 2025  rednote-hilab/dots.llm1.inst config.json

exaone-4.0-32b         exaone4          32.003     32.003     64   5120      40/8   131072 2025  LGAI-EXAONE/EXAONE-4.0-32B config.json

gemma-2-9b             gemma2            9.242      9.242     42   3584      16/8     8192 2024  google/gemma-2-9b config.json
gemma-2-27b            gemma2           27.227     27.227     46   4608     32/16     8192 2024  google/gemma-2-27b config.json

gemma-3-1b             gemma3_text       1.000      1.000     26   1152       4/1    32768 2025  Gemma 3 Technical Report
gemma-3-4b             gemma3_text       4.300      4.300     34   2560       8/4   131072 2025  google/gemma-3-4b-it config.json
gemma-3-12b            gemma3_text      12.187     12.187     48   3840      16/8   131072 2025  Gemma 3 Technical Report
gemma-3-27b            gemma3_text      27.432     27.432     62   5376     32/16   131072 2025  google/gemma-3-27b-it config.json

gemma-4-26b-a4b        gemma4_text      25.806      4.395     30   2816      16/8   262144 2026  google/gemma-4-26B-A4B-it config.json
gemma-4-31b            gemma4_text      31.273     31.273     60   5376     32/16   262144 2026  google/gemma-4-31B-it config.json

glm-4.5                glm4_moe        352.798     33.632     92   5120      96/8   131072 2025  zai-org/GLM-4.5 config.json

glm-5                  glm_moe_dsa     743.911     41.785     78   6144     64/64   202752 2026  zai-org/GLM-5 config.json
glm-5.1                glm_moe_dsa     743.911     41.785     78   6144     64/64   202752 2026  zai-org/GLM-5.1 config.json

gpt3-175b              gpt3            174.604    174.604     96  12288     96/96     2048 2020  Brown et al. 2020

gpt-oss-20b            gpt_oss          20.915      4.187     24   2880      64/8   131072 2025  openai/gpt-oss-20b config.json
gpt-oss-120b           gpt_oss         116.829      5.712     36   2880      64/8   131072 2025  openai/gpt-oss-120b config.json

granite-3.3-8b         granite           8.171      8.171     40   4096      32/8   131072 2025  ibm-granite/granite-3.3-8b-instruct c...

granite-4.0-h-tiny     granitemoehybrid      6.939      1.465     40   1536      12/4   131072 2025  ibm-granite/granite-4.0-h-tiny config...

hunyuan-a13b           hunyuan          80.393     12.747     32   4096      32/8     2048 2025  tencent/Hunyuan-A13B-Instruct config....

jamba-1.5-mini         jamba            51.570     12.110     32   4096      32/8   262144 2024  ai21labs/AI21-Jamba-1.5-Mini config.json

lfm2-1.2b              lfm2              1.170      1.170     16   2048      32/8   128000 2025  LiquidAI/LFM2-1.2B config.json

vfcalib-proxy          llama             0.337      0.337      4   2048     16/16     8192    -  the proxy training step of vfcalib
llama-3.2-1b           llama             1.236      1.236     16   2048      32/8   131072 2024  meta-llama/Llama-3.2-1B config.json
llama-3.2-3b           llama             3.213      3.213     28   3072      24/8   131072 2024  meta-llama/Llama-3.2-3B config.json
llama-2-7b             llama             6.738      6.738     32   4096     32/32     4096 2023  meta-llama/Llama-2-7b-hf config.json
llava-1.5-7b           llama             7.063      7.063     32   4096     32/32     4096 2023  llava-hf/llava-1.5-7b-hf config.json
llama-3.1-8b           llama             8.030      8.030     32   4096      32/8   131072 2024  meta-llama/Llama-3.1-8B config.json
llama-2-13b            llama            13.016     13.016     40   5120     40/40     4096 2023  meta-llama/Llama-2-13b-hf config.json
llama-2-70b            llama            68.977     68.977     80   8192      64/8     4096 2023  meta-llama/Llama-2-70b-hf config.json
llama-3.1-70b          llama            70.554     70.554     80   8192      64/8   131072 2024  Llama 3.3 70B Instruct keeps this arc...
llama-3.1-405b         llama           405.853    405.853    126  16384     128/8   131072 2024  meta-llama/Llama-3.1-405B config.json
llama-3.1-405b-fp8     llama           405.853    405.853    126  16384     128/8   131072 2024  Meta's FP8 checkpoint of Llama 3.1 405B

llama-4-scout          llama4_text     108.642     18.045     48   5120      40/8 10485760 2025  meta-llama/Llama-4-Scout-17B-16E-Inst...
llama-4-maverick       llama4_text     401.584     18.057     48   5120      40/8  1048576 2025  meta-llama/Llama-4-Maverick-17B-128E-...

mimo-v2-flash          mimo_v2_flash    308.779     15.446     48   4096      64/4   262144 2025  XiaomiMiMo/MiMo-V2-Flash config.json

minimax-m1             minimax_m1      456.090     48.403     80   6144      64/8 10240000 2025  MiniMaxAI/MiniMax-M1-80k config.json

minimax-m2.7           minimax_m2      228.690     11.031     62   3072      48/8   204800 2026  MiniMaxAI/MiniMax-M2.7 config.json

ministral-3-3b         ministral3        3.849      3.849     26   3072      32/8   262144 2025  mistralai/Ministral-3-3B-Reasoning-25...

mistral-7b             mistral           7.242      7.242     32   4096      32/8    32768 2023  mistralai/Mistral-7B-v0.1 config.json
mistral-nemo-12b       mistral          12.248     12.248     40   5120      32/8   131072 2024  mistralai/Mistral-Nemo-Instruct-2407 ...
mistral-small-3.1-24b  mistral          24.011     24.011     40   5120      32/8   131072 2025  mistralai/Mistral-Small-3.1-24B-Instr...

mixtral-8x7b           mixtral          46.703     12.880     32   4096      32/8    32768 2023  mistralai/Mixtral-8x7B-v0.1 config.json
mixtral-8x22b          mixtral         140.630     39.161     56   6144      48/8    65536 2024  mistralai/Mixtral-8x22B-v0.1 config.json

nemotron-3-nano-30b-a3b nemotron_h       31.578      3.580     52   2688      32/2   262144 2025  nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B...

olmo-2-7b              olmo2             7.299      7.299     32   4096     32/32     4096 2024  allenai/OLMo-2-1124-7B config
olmo-2-13b             olmo2            13.716     13.716     40   5120     40/40     4096 2024  allenai/OLMo-2-1124-13B config
olmo-2-32b             olmo2            32.234     32.234     64   5120      40/8     4096 2025  allenai/OLMo-2-0325-32B config

olmo-3-7b              olmo3             7.298      7.298     32   4096     32/32    65536 2025  allenai/Olmo-3-1025-7B config.json

phi-3-mini             phi3              3.821      3.821     32   3072     32/32     4096 2024  fused_qkv
phi-4                  phi3             14.660     14.660     40   5120     40/10    16384 2024  microsoft/phi-4 config.json

qwen2.5-7b             qwen2             7.616      7.616     28   3584      28/4   131072 2024  Qwen/Qwen2.5-7B config.json
qwen2.5-vl-7b          qwen2             8.292      8.292     28   3584      28/4   128000 2025  Qwen/Qwen2.5-VL-7B-Instruct config.json
qwen2.5-14b            qwen2            14.770     14.770     48   5120      40/8   131072 2024  Qwen/Qwen2.5-14B config.json
qwen2.5-32b            qwen2            32.764     32.764     64   5120      40/8   131072 2024  Qwen/Qwen2.5-32B config.json
qwen2.5-72b            qwen2            72.706     72.706     80   8192      64/8   131072 2024  Qwen/Qwen2.5-72B config.json

qwen3-0.6b             qwen3             0.596      0.596     28   1024      16/8    40960 2025  Qwen/Qwen3-0.6B config.json
qwen3-1.7b             qwen3             1.721      1.721     28   2048      16/8    40960 2025  Qwen/Qwen3-1.7B config.json
qwen3-4b               qwen3             4.022      4.022     36   2560      32/8    40960 2025  Qwen/Qwen3-4B config
qwen3-8b               qwen3             8.191      8.191     36   4096      32/8    40960 2025  Qwen/Qwen3-8B config.json
qwen3-14b              qwen3            14.768     14.768     40   5120      40/8    40960 2025  Qwen/Qwen3-14B config.json as printed...
qwen3-32b              qwen3            32.762     32.762     64   5120      64/8    40960 2025  Qwen/Qwen3-32B config.json

qwen3.5-35b-a3b        qwen3_5_moe_text     35.107      3.902     40   2048      16/2   262144 2026  Qwen/Qwen3.5-35B-A3B config.json
qwen3.6-35b-a3b        qwen3_5_moe_text     35.107      3.902     40   2048      16/2   262144 2026  Qwen/Qwen3.6-35B-A3B config.json
qwen3.5-122b-a10b      qwen3_5_moe_text    122.563     10.223     48   3072      32/2   262144 2026  Qwen/Qwen3.5-122B-A10B config.json
qwen3.5-397b-a17b      qwen3_5_moe_text    396.802     17.805     60   4096      32/2   262144 2026  Qwen/Qwen3.5-397B-A17B config.json

qwen3.5-27b            qwen3_5_text     27.357     27.357     64   5120      24/4   262144 2026  Qwen/Qwen3.5-27B config.json

qwen3-30b-a3b          qwen3_moe        30.532      3.353     48   2048      32/4    40960 2025  Qwen/Qwen3-30B-A3B config.json
qwen3-235b-a22b        qwen3_moe       235.094     22.191     94   4096      64/4    40960 2025  Qwen/Qwen3-235B-A22B config.json

qwen3-next-80b-a3b     qwen3_next       79.674      3.875     48   2048      16/2   262144 2025  Qwen/Qwen3-Next-80B-A3B-Thinking conf...

qwen3-vl-30b-a3b       qwen3_vl_moe_text     31.071      3.892     48   2048      32/4   262144 2025  Qwen/Qwen3-VL-30B-A3B-Instruct config...
qwen3-vl-235b-a22b     qwen3_vl_moe_text    235.670     22.767     94   4096      64/4   262144 2025  Qwen/Qwen3-VL-235B-A22B-Instruct conf...

seed-oss-36b           seed_oss         36.151     36.151     64   5120      80/8   524288 2025  ByteDance-Seed/Seed-OSS-36B-Instruct ...

smollm3-3b             smollm3           3.075      3.075     36   2048      16/4    65536 2025  HuggingFaceTB/SmolLM3-3B config.json

Also: any size (125M, 1.5B, 8B, 70B ...) and any config.json, checkpoint directory,
params.json, GGUF or model .yaml path. --json gives every source whole.
--- stderr
