# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads a vfcalib raw file back with PyYAML and checks its shape against
RAW-FORMAT.md: the keys, their order in each row, and the value types."""
import sys

import yaml

ROW_KEYS = {
    "gemm": ["dtype", "m", "n", "k", "seconds", "min_seconds", "max_seconds", "flops_per_second"],
    "hbm": ["bytes", "seconds", "min_seconds", "max_seconds", "bytes_per_second"],
    "host_device": ["direction", "gpus", "bytes", "seconds", "min_seconds", "max_seconds",
                    "bytes_per_second"],
    "collectives": ["op", "gpus", "bytes", "seconds", "min_seconds", "max_seconds", "algbw",
                    "busbw"],
}
TOP = ["vfcalib", "synthetic", "date", "quick", "machine", "gemm", "hbm", "host_device",
       "collectives", "proxy"]
MACHINE = ["hostname", "gpu", "gpu_count", "memory_bytes", "compute_capability", "sm_count",
           "driver", "runtime", "nccl", "pcie_gen", "p2p"]
PROXY = ["model", "layers", "hidden", "heads", "ffn", "vocab", "seq", "micro_batch", "gpus",
         "ckpt", "attn", "step_seconds", "min_seconds", "max_seconds", "peak_allocated_bytes",
         "peak_device_used_bytes"]


def main(path):
    doc = yaml.safe_load(open(path))
    assert list(doc) == TOP, list(doc)
    assert doc["vfcalib"] == 1 and doc["synthetic"] is False and doc["quick"] is True
    assert isinstance(doc["date"], str)
    m = doc["machine"]
    assert list(m) == MACHINE, list(m)
    for k in ("hostname", "gpu", "compute_capability", "driver", "runtime", "nccl"):
        assert m[k] is None or isinstance(m[k], str), k
    n = m["gpu_count"]
    assert len(m["p2p"]["can_access"]) == n and len(m["p2p"]["copy_bytes_per_second"]) == n
    for section, keys in ROW_KEYS.items():
        for row in doc[section]:
            assert list(row) == keys, (section, list(row))
            for k in keys:
                if k not in ("dtype", "direction", "op"):
                    assert isinstance(row[k], (int, float)) and not isinstance(row[k], bool), (
                        section, k, row[k])
    p = doc["proxy"]
    assert list(p) == PROXY, list(p)
    print("check_raw: %s reads back as RAW-FORMAT.md (hostname %r)" % (path, m["hostname"]))


if __name__ == "__main__":
    main(sys.argv[1])
