args: launch --emit torchtitan --model llama-3.1-8b --gpus 8xH100 --strategy zero3 --torchtitan-version 0.1.0
rc: 2
--- stdout
--- stderr
vfplan: torchtitan 0.1.0: vfplan writes 0.2.0 .. 0.2.2's TOML and the Python config of later releases; earlier TOML keys differ (no hf_assets_path): use 0.2.2 or later
