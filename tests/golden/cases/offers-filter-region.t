args: offers --filter region=fin,count>=8
rc: 2
--- stdout
--- stderr
vfplan: --filter: 'count' is not FIELD<op>VALUE (e.g. count>=4)
