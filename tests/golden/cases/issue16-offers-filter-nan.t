args: offers --filter 'count>=nan'
rc: 2
--- stdout
--- stderr
vfplan: --filter: count is compared with a number, not 'nan'
