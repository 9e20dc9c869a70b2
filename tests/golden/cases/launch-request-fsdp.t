args: request '{"command": "launch", "model": "llama-3.1-8b", "gpus": "4xH100", "strategy": "fsdp", "emit": "llamafactory", "torchtitan_version": "0.2.2"}'
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "emit": "llamafactory",
  "file": "llamafactory.yaml",
  "text": "# LLaMA-Factory 0.9.6 (hiyouga/LLaMA-Factory ff6d4d12); fill in HF_MODEL_ID (llama-3.1-8b); global batch 4 = 1 x 1 x 4\n# FSDP runs through Accelerate: accelerate launch --config_file accelerate.yaml src/train.py llamafactory.yaml (vfplan launch --emit fsdp)\nmodel_name_or_path: \"HF_MODEL_ID\"\nflash_attn: \"fa2\"\ndisable_gradient_checkpointing: true\nstage: \"sft\"\ndo_train: true\nfinetuning_type: \"full\"\ndataset: \"alpaca_en_demo\"\ntemplate: \"llama3\"\ncutoff_len: 2048\npacking: true\noutput_dir: \"saves/vfplan\"\noverwrite_output_dir: true\nlogging_steps: 10\nsave_steps: 500\nreport_to: \"none\"\nper_device_train_batch_size: 1\ngradient_accumulation_steps: 1\nlearning_rate: 1.0e-5\nnum_train_epochs: 1\nlr_scheduler_type: \"cosine\"\nwarmup_steps: 10\noptim: \"adamw_torch\"\nbf16: true\nfp16: false\ntorch_compile: false\nddp_timeout: 180000000\n"
}
--- stderr
