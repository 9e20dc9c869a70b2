args: validate
rc: 2
--- stdout
--- stderr
vfplan: missing RAW.yaml (a file vfcalib wrote)
