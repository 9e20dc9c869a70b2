# SPDX-License-Identifier: GPL-3.0-or-later
# scaling.gp - speed-up against GPU count, one line per link, the ideal
# (linear) speed-up dashed. vfplan fills the @NAME@ placeholders:
#   @FORMAT@  png or svg          @OUTPUT@  the picture, a quoted string
#   @DATA@    the data, quoted    @TITLE@   the title, quoted
#   @LINKS@   the links' names, quoted and space-separated, one per block
#   @BLOCKS@  how many blocks     @MAX@     the largest GPU count
# The data has one block per link (blocks apart by two blank lines), one
# row per GPU count: gpus speedup efficiency step_seconds tokens_per_second
# fits (1 or 0).
if ('@FORMAT@' eq 'svg') {
	set terminal svg size 900,560 dynamic enhanced font 'Sans,11'
} else {
	if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
		set terminal pngcairo size 900,560 enhanced font 'Sans,11'
	} else {
		set terminal png size 900,560
	}
}
set output @OUTPUT@
set title @TITLE@ noenhanced
set xlabel 'GPUs'
set ylabel 'speed-up against one GPU'
set logscale xy 2
set xrange [1:@MAX@]
set yrange [0.5:@MAX@ * 1.2]
set grid
set key top left noenhanced
links = @LINKS@
plot x with lines dashtype 2 linecolor 'gray40' title 'ideal (linear)', \
     for [i = 0:@BLOCKS@ - 1] @DATA@ index i using 1:2 \
         with linespoints linewidth 2 pointtype 7 title word(links, i + 1), \
     for [i = 0:@BLOCKS@ - 1] @DATA@ index i using 1:($6 > 0 ? 1/0 : $2) \
         with points pointtype 6 pointsize 2 linecolor 'red' \
         title (i == 0 ? 'does not fit in memory' : '')
