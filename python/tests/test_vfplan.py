# SPDX-License-Identifier: GPL-3.0-or-later
"""The vfplan package against the CLI it shares the library with.

Run by ctest `python_package` (tests/python_test.sh) with VFPLAN_LIBRARY
(the built libvfplan) and VFPLAN_CLI (the built vfplan); by hand:

    VFPLAN_LIBRARY=build/src/libvfplan.so.0 VFPLAN_CLI=build/vfplan \
        PYTHONPATH=python python3 -m unittest discover -s python/tests
"""
import json
import os
import pydoc
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import unittest

import vfplan
from vfplan._options import OPTIONS

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.environ.get("VFPLAN_CLI")
LLAMA = os.path.join(ROOT, "tests", "data", "hf", "llama-llama-3.1-8b.json")
OFFERS = os.path.join(ROOT, "tests", "data", "python", "my-offers.yaml")


def cli(*args):
    """The CLI run as tests/golden/run.sh runs it: in the repository root,
    away from the user's VFPLAN_* variables and config file."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("VFPLAN_")}
    with tempfile.TemporaryDirectory() as xdg:
        env["XDG_CONFIG_HOME"] = xdg
        p = subprocess.run([CLI, *args], cwd=ROOT, env=env,
                           capture_output=True)
    return p.returncode, p.stdout.decode("utf-8")


# ---- golden cases: the CLI's arguments as keyword options ----

def _number(text):
    """A whole number, a real, or the text itself ("1e8", "2T", "36h")."""
    if re.fullmatch(r"[0-9]+", text):
        return int(text)
    try:
        return float(text) if re.fullmatch(r"[0-9.eE+-]+", text) else text
    except ValueError:
        return text


def to_request(args):
    """(command, options, planner kwargs) for a golden case's arguments,
    or a string saying why they have no request: an option only the
    command line has (--csv, --topo FILE, --units, --emit ...), a value
    the request's types cannot say, or `vfplan COMMAND` that is no
    request (topo, validate, calibrate, help)."""
    command = "plan"
    if args and not args[0].startswith("-"):
        command, args = args[0], args[1:]
    if command == "rent" and "--serve" in args:
        command, args = "serve", [a for a in args if a != "--serve"]
    if command not in OPTIONS and command not in vfplan.LISTS:
        return f"'{command}' is no request"
    if command == "image" and "/" in " ".join(args):
        return "a diffusers directory (a request names a pipeline)"
    kinds = {k: (kind, value) for k, kind, value, _ in
             OPTIONS.get(command, ())}
    options, planner = {}, {}
    i = 0
    while i < len(args):
        a = args[i]
        if not a.startswith("--"):
            return f"argument {a!r}"
        key = a[2:].replace("-", "_")
        nxt = args[i + 1] if i + 1 < len(args) else None
        if key == "json":
            i += 1
            continue
        if key in ("data", "offers") and nxt is not None:
            planner["data_dir" if key == "data" else key] = os.path.join(
                ROOT, nxt)
            i += 2
            continue
        if key not in kinds:
            return f"--{a[2:]} is the command line's"
        kind, value = kinds[key]
        if kind == "bool" and value == "":
            options[key], i = True, i + 1
        elif kind == "int | bool":  # --lora [R]
            if nxt is not None and nxt.isdigit():
                options[key], i = int(nxt), i + 2
            else:
                options[key], i = True, i + 1
        elif nxt is None:
            return f"--{a[2:]} without a value"
        elif kind == "bool":  # yes|no
            if nxt not in ("yes", "no"):
                return f"--{a[2:]} {nxt} is neither yes nor no"
            options[key], i = nxt == "yes", i + 2
        elif kind == "int":
            if not nxt.isdigit():
                return f"--{a[2:]} {nxt} is no integer"
            options[key], i = int(nxt), i + 2
        elif kind == "float":
            try:
                options[key], i = float(nxt), i + 2
            except ValueError:
                return f"--{a[2:]} {nxt} is no number"
        elif kind == "list[float]":
            options[key], i = [float(x) for x in nxt.split(",")], i + 2
        elif kind == "str":
            options[key], i = nxt, i + 2
        else:  # a number or a string with a suffix
            options[key], i = _number(nxt), i + 2
    return command, options, planner


def golden_cases():
    """(name, args, json) of every golden case: its arguments, --json
    added where the case has none (its JSON answer, of the same job)."""
    cases = []
    folder = os.path.join(ROOT, "tests", "golden", "cases")
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        m = re.search(r"^args: (.*)$", text, re.M)
        if not m:
            continue
        if "$'" in m.group(1) or re.search(r"^env: ", text, re.M):
            cases.append((name, None, True))  # bytes or variables
            continue
        args = shlex.split(m.group(1))
        cases.append((name, args + (["--json"] if "--json" not in args
                                    else []), "--json" in args))
    return cases


_planners = {}


def planner_for(kwargs):
    key = tuple(sorted(kwargs.items()))
    if key not in _planners:
        _planners[key] = (vfplan.Planner(**kwargs) if kwargs
                          else vfplan.default_planner())
    return _planners[key]


@unittest.skipUnless(CLI, "VFPLAN_CLI (the built vfplan) not given")
class GoldenCases(unittest.TestCase):
    """Every golden case whose arguments a request can say, with --json
    added where it has none: the package's answer is the CLI's stdout
    byte for byte (the text with raw=True, and the dict is its parse);
    an error is vfplan.Error with the CLI's exit code and message."""

    def test_golden_cases(self):
        compared, skipped, with_json, same_words = [], [], 0, 0
        for name, args, had_json in golden_cases():
            req = to_request(args) if args is not None else "bytes or env"
            if isinstance(req, str):
                skipped.append(f"{name}: {req}")
                continue
            command, options, pkw = req
            rc, out = cli(*args)
            p = planner_for(pkw)
            with self.subTest(case=name):
                if rc in (0, 3) and '"error"' not in out[:40]:
                    text = getattr(p, command)(raw=True, **options)
                    self.assertEqual(text + "\n", out)
                    self.assertEqual(getattr(p, command)(**options),
                                     json.loads(out))
                else:
                    with self.assertRaises(vfplan.Error) as e:
                        getattr(p, command)(**options)
                    want = json.loads(out)["error"]
                    self.assertEqual(e.exception.exit_code, rc)
                    self.assertEqual(e.exception.exit_code,
                                     want["exit_code"])
                    # the same words where the library's are the CLI's:
                    # the CLI checks its arguments' text first ("--seq
                    # must be a whole number", "missing --gpu")
                    msg = e.exception.message.replace(ROOT + "/", "")
                    same_words += msg == want["message"]
            compared.append(name)
            with_json += had_json
        print(f"\ngolden: {len(compared)} cases compared ({with_json} of "
              f"them --json cases; {same_words} errors in the CLI's words), "
              f"{len(skipped)} without a request",
              file=sys.stderr)
        if os.environ.get("VFPLAN_GOLDEN_VERBOSE"):
            print("\n".join(skipped), file=sys.stderr)
        # today 209 of 322 (23 of the 30 --json cases, 80 errors worded
        # alike): of every command a request has; far fewer means the
        # mapping broke
        self.assertGreaterEqual(len(compared), 200)
        self.assertGreaterEqual(with_json, 23)
        self.assertGreaterEqual(same_words, 70)


class Answers(unittest.TestCase):
    def test_readme_example(self):
        """README's line: the plan's per-GPU peak, 50,383,506,759 bytes
        (50.38 GB, as the README's text report says)."""
        p = vfplan.plan(model="8B", gpus="4xH100", strategy="zero3")
        self.assertEqual(p["memory"]["per_gpu"]["total_bytes"], 50383506759)

    @unittest.skipUnless(CLI, "VFPLAN_CLI not given")
    def test_positional_and_raw(self):
        text = vfplan.plan("8B", "4xH100", strategy="zero3", raw=True)
        rc, out = cli("--model", "8B", "--gpus", "4xH100", "--strategy",
                      "zero3", "--json")
        self.assertEqual((rc, text + "\n"), (0, out))

    def test_lists(self):
        names = [m["name"] for m in vfplan.models()]
        self.assertIn("llama-3.1-8b", names)
        self.assertIn("H100-SXM", [g["name"] for g in vfplan.gpus()])
        for name in vfplan.LISTS:
            self.assertTrue(getattr(vfplan, name)(), name)

    def test_every_command(self):
        r = vfplan.rent(model="8B", tokens="1e8", top=1)
        self.assertEqual(len(r["plans"]), 1)
        s = vfplan.serve(model="llama-3.1-8b", top=1)
        self.assertEqual(len(s["plans"]), 1)
        i = vfplan.infer(model="llama-3.1-8b", gpus="1xH100")
        self.assertEqual(i["job"]["engine"], "vllm")
        g = vfplan.image(model="sdxl", gpus="1xRTX4090", quant="fp16")
        self.assertIn("memory", g)
        la = vfplan.launch(model="8B", gpus="4xH100", strategy="zero3",
                           emit="deepspeed")
        self.assertIsInstance(la, dict)
        sc = vfplan.scaling(model="8B", gpu="H100", max=2,
                            links="nvlink4-switch,pcie5-host")
        self.assertEqual([r["gpus"] for r in sc["rows"]], [1, 2, 1, 2])

    def test_doctor(self):
        """The doctor over a saved `nvidia-smi topo -m` of 8 PCIe GPUs:
        the machine alone, then against a plan on them; an output named
        wrong is refused with the nearest file name."""
        with open(os.path.join(ROOT, "tests", "data", "topo",
                               "8gpu-pcie-dual-socket.txt"),
                  encoding="utf-8") as f:
            topo = f.read()
        d = vfplan.doctor(outputs={"topo.txt": topo})
        self.assertEqual(d["machine"]["topo"]["gpus"], 8)
        self.assertIsNone(d["plan"])
        read = {s["file"]: s["read"] for s in d["machine"]["sources"]}
        self.assertTrue(read["topo.txt"])
        self.assertFalse(read["smi-q.xml"])
        d = vfplan.request("doctor", model="8B", gpus="8xRTX4090",
                           outputs={"topo.txt": topo})
        self.assertEqual((d["plan"]["gpu"], d["plan"]["gpus"]),
                         ("RTX4090", 8))
        with self.assertRaises(vfplan.Error) as e:
            vfplan.doctor(outputs={"topo.text": topo})
        self.assertEqual(e.exception.exit_code, 2)
        self.assertIn("did you mean 'topo.txt'", e.exception.message)


class Errors(unittest.TestCase):
    def test_unknown_model(self):
        with self.assertRaises(vfplan.Error) as e:
            vfplan.plan(model="llama-3.1-8c", gpus="1xH100")
        self.assertIsInstance(e.exception, ValueError)
        self.assertEqual(e.exception.exit_code, 2)
        self.assertEqual(e.exception.code, "not_found")
        self.assertIn("did you mean 'llama-3.1-8b'", e.exception.message)
        self.assertEqual(str(e.exception), e.exception.message)

    def test_unknown_option(self):
        with self.assertRaises(vfplan.Error) as e:
            vfplan.plan(model="8B", gpus="1xH100", micro_bach=2)
        self.assertIn("unknown request key 'micro_bach' (did you mean "
                      "'micro_batch'?)", e.exception.message)

    def test_nothing_fits_is_exit_3(self):
        with self.assertRaises(vfplan.Error) as e:
            vfplan.launch(model="70B", gpus="1xH100", emit="deepspeed")
        self.assertEqual(e.exception.exit_code, 3)

    def test_position_in_message(self):
        with self.assertRaises(vfplan.Error) as e:
            vfplan.request_json('{"model": ')
        self.assertEqual(e.exception.exit_code, 2)
        self.assertTrue(e.exception.message.startswith("request:1:"),
                        e.exception.message)

    def test_missing_library(self):
        env = dict(os.environ, VFPLAN_LIBRARY="/nonexistent/libvfplan.so")
        p = subprocess.run([sys.executable, "-c", "import vfplan; "
                            "vfplan.models()"], env=env,
                           capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("cannot load libvfplan (set VFPLAN_LIBRARY", p.stderr)


class Config:
    """What transformers' PretrainedConfig offers: to_dict()."""

    def __init__(self, d):
        self._d = d

    def to_dict(self):
        return dict(self._d)


class InlineConfig(unittest.TestCase):
    def setUp(self):
        with open(LLAMA, encoding="utf-8") as f:
            self.config = json.load(f)

    def test_dict_and_to_dict(self):
        by_path = vfplan.plan(model=LLAMA, gpus="2xA6000", strategy="fsdp")
        by_dict = vfplan.plan(model=self.config, gpus="2xA6000",
                              strategy="fsdp")
        by_obj = vfplan.plan(model=Config(self.config), gpus="2xA6000",
                             strategy="fsdp")
        # Llama 3.1 8B: 8,030,261,248 parameters (its model card)
        self.assertEqual(by_dict["model"]["params"], 8030261248)
        self.assertEqual(by_dict["model"]["name"], "config")
        self.assertEqual(by_obj, by_dict)
        by_path["model"]["name"] = "config"
        self.assertEqual(by_dict, by_path)

    def test_hub_id_names_it(self):
        cfg = dict(self.config, _name_or_path="meta-llama/Llama-3.1-8B")
        i = vfplan.infer(model=Config(cfg), gpus="1xH100")
        self.assertEqual(i["model"]["name"], "meta-llama/Llama-3.1-8B")

    def test_objects_and_nan_in_config(self):
        """to_dict() may hold a torch.dtype, or an inf: written as text
        and null (JSON has no Infinity)."""
        cfg = dict(self.config, torch_dtype=object(),
                   some_scale=float("inf"))
        self.assertEqual(vfplan.plan(model=cfg, gpus="1xH100")["model"]
                         ["params"], 8030261248)

    def test_service_planner_takes_it(self):
        p = vfplan.Planner(no_files=True)
        self.assertEqual(p.plan(model=self.config, gpus="1xH100")["model"]
                         ["params"], 8030261248)
        with self.assertRaises(vfplan.Error) as e:
            p.plan(model=LLAMA, gpus="1xH100")
        self.assertIn("reads no files", e.exception.message)


class Threads(unittest.TestCase):
    def test_eight_threads_same_answers(self):
        reqs = [("plan", dict(model=m, gpus=g, strategy=s))
                for m in ("8B", "llama-3.1-70b", "1B")
                for g in ("4xH100", "8xA100-80")
                for s in ("zero3", "ddp")]
        reqs += [("infer", dict(model="llama-3.1-8b", gpus="1xH100"))]
        want = [getattr(vfplan, c)(raw=True, **o) for c, o in reqs]
        got, errors = [None] * 8, []
        fresh = vfplan.Planner()  # its database loaded by the threads

        def work(k):
            try:
                p = fresh if k % 2 else vfplan.default_planner()
                order = list(range(len(reqs)))[k:] + list(range(k))
                out = [None] * len(reqs)
                for _ in range(5):
                    for j in order:
                        c, o = reqs[j]
                        out[j] = getattr(p, c)(raw=True, **o)
                got[k] = out
            except Exception as e:  # reported below
                errors.append(e)

        threads = [threading.Thread(target=work, args=(k,))
                   for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        for k in range(8):
            self.assertEqual(got[k], want, f"thread {k}")


class CustomData(unittest.TestCase):
    def test_planner_with_offers(self):
        with vfplan.Planner(offers=OFFERS) as p:
            ids = [o["id"] for o in p.offers()]
            self.assertIn("my-lab-4xh100", ids)
            self.assertEqual(len(ids), len(vfplan.offers()) + 1)
            plan = p.plan(model="8B", offer="my-lab-4xh100",
                          strategy="zero3")
            # 4.0 EUR an hour for the machine, as the file says
            self.assertEqual(plan["cost"]["price_per_hour"], 4.0)
            r = p.rent(model="8B", tokens="1e8", provider="mylab")
            self.assertEqual([x["offer"]["id"] for x in r["plans"]],
                             ["my-lab-4xh100"])
        with self.assertRaises(vfplan.Error):  # the default has no such
            vfplan.plan(model="8B", offer="my-lab-4xh100")

    def test_bad_data_dir(self):
        with self.assertRaises(vfplan.Error) as e:
            vfplan.Planner(data_dir="/nonexistent-vfplan-data").models()
        self.assertEqual(e.exception.exit_code, 2)


class Help(unittest.TestCase):
    def test_help_lists_every_option(self):
        for command, options in OPTIONS.items():
            text = pydoc.render_doc(getattr(vfplan, command),
                                    renderer=pydoc.plaintext)
            method = pydoc.render_doc(getattr(vfplan.Planner, command),
                                      renderer=pydoc.plaintext)
            for key, kind, _, help_text in options:
                self.assertIn(f"{key}: '{kind}' = None", text, command)
                self.assertIn(f"  {key} ({kind}", text, command)
                self.assertIn(help_text, text, f"{command} {key}")
                self.assertIn(help_text, method, f"{command} {key}")

    def test_options_are_the_librarys_keys(self):
        for command, options in OPTIONS.items():
            self.assertEqual(sorted(k for k, _, _, _ in options),
                             sorted(set(vfplan.keys(command))), command)

    @unittest.skipUnless(CLI, "VFPLAN_CLI not given")
    def test_options_file_is_current(self):
        """_options.py is what gen_options.py writes from this build's
        CLI: regenerate it when an option changes (docs/python.md)."""
        p = subprocess.run([sys.executable,
                            os.path.join(ROOT, "python", "gen_options.py"),
                            CLI], capture_output=True, text=True, check=True)
        with open(os.path.join(ROOT, "python", "vfplan", "_options.py"),
                  encoding="utf-8") as f:
            self.assertEqual(p.stdout, f.read(),
                             "python/vfplan/_options.py drifted: run "
                             "python3 python/gen_options.py build/vfplan > "
                             "python/vfplan/_options.py")


if __name__ == "__main__":
    unittest.main()
