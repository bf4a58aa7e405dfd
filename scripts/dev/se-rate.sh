#!/usr/bin/env bash
# Rates a puzzle file with Sudoku Explainer's command-line rater (serate), one puzzle at a time
# under a timeout, for comparing our ratings with SE's (docs/se-rules.md). A development tool:
# nothing in the build or the tests runs it, and it does not build SE: give it the jar or class
# folder of an SE 1.2.1.3 serate you built (docs/se-rules.md says how).
#
#   scripts/dev/se-rate.sh --jar /tmp/se/se121.jar puzzles.txt -o rated.txt
#   SE_JAR=/tmp/se/se121.jar scripts/dev/se-rate.sh --timeout 60 - < puzzles.txt
#
# Input: one puzzle per line (81 characters, 1-9 a clue, anything else empty); blank lines and
# lines starting with '#' are skipped. Output: a '#' header (SE version, jar checksum, command,
# date, timeout), then one line per puzzle in input order, `PUZZLE ER EP ED` (SE's rating, pearl
# and diamond, e.g. `..1.. 7.1 1.2 1.2`). A puzzle SE does not finish within the timeout is
# written as a comment, `# skipped (timeout 60 s): PUZZLE`, and the run goes on with the next
# one; a puzzle the JVM dies on is written as `# skipped (serate failed): PUZZLE`. The last line
# counts them. With -o the file appears complete or not at all.
#
# Exit codes: 0 done (some puzzles may be skipped), 1 SE or a file could not be used,
# 2 bad command line.
set -euo pipefail

readonly PROG="se-rate.sh"

usage() {
  cat <<'EOF'
usage: se-rate.sh [--jar PATH] [--timeout SECONDS] [--java JAVA] [--note TEXT] [-o OUTPUT] INPUT
  INPUT            puzzle file, or - for standard input
  --jar PATH       SE serate jar or class folder (default: $SE_JAR)
  --timeout S      wall-clock seconds allowed per puzzle (default 120)
  --java JAVA      java binary (default: java on PATH)
  --note TEXT      one more header line, e.g. the SE source commit (repeatable)
  -o OUTPUT        write here (atomically) instead of standard output
EOF
}

die() {
  echo "$PROG: $2" >&2
  exit "$1"
}

work=""    # scratch folder
se_pid=""  # the running serate, if any

# On exit: stop serate, remove the scratch folder.
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  if [ -n "$se_pid" ]; then kill "$se_pid" 2>/dev/null || true; fi
  if [ -n "$work" ]; then rm -rf "$work"; fi
}

# All the work is in main, so that bash has read the whole script before it runs any of it
# (editing the file during a long run then cannot change the run).
main() {
  jar="${SE_JAR:-}"
  timeout_s=120
  java_bin="java"
  output=""
  input=""
  notes=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --jar) [ $# -ge 2 ] || die 2 "--jar needs a path"; jar="$2"; shift 2 ;;
      --jar=*) jar="${1#*=}"; shift ;;
      --timeout) [ $# -ge 2 ] || die 2 "--timeout needs a number"; timeout_s="$2"; shift 2 ;;
      --timeout=*) timeout_s="${1#*=}"; shift ;;
      --java) [ $# -ge 2 ] || die 2 "--java needs a path"; java_bin="$2"; shift 2 ;;
      --note) [ $# -ge 2 ] || die 2 "--note needs a text"; notes+=("$2"); shift 2 ;;
      -o | --output) [ $# -ge 2 ] || die 2 "$1 needs a path"; output="$2"; shift 2 ;;
      -h | --help) usage; exit 0 ;;
      -) [ -z "$input" ] || die 2 "more than one input"; input="-"; shift ;;
      -*) die 2 "unknown option $1 (see --help)" ;;
      *) [ -z "$input" ] || die 2 "more than one input: $input and $1"; input="$1"; shift ;;
    esac
  done
  [ -n "$input" ] || die 2 "no input file (see --help)"
  [ -n "$jar" ] || die 2 "no SE jar: pass --jar PATH or set SE_JAR"
  [[ "$timeout_s" =~ ^[1-9][0-9]*$ ]] || die 2 "--timeout $timeout_s: not a positive whole number of seconds"
  [ -e "$jar" ] || die 1 "$jar: no such SE jar or class folder"
  command -v "$java_bin" >/dev/null || die 1 "$java_bin: java not found"
  [ "$input" = "-" ] || [ -r "$input" ] || die 1 "$input: cannot read"

  work="$(mktemp -d "${TMPDIR:-/tmp}/se-rate.XXXXXX")"
  trap cleanup EXIT

  # SE reads preferences at start; keep them out of the user's home.
  java_cmd=("$java_bin" -Xrs -Xmx512m "-Djava.util.prefs.userRoot=$work/prefs" -cp "$jar"
    diuf.sudoku.test.serate)
  version="$("${java_cmd[@]}" --version 2>/dev/null)" ||
    die 1 "$jar: serate did not start (is it an SE jar with diuf.sudoku.test.serate?)"

  # The puzzles only (no comments, blank lines or CRs), each checked: serate itself passes over
  # a short line in silence, which would shift every later answer.
  name="$input"
  [ "$input" = "-" ] && name="standard input"
  if [ "$input" = "-" ]; then cat; else cat -- "$input"; fi | tr -d '\r' |
    awk -v name="$name" '
      /^[ \t]*(#|$)/ { next }
      { sub(/^[ \t]+/, ""); sub(/[ \t]+$/, "") }
      length($0) != 81 || $0 !~ /^[0-9.]+$/ {
        printf "se-rate.sh: %s:%d: not an 81-character puzzle\n", name, NR > "/dev/stderr"; exit 1
      }
      { print }' >"$work/puzzles" || exit 1
  total=$(wc -l <"$work/puzzles")

  out="$work/out"
  {
    if [ -f "$jar" ]; then
      build="jar sha256 $(sha256sum <"$jar" | cut -c1-16)"
    else
      build="class folder $jar"
    fi
    echo "# Sudoku Explainer serate $version ($build), default technique set"
    for note in "${notes[@]}"; do echo "# $note"; done
    echo "# command: serate --format='%g %r %p %d' (via scripts/dev/se-rate.sh, timeout ${timeout_s} s)"
    echo "# date: $(date -u +%Y-%m-%d)"
    echo "# columns: puzzle ER EP ED"
  } >"$out"

  # One serate process rates the puzzles from `next` on; when it is silent for longer than the
  # timeout, the puzzle it is on is skipped and a new process starts after it.
  next=1
  skipped=0
  while [ "$next" -le "$total" ]; do
    tail -n "+$next" "$work/puzzles" >"$work/rest"
    coproc SE { exec "${java_cmd[@]}" --format='%g %r %p %d' --input="$work/rest" 2>/dev/null; }
    # shellcheck disable=SC2153  # SE_PID is set by coproc
    se_pid=$SE_PID
    while [ "$next" -le "$total" ]; do
      if IFS= read -r -t "$timeout_s" line <&"${SE[0]}"; then
        echo "$line" >>"$out"
        next=$((next + 1))
        continue
      else
        status=$?  # above 128: the timeout; else serate ended early (it died)
      fi
      reason="serate failed"
      [ "$status" -gt 128 ] && reason="timeout ${timeout_s} s"
      echo "# skipped ($reason): $(sed -n "${next}p" "$work/puzzles")" >>"$out"
      skipped=$((skipped + 1))
      next=$((next + 1))
      break
    done
    kill "$se_pid" 2>/dev/null || true
    wait "$se_pid" 2>/dev/null || true
    se_pid=""
  done
  echo "# rated $((total - skipped)) of $total; skipped $skipped" >>"$out"

  if [ -z "$output" ]; then
    cat "$out"
  else
    tmp="$output.tmp.$$"
    cp "$out" "$tmp" 2>/dev/null || { rm -f "$tmp"; die 1 "$output: cannot write"; }
    mv -f "$tmp" "$output" || { rm -f "$tmp"; die 1 "$output: cannot write"; }
  fi
  [ "$skipped" -eq 0 ] || echo "$PROG: skipped $skipped of $total puzzles (see the # skipped lines)" >&2
}

main "$@"
exit
