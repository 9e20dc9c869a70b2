args: offers
rc: 0
--- stdout
--- stderr
