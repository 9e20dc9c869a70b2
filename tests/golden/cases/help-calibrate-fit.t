args: help calibrate fit
rc: 0
--- stdout
usage: vfplan calibrate fit RAW.yaml -o OUT [--gpu G]

Fits what vfcalib measured (GEMMs, copies, collectives) into a
calibration file.

options:
  --output FILE            write the calibration here (-o)
  --gpu G                  the database GPU measured (default: from the device name in the file)
  --collective C           from-nccl-tests: all_reduce|all_gather|reduce_scatter (default: read from the text)
  --data DIR               load DIR/models and DIR/hwdb instead of the embedded data
  --json                   print the fit report as JSON (the file is still written)
  --help                   this help
  --no-config              ignore the VFPLAN_* variables and ~/.config/vfplan/config.yaml (defaults of --currency, --units, --data, --offers)
--- stderr
