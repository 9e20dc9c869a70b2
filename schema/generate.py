#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes schema/*.schema.json (JSON Schema draft 2020-12) from
schema/definition.py: NAME.schema.json for each answer and
NAME.request.schema.json for each command's request, whose keys are the C
tables' (`vfplan request --keys COMMAND`).

  schema/generate.py --vfplan build/vfplan [--out DIR]

tests/schema_test.py runs it into a temporary folder and fails when the
files checked in differ: run it, and commit what it writes, after changing
the definition or a request key table."""
import argparse
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import definition as d  # noqa: E402

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID = "urn:vfplan:schema:1:"
SCALARS = {"int": "integer", "num": "number", "str": "string",
           "bool": "boolean", "null": "null", "object": "object"}


class Expander:
    """One file's expansion: the $defs it refers to, collected."""

    def __init__(self):
        self.used = []

    def ref(self, name):
        if name not in d.DEFS:
            raise SystemExit("generate.py: no definition '%s'" % name)
        if name not in self.used:
            self.used.append(name)
        return {"$ref": "#/$defs/" + name}

    def scalar(self, word):
        if word == "any":
            return {}
        if word == "date":
            # "" where the data has no dated record (vfp_db_data_date)
            return {"type": "string",
                    "anyOf": [{"format": "date"}, {"const": ""}]}
        if word.startswith("#"):
            return self.ref(word[1:])
        if word.startswith("[") and word.endswith("]"):
            return {"type": "array", "items": self.scalar(word[1:-1])}
        if word not in SCALARS:
            raise SystemExit("generate.py: unknown type '%s'" % word)
        return {"type": SCALARS[word]}

    def text(self, spec):
        nullable = spec.endswith("?")
        parts = [self.scalar(p) for p in spec.rstrip("?").split("|")]
        if nullable:
            parts.append({"type": "null"})
        if len(parts) == 1:
            return parts[0]
        if all(list(p) == ["type"] for p in parts):
            return {"type": [p["type"] for p in parts]}
        if len(parts) == 2 and parts[1] == {"type": "null"} and \
                "type" in parts[0] and "$ref" not in parts[0]:
            return dict(parts[0], type=[parts[0]["type"], "null"])
        return {"anyOf": parts}

    def obj(self, spec):
        props, required = {}, []
        for key, value in spec.items():
            name = key[1:] if key.startswith("?") else key
            if not key.startswith("?"):
                required.append(name)
            props[name] = self.expand(value)
        out = {"type": "object", "additionalProperties": False}
        if required:
            out["required"] = required
        out["properties"] = props
        return out

    def expand(self, spec):
        if isinstance(spec, str):
            return self.text(spec)
        if isinstance(spec, dict):
            return self.obj(spec)
        if isinstance(spec, list):
            return {"type": "array", "items": self.expand(spec[0])}
        kind, arg = spec
        if kind == "null-or":
            inner = self.expand(arg)
            if "type" in inner and "$ref" not in inner:
                return dict(inner, type=[inner["type"], "null"])
            return {"anyOf": [inner, {"type": "null"}]}
        if kind == "enum":
            return {"type": "string", "enum": list(dict.fromkeys(arg))}
        if kind == "any-of":
            return {"type": "object",
                    "anyOf": [self.expand(t) for t in arg]}
        if kind == "const":
            return {"type": "integer", "const": arg}
        if kind == "map":
            return {"type": "object",
                    "additionalProperties": self.expand(arg)}
        raise SystemExit("generate.py: unknown form %r" % (spec,))

    def document(self, name, title, spec):
        # a top-level "#x" is x itself, so that the file states its type
        if isinstance(spec, str) and spec.startswith("#"):
            spec = d.DEFS[spec[1:]]
        body = self.expand(spec)
        defs, done = {}, 0
        while done < len(self.used):  # defs may use defs
            key = self.used[done]
            defs[key] = self.expand(d.DEFS[key])
            done += 1
        doc = {"$schema": DRAFT, "$id": ID + name, "title": title}
        doc.update(body)
        if defs:
            doc["$defs"] = {k: defs[k] for k in sorted(defs)}
        return doc


def request_keys(vfplan, command):
    """The keys the C tables give the command; none: it takes none (the
    lists), which --keys refuses."""
    out = subprocess.run([vfplan, "request", "--keys", command],
                         capture_output=True, text=True)
    return out.stdout.split() if out.returncode == 0 else []


def request_doc(vfplan, command, title, required):
    keys = request_keys(vfplan, command)
    if not keys:
        raise SystemExit("generate.py: '%s' takes no keys" % command)
    types = dict(d.REQUEST_TYPES, **d.REQUEST_OVERRIDES.get(command, {}))
    missing = [k for k in keys if k not in types]
    if missing:
        raise SystemExit("generate.py: request keys of '%s' without a type "
                         "in schema/definition.py REQUEST_TYPES: %s"
                         % (command, ", ".join(missing)))
    e = Expander()
    props = {"command": {"const": command}}
    for k in dict.fromkeys(keys):  # rent's keys: training and --image
        props[k] = e.expand(types[k])
    return {"$schema": DRAFT, "$id": ID + command + ".request",
            "title": title, "type": "object",
            "additionalProperties": False, "required": required,
            "properties": props}


def documents(vfplan):
    docs = {}
    for name, (title, spec) in d.ANSWERS.items():
        docs[name + ".schema.json"] = Expander().document(name, title, spec)
    for name, (title, required) in d.REQUESTS.items():
        docs[name + ".request.schema.json"] = request_doc(
            vfplan, name, title, required)
    for name in d.LIST_REQUESTS:
        if request_keys(vfplan, name):
            raise SystemExit("generate.py: the list '%s' takes keys now"
                             % name)
    docs["lists.request.schema.json"] = {
        "$schema": DRAFT, "$id": ID + "lists.request",
        "title": "{\"command\": LIST}: a list, as `vfplan LIST --json`",
        "type": "object", "additionalProperties": False,
        "required": ["command"],
        "properties": {"command": {"enum": d.LIST_REQUESTS}}}
    return docs


def text(doc):
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vfplan", required=True, help="the built vfplan")
    ap.add_argument("--out", default=here, help="folder to write into")
    args = ap.parse_args()
    for name, doc in documents(args.vfplan).items():
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text(doc))


if __name__ == "__main__":
    main()
