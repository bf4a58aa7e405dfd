#!/usr/bin/env bash
# Lists the positions where Sudoku Explainer 1.2.1 takes a dynamic forcing chain (+) (with
# --level 2 or 3, a nested forcing chain of level 2 or 3, with --level 4 or 5 of that level or
# more; with --aligned, an aligned pair or triple
# exclusion; with --path, every step), with SE's rating of that step, for
# tests/data/se_dynamic_plus_steps.txt, se_nested_steps.txt, se_aligned_steps.txt and
# se_path_steps.txt. A development tool: nothing in
# the build or the tests runs it; give it the jar of an SE 1.2.1.3 serate you built
# (docs/se-rules.md says how). It compiles scripts/dev/SeSteps.java against that jar and solves
# each puzzle as SE's rater does, up to the dynamic chains (+) (with --level 2 or more, up to the
# nested chains of level 3; with --level 4, of level 4, and with 5 of level 5: SE's experimental
# ones, hours a puzzle); where those are not enough it places the solution's digit (as
# sudoku-corpus guesses) and goes on. With --positions it reads positions instead (lines
# "PUZZLE RATING STEP MS POSITION", POSITION as in the output below; fields 2-4 ignored) and takes
# one step from each, exactly there, with SE's producers up to --level; no sudoku-corpus needed.
#
#   scripts/dev/se-steps.sh --jar /tmp/se/se121.jar puzzles.txt -o steps.txt
#   scripts/dev/se-steps.sh --jar /tmp/se/se121.jar --aligned puzzles.txt -o aligned.txt
#   scripts/dev/se-steps.sh --jar /tmp/se/se121.jar --path puzzles.txt -o path.txt
#   scripts/dev/se-steps.sh --jar /tmp/se/se121.jar --level 4 --positions positions.txt -o step.txt
#
# Input: one puzzle per line; blank and '#' lines skipped. Output: a '#' header, then the lines
# of SeSteps.java (PUZZLE RATING COMPLEXITY LEVEL POSITION HINT; with --aligned PUZZLE RATING
# SIZE POSITION REMOVED HINT; with --path PUZZLE_INDEX STEP TECHNIQUE RATING PLACEMENTS REMOVALS
# for every step, the puzzles numbered from 1 in input order; and '# guess' lines). With --positions, a line per position: that
# step in the --level format whatever it is (COMPLEXITY and LEVEL "-" if no chain), or
# '# none PUZZLE'; the milliseconds of each step ('# PUZZLE ms N') go to standard error.
# Exit codes: 0 done, 1 SE, the CLI or a file could not be used, 2 bad command line.
set -euo pipefail

readonly PROG="se-steps.sh"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

die() {
  echo "$PROG: $2" >&2
  exit "$1"
}

usage() {
  cat <<'USAGE'
usage: se-steps.sh [--jar PATH] [--cli PATH] [--level N [--positions | --path] | --aligned] [-o OUTPUT] INPUT
  INPUT        puzzle file (with --positions, position file), or - for standard input
  --jar PATH   SE serate jar (default: $SE_JAR)
  --cli PATH   sudoku-corpus, for the solutions (default: build-release/src/cli/sudoku-corpus)
  --level N    list dynamic chains of level N or more (default 1: the "+" ones; 2 or 3:
               solve up to the nested chains of level 3; 4: of level 4; 5: of level 5)
  --positions  take one step from each position of INPUT instead (producers up to --level)
  --aligned    list aligned pair and triple exclusions instead
  --path       list every step SE's rater takes instead (its producers up to --level)
  -o OUTPUT    write here (atomically) instead of standard output
USAGE
}

work=""
cleanup() { if [ -n "$work" ]; then rm -rf "$work"; fi; }

main() {
  local jar="${SE_JAR:-}" cli="$here/../../build-release/src/cli/sudoku-corpus" level=1
  local output="" input="" aligned=0 positions=0 path=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --jar) [ $# -ge 2 ] || die 2 "--jar needs a path"; jar="$2"; shift 2 ;;
      --cli) [ $# -ge 2 ] || die 2 "--cli needs a path"; cli="$2"; shift 2 ;;
      --level) [ $# -ge 2 ] || die 2 "--level needs a number"; level="$2"; shift 2 ;;
      --aligned) aligned=1; shift ;;
      --positions) positions=1; shift ;;
      --path) path=1; shift ;;
      -o) [ $# -ge 2 ] || die 2 "-o needs a path"; output="$2"; shift 2 ;;
      -h | --help) usage; exit 0 ;;
      -) input="-"; shift ;;
      -*) die 2 "unknown option $1 (see --help)" ;;
      *) [ -z "$input" ] || die 2 "more than one input: $input and $1"; input="$1"; shift ;;
    esac
  done
  [ -n "$input" ] || die 2 "no input file (see --help)"
  [[ "$level" =~ ^[1-5]$ ]] || die 2 "--level $level: not a level from 1 to 5"
  [ $((aligned + positions + path)) -le 1 ] || die 2 "--positions, --path and --aligned: one at most"
  [ -n "$jar" ] || die 2 "no SE jar: pass --jar PATH or set SE_JAR"
  [ -f "$jar" ] || die 1 "$jar: no such SE jar"
  [ "$positions" = 1 ] || [ -x "$cli" ] || die 1 "$cli: no sudoku-corpus binary (build it, or pass --cli)"
  command -v javac >/dev/null || die 1 "javac not found (apt-get install default-jdk-headless)"
  [ "$input" = "-" ] || [ -r "$input" ] || die 1 "$input: cannot read"

  work="$(mktemp -d "${TMPDIR:-/tmp}/se-steps.XXXXXX")"
  trap cleanup EXIT
  javac -nowarn -d "$work" -cp "$jar" "$here/SeSteps.java" || die 1 "$jar: SeSteps.java does not compile against it"
  local what="steps of dynamic chains of level $level or more" mode="$level" extra=""
  local columns="puzzle rating complexity level position hint" flags="--level $level"
  if [ "$positions" = 1 ]; then
    cat -- "$input" | grep -v -e '^[[:space:]]*$' -e '^[[:space:]]*#' >"$work/pairs" || true
    what="one step from each position, producers up to level $level" extra="positions"
    flags="--level $level --positions"
  else
    "$cli" solve "$input" >"$work/solved" || die 1 "$input: sudoku-corpus solve failed"
    awk '$2 == 1 { print $1, $3 }' "$work/solved" >"$work/pairs"
  fi
  if [ "$path" = 1 ]; then
    # the path's puzzle numbers are input lines: every puzzle must have its one solution
    [ "$(wc -l <"$work/pairs")" = "$(wc -l <"$work/solved")" ] || die 1 "$input: a puzzle without exactly one solution"
    what="every step of SE's rater, producers up to level $level" extra="path"
    columns="puzzle_index step technique rating placements removals" flags="--level $level --path"
  fi
  if [ "$aligned" = 1 ]; then
    what="aligned pair and triple exclusions" mode="aligned"
    columns="puzzle rating size position removed hint" flags="--aligned"
  fi
  {
    echo "# Sudoku Explainer $(java -cp "$jar" diuf.sudoku.test.serate --version 2>/dev/null) (jar sha256 $(sha256sum <"$jar" | cut -c1-16)): $what"
    echo "# command: scripts/dev/se-steps.sh $flags; date: $(date -u +%Y-%m-%d)"
    echo "# columns: $columns"
    java -Xrs -Xmx1g "-Djava.util.prefs.userRoot=$work/prefs" -cp "$jar:$work" SeSteps "$mode" $extra \
      <"$work/pairs" 2>"$work/err"
  } >"$work/out" || die 1 "SE failed: $(tail -n 3 "$work/err")"
  if [ "$positions" = 1 ]; then grep -v '^Picked up JAVA_TOOL_OPTIONS' "$work/err" >&2 || true; fi
  if [ -n "$output" ]; then
    mv "$work/out" "$output" || die 1 "$output: cannot write"
  else
    cat "$work/out"
  fi
}

main "$@"
