args: --version
rc: 0
--- stdout
vfplan 0.1.0 (commit COMMIT, data of 2026-11-30)
License GPL-3.0-or-later <https://gnu.org/licenses/gpl.html>: free software, no warranty.
--- stderr
