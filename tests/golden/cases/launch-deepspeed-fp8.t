args: launch --emit deepspeed --model llama-3.1-8b --gpus 8xH100 --strategy zero3 --precision fp8
rc: 0
--- stdout
{
  "train_batch_size": 8,
  "train_micro_batch_size_per_gpu": 1,
  "gradient_accumulation_steps": 1,
  "bf16": {
    "enabled": true
  },
  "fp16": {
    "enabled": false
  },
  "gradient_clipping": 1.0,
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "contiguous_gradients": true,
    "offload_optimizer": {
      "device": "none"
    },
    "offload_param": {
      "device": "none"
    },
    "stage3_gather_16bit_weights_on_model_save": true
  },
  "steps_per_print": 10,
  "wall_clock_breakdown": false
}
--- stderr
vfplan: note: DeepSpeed has no FP8 of its own: this ds_config.json is the bf16 that Accelerate's FP8 runs on (accelerate launch --mixed_precision fp8, --emit accelerate)
