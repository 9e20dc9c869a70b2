# SPDX-License-Identifier: GPL-3.0-or-later
# rent.gp - the cost of a training job against its time, one point per
# feasible offer, the time-cost Pareto front joined. vfplan fills:
#   @FORMAT@  png or svg          @OUTPUT@  the picture, a quoted string
#   @DATA@    the data, quoted    @TITLE@   the title, quoted
#   @CURRENCY@ the currency, quoted
# The data has two blocks (two blank lines apart): every plan, then the
# Pareto front by increasing time; rows: hours total pareto "offer-id".
if ('@FORMAT@' eq 'svg') {
	set terminal svg size 900,600 dynamic enhanced font 'Sans,11'
} else {
	if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
		set terminal pngcairo size 900,600 enhanced font 'Sans,11'
	} else {
		set terminal png size 900,600
	}
}
set output @OUTPUT@
set title @TITLE@ noenhanced
set xlabel 'training time (hours, billed)'
set ylabel sprintf('total cost (%s)', @CURRENCY@)
set logscale xy
set grid
set key top right noenhanced
plot @DATA@ index 0 using 1:2 with points pointtype 7 pointsize 0.8 \
         linecolor 'gray50' title 'offers that fit', \
     @DATA@ index 1 using 1:2 with linespoints pointtype 7 pointsize 1.2 \
         linewidth 2 linecolor 'dark-red' title 'Pareto front', \
     @DATA@ index 1 using 1:2:4 with labels offset 1,0.6 left font ',8' \
         notitle
