# Draws the pictures of `sudoku-corpus stats --plot DIR` from the data files the command writes
# into DIR (clues.dat, freedom.dat, clues_freedom.dat, rating.dat, rating_clues.dat). The
# binary embeds this script at build time, copies it into DIR and runs it as
#   gnuplot -e "dir='DIR'; nlevels=3; colours='#1a9850 #91cf60 #fee08b'; ..." DIR/plot_stats.gnuplot
# (the exact line is in DIR/plot_stats.sh). Edit the copy and re-run that line to restyle the
# pictures. Needs gnuplot 5 (gnuplot-nox). Each picture is written as PNG and as SVG.
#
# Data files (whitespace-separated, first line = column names):
#   clues.dat          clues  total  <one column per level>
#   freedom.dat        bin_start  total  <one column per level>   (bins of freedom_bin)
#   clues_freedom.dat  clues  bin_start  puzzles   (every cell of the grid; NaN where none)
#   rating.dat         rating  total  <one column per level>   (SE rating, e.g. 4.2; a rating
#                      counts in its level's column only)
#   rating_clues.dat   clues  puzzles  mean_rating  level_rgb   (the colour of the mean's level)
#
# Variables: colours holds one colour per level column, fixed per level name so that a level
# keeps its colour whichever levels a selection holds; what = the corpus and the filter, for the
# titles; log_clues, log_freedom, log_rating = 1 where the counts span two decades or more, so
# that the rare levels stay visible. Every picture but the heat map colours by level.
if (!exists("dir")) dir = '.'
if (!exists("nlevels")) nlevels = 3
if (!exists("colours")) colours = '#1a9850 #91cf60 #fee08b #fc8d59 #d73027 #7f0000'
if (!exists("freedom_bin")) freedom_bin = 1
if (!exists("what")) what = 'corpus'
if (!exists("log_clues")) log_clues = 0
if (!exists("log_freedom")) log_freedom = 0
if (!exists("log_rating")) log_rating = 0
colour(i) = word(colours, i)

do for [format in 'png svg'] {
  # pngcairo draws smoother text; the libgd png terminal is the fallback.
  if (format eq 'svg') {
    set terminal svg size 900,560 font 'sans,10' background '#ffffff'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
      set terminal pngcairo size 900,560 font 'sans,10'
    } else {
      set terminal png size 900,560
    }
  }
  set style fill solid 0.85 border -1
  set key top right autotitle columnhead
  set grid ytics
  # Room above the tallest bar, which autoscaling would put on the frame.
  set offsets 0, 0, graph 0.06, 0
  unset logscale
  set ylabel 'puzzles'
  set yrange [0:*]
  set xrange [*:*]

  # 1. Clue histogram by level: stacked bars (each bar drawn as the running sum of the levels up
  #    to one, hardest first, so the easier levels' parts show in front); on a log scale, where
  #    stacks would mislead, one outline per level.
  set output dir.'/clues.'.format
  set title 'clues per puzzle, by level: '.what noenhanced
  set xlabel 'clues'
  set boxwidth 0.9
  if (log_clues) {
    set logscale y
    set ylabel 'puzzles (log scale)'
    set yrange [0.8:*]
    plot for [i=3:2+nlevels] dir.'/clues.dat' using 1:i with histeps lw 2 lc rgb colour(i-2) \
         title columnhead(i)
  } else {
    plot for [i=2+nlevels:3:-1] dir.'/clues.dat' using 1:(sum [c=3:i] column(c)) with boxes \
         lc rgb colour(i-2) title columnhead(i)
  }
  unset logscale
  set ylabel 'puzzles'
  set yrange [0:*]

  # 2. Freedom histogram by level: stacked bars as the clues (outlines on a log scale).
  set output dir.'/freedom.'.format
  set title sprintf('freedom per puzzle, by level (bins of %d): %s', freedom_bin, what) noenhanced
  set xlabel 'freedom'
  set boxwidth freedom_bin * 0.9
  if (log_freedom) {
    set logscale y
    set ylabel 'puzzles (log scale)'
    set yrange [0.8:*]
    plot for [i=3:2+nlevels] dir.'/freedom.dat' using ($1 + freedom_bin / 2.0):i with histeps \
         lw 2 lc rgb colour(i-2) title columnhead(i)
  } else {
    plot for [i=2+nlevels:3:-1] dir.'/freedom.dat' \
         using ($1 + freedom_bin / 2.0):(sum [c=3:i] column(c)) with boxes lc rgb colour(i-2) \
         title columnhead(i)
  }
  unset logscale
  set ylabel 'puzzles'
  set yrange [0:*]

  # 3. Freedom per level, as outlines, so overlapping levels stay visible.
  set output dir.'/freedom_by_level.'.format
  set title sprintf('freedom per level (bins of %d): %s', freedom_bin, what) noenhanced
  if (log_freedom) {
    set logscale y
    set ylabel 'puzzles (log scale)'
    set yrange [0.8:*]
  }
  plot for [i=3:2+nlevels] dir.'/freedom.dat' using ($1 + freedom_bin / 2.0):i with histeps \
       lw 2 lc rgb colour(i-2) title columnhead(i)
  unset logscale
  set ylabel 'puzzles'
  set yrange [0:*]

  # 4. Heat map: puzzles per (clues, freedom bin).
  set output dir.'/clues_freedom.'.format
  set title sprintf('puzzles by clues and freedom (bins of %d): %s', freedom_bin, what) noenhanced
  set xlabel 'clues'
  set ylabel 'freedom'
  set cblabel 'puzzles'
  set yrange [*:*]
  set offsets 0, 0, 0, 0
  set grid xtics ytics front
  set palette defined (0 '#fff5eb', 1 '#fdae6b', 2 '#e6550d', 3 '#7f2704')
  unset key
  plot dir.'/clues_freedom.dat' using 1:($2 + freedom_bin / 2.0):3 with image
  unset grid
  set offsets 0, 0, graph 0.06, 0
  set key top right autotitle columnhead

  # 5. Rating histogram (SE scale; 10.0 = a guess was needed), each bar in its level's colour.
  #    The x range leaves half a bar's room at each end: the tallest bar is often the first.
  set output dir.'/rating.'.format
  set title 'SE rating per puzzle: '.what noenhanced
  set xlabel 'rating (SE)'
  set ylabel 'puzzles'
  set yrange [0:*]
  set grid ytics
  set boxwidth 0.08
  set offsets 0.1, 0.1, graph 0.06, 0
  if (log_rating) {
    set logscale y
    set ylabel 'puzzles (log scale)'
    set yrange [0.8:*]
  }
  plot for [i=3:2+nlevels] dir.'/rating.dat' using 1:(column(i) > 0 ? column(i) : NaN) \
       with boxes lc rgb colour(i-2) title columnhead(i)
  unset logscale
  set offsets 0, 0, graph 0.06, 0

  # 6. Mean rating per clue count: how little clues say about difficulty; each point in the
  #    colour of the level its mean falls in.
  set output dir.'/rating_clues.'.format
  set title 'mean SE rating by clues: '.what noenhanced
  set xlabel 'clues'
  set ylabel 'mean rating (SE)'
  set yrange [1:*]
  plot dir.'/rating_clues.dat' using 1:3 with lines lw 2 lc rgb '#999999' notitle, \
       '' using 1:3:4 with points pt 7 ps 1.2 lc rgb variable notitle
  unset output
}
