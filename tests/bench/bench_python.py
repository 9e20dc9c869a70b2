#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python package's answer against the library's own (issue 37: "a
plan's answer through Python costs at most 1.5x the library's own JSON
answer"). For each request: process time per answer of
  C      bench_request: vfp_request_json() and vfp_free() in C;
  ctypes the same call through ctypes, the request text built once;
  python vfplan.plan(...) etc.: the request written from keywords, the
         call, and the answer parsed into a dict (what a user gets);
and python over C, the figure docs/python.md records; the three measured
round after round, each its best of seven rounds (the machine's other
work only adds). Run on demand:

  VFPLAN_LIBRARY=build/src/libvfplan.so.0 PYTHONPATH=python \\
      python3 tests/bench/bench_python.py build/tests/bench/bench_request [s]
"""
import json
import subprocess
import sys
import time

import vfplan
from vfplan import _lib

REQUESTS = (
    ("plan", dict(model="8B", gpus="4xH100", strategy="zero3")),
    ("plan", dict(model="llama-3.1-70b", gpus="8xA100-80", strategy="zero3",
                  micro_batch=2, ckpt="full")),
    ("infer", dict(model="llama-3.1-8b", gpus="1xH100")),
    ("scaling", dict(model="8B", gpu="H100", max=8)),
)


ROUNDS = 7  # the best of seven: the machine's other work only adds


def one_round(fn, seconds):
    """Microseconds of process time per call over about `seconds`."""
    n, t0 = 0, time.process_time()
    while True:
        for _ in range(20):
            fn()
        n += 20
        t = time.process_time() - t0
        if t >= seconds:
            return 1e6 * t / n


def c_round(c_bench, text, seconds):
    out = subprocess.run([c_bench, text, str(seconds)], check=True,
                         capture_output=True, text=True).stdout
    return float(out.split()[1])


def best_of(c_bench, text, ctypes_fn, python_fn, seconds):
    """C, ctypes and python, round after round (so that a busy moment of
    the machine falls on all three alike), each its best round."""
    c = ct = py = float("inf")
    share = seconds / ROUNDS
    for _ in range(ROUNDS):
        if c_bench:
            c = min(c, c_round(c_bench, text, share))
        ct = min(ct, one_round(ctypes_fn, share))
        py = min(py, one_round(python_fn, share))
    return (c if c_bench else None), ct, py


def main():
    c_bench = sys.argv[1] if len(sys.argv) > 1 else None
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    p = vfplan.default_planner()
    lib, db = p._open()
    print(f"{'request':58} {'C us':>8} {'ctypes':>8} {'python':>8} "
          f"{'py/C':>6}")
    worst = 0.0
    for command, options in REQUESTS:
        text = json.dumps({"command": command, **options})
        raw = text.encode()
        fn = getattr(vfplan, command)
        c, ct, py = best_of(c_bench, text,
                            lambda: _lib.request(lib, db, raw),
                            lambda: fn(**options), seconds)
        base = c if c else ct
        worst = max(worst, py / base)
        print(f"{text[:58]:58} {c or float('nan'):8.1f} {ct:8.1f} "
              f"{py:8.1f} {py / base:6.2f}")
    print(f"worst python/{'C' if c_bench else 'ctypes'}: {worst:.2f}x "
          "(target: at most 1.5x)")


if __name__ == "__main__":
    main()
