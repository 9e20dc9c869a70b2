args: launch --emit axolotl --model llama-3.1-8b --gpus 2xH100 --strategy ddp --lora 8 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "emit": "axolotl",
  "file": "axolotl.yaml",
  "text": "# axolotl v0.18 (axolotl-ai-cloud/axolotl 067b021c); fill in HF_MODEL_ID (llama-3.1-8b); global batch 2 = 1 x 1 x 2\n# axolotl train axolotl.yaml\nbase_model: \"HF_MODEL_ID\"\nload_in_8bit: false\nload_in_4bit: false\nadapter: \"lora\"\nlora_r: 8\nlora_alpha: 16\nlora_dropout: 0\nlora_target_linear: true\ndatasets:\n- path: \"tatsu-lab/alpaca\"\n  type: \"alpaca\"\noutput_dir: \"./outputs\"\nsequence_len: 2048\nsample_packing: true\nmicro_batch_size: 1\ngradient_accumulation_steps: 1\nnum_epochs: 1\noptimizer: \"adamw_torch_fused\"\nlr_scheduler: \"cosine\"\nlearning_rate: 2.0e-4\nwarmup_steps: 10\nbf16: true\nfp16: false\ngradient_checkpointing: false\nactivation_offloading: false\nattn_implementation: \"flash_attention_2\"\ntorch_compile: false\nlogging_steps: 1\nsaves_per_epoch: 1\n"
}
--- stderr
