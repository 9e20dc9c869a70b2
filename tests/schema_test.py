#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The JSON Schemas of schema/ against real answers and requests.

  tests/schema_test.py VFPLAN REPO_ROOT

- schema/*.schema.json are what schema/generate.py writes from
  schema/definition.py and the C request key tables (so a key added to
  the tables, or a definition changed without regenerating, fails here);
- every --json answer of the golden cases, answers made now for each
  command and list, and `vfplan request` answers, validate against their
  schema (draft 2020-12, formats checked);
- the request examples (tests/examples/requests.jsonl, docs/http.md)
  validate against the request schemas;
- wrong answers and requests fail: a key removed, a key added, a wrong
  type, a date that is not one.
Exit 77 (skipped) without python3-jsonschema, unless
VFPLAN_SCHEMA_REQUIRED=1 (CI)."""
import copy
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    from jsonschema import Draft202012Validator, FormatChecker
except ImportError:
    if os.environ.get("VFPLAN_SCHEMA_REQUIRED") == "1":
        print("schema_test: python3-jsonschema is missing and "
              "VFPLAN_SCHEMA_REQUIRED=1")
        sys.exit(1)
    print("schema_test: no python3-jsonschema: skipped")
    sys.exit(77)

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import schema_samples  # noqa: E402

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL " + msg)


def load_schemas(root):
    out = {}
    for path in sorted(glob.glob(os.path.join(root, "schema/*.schema.json"))):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        Draft202012Validator.check_schema(doc)
        name = os.path.basename(path)[:-len(".schema.json")]
        out[name] = Draft202012Validator(doc, format_checker=FormatChecker())
    return out


def check_generated(exe, root):
    """The files checked in are the generator's output, byte for byte."""
    with tempfile.TemporaryDirectory() as tmp:
        gen = subprocess.run([sys.executable, os.path.join(
            root, "schema", "generate.py"), "--vfplan", exe, "--out", tmp],
            capture_output=True, text=True)
        if gen.returncode:
            fail("schema/generate.py: " + gen.stderr.strip())
            return
        made = sorted(os.listdir(tmp))
        kept = sorted(os.path.basename(p) for p in
                      glob.glob(os.path.join(root, "schema/*.schema.json")))
        if made != kept:
            fail("schema/: files %s, generate.py writes %s" % (kept, made))
        for name in made:
            with open(os.path.join(tmp, name), encoding="utf-8") as f:
                new = f.read()
            old_path = os.path.join(root, "schema", name)
            old = open(old_path, encoding="utf-8").read() \
                if os.path.exists(old_path) else ""
            if new != old:
                fail("schema/%s is not what schema/generate.py writes: run "
                     "it (schema/definition.py, the request key tables)"
                     % name)


def errors(validator, value):
    return sorted(validator.iter_errors(value), key=lambda e: e.path)


def check_answer(schemas, name, where, answer):
    if name not in schemas:
        fail("%s: no schema/%s.schema.json for its answer" % (where, name))
        return False
    errs = errors(schemas[name], answer)
    for e in errs[:3]:
        fail("%s: %s.schema.json at /%s: %s" % (
            where, name, "/".join(map(str, e.absolute_path)),
            e.message[:200]))
    return not errs


def check_request_keys(exe, schemas):
    """The request schemas' keys are the C tables' (vfp_request_keys)."""
    for name in ("plan", "rent", "serve", "infer", "image", "launch",
                 "scaling", "doctor"):
        keys = subprocess.run([exe, "request", "--keys", name],
                              capture_output=True, text=True,
                              check=True).stdout.split()
        props = set(schemas[name + ".request"].schema["properties"])
        if set(keys) != props - {"command"}:
            fail("%s.request.schema.json keys differ from `vfplan request "
                 "--keys %s`: %s" % (name, name,
                                    sorted(set(keys) ^ (props - {"command"}))))


def check_requests(exe, root, schemas):
    """The examples a user copies are valid requests."""
    n = 0
    path = os.path.join(root, "tests/examples/requests.jsonl")
    for line in open(path, encoding="utf-8"):
        try:
            req = json.loads(line)
        except ValueError:
            continue  # the file's malformed lines, on purpose
        answer = schema_samples.run(exe, root, ["request"], line)
        valid = not errors(schemas["plan.request"], req)
        # a request vfplan takes is valid; one it refuses for a key is not
        refused = "error" in answer and "key" in answer["error"]["message"]
        if refused == valid:
            fail("requests.jsonl %s: schema says %s, vfplan %s" % (
                line.strip(), valid, answer.get("error", "answers")))
        n += 1
    body = re.compile(r"-d '(\{.*?\})' http://[^/]+/v1/([a-z]+)")
    for doc in glob.glob(os.path.join(root, "docs/*.md")):
        for line in open(doc, encoding="utf-8"):
            m = body.search(line)
            if not m or re.search(r"# [45]\d\d", line):
                continue  # the docs' examples of refused requests
            try:
                req = json.loads(m.group(1))
            except ValueError:
                continue  # the docs' example of a malformed body
            name = m.group(2) + ".request"
            for e in errors(schemas[name], req)[:2]:
                fail("%s: %s against %s: %s" % (os.path.basename(doc),
                                               m.group(1), name, e.message))
            n += 1
    if n < 10:
        fail("only %d request examples found" % n)


def must_fail(schemas, name, what, value):
    if not errors(schemas[name], value):
        fail("a wrong answer passed %s.schema.json: %s" % (name, what))


def check_wrong(schemas, plan, gpus):
    """A test that cannot fail is no test: each of these must."""
    w = copy.deepcopy(plan)
    del w["memory"]["per_gpu"]["total_bytes"]
    must_fail(schemas, "plan", "memory.per_gpu.total_bytes removed", w)
    w = copy.deepcopy(plan)
    w["memory"]["per_gpu"]["total_gb"] = 1.0
    must_fail(schemas, "plan", "memory.per_gpu.total_gb added", w)
    w = copy.deepcopy(plan)
    w["time"]["step_seconds"] = "0.2"
    must_fail(schemas, "plan", "time.step_seconds a string", w)
    w = copy.deepcopy(plan)
    w["schema"] = 2
    must_fail(schemas, "plan", "schema 2", w)
    w = copy.deepcopy(plan)
    w["data_date"] = "2026-13-45"
    must_fail(schemas, "plan", "data_date not a date", w)
    w["data_date"] = ""  # data without a dated record
    if errors(schemas["plan"], w):
        fail("plan.schema.json refuses an empty data_date")
    w["data_date"] = "2026-12-01"
    w["vfplan_commit"] = "0d135f7"
    if errors(schemas["plan"], w):
        fail("plan.schema.json refuses vfplan_commit and data_date")
    w = copy.deepcopy(gpus)
    w[0]["vram_gb"] = w[0].pop("vram_bytes")
    must_fail(schemas, "gpus", "vram_bytes renamed", w)
    must_fail(schemas, "error", "no message", {"error": {"exit_code": 2}})
    for req, what in (({"model": "8B", "gpus": "4xH100", "sq": 4096},
                       "an unknown key"),
                      ({"model": "8B", "gpus": "4xH100", "seq": "4k"},
                       "seq a string"),
                      ({"gpus": "4xH100"}, "no model"),
                      ({"model": 8, "gpus": "4xH100"}, "model a number")):
        if not errors(schemas["plan.request"], req):
            fail("a wrong request passed plan.request: " + what)
    # a config.json's contents as the model (request_model.c)
    inline = {"model": {"model_type": "llama", "hidden_size": 2048},
              "gpus": "1xH100"}
    if errors(schemas["plan.request"], inline):
        fail("plan.request refuses a config.json object as the model")


def main():
    exe, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    check_generated(exe, root)
    schemas = load_schemas(root)
    check_request_keys(exe, schemas)
    seen = {}
    for name, where, answer in list(schema_samples.golden(root)) + \
            list(schema_samples.on_the_fly(exe, root)):
        if name != "error" and isinstance(answer, dict) and "error" in answer:
            fail("%s: an error where a %s answer was meant: %s" % (
                where, name, answer["error"].get("message")))
            continue
        check_answer(schemas, name, where, answer)
        seen.setdefault(name, answer)
    want = set(n for n in schemas if not n.endswith(".request"))
    if want - set(seen):
        fail("no answer validated against %s" % sorted(want - set(seen)))
    check_requests(exe, root, schemas)
    check_wrong(schemas, seen["plan"], seen["gpus"])
    print("schema_test: %d answers of %d schemas, %d failures" % (
        sum(1 for _ in schema_samples.golden(root)) +
        len(schema_samples.ON_THE_FLY) + len(schema_samples.REQUESTS),
        len(schemas), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
