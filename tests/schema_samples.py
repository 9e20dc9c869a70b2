# SPDX-License-Identifier: GPL-3.0-or-later
"""The answers tests/schema_test.py validates: every --json answer of the
golden cases (their expected stdout, read from tests/golden/cases/*.t), and
answers made on the fly by the built vfplan for each command and list, and
through `vfplan request`. Each is (schema name, where, JSON value)."""
import glob
import json
import os
import shlex
import subprocess

LISTS = ["models", "gpus", "offers", "frameworks", "engines", "links",
         "networks", "currencies", "pipelines"]

# (schema, CLI arguments): one or more per command, with the options that
# add or fill keys (an offer, tokens, LoRA, several nodes, an error).
ON_THE_FLY = [
    ("plan", "--model 8B --gpus 4xH100 --strategy zero3 --json"),
    ("plan", "--model 70B --gpus 8xH100 --nodes 2 --network ib-ndr "
             "--tokens 1e9 --offer lambda-8xh100 --json"),
    ("plan", "--model llama-3.1-8b --gpus 1xRTX4090 --lora 16 --qlora "
             "--host-ram 64GB --price 2 --currency USD --json"),
    ("plan", "--model 8B --gpus 2xA100 --max-micro-batch --explain --json"),
    ("plan", "--model 400B --gpus 1xT4 --json"),
    ("infer", "infer --model 8B --gpus 1xH100 --json"),
    ("infer", "infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp "
              "--quant q4_k_m --offer vast-1xa4000 --json"),
    ("infer", "infer --model llama-3.1-70b --gpus 1xT4 --json"),
    # SGLang's two pools (memory.swa_kv_tokens)
    ("infer", "infer --model gpt-oss-120b --gpus 1xH100 --engine sglang "
     "--json"),
    # --explain: the "explain" array of terms (json_infer_explain.c)
    ("infer", "infer --model llama-3.1-8b --gpus 1xH100 --explain --json"),
    ("infer", "infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp "
              "--quant q4_k_m --explain --json"),
    ("rent", "rent --model 8B --tokens 1e9 --top 3 --json"),
    ("rent", "rent --model 70B --tokens 5e9 --deadline 24h --budget 50000EUR "
             "--top 2 --json"),
    ("rent", "rent --model flux.1-dev --image --quant fp8 --top 2 --json"),
    ("serve", "rent --serve --model 8B --top 2 --json"),
    ("serve", "rent --serve --model llama-3.1-70b --concurrency 4 --top 2 "
              "--json"),
    ("image", "image --model flux.1-dev --gpus 1xRTX4090 --json"),
    ("image", "image --model sdxl --gpus 1xRTX3090 --lora 16 --json"),
    ("launch", "launch --emit deepspeed --model 8B --gpus 4xH100 "
               "--strategy zero3 --json"),
    ("launch", "launch --emit axolotl --model 8B --gpus 2xA100 --lora 16 "
               "--json"),
    ("scaling", "scaling --model 1B --gpu RTX4090 --max 4 --json"),
    ("validate", "validate tests/data/calibration/synthetic-h200.yaml --json"),
    ("error", "--model 8B --gpus 4xH10O --json"),
    ("error", "infer --model nosuch --gpus 1xH100 --json"),
] + [(name, name + " --json") for name in LISTS]

# (schema, request) for `vfplan request`: answers of the request API.
HERE = os.path.dirname(os.path.abspath(__file__))


def _text(rel):
    with open(os.path.join(HERE, "data", rel), encoding="utf-8") as f:
        return f.read()


# the doctor (request_doctor.c): the tools' outputs by file name
DOCTOR_TOPO = "topo/8gpu-pcie-dual-socket.txt"
DOCTOR_NCCL = "calibration/nccl-tests-all_reduce-2xA6000.txt"

REQUESTS = [
    ("plan", {"model": "8B", "gpus": "4xH100", "strategy": "zero3"}),
    ("plan", {"command": "plan", "model": "8B", "gpus": "4xH100",
              "explain": True, "compact": True}),
    ("rent", {"command": "rent", "model": "8B", "tokens": "2e9",
              "top": 2}),
    ("rent", {"command": "rent", "model": "flux.1-dev", "image": True,
              "top": 2}),
    ("serve", {"command": "serve", "model": "8B", "top": 2}),
    ("infer", {"command": "infer", "model": "8B", "gpus": "1xH100"}),
    ("infer", {"command": "infer", "model": "8B", "gpus": "1xH100",
               "explain": True}),
    ("serve", {"command": "serve", "model": "8B", "top": 1,
               "explain": True}),
    ("image", {"command": "image", "model": "flux.1-dev",
               "gpus": "1xRTX4090"}),
    ("launch", {"command": "launch", "model": "8B", "gpus": "4xH100",
                "emit": "torchrun"}),
    ("scaling", {"command": "scaling", "model": "1B", "gpu": "RTX4090",
                 "max": 2}),
    ("error", {"command": "plan", "model": "8B", "gpus": "4xH100",
               "bogus": 1}),
    ("error", {"command": "nosuch"}),
    ("doctor", {"command": "doctor", "outputs": {
        "topo.txt": _text(DOCTOR_TOPO)}}),
    ("doctor", {"command": "doctor", "model": "8B", "gpus": "8xRTX4090",
                "explain": True, "outputs": {
                    "topo.txt": _text(DOCTOR_TOPO),
                    "nccl.txt": _text(DOCTOR_NCCL)}}),
    ("error", {"command": "doctor", "outputs": {"smi.xml": ""}}),
] + [(name, {"command": name}) for name in LISTS]


def section(text, name):
    out, on = [], False
    for line in text.split("\n"):
        if line.startswith("--- "):
            on = line == "--- " + name
            continue
        if on:
            out.append(line)
    return "\n".join(out)


def schema_of(args, answer):
    """The schema a CLI answer follows, from its arguments."""
    if isinstance(answer, dict) and "error" in answer:
        return "error"
    if "--version" in args:
        return "version"
    cmd = args[0] if args and not args[0].startswith("-") else "plan"
    if cmd == "rent" and "--serve" in args:
        return "serve"
    return cmd


def golden(root):
    """Every golden case's --json answer (calibrate and topo have none)."""
    for path in sorted(glob.glob(os.path.join(root, "tests/golden/cases/*.t"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        line = next(l for l in text.split("\n") if l.startswith("args: "))
        args = shlex.split(line[len("args: "):])
        if "--json" not in args:
            continue
        answer = json.loads(section(text, "stdout"))
        name = schema_of(args, answer)
        if name in ("calibrate", "topo", "version"):
            continue  # answers without a schema (yet): docs/schema.md
        yield name, os.path.basename(path), answer


def run(exe, root, args, stdin=None):
    env = dict(os.environ)
    for var in ("VFPLAN_CURRENCY", "VFPLAN_UNITS", "VFPLAN_DATA",
                "VFPLAN_OFFERS"):
        env.pop(var, None)
    p = subprocess.run([exe] + args, cwd=root, input=stdin, env=env,
                       capture_output=True, text=True, timeout=60)
    return json.loads(p.stdout)


def on_the_fly(exe, root):
    for name, args in ON_THE_FLY:
        yield name, "vfplan " + args, run(exe, root, shlex.split(args))
    for name, req in REQUESTS:
        text = json.dumps(req)
        yield name, "vfplan request " + text, run(exe, root, ["request"],
                                                  text)
