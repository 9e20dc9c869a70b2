args: offers --offers tests/data/crashes/no-yaml/models --filter "provider=nobody"
rc: 0
--- stdout
id                           provider   machine             price/h cur   billing kind   date      

0 of 227 offers. Prices are samples seen on the dates shown, not quotes.
--- stderr
