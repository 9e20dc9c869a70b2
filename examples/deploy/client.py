#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A client of `vfplan serve`, standard library only.

    python3 client.py [--url http://127.0.0.1:8080] [--token-file FILE]

Asks the server what it can do, plans a job, ranks the machines that can
run it, and fetches the launch file of the cheapest, printing a line for
each. Errors come back as HTTP 4xx with {"error": {"message": ...}}; the
client prints the message and exits 1.
"""
import argparse
import json
import sys
import urllib.error
import urllib.request


def call(base, path, body=None, token=None):
    """GET (body None) or POST a JSON body; the decoded JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp)
    except urllib.error.HTTPError as err:
        answer = json.load(err)
        sys.exit("vfplan serve: %d %s" % (err.code, answer["error"]["message"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default="http://127.0.0.1:8080")
    ap.add_argument("--token-file")
    args = ap.parse_args()
    token = None
    if args.token_file:
        with open(args.token_file) as f:
            token = f.read().strip()
    base = args.url.rstrip("/")

    version = call(base, "/v1/version", token=token)
    print("server: vfplan", version.get("version", version))
    plan = call(base, "/v1/plan", {"model": "8B", "gpus": "4xH100",
                                   "strategy": "zero3"}, token)
    mem = plan["memory"]["per_gpu"]["total_bytes"] / 1e9
    print("plan: %.1f GB per GPU, %s" % (mem, "fits" if plan["memory"]["fits"]
                                         else "does not fit"))
    rent = call(base, "/v1/rent", {"model": "llama-3.1-8b", "tokens": "2B",
                                   "deadline": "24h", "top": 3}, token)
    for i, p in enumerate(rent["plans"], 1):
        print("rent %d: %s, %.2f %s" % (i, p["offer"]["id"],
                                        p["cost"]["total"],
                                        p["cost"]["currency"]))
    if rent["plans"]:
        best = rent["plans"][0]
        job = best["job"]
        # the same job on that offer, as the ranking settled it
        launch = call(base, "/v1/launch", {
            "emit": "torchrun", "model": "llama-3.1-8b",
            "offer": best["offer"]["id"], "strategy": job["strategy"],
            "offload": job["offload"], "micro_batch": job["micro_batch"],
            "global_batch": job["global_batch"],
            "ckpt": job["checkpointing"]}, token)
        print("launch: %s, %d bytes" % (launch["file"], len(launch["text"])))


if __name__ == "__main__":
    main()
