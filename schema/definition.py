# SPDX-License-Identifier: GPL-3.0-or-later
"""The one definition of vfplan's JSON: every answer of `vfplan ... --json`
(and of vfp_request_json, `vfplan request`, `vfplan serve`) and every
request. schema/generate.py writes schema/*.schema.json from it; the
writers (src/report/json_*.c, src/report/request*.c) follow it, and
tests/schema_test.py fails when an answer or a request key drifts.

Notation (generate.py expands it):
  {"key": T, "?key": T}  an object with exactly these keys ("?": optional)
  "int" "num" "str" "bool" "null" "any" "date"   "int?": that or null
  "int|str"              either
  [T]                    an array of T
  "#name" "#name?"       DEFS[name] (or null)
  N(T)                   T or null
  E("a", "b")            one of these strings
  one_of(T, U)           an object of either shape
Schema 1: keys and shapes are only added, never renamed or removed
(docs/schema.md); a change that does is schema 2.
"""


def N(t):
    return ("null-or", t)


def E(*values):
    return ("enum", values)


def one_of(*ts):
    return ("any-of", ts)


def merge(*parts):
    """The keys of the parts in order: an answer that extends another."""
    out = {}
    for p in parts:
        out.update(p)
    return out


# Each object answer's first keys (vfp__result_json, json_*.c): "schema"
# is 1 for as long as changes are additive; vfplan_commit and data_date
# say which build and which data answered (issue 37, item 5).
HEADER = {"schema": "#schema", "vfplan_version": "str",
          "?vfplan_commit": "str", "?data_date": "date"}
# rent --serve's answer (json_rent.c) has no vfplan_version yet.
HEADER_LOOSE = {"schema": "#schema", "?vfplan_version": "str",
                "?vfplan_commit": "str", "?data_date": "date"}

# One formula of --explain (vfp__terms_json): its value under `value_key`.
def terms(value_key, value_type):
    return [{"term": "str", "label": "str", "formula": "str",
             "substituted": "str", value_key: value_type,
             "reference": "str"}]


SETTING = {"key": "str", "value": "str", "repo": "str", "file": "str",
           "commit": "str", "says": "str", "since": "str?", "until": "str?"}
BILLING = {"granularity_seconds": "num", "minimum_minutes": "num",
           "startup_minutes": "num"}

# ---- plan (json_out.c) ----
PLAN = merge(HEADER, {
    "model": {
        "name": "str", "family": "str", "params": "int",
        "active_params": "int", "layers": "int", "hidden": "int",
        "heads": "int", "kv_heads": "int", "ffn": "int", "vocab": "int",
        "active_params_no_embedding": "int", "vision_params": "int",
        "read_as": "str?", "checkpoint_params": "int?",
        "checkpoint_bytes": "int?", "checkpoint_source": "str?",
        "checkpoint_kv_dtype": "str?"},
    "machine": {
        "gpu": "str", "count": "int", "nodes": "int", "total_gpus": "int",
        "vram_bytes": "int", "vram_measured": "bool", "link": "str",
        "link_bw_bytes_per_s": "int", "host_ram_bytes": "int?",
        "price_per_hour": "null", "currency": "null", "network": "str?",
        "nics_per_node": "int?", "network_bw_bytes_per_s_per_gpu": "int?"},
    "job": {
        "kind": E("train"), "strategy": "str", "strategy_auto": "bool",
        "strategy_why": "str?", "seq": "int", "micro_batch": "int",
        "grad_accum": "int", "global_batch": "int",
        "tokens_per_step": "int", "tokens": "int?", "precision": "str",
        "optimizer": "str", "checkpointing": "str", "attention": "str",
        "loss": "str", "offload": "str", "lora_rank": "int?",
        "lora_targets": "str?", "quant_base": "str?",
        "reduce_bucket": "int", "overlap_comm": "bool",
        "param_broadcast": "bool", "param_sync_overlap": "bool",
        "opt_in_backward": "bool",
        "act_offload": "bool", "compile": "bool", "fused_kernels": "bool",
        "ckpt_every": "int?", "lora_head": "bool", "lora_dropout": "num",
        "lora_fp32": "bool", "nf4_double_quant": "bool",
        "ddp_bucket_view": "bool", "fsdp_version": "int",
        "optimizer_impl": "str", "?moe_impl": "str", "logits_kept": "bool",
        "graph_kept": "bool", "fsdp_reduce_fp32": "bool",
        "fsdp_no_sync": "bool", "deepspeed_zero": "bool",
        "autocast": "bool", "shard_size": "int?",
        "?optimizer_states": "str", "?act_offload_layers": "int",
        "doc_len": "int?", "images": "int", "image_tokens": "int?",
        "framework": {"name": "str", "title": "str", "source": "str",
                      "version": "str?", "set": ["#setting"],
                      "checkpointing_as_meant": "str"},
        "tp": "int", "pp": "int", "virtual_stages": "int", "ep": "int",
        "moe_dispatcher": "str", "a2a_overlap": "str",
        "?cp": "int", "?cp_impl": "str", "?first_stage_layers": "int",
        "?last_stage_layers": "int", "?mtp": "int",
        "etp": "int", "sp": "bool", "dp": "int", "shard_degree": "int",
        "adapter_params": "int"},
    "memory": {
        "per_gpu": {
            "weights_bytes": "int", "gradients_bytes": "int",
            "optimizer_bytes": "int", "model_states_bytes": "int",
            "activations_bytes": "int", "logits_bytes": "int",
            "overhead_bytes": "int", "temporaries_bytes": "int",
            "total_bytes": "int", "total_bytes_low": "int",
            "total_bytes_high": "int"},
        "peak_phase": "str",
        "phases": {"forward_bytes": "int", "backward_bytes": "int",
                   "optimizer_bytes": "int"},
        "cuda_reserve_bytes": "int", "user_reserve_bytes": "int",
        "usable_vram_bytes": "int", "fits": "bool", "borderline": "bool",
        "headroom_bytes": "int", "host_ram_needed_bytes": "int",
        "host_ram_bytes": "int?", "host_ram_fits": "bool?",
        "disk_checkpoint_bytes": "int", "disk_weights_bytes": "int",
        "?moe": {"slots": "int", "router_bytes": "int", "routed_bytes": "int",
                 "shared_bytes": "int", "kept_bytes": "int",
                 "transient_bytes": "int", "workspace_bytes": "int"},
        "advice": [{
            "kind": "str", "flags": "str?", "?changes": ["str"],
            "?changes_training": "bool", "?faster": "bool",
            "?strategy": "str", "?precision": "str", "?lora_rank": "int",
            "?quant_base": "str?", "?per_gpu_bytes": "int",
            "?saved_bytes": "int", "?tokens_per_second": "num",
            "?cost_per_million_tokens": "num", "?gpus_per_node": "int",
            "?nodes": "int", "?checkpointing": "str", "?loss": "str",
            "?offload": "str", "?optimizer": "str",
            "?micro_batch": "int", "?grad_accum": "int"}],
        "?max_seq": "int", "?max_micro_batch": "int",
        "?explain": terms("bytes", "int")},
    "time": {
        "step_seconds": "num", "step_seconds_low": "num",
        "step_seconds_high": "num", "compute_seconds": "num",
        "comm_seconds": "num", "exposed_comm_seconds": "num",
        "offload_seconds": "num", "bubble_seconds": "num",
        "comm_bytes_per_gpu_per_step": "int", "tokens_per_step": "int",
        "tokens_per_second": "num", "tokens_per_second_per_gpu": "num",
        "mfu": "num", "hfu": "num", "model_flops_per_token": "num",
        "hw_flops_per_token": "num", "peak_flops_per_gpu": "num",
        "efficiency": "num", "speedup_vs_one_gpu": "num",
        "train_seconds": "num?", "bottleneck": "str",
        "bottleneck_text": "str",
        "?power": {"limit_w": "num", "tdp_w": "num", "gpu_default": "bool",
                   "tensor_share": "num", "memory_share": "num",
                   "curve": "str", "source": "str?"},
        "?explain": terms("seconds", "num")},
    "cost": {
        "currency": "str", "price_per_hour": "num", "per_step": "num",
        "per_million_tokens": "num", "billed_minutes": "num?",
        "total": "num?", "basis": "str", "offer": "str?",
        "reference_offers": "int",
        "exchange": N({"from": "str", "to": "str", "rate": "num",
                       "date": "date"}),
        "billing": BILLING},
    # calibration_json: null without --calibration
    "calibration": N({"?source": "str", "gemm": "bool", "hbm": "bool",
                      "collectives": "bool", "compute_scale": "num",
                      "overhead_seconds": "num",
                      "memory_offset_bytes": "num"}),
    "warnings": ["str"]})

# ---- infer (json_infer.c) ----
INFER_GPU = {"gpu": "str", "layers": "int", "weights_bytes": "int",
             "kv_cache_bytes": "int", "overhead_bytes": "int",
             "total_bytes": "int", "usable_bytes": "int"}
FUSED_PHASE = {"tokens": "num", "tokens_per_expert": "num",
               "experts_touched": "num", "block_m": "int",
               "padded_rows": "num", "weight_bytes": "num",
               "seconds": "num"}
# One term of infer --explain (json_infer_explain.c, vfp_infer_explain).
INFER_TERM = {"key": "str", "formula": "str", "values": "str",
              "result": "num?", "unit": "str", "source": "str"}
INFER = merge(HEADER, {
    "model": {"name": "str", "params": "num", "active_params": "num"},
    "machine": {"gpus": "int", "link": "str"},
    "job": {"kind": E("infer"), "engine": "str", "engine_version": "str",
            "quant": "str", "context": "int", "concurrency": "int",
            "tp": "int", "pp": "int", "ep": "int", "dp": "int",
            "gpu_layers": "int", "kv_fp8": "bool", "kv_nvfp4": "bool", "kv_q4": "bool", "flash_attn": "bool",
            "split_mode": "str", "?limit_mm_per_prompt": "int",
            "?max_loras": "int", "?max_lora_rank": "int",
            "?requests": "int", "?num_scheduler_steps": "int"},
    "memory": {
        "per_gpu": INFER_GPU, "gpus": [INFER_GPU], "weights_bytes": "int",
        "bits_per_weight": "num", "kv_bytes_per_token": "int",
        "kv_bytes_per_sequence": "int", "kv_tokens": "int",
        "max_concurrent_sequences": "int", "fits": "bool",
        "max_context": "int", "usable_vram_bytes": "int",
        "cpu_weights_bytes": "int", "notes": "str",
        "kv_cache_room_bytes": "int", "max_concurrency": "num",
        "host_buffer_bytes": "int", "refusal": "str?",
        "?swa_kv_tokens": "int",
        "?adapters_and_images": {
            "lora_bytes": "int", "encoder_cache_bytes": "int",
            "encoder_peak_bytes": "int", "images_profiled": "num",
            "tokens_per_image": "num"},
        "advice": [{
            "kind": "str", "flags": "str", "fits": "bool",
            "per_gpu_bytes": "int", "free_bytes": "int",
            "max_concurrent_sequences": "int", "bits_per_weight": "num",
            "decode_tokens_per_second": "num",
            "decode_tokens_per_second_total": "num",
            "changes_request": "bool"}]},
    "time": {"prefill_tokens_per_second": "num",
             "decode_tokens_per_second": "num",
             "decode_tokens_per_second_total": "num",
             "ttft_seconds": "num", "decode_step_seconds": "num"},
    "cost": {"currency": "str", "price_per_hour": "num",
             "per_million_output_tokens": "num", "offer": "str?"},
    # moe_json: null for a dense model
    "moe": N({"fused_moe": N({
                  "moe_layers": "int", "bandwidth_share": "num",
                  "launch_seconds": "num", "decode": FUSED_PHASE,
                  "prefill": FUSED_PHASE}),
              "all_to_all": N({
                  "backend": "str", "bytes_per_step": "num",
                  "seconds_per_step": "num", "buffer_bytes": "num"})}),
    # spec_json (infer_spec.c): null without speculative decoding
    "speculative": N({
        "method": "str", "model": "str?", "tokens": "int",
        "acceptance_rate": "num", "acceptance_rate_assumed": "bool",
        "tokens_per_step": "num", "verify_step_seconds": "num",
        "draft_step_seconds": "num", "plain_step_seconds": "num",
        "speedup": "num", "weights_bytes": "int",
        "kv_bytes_per_token": "num"}),
    "command": "str",
    # burst_json (infer_burst.c): with --requests only
    "?burst": {
        "requests": "int", "scheduler_steps": "int",
        "makespan_seconds": "num", "output_tokens": "num",
        "output_tokens_per_second": "num", "itl_ms": "num"},
    # --explain, a request's "explain": true
    "?explain": [INFER_TERM]})

# ---- image (json_image.c) ----
IMAGE = merge(HEADER, {
    "pipeline": {"name": "str", "kind": "str", "source": "str"},
    "machine": {"gpu": "str", "gpus": "int"},
    "job": {
        "kind": "str", "width": "int", "height": "int", "frames": "int",
        "steps": "int", "batch": "int", "quant": "str",
        "text_quant": "str", "placement_asked": "str", "placement": "str",
        "cfg": "bool", "vae_tile": "int", "math_attention": "bool",
        "refiner": "bool", "xformers": "bool", "channels_last": "bool",
        "vae_slicing": "bool", "text_cpu": "bool", "?tf32": "bool",
        "?vae_fp16": "bool", "?no_t5": "bool", "?prompt_embeds": "bool",
        "?vae": "str",  # "tiny" where --vae tiny replaced the VAE
        "?runtime": "str",
        # group offload, block swap, partial load, text device
        # (json_image.c offload_json): where the job uses one
        "?offload": {
            "offload_type": "str", "blocks_per_group": "int",
            "offload_stream": "bool", "record_stream": "bool",
            "blocks_to_swap": "int", "vram_budget_bytes": "int?",
            "text_device": "str", "text_gpu": "int?",
            "resident_bytes": "int", "streamed_bytes_per_forward": "int",
            "rate_bytes_per_second": "num", "overlapped_seconds": "num",
            "exposed_seconds": "num", "text_remote_seconds": "num",
            "embedding_bytes": "int",
            "text_offload": "str", "vae_offload": "str",
            "persistent_params": "num?"},
        "?compute": {"attention": "str", "attention_speedup": "num",
                    "lora_adapters": "int", "adapter_rank": "int",
                    "adapter_convs": "bool",
                    "adapter_params": "num",
                    "adapter_step_seconds": "num",
                    "quantize_on_gpu": "bool", "load_peak_bytes": "num",
                    "quant_activation_step_seconds": "num"},
        "?compile": {"mode": "str", "cuda_graphs": "bool",
                     "compile_seconds": "num", "eager_step_kernels": "num",
                     "eager_step_bytes": "num",
                     "compiled_step_bytes": "num",
                     "graph_pool_bytes": "num"},
        "?lora": {"rank": "int", "trainer": "str", "adam8bit": "bool",
                  "train_batch": "int", "grad_accum": "int",
                  "ckpt": "bool", "cache_latents": "bool",
                  "cache_text": "bool", "lora_params": "int",
                  "optimizer": "str", "train_text_encoder": "str",
                  "te_lora_params": "int", "adapter_state_bytes": "int",
                  "sample_every": "int", "sample_seconds": "num",
                  "sample_peak_bytes": "int"},
        "?why": "str"},
    "components": [{
        "role": "str", "name": "str", "class": "str", "params": "int",
        "bits_per_weight": "num", "weights_bytes": "int",
        "cast_bytes": "int", "gpu": "int?", "on_cpu": "bool",
        "activation_peak_bytes": "int", "flops": "num", "seconds": "num"}],
    "memory": {
        "fits": "bool", "refusal": "str?",
        "gpus": [{"gpu": "str", "weights_bytes": "int",
                  "activation_bytes": "int", "reserve_bytes": "int",
                  "total_bytes": "int", "usable_bytes": "int",
                  "elastic_bytes": "int"}],
        "busiest": "int", "per_gpu_bytes": "int", "host_ram_bytes": "int",
        "transfer_bytes_per_batch": "int", "return_bytes_per_batch": "int",
        "band": "num"},
    # time_json writes what the job has: generation, LoRA training or both
    "time": {
        "latent_tokens": "num", "step_flops": "num",
        "?train_step_seconds": "num", "?train_images_per_second": "num",
        "?step_seconds": "num", "?refiner_steps": "int",
        "?refiner_step_seconds": "num", "?iterations_per_second": "num",
        "?text_seconds": "num", "?denoise_seconds": "num",
        "?vae_seconds": "num", "?transfer_seconds": "num",
        "?comm_seconds": "num", "?latency_seconds": "num",
        "?seconds_per_image": "num", "?copies": "int",
        "?images_per_hour": "num", "?attention_kernel": "str",
        "?host_bound": "bool", "?step_kernels": "num",
        "?host_kernel_seconds": "num", "?step_gpu_seconds": "num",
        "?fast_host_step_seconds": "num",
        "?fast_host_seconds_per_image": "num",
        "?slow_host_step_seconds": "num",
        "?slow_host_seconds_per_image": "num",
        "?fixed_seconds": "num", "?loop_kernels": "num"},
    "faster": N({"quant": "str", "text_quant": "str", "placement": "str",
                 "images_per_hour": "num?", "peak_bytes": "int",
                 "train_step_seconds": "num?"}),
    # --llm: the LLM served beside the pipeline
    "llm": N({"model": "str", "gpus": "int", "fits": "bool",
              "total_bytes": "int", "decode_tokens_per_second": "num"}),
    "cost": {"currency": "str", "basis": "str", "price_per_hour": "num",
             "per_1000_images": "num", "images": "int", "total": "num",
             "offer": "str?"},
    "explain": terms("value", "num")})

# ---- rent, rent --image, rent --serve (json_rent.c, rent/) ----
RENT_OFFER = {"id": "str", "provider": "str", "gpu": "str", "count": "int",
              "price_per_hour": "num", "currency": "str",
              "?billing": BILLING, "?interruptible": "bool",
              "?region": "str"}
EXCLUDED = [{"offer": "str", "reason": "str"}]
RANKED = {"offer": "#rent_offer", "?pareto": "bool", "?rank_group": "str",
          "?why": "str"}

# ---- doctor (json_doctor.c, json_doctor_machine.c: docs/doctor-json.md) ----
DOCTOR_SOURCES = ["smi-q.xml", "smi-q.txt", "topo.txt", "nvlink.txt",
                  "df-shm.txt", "df-work.txt", "meminfo.txt", "nproc.txt",
                  "nccl.txt", "cgroup.txt"]
DOCTOR_GPU = {
    "name": "str?", "bus_id": "str?", "arch": "str?",
    "memory_total_bytes": "int?", "memory_used_bytes": "int?",
    "processes": "int?", "process_bytes": "int?", "pcie_gen": "int?",
    "pcie_gen_max": "int?", "pcie_width": "int?", "pcie_width_max": "int?",
    "mig": "bool?", "mig_pending": "bool?", "ecc": "bool?",
    "ecc_uncorrected_volatile": "int?", "ecc_uncorrected_aggregate": "int?",
    "remap_pending": "bool?", "remap_failure": "bool?",
    "persistence": "bool?", "power_limit_w": "num?",
    "power_default_w": "num?", "power_max_w": "num?",
    "fabric_state": "str?", "fabric_status": "str?", "compute_mode": "str?",
    "throttle": "str?", "temperature_c": "num?", "nvlink_up": "int?",
    "nvlink_down": "int?", "nvlink_bytes_per_s": "int?"}
DOCTOR_SPACE = {"mount": "str?", "total_bytes": "int?", "free_bytes": "int?"}
DOCTOR_PLAN = {"fits": "bool", "gpu": "str?", "gpus": "int",
               "gpus_per_node": "int", "link": "str?",
               "peak_bytes_per_gpu": "int?", "usable_bytes_per_gpu": "int?",
               "step_seconds": "num?", "tokens_per_second": "num?",
               "price_per_hour": "num?", "currency": "str?"}
DOCTOR = merge(HEADER, {
    "verdict": E("matches the plan", "usable with changes", "stop it now",
                 "unknown"),
    "headline": "str",
    "checks": [{"id": "str",
                "level": E("skipped", "ok", "note", "change", "stop"),
                "found": "str", "expected": "str", "message": "str",
                "fix": "str", "source": "str"}],
    "machine": {
        "gpus": "int", "driver": "str?", "cuda": "str?", "smi_error": "str?",
        "gpu_list": [DOCTOR_GPU],
        "topo": N({"gpus": "int", "p2p_read": "bool", "link": "str?"}),
        "shm": N(DOCTOR_SPACE), "work_disk": N(DOCTOR_SPACE),
        "ram": N({"total_bytes": "int?", "available_bytes": "int?"}),
        "cpus": "int?",
        "cgroup": N({"memory_limit_bytes": "int?",
                     "memory_used_bytes": "int?", "cpu_quota": "num?"}),
        "nccl": N({"busbw_bytes_per_s": "int?", "bytes": "int?",
                   "ranks": "int?"}),
        "sources": [{"file": E(*DOCTOR_SOURCES), "command": "str",
                     "read": "bool", "note": "str?"}]},
    "plan": N(DOCTOR_PLAN), "found": N(DOCTOR_PLAN),
    "found_options": "str?",
    "minimum_bill": N({"amount": "num", "currency": "str?"}),
    # --explain ("explain": true): both whole plan answers
    "?plans": {"planned": "#plan?", "found": "#plan?"}})

DEFS = {
    "schema": ("const", 1),
    "setting": SETTING,
    "plan": PLAN,
    "infer": INFER,
    "image": IMAGE,
    "rent_offer": RENT_OFFER,
    "error": {"error": {
        "message": "str",
        # vfp_request_json's (request_commands.c code_name), then the
        # HTTP service's own (src/http/serve_*.c)
        "?code": E("invalid", "not_found", "parse", "schema", "io",
                   "no_memory", "no_fit", "hub", "internal",
                   "method_not_allowed", "timeout", "too_large",
                   "too_many_requests", "unauthorized",
                   "unsupported_media_type"),
        "?status": "int", "?exit_code": "int", "?http_status": "int",
        "?file": "str", "?line": "int", "?column": "int"}},
}

# Each answer: its file's name (NAME.schema.json), title and shape.
ANSWERS = {
    "plan": ("`vfplan [plan] --json`: will a training job fit, how fast, "
             "at what cost", "#plan"),
    "infer": ("`vfplan infer --json`: will a model serve on these GPUs",
              "#infer"),
    "image": ("`vfplan image --json`: an image or video pipeline's plan",
              "#image"),
    "rent": ("`vfplan rent --json` and `rent --image --json`: every offer, "
             "ranked",
             merge(HEADER, {
                 "plans": [one_of(merge(PLAN, RANKED),
                                  merge(IMAGE, RANKED))],
                 "excluded": EXCLUDED, "?not_asked_for": "int",
                 "?hint": "str"})),
    "serve": ("`vfplan rent --serve --json`: where to serve a model",
              merge(HEADER_LOOSE, {
                  "plans": [merge(INFER, RANKED)],
                  "excluded": EXCLUDED, "?not_asked_for": "int",
                  "?hint": "str"})),
    "launch": ("`vfplan launch --emit K --json`: the file that runs a plan",
               merge(HEADER, {"emit": "str", "file": "str",
                              "text": "str"})),
    "scaling": ("`vfplan scaling --json`: speed-up link by link",
                merge(HEADER, {"rows": [{
                    "link": "str", "link_kind": "str",
                    "link_bw_bytes_per_s": "int", "gpus": "int",
                    "step_seconds": "num", "tokens_per_second": "num",
                    "speedup": "num", "efficiency": "num",
                    "fits": "bool"}]})),
    "validate": ("`vfplan validate RAW.yaml --json`: measurements beside "
                 "predictions",
                 merge(HEADER, {
                     "gpu": "str", "device": "str", "synthetic": "bool",
                     "calibrated": "bool",
                     "rows": [{"kind": "str", "item": "str", "unit": "str",
                               "measured": "num", "predicted": "num",
                               "error": "num"}],
                     "summary": ("map", {"n": "int",
                                         "median_abs_error": "num",
                                         "max_abs_error": "num"})})),
    "doctor": ("`vfplan doctor --json`, POST /v1/doctor: a rented "
               "machine's tools read, checked against the plan, a verdict",
               DOCTOR),
    "error": ("Any command's error: `{\"error\": {...}}` (CLI: exit_code; "
              "request API: code and status; HTTP: http_status)",
              "#error"),
    # ---- the lists (json_list.c) ----
    "models": ("`vfplan models --json`", [{
        "name": "str", "family": "str", "params": "int",
        "active_params": "int", "card_params": "int", "layers": "int",
        "hidden": "int", "heads": "int", "kv_heads": "int", "ffn": "int",
        "vocab": "int", "experts": "int", "max_context": "int",
        "checkpoint_quant": "str?", "released": "int", "source": "str"}]),
    "gpus": ("`vfplan gpus --json`", [{
        "name": "str", "vendor": "str", "arch": "str",
        "memory_label": "str", "vram_bytes": "int",
        "vram_measured": "bool", "mem_bw_bytes_per_s": "num",
        "bf16_flops": "num", "fp16_flops": "num", "fp8_flops": "num", "fp4_flops": "num",
        "fp32_flops": "num", "pcie_gen": "int",
        "nvlink_bw_bytes_per_s": "num", "default_link": "str",
        "tdp_w": "num", "released": "int", "source": "str",
        "default_power_w": "num", "min_power_w": "num?",
        "platform": "str?", "nvlink_domain": "int", "domain_trays": "int",
        "default_network": "str", "gpus_per_nic": "int",
        "unified_memory": "bool"}]),
    "offers": ("`vfplan offers --json`", [{
        "id": "str", "provider": "str", "gpu": "str", "count": "int",
        "link": "str", "price_per_hour": "num", "currency": "str",
        "billing_granularity_s": "int", "billing_minimum_s": "int",
        "price_kind": "str", "date": "date", "cpu_cores": "num",
        "ram_bytes": "num", "disk_bytes": "num", "interruptible": "bool",
        "region": "str?", "source": "str"}]),
    "frameworks": ("`vfplan frameworks --json`", [{
        "name": "str", "title": "str", "source": "str",
        "first_version": "str?", "settings": ["#setting"]}]),
    "engines": ("`vfplan engines --json`", [{
        "engine": "str", "version": "str", "first": "str", "last": "str",
        "latest": "bool", "profile": "str", "repo": "str",
        "commit": "str", "memory_share": "num", "batched_tokens": "int",
        "batched_tokens_small": "int", "max_seqs": "int",
        "max_seqs_small": "int", "non_torch_bytes": "num",
        "tp_non_torch_bytes": "num", "graph_bytes": "num",
        "decode_share": "num", "layer_seconds": "num",
        "sampler_bytes": "num", "sampler_sm_bytes": "num",
        "custom_ar_bytes": "num", "nccl_peer_bytes": "num",
        "offline_batched_tokens": "int", "offline_batched_tokens_small": "int",
        "offline_max_seqs": "int", "offline_max_seqs_small": "int",
        "source": "str"}]),
    "links": ("`vfplan links --json`", [{
        "name": "str", "kind": "str", "topo_code": "str?",
        "bw_bytes_per_s": "num", "source": "str"}]),
    "networks": ("`vfplan networks --json`", [{
        "name": "str", "kind": "str", "bw_bytes_per_s": "num",
        "source": "str"}]),
    "currencies": ("`vfplan currencies --json`", [{
        "code": "str", "per_eur": "num", "date": "date", "source": "str"}]),
    "pipelines": ("`vfplan pipelines --json`", [{
        "name": "str", "kind": "str", "denoiser": "str",
        "text_encoders": ["str"], "vae": "str", "cfg": "bool",
        "steps": "int", "width": "int", "height": "int", "frames": "int",
        "card_params": "num", "refiner": "str?", "source": "str"}]),
}

# ---- requests (vfp_request_json: src/report/request*.c) ----
# The keys each command takes are the C tables' (`vfplan request --keys
# COMMAND`, which generate.py reads); here only each key's type, as the
# request readers check it. A key the tables gain without a type here
# stops generate.py, and one it lacks in schema/*.request.schema.json
# fails tests/schema_test.py.
SIZE = "num|str"  # "256GB", or a number of GB (request.c get_size)
REQUEST_TYPES = {
    # the training job (request.c, job_options.def)
    # a name, size, path or Hub id, or a config.json's contents
    # (request_model.c)
    "model": "str|object", "gpus": "str", "strategy": "str",
    "precision": "str",
    "optimizer": "str", "seq": "int", "micro_batch": "int",
    "grad_accum": "int", "global_batch": "int", "doc_len": "int",
    "images": "int", "image_tokens": "int", "framework": "str",
    "framework_version": "str",
    "ckpt": "str", "attn": "str", "loss": "str", "lora": "bool|int",
    "lora_targets": "str", "qlora": "bool", "quant_base": "str",
    "offload": "str", "optimizer_impl": "str", "moe_impl": "str",
    "optimizer_states": "str", "act_offload_layers": "int",
    "tp": "int", "pp": "int",
    "virtual_stages": "int", "ep": "int", "moe_dispatcher": "str",
    "a2a_overlap": "str", "etp": "int", "sp": "bool",
    "cp": "int", "cp_impl": "str", "first_stage_layers": "int",
    "last_stage_layers": "int", "mtp": "int",
    "shard_size": "int", "reduce_bucket": "int", "reserve": SIZE,
    "host_ram": SIZE, "opt_in_backward": "bool", "act_offload": "bool",
    "compile": "bool", "fused_kernels": "bool", "lora_head": "bool",
    "lora_fp32": "bool", "double_quant": "bool",
    "ddp_bucket_view": "bool", "graph_kept": "bool",
    "fsdp_reduce_fp32": "bool", "fsdp_no_sync": "bool",
    "deepspeed_zero": "bool", "autocast": "bool", "overlap_comm": "bool", "param_broadcast": "bool",
    "param_sync_overlap": "bool",
    "lora_dropout": "num", "fsdp_version": "int",
    "cpu_cores_per_gpu": "num", "bnb_version": "str", "offer": "str",
    "power_limit": "num",
    "price": "num", "currency": "str", "nodes": "int", "link": "str",
    "network": "str", "tokens": "num|str", "max_micro_batch": "bool",
    "max_seq": "bool", "explain": "bool", "compact": "bool",
    # rent (request_rent.c)
    "steps": "num|str", "epochs": "num|str", "dataset_tokens": "num|str",
    "deadline": "num|str", "budget": "num|str", "sort": "str",
    "top": "int", "allow_8bit": "bool", "kept_checkpoints": "int",
    "provider": "str|[str]", "gpu": "str|[str]", "region": "str",
    "interruptible": "bool|str", "image": "bool",
    # doctor (request_doctor.c): each tool's saved output by its
    # `vfplan doctor --from` file name
    "outputs": {"?" + f: "str" for f in DOCTOR_SOURCES},
    # launch, scaling (request_commands.c)
    "emit": "str", "torchtitan_version": "str", "max": "int",
    "links": ["str"],
    # infer, serve (request_serving.c)
    "engine": "str", "engine_version": "str", "quant": "str",
    "context": "int", "concurrency": "int", "tensor_split": ["num"],
    "gpu_memory_utilization": "num", "max_num_seqs": "int",
    "max_num_batched_tokens": "int", "ubatch_size": "int",
    "prompt_tokens": "int", "output_tokens": "int", "split_mode": "str",
    "requests": "int", "num_scheduler_steps": "int",
    "kv_fp8": "bool", "kv_cache_dtype": "str", "cache_type": "str", "flash_attn": "bool",
    "entrypoint": "str", "enforce_eager": "bool",
    "disable_custom_all_reduce": "bool", "wsl": "bool", "no_fit": "bool", "ollama_gpu_overhead": "int",
    "ngl": "int", "tokens_per_second": "num", "dp": "int",
    "swa_full_tokens_ratio": "num",
    "chunked_prefill_size": "int", "max_running_requests": "int",
    "moe_a2a": "str",
    "spec_method": "str", "spec_model": "str", "spec_tokens": "int",
    "acceptance_rate": "num",
    "moe_a2a": "str", "limit_mm_per_prompt": "int", "max_loras": "int",
    "max_lora_rank": "int",
    # image (request_image.c)
    "resolution": "str", "batch": "int", "frames": "int",
    "text_quant": "str", "placement": "str", "cfg": "bool",
    "vae_tile": "int", "vae_slicing": "bool", "vae_fp16": "bool",
    "vae": "str",  # "default" or "tiny" (--vae)
    "math_attention": "bool", "xformers": "bool", "channels_last": "bool",
    "text_cpu": "bool", "torch": "num", "refiner": "bool",
    "max_sequence_length": "int", "trainer": "str", "adam8bit": "bool",
    "train_batch": "int", "cache_latents": "bool", "cache_text": "bool",
    "optimizer": "str", "train_text_encoder": "str", "sample_every": "int",
    "llm": "str", "llm_gpus": "int", "tf32": "bool",
    "offload_type": "str", "blocks_per_group": "int",
    "offload_stream": "bool", "record_stream": "bool",
    "blocks_to_swap": "int", "vram_budget": "num", "text_device": "str",
    "attention": "str", "lora_adapters": "int", "adapter_rank": "int",
    "quantize_on_gpu": "bool", "runtime": "str", "adapter_convs": "bool",
    "text_offload": "str", "vae_offload": "str",
    "no_t5": "bool", "prompt_embeds": "bool", "persistent_params": "num",
}
# Where a command reads a key otherwise (request_image.c: "ckpt" is a
# switch, "steps" denoising steps; scaling's "gpu" is one name).
REQUEST_OVERRIDES = {
    "image": {"ckpt": "bool", "steps": "int", "lora": "bool|int",
              "compile": "str"},
    "rent": {"lora": "bool|int"},
    "scaling": {"gpu": "str"},
}

# Each command's request: its title and the keys it cannot go without.
REQUESTS = {
    "plan": ("{\"command\": \"plan\", ...}: `vfplan plan`'s options",
             ["model"]),
    "rent": ("{\"command\": \"rent\", ...}: `vfplan rent` (\"image\": true "
             "for rent --image)", ["model"]),
    "serve": ("{\"command\": \"serve\", ...}: `vfplan rent --serve`",
              ["model"]),
    "infer": ("{\"command\": \"infer\", ...}: `vfplan infer`", ["model"]),
    "image": ("{\"command\": \"image\", ...}: `vfplan image`", ["model"]),
    "launch": ("{\"command\": \"launch\", ...}: `vfplan launch`",
               ["model", "emit"]),
    "scaling": ("{\"command\": \"scaling\", ...}: `vfplan scaling`",
                ["model", "gpu"]),
    "doctor": ("{\"command\": \"doctor\", \"outputs\": {...}, ...}: "
               "`vfplan doctor --from DIR`, the plan's keys optional",
               ["outputs"]),
}
LIST_REQUESTS = ["models", "gpus", "offers", "frameworks", "engines",
                 "links", "networks", "currencies", "pipelines"]
