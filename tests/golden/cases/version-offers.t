args: --version --offers tests/data/data_date/offers.yaml
rc: 0
--- stdout
vfplan 0.1.0 (commit COMMIT, data of 2027-03-02)
License GPL-3.0-or-later <https://gnu.org/licenses/gpl.html>: free software, no warranty.
--- stderr
