args: -V
rc: 0
--- stdout
vfplan 0.1.0 (commit COMMIT, data of 2026-11-30)
--- stderr
