# SPDX-License-Identifier: GPL-3.0-or-later
# memory.gp - memory per GPU at the step's peak, stacked by term, one bar
# per strategy, the usable memory as a dashed line. vfplan fills the @NAME@
# placeholders:
#   @FORMAT@  png or svg          @OUTPUT@  the picture, a quoted string
#   @DATA@    the data, quoted    @TITLE@   the title, quoted
#   @UNITS@   GB or GiB           @USABLE@  usable memory per GPU, in @UNITS@
#   @YMAX@    the top of the y axis, in @UNITS@
#   @NOTE@    the strategies the job cannot use, quoted ('' when none)
# The data has a header row (the text report's term names), then one row
# per strategy: its name (quoted), the eight terms as they are at the peak
# phase (weights, gradients, optimizer states, activations, logits,
# buffers, temporaries, allocator slack) and the total at the peak, in
# @UNITS@. The stack sums to the peak (a black bar and its figure), unless
# a calibration moved the total.
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
set ylabel 'memory per GPU at the peak (@UNITS@)'
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.6
set grid ytics
set key below horizontal noenhanced
set xlabel @NOTE@ noenhanced
set style textbox opaque noborder margins 1, 1
set yrange [0:@YMAX@]
set key autotitle columnheader
set arrow from graph 0, first @USABLE@ to graph 1, first @USABLE@ nohead \
    dashtype 2 linewidth 2 linecolor 'red' front
set label sprintf('usable %.1f @UNITS@', @USABLE@) at graph 0.01, \
    first @USABLE@ offset 0, 0.7 textcolor 'red' front
plot for [i = 2:9] @DATA@ using i:xtic(1), \
     @DATA@ using ($0 - 0.36):10:(0.72):(0) with vectors nohead \
         linewidth 3 linecolor 'black' title 'total at peak', \
     @DATA@ using 0:10:(sprintf('%.1f', $10)) with labels boxed \
         offset 0, 0.9 notitle
