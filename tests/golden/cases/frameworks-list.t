args: frameworks
rc: 0
--- stdout
accelerate: Hugging Face Accelerate (DDP, FSDP and DeepSpeed launcher and wrapper)
  huggingface/accelerate at beb0672aa8444ea7647aee056f624effe5996346 (v1.14.0), read 2026-12-01
  ckpt               none       huggingface/accelerate src/accelerate/utils/dataclasses.py@beb0672aa8
  compile            false      huggingface/accelerate src/accelerate/utils/dataclasses.py@beb0672aa8
  ddp_bucket_view    false      huggingface/accelerate src/accelerate/utils/dataclasses.py@beb0672aa8
  fsdp_version       1          huggingface/accelerate src/accelerate/utils/dataclasses.py@beb0672aa8
  autocast           true       huggingface/accelerate src/accelerate/utils/modeling.py@16cb6eb80d
  fsdp_reduce_fp32   false      huggingface/accelerate src/accelerate/utils/dataclasses.py@beb0672aa8
  fsdp_no_sync       true       huggingface/accelerate src/accelerate/accelerator.py@beb0672aa8
  info_fsdp2         selectable huggingface/accelerate src/accelerate/utils/dataclasses.py@d7c741a6bc [1.6.0..)

axolotl: Axolotl (YAML-configured fine-tuning on HF Trainer, PEFT, TRL)
  axolotl-ai-cloud/axolotl at 2f5cb9da62a0fe763a1ddeb7798fc9acb2f4a417 (v0.18.0), read 2026-12-01
  ckpt               full       axolotl-ai-cloud/axolotl examples/llama-3/lora-1b.yml@2f5cb9da62
  attn               sdpa       axolotl-ai-cloud/axolotl src/axolotl/loaders/model.py@2f5cb9da62
  fused_kernels      true       axolotl-ai-cloud/axolotl src/axolotl/utils/schemas/config.py@2f5cb9da62
  compile            false      axolotl-ai-cloud/axolotl src/axolotl/core/builders/base.py@2f5cb9da62
  ddp_bucket_view    false      axolotl-ai-cloud/axolotl src/axolotl/core/trainers/base.py@2f5cb9da62
  fsdp_version       1          axolotl-ai-cloud/axolotl src/axolotl/utils/trainer.py@2f5cb9da62
  lora_dropout       0.05       axolotl-ai-cloud/axolotl examples/llama-3/lora-1b.yml@2f5cb9da62
  lora_fp32          false      axolotl-ai-cloud/axolotl src/axolotl/kernels/lora.py@2f5cb9da62
  nf4_double_quant   true       axolotl-ai-cloud/axolotl src/axolotl/loaders/model.py@2f5cb9da62
  optimizer_impl     fused      axolotl-ai-cloud/axolotl src/axolotl/utils/schemas/training.py@2f5cb9da62
  fsdp_reduce_fp32   false      huggingface/accelerate src/accelerate/utils/dataclasses.py@16cb6eb80d
  fsdp_no_sync       true       huggingface/accelerate src/accelerate/accelerator.py@16cb6eb80d
  deepspeed_zero     true       axolotl-ai-cloud/axolotl src/axolotl/core/builders/causal.py@067b021c8b

deepspeed: DeepSpeed (ZeRO stages 0-3, engine and optimizers)
  deepspeedai/DeepSpeed at cf44300453eb0af79ed84ed8f1cb49d57478bd76 (v0.19.5), read 2026-12-01
  optimizer_impl     fused      deepspeedai/DeepSpeed deepspeed/runtime/engine.py@cf44300453
  ds_stage           0          deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_contiguous_gradients false      deepspeedai/DeepSpeed deepspeed/runtime/zero/constants.py@36126122be [..0.4.3)
  ds_contiguous_gradients true       deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453 [0.4.3..)
  ds_reduce_bucket_size 500000000  deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_allgather_bucket_size 500000000  deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_overlap_comm    false      deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_overlap_comm_stage3 true       deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_sub_group_size  1000000000000 deepspeedai/DeepSpeed deepspeed/runtime/zero/constants.py@aa16828c26 [..0.4.1)
  ds_sub_group_size  1000000000 deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453 [0.4.1..)
  ds_stage3_prefetch_bucket_size 50000000   deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_stage3_param_persistence_threshold 100000     deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_stage3_max_live_parameters 1000000000 deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453
  ds_stage3_max_reuse_distance 1000000000 deepspeedai/DeepSpeed deepspeed/runtime/zero/config.py@cf44300453

hf-trainer: Hugging Face Transformers Trainer (and its DeepSpeed and FSDP integrations)
  huggingface/transformers, stored file versions: training_args.py at 00349ae8 (v5.x main), trainer.py at 000945a9 and modeling_utils.py at 040ba146 (v4.5x), loss/loss_utils.py at 0114da07, utils/quantization_config.py at 000e2231; read 2026-12-01
  ckpt               none       huggingface/transformers src/transformers/training_args.py@00349ae87e
  loss               standard   huggingface/transformers src/transformers/loss/loss_utils.py@0114da07ec
  attn               sdpa       huggingface/transformers src/transformers/modeling_utils.py@040ba14675
  fused_kernels      false      huggingface/transformers src/transformers/training_args.py@00349ae87e
  compile            false      huggingface/transformers src/transformers/training_args.py@00349ae87e
  ddp_bucket_view    false      huggingface/transformers src/transformers/trainer.py@000945a9b7
  fsdp_version       1          huggingface/transformers src/transformers/training_args.py@00349ae87e
  nf4_double_quant   false      huggingface/transformers src/transformers/utils/quantization_config.py@000e223116
  optimizer_impl     fused      huggingface/transformers src/transformers/training_args.py@00349ae87e
  logits_kept        false      huggingface/transformers src/transformers/trainer.py@000945a9b7
  autocast           true       huggingface/accelerate src/accelerate/utils/modeling.py@16cb6eb80d
  lora_fp32          true       huggingface/peft src/peft/mapping_func.py@5d602fdbff
  fsdp_reduce_fp32   false      huggingface/accelerate src/accelerate/utils/dataclasses.py@16cb6eb80d
  fsdp_no_sync       true       huggingface/accelerate src/accelerate/accelerator.py@16cb6eb80d
  moe_impl           eager      huggingface/transformers src/transformers/models/qwen3_moe/modeling_qwen3_moe.py@00d4b3d214
  deepspeed_zero     true       huggingface/accelerate src/accelerate/accelerator.py@16cb6eb80d

litgpt: LitGPT (Lightning AI; Fabric-based pretrain and finetune scripts)
  Lightning-AI/litgpt at 26857050fe3ff627cd714fe92f5838f51a3d5efa (v0.5.13), read 2026-12-01
  ckpt               none       Lightning-AI/litgpt litgpt/finetune/full.py@26857050fe
  loss               16bit      Lightning-AI/litgpt litgpt/utils.py@26857050fe
  logits_kept        true       Lightning-AI/litgpt litgpt/finetune/lora.py@26857050fe
  graph_kept         true       Lightning-AI/litgpt litgpt/finetune/lora.py@26857050fe
  attn               sdpa       Lightning-AI/litgpt litgpt/model.py@26857050fe
  fused_kernels      false      Lightning-AI/litgpt litgpt/model.py@26857050fe
  compile            false      Lightning-AI/litgpt litgpt/finetune/lora.py@26857050fe
  fsdp_version       1          Lightning-AI/litgpt litgpt/finetune/full.py@26857050fe
  lora_dropout       0.05       Lightning-AI/litgpt litgpt/finetune/lora.py@26857050fe
  lora_fp32          false      Lightning-AI/litgpt litgpt/lora.py@26857050fe
  nf4_double_quant   false      Lightning-AI/litgpt config_hub/finetune/llama-3-8b/qlora.yaml@26857050fe
  optimizer_impl     foreach    Lightning-AI/litgpt litgpt/finetune/lora.py@26857050fe
  nf4_head           true       Lightning-AI/litgpt litgpt/finetune/lora.py@26857050fe
  fused_qkv          true       Lightning-AI/litgpt litgpt/model.py@26857050fe
  kv_repeat          true       Lightning-AI/litgpt litgpt/model.py@26857050fe
  info_lora_fsdp_version 1          Lightning-AI/litgpt litgpt/finetune/lora.py@b00e7b3e65 [..0.5.11)
  info_lora_fsdp_version 2          Lightning-AI/litgpt litgpt/finetune/lora.py@5ac69b0652 [0.5.11..)
  fsdp_no_sync       true       Lightning-AI/litgpt litgpt/finetune/lora.py@26857050fe
  fsdp_frozen_grads  true       Lightning-AI/litgpt finetune/lora.py@8641822 [..0.5.11)
  nf4_fp16_state     true       Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/precision/bitsandbytes.py@003e3070e7

llm-foundry: LLM Foundry (MosaicML/Databricks, on Composer)
  mosaicml/llm-foundry at 8c8dd48f72168c5d51e2f7b151595892a8fba43d, read 2026-12-01
  ckpt               full       mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-7b.yaml@8c8dd48f72
  attn               flash      mosaicml/llm-foundry llmfoundry/models/utils/config_defaults.py@8c8dd48f72
  loss               16bit      mosaicml/llm-foundry llmfoundry/models/mpt/modeling_mpt.py@8c8dd48f72
  logits_kept        true       Dao-AILab/flash-attention flash_attn/ops/triton/cross_entropy.py@900b379345
  fsdp_version       1          mosaicml/composer composer/trainer/trainer.py@6405188805
  optimizer_impl     for-loop   mosaicml/composer composer/optim/decoupled_weight_decay.py@6405188805
  compile            false      mosaicml/llm-foundry llmfoundry/utils/config_utils.py@8c8dd48f72

megatron: Megatron-LM / Megatron-Core (NVIDIA)
  NVIDIA/Megatron-LM at d98e8a64ddf34856e74b24714e3bedb2f5a39553, read 2026-12-01
  ckpt               none       NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd
  selective          megatron   NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd
  loss               standard   NVIDIA/Megatron-LM megatron/core/tensor_parallel/cross_entropy.py@d98e8a64dd
  logits_kept        false      NVIDIA/Megatron-LM megatron/core/tensor_parallel/cross_entropy.py@d98e8a64dd
  attn               flash      NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd
  fused_kernels      true       NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd
  optimizer_impl     fused      NVIDIA/Megatron-LM megatron/core/optimizer/__init__.py@d98e8a64dd
  ddp_bucket_view    true       NVIDIA/Megatron-LM megatron/core/distributed/param_and_grad_buffer.py@d98e8a64dd
  mg_distributed_optimizer false      NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd
  mg_overlap_grad_reduce false      NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd
  mg_ddp_bucket_size 40000000   NVIDIA/Megatron-LM megatron/core/distributed/distributed_data_parallel.py@d98e8a64dd
  grads_fp32         true       NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd
  mg_recompute_modules core_attn  NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd
  mg_moe_token_dispatcher_type allgather  NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd
  moe_impl           megatron   NVIDIA/Megatron-LM megatron/core/transformer/moe/experts.py@d98e8a64dd
  cp_impl            ring       NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd

pytorch: plain PyTorch training loop (torch.optim, DDP, autocast)
  pytorch/pytorch torch/optim/adamw.py, torch/nn/parallel/distributed.py, aten/src/ATen/autocast_mode.h, torch/utils/checkpoint.py, read 2026-12-01
  ckpt               none       pytorch/pytorch torch/utils/checkpoint.py@4b804b8500
  loss               standard   pytorch/pytorch aten/src/ATen/autocast_mode.h@d70fe7f339
  ddp_bucket_view    false      pytorch/pytorch torch/nn/parallel/distributed.py@25562d3d41
  optimizer_impl     foreach    pytorch/pytorch torch/optim/adamw.py@c15fcf4eb7
  autocast           true       pytorch/pytorch torch/amp/autocast_mode.py@291bc5ca4f

torchtitan: torchtitan (PyTorch's native pre-training stack)
  pytorch/torchtitan at b5bcd76c66d0acb1a08b176d9639425bc55e0b2a, read 2026-12-01
  ckpt               op         pytorch/torchtitan torchtitan/trainer.py@b5bcd76c66
  selective          op         pytorch/torchtitan torchtitan/distributed/activation_checkpoint.py@b5bcd76c66 [2026.03.23..)
  loss               fused      pytorch/torchtitan torchtitan/components/loss.py@b5bcd76c66 [2026.04.27..)
  logits_kept        false      pytorch/torchtitan torchtitan/components/loss.py@b5bcd76c66 [2026.04.27..)
  attn               flash      pytorch/torchtitan torchtitan/models/llama3/__init__.py@b5bcd76c66 [2026.06.09..)
  compile            false      pytorch/torchtitan torchtitan/config/configs.py@b5bcd76c66
  fused_kernels      false      pytorch/torchtitan torchtitan/config/configs.py@b5bcd76c66
  fsdp_version       2          pytorch/torchtitan torchtitan/distributed/fsdp.py@b5bcd76c66 [2024.03.28..)
  optimizer_impl     fused      pytorch/torchtitan torchtitan/components/optimizer/optimizer.py@b5bcd76c66 [2025.02.24..)
  fused_qkv          true       pytorch/torchtitan torchtitan/models/llama3/__init__.py@b5bcd76c66 [2026.04.16..)
  fsdp_reduce_fp32   true       pytorch/torchtitan torchtitan/config/configs.py@b5bcd76c66
  info_moe_dispatcher alltoall   pytorch/torchtitan torchtitan/distributed/expert_parallel.py@31f33c14d6
  moe_impl           grouped-mm pytorch/torchtitan torchtitan/models/common/moe.py@b5bcd76c66
  cp_impl            allgather  pytorch/torchtitan torchtitan/config/job_config.py@4a950eaabf
  selective          every:2    pytorch/torchtitan torchtitan/config_manager.py@9dec370ad2 [..2026.03.23)
  loss               standard   pytorch/torchtitan train.py@9dec370ad2 [2024.01.10..2026.04.27)
  logits_kept        false      pytorch/torchtitan train.py@9dec370ad2 [..2026.04.27)
  compile_loss       false      pytorch/torchtitan train.py@9dec370ad2 [..2025.04.02)
  compile_loss       true       pytorch/torchtitan torchtitan/components/loss.py@bbb1b616ef [2025.04.02..)
  attn               sdpa       pytorch/torchtitan torchtitan/models/llama/model.py@9dec370ad2 [..2026.06.09)
  optimizer_impl     foreach    pytorch/torchtitan torchtitan/optimizer.py@9dec370ad2 [..2025.02.24)
  fused_qkv          false      pytorch/torchtitan torchtitan/models/llama/model.py@9dec370ad2 [..2026.04.16)
  fsdp_version       1          pytorch/torchtitan torchtrain/parallelisms/parallelize_llama.py@ab5d91823f [..2024.03.28)

torchtune: torchtune (PyTorch's fine-tuning recipes)
  pytorch/torchtune at bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1, read 2026-12-01
  ckpt               full       pytorch/torchtune recipes/configs/llama3_1/8B_full.yaml@bd2a0fc7c3
  loss               chunked    pytorch/torchtune torchtune/modules/loss/cross_entropy_loss.py@bd2a0fc7c3
  logits_kept        false      pytorch/torchtune torchtune/modules/loss/cross_entropy_loss.py@bd2a0fc7c3
  attn               sdpa       pytorch/torchtune torchtune/modules/attention_utils.py@bd2a0fc7c3
  compile            false      pytorch/torchtune recipes/configs/llama3_1/8B_full.yaml@bd2a0fc7c3
  fsdp_version       2          pytorch/torchtune torchtune/training/_distributed.py@bd2a0fc7c3
  optimizer_impl     fused      pytorch/torchtune recipes/configs/llama3_1/8B_full.yaml@bd2a0fc7c3
  lora_dropout       0.0        pytorch/torchtune recipes/configs/llama3_1/8B_lora.yaml@bd2a0fc7c3
  lora_fp32          false      pytorch/torchtune torchtune/modules/peft/lora.py@bd2a0fc7c3
  nf4_double_quant   true       pytorch/ao torchao/dtypes/nf4tensor.py@38cb64cc5d
  moe_impl           grouped-mm pytorch/torchtune torchtune/modules/moe/moe.py@bd2a0fc7c3

unsloth: Unsloth (FastLanguageModel with its Triton kernels, on TRL/HF Trainer)
  unslothai/unsloth at f3a66cd1844f82feea21bd1b8454a1ff60719c9f (tag v0.1.801-beta, package version 2026.8.19; requires unsloth_zoo>=2026.8.13), read 2026-12-01
  ckpt               full       unslothai/unsloth unsloth/models/loader.py@f3a66cd184
  loss               fused      unslothai/unsloth unsloth/models/llama.py@f3a66cd184
  logits_kept        false      unslothai/unsloth unsloth/models/llama.py@f3a66cd184
  attn               flash      unslothai/unsloth unsloth/utils/attention_dispatch.py@f3a66cd184
  fused_kernels      true       unslothai/unsloth unsloth/models/llama.py@f3a66cd184
  lora_dropout       0.0        unslothai/unsloth unsloth/models/llama.py@f3a66cd184
  lora_fp32          false      unslothai/unsloth unsloth/kernels/utils.py@f3a66cd184
  nf4_double_quant   true       unslothai/unsloth unsloth/models/llama.py@f3a66cd184
  act_offload        true       unslothai/unsloth-zoo unsloth_zoo/gradient_checkpointing.py@ce232d6cef
  optimizer_impl     fused      huggingface/transformers src/transformers/training_args.py@00349ae87e

A plan takes these defaults for what its job leaves unset (--framework NAME;
pytorch when none is named); --explain shows what each source line says.
[A..B): the versions a row holds for (A <= v < B); --framework NAME@VERSION pins
one, the rows without an end otherwise.
--- stderr
