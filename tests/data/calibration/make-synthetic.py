#!/usr/bin/env python3
"""Writes synthetic-h200.yaml: a vfcalib raw file made by hand from known
parameters plus 2 % noise (seeded), for the tests. It is NOT a measurement
and says `synthetic: true`. Run by hand; the tests read the committed file.

Known parameters (what `vfplan calibrate fit` must recover):
  GEMM bf16:   efficiency = 0.78 * F / (F + 2e10), peak 989.4 TFLOP/s
  HBM copy:    4.3e12 * b / (b + 4 MiB) bytes/s (read + write = 2b)
  host (h2d):  5.4e10 * b / (b + 1 MiB) bytes/s per GPU
  all_reduce:  alpha 12 us (n=2), 18 us (n=4), 25 us (n=8); bus bandwidth
               370e9 (n=2), 360e9 (n=4), 350e9 (n=8) bytes/s
  all_gather, reduce_scatter: alpha 10/14/20 us, bus bandwidth 0.97x"""
import random

random.seed(20261129)
noise = lambda: 1 + random.gauss(0, 0.02)
out = []
w = out.append
w("# SYNTHETIC: made by tests/data/calibration/make-synthetic.py from known")
w("# parameters with 2 % noise; not a measurement of any machine.")
w("vfcalib: 1")
w("synthetic: true")
w('date: "2026-11-29T00:00:00Z"')
w("quick: true")
w("machine:")
w('  hostname: "synthetic"')
w('  gpu: "NVIDIA H200"')
w("  gpu_count: 8")
w("  memory_bytes: 150754820096")
w('  compute_capability: "9.0"')
w("  sm_count: 132")
w('  driver: "13.0"')
w('  runtime: "13.0"')
w('  nccl: "2.27.7"')
w("  pcie_gen: 5")
w("  p2p:")
w("    can_access: [" + ", ".join("[" + ", ".join("1" for _ in range(8)) + "]" for _ in range(8)) + "]")
w("    copy_bytes_per_second: [" + ", ".join("[" + ", ".join("0" if i == j else "3.9e11" for j in range(8)) + "]" for i in range(8)) + "]")

def timed(t):
    return "seconds: %.6g, min_seconds: %.6g, max_seconds: %.6g" % (t, t * 0.99, t * 1.02)

w("gemm:")
for m, n, k in [(1024,1024,1024),(2048,2048,2048),(4096,4096,4096),(8192,8192,8192),(16384,16384,16384),
                (512,2048,2048),(2048,6144,2048),(8192,5632,2048),(8192,2048,5632),(2048,4096,4096),
                (16384,11008,4096),(512,8192,8192),(8192,28672,8192),(4096,1024,1024),(256,4096,4096)]:
    f = 2.0 * m * n * k
    eff = 0.78 * f / (f + 2e10)
    t = f / (989.4e12 * eff) * noise()
    w("  - {dtype: bf16, m: %d, n: %d, k: %d, %s, flops_per_second: %.6g}" % (m, n, k, timed(t), f / t))
w("hbm:")
for b in [1 << 20, 16 << 20, 256 << 20, 1 << 30, 2 << 30]:
    bw = 4.3e12 * b / (b + (4 << 20))
    t = 2 * b / bw * noise()
    w("  - {bytes: %d, %s, bytes_per_second: %.6g}" % (b, timed(t), 2 * b / t))
w("host_device:")
for d in ["h2d", "d2h"]:
    for g in [1, 8]:
        for b in [16 << 20, 256 << 20, 1 << 30]:
            bw = 5.4e10 * b / (b + (1 << 20)) * (0.8 if g == 8 else 1)
            t = b / bw * noise()
            w("  - {direction: %s, gpus: %d, bytes: %d, %s, bytes_per_second: %.6g}" % (d, g, b, timed(t), b / t))
w("collectives:")
params = {"all_reduce": {2: (12e-6, 370e9), 4: (18e-6, 360e9), 8: (25e-6, 350e9)},
          "all_gather": {2: (10e-6, 359e9), 4: (14e-6, 349e9), 8: (20e-6, 340e9)},
          "reduce_scatter": {2: (10e-6, 359e9), 4: (14e-6, 349e9), 8: (20e-6, 340e9)}}
for op, by_n in params.items():
    for n, (alpha, bus) in by_n.items():
        factor = 2.0 * (n - 1) / n if op == "all_reduce" else (n - 1) / n
        s = 1024
        while s <= (1 << 30):
            t = (alpha + factor * s / bus) * noise()
            w("  - {op: %s, gpus: %d, bytes: %d, %s, algbw: %.6g, busbw: %.6g}" % (op, n, s, timed(t), s / t, factor * s / t))
            s *= 4
w("proxy:")
w("  model: vfcalib-proxy")
w("  layers: 4")
w("  hidden: 2048")
w("  heads: 16")
w("  ffn: 5632")
w("  vocab: 32000")
w("  seq: 2048")
w("  micro_batch: 1")
w("  gpus: 1")
w("  ckpt: full")
w("  attn: eager")
w("  step_seconds: 0.0125")
w("  min_seconds: 0.0123")
w("  max_seconds: 0.0129")
w("  peak_allocated_bytes: 6200000000")
w("  peak_device_used_bytes: 7100000000")
open(__file__.replace("make-synthetic.py", "synthetic-h200.yaml"), "w").write("\n".join(out) + "\n")
