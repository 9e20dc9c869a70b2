args: currencies --csv
rc: 0
--- stdout
code,per_eur,date,source
EUR,1,2026-10-05,Identity: the euro is the base currency of the ECB euro foreign exchange reference rates.
USD,1.1204,2026-10-05,"ECB euro foreign exchange reference rate, USD per EUR, reference date 2026-10-05 (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml), as captured in two independent public repositories' copies of eurofxref-daily.xml (Cube time 2026-10-05, USD 1.1204, JPY 177.28, GBP 0.84720); the preceding reference 2026-10-02 was USD 1.1225 (a file described as eurofxref-daily.xml as served by the ECB on 2026-10-03). This is the most recent dated ECB rate found in stored sources: no November 2026 rate was found, while the VRAMfarm price (2026-11-12) is newer. Replace with the rate of the day for a quote."
CNY,7.5118,2026-10-05,"ECB euro foreign exchange reference rate, CNY per EUR, reference date 2026-10-05 (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml), as captured in a public repository's test copy of eurofxref-daily.xml (Cube time 2026-10-05: USD 1.1204, JPY 177.28, GBP 0.84720, CNY 7.5118, the same USD, JPY and GBP as the USD row's sources); a second copy of the 2026-10-02 file gives CNY 7.5259 with USD 1.1225 (the same USD as the USD row's 2026-10-02 reference), so CNY per USD is 6.705 on both days. Used for the AutoDL samples (hwdb/offers/autodl.yaml), seen in August 2026: replace with the rate of the day for a quote."
--- stderr
