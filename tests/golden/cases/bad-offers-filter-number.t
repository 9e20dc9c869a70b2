args: offers --filter 'count>=four'
rc: 2
--- stdout
--- stderr
vfplan: --filter: count is compared with a number, not 'four'
