#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""vfplan from a notebook: each block below is one cell.

    python3 -m pip install --user --break-system-packages \
        --no-build-isolation ./python        # once (docs/python.md)
    python3 examples/python/plan_example.py

Without installing: VFPLAN_LIBRARY=build/src/libvfplan.so.0
PYTHONPATH=python python3 examples/python/plan_example.py
"""
import vfplan

GB = 1e9  # vfplan's answers are in bytes; its reports say GB = 10^9

# %% 1. Will a full fine-tune of an 8B model fit on four H100s with ZeRO-3?
p = vfplan.plan(model="8B", gpus="4xH100", strategy="zero3")
mem = p["memory"]
print(f"peak per GPU {mem['per_gpu']['total_bytes'] / GB:.2f} GB "
      f"of {mem['usable_vram_bytes'] / GB:.2f} usable; fits: {mem['fits']}")
print(f"step {p['time']['step_seconds']:.3f} s, "
      f"{p['time']['tokens_per_second']:,.0f} tokens/s")

# %% 2. Options are the CLI's with underscores (--micro-batch 1: micro_batch=1).
# A full fine-tune of a 70B needs 16 bytes a parameter of model states
# (1.12 TB): more than 8 x 80 GB. LoRA keeps the base weights frozen.
for lora in (None, 16):
    p = vfplan.plan(model="llama-3.1-70b", gpus="8xA100-80", strategy="zero3",
                    micro_batch=1, ckpt="full", seq=4096, lora=lora)
    print(f"70B, lora={lora}: {p['memory']['per_gpu']['total_bytes'] / GB:.1f}"
          f" GB per GPU, fits: {p['memory']['fits']}")

# %% 3. Where to rent it: the catalog's offers, the time-cost front first
r = vfplan.rent(model="8B", tokens="2B", top=3)
for plan in r["plans"]:
    c = plan["cost"]
    print(f"{plan['offer']['id']:28} {c['total']:9.2f} {c['currency']}"
          f"  {c['billed_minutes'] / 60:7.1f} h  {plan['why']}")

# %% 4. Serving: weights, KV cache and the engine's command
s = vfplan.infer(model="llama-3.1-8b", gpus="1xH100", context=32768)
print(f"{s['memory']['max_concurrent_sequences']} sequences of 32k tokens "
      f"at once; decode {s['time']['decode_tokens_per_second']:.0f} tokens/s")
print(s["command"])

# %% 5. A model vfplan does not know: its config.json as a dict. With
# transformers: cfg = AutoConfig.from_pretrained("org/name"), then
# vfplan.plan(model=cfg, ...): anything with to_dict() is read the same.
config = {  # the shape of Llama 3.2 1B, as its config.json gives it
    "model_type": "llama", "hidden_size": 2048, "num_hidden_layers": 16,
    "num_attention_heads": 32, "num_key_value_heads": 8,
    "intermediate_size": 8192, "vocab_size": 128256,
    "tie_word_embeddings": True, "_name_or_path": "my-org/my-1b",
}
p = vfplan.plan(model=config, gpus="1xRTX4090", lora=16)
print(f"{p['model']['name']}: {p['model']['params'] / 1e9:.3f} B parameters, "
      f"LoRA on one RTX 4090: {p['memory']['per_gpu']['total_bytes'] / GB:.1f}"
      f" GB")

# %% 6. What vfplan refuses is a vfplan.Error (a ValueError)
try:
    vfplan.plan(model="llama-3.1-8c", gpus="1xH100")
except vfplan.Error as e:
    print(f"exit code {e.exit_code}: {e.message}")
