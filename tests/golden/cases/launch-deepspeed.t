args: launch --emit deepspeed --model 8B --gpus 4xH100 --strategy zero3 --global-batch 64 --micro-batch 2
rc: 0
--- stdout
{
  "train_batch_size": 64,
  "train_micro_batch_size_per_gpu": 2,
  "gradient_accumulation_steps": 8,
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
vfplan: warning: this plan is borderline (72.3 GB per GPU, 57.1-87.4 GB with the error band, 84.4 usable): it may run out of memory; 'vfplan plan' lists the changes that make it fit
