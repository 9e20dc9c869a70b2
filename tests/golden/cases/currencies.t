args: currencies
rc: 0
--- stdout
code        per EUR  date        source
EUR          1.0000  2026-10-05  Identity
USD          1.1204  2026-10-05  ECB euro foreign exchange reference rate
CNY          7.5118  2026-10-05  ECB euro foreign exchange reference rate
--- stderr
