#!/usr/bin/env bash
# Installs the Debian package of `cpack -G DEB` on a fresh Debian 12 (bookworm) and runs it:
# debootstrap makes a minimal system in a temporary folder, apt-get installs the package there
# with the dependencies its control file names, from Debian's mirror, and the installed
# sudoku-corpus generates, verifies and exports a corpus; `man sudoku-corpus` and the bash
# completion (through the bash-completion package's loader) are checked too.
#
# A long check (a few minutes, network), not part of the test suite. Needs root.
#
#   scripts/check-deb.sh [PACKAGE.deb]
#
# Without a package it builds one first, in build-deb (Release, portable: -DSUDOKU_NATIVE=OFF).
# DEBIAN_MIRROR selects the mirror (default http://deb.debian.org/debian). Exit 0: the package
# works; 77: skipped, debootstrap could not make the system (say, no network); else a failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

[ "$(id -u)" -eq 0 ] || { log "check-deb.sh needs root (debootstrap, chroot)"; exit 1; }
ensure_packages "${BUILD_PACKAGES[@]}" "${PACKAGE_PACKAGES[@]}" debootstrap

deb="${1:-}"
if [ -z "$deb" ]; then
  dir="$REPO_ROOT/build-deb"
  log "building the package in $dir"
  build_tree "$dir" -DCMAKE_BUILD_TYPE=Release -DSUDOKU_NATIVE=OFF -DSUDOKU_BUILD_TESTS=OFF \
    -DSUDOKU_BUILD_BENCH=OFF
  rm -rf "$dir/package"
  (cd "$dir" && cpack -G DEB -B "$dir/package" >"$dir/cpack.log" 2>&1) ||
    { cat "$dir/cpack.log" >&2; log "cpack failed"; exit 1; }
  deb="$(ls "$dir"/package/sudoku-corpus_*.deb)"  # the tool; libsudoku-corpus-dev beside it
fi
[ -f "$deb" ] || { log "no package at $deb"; exit 1; }
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"

work="$(mktemp -d /tmp/sudoku-check-deb.XXXXXX)"
root="$work/root"
cleanup() {
  umount "$root/proc" 2>/dev/null || true
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT

start=$SECONDS
log "debootstrap: a minimal bookworm from $MIRROR in $root"
if ! debootstrap --variant=minbase bookworm "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1; then
  log "skipped: debootstrap failed (is $MIRROR reachable?): $(tail -2 "$work/debootstrap.log")"
  exit 77
fi
made=$SECONDS
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/"

# in_root CMD...: runs CMD in the fresh system, with a clean environment.
in_root() {
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
}
fail() { log "FAIL: $*"; exit 1; }

log "installing $(basename "$deb") with apt-get"
in_root apt-get update -qq || fail "apt-get update in the fresh system"
in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >"$work/install.log" \
  2>&1 || { cat "$work/install.log" >&2; fail "apt-get install of the package"; }
installed=$SECONDS
in_root dpkg -s sudoku-corpus | grep '^Depends:' >&2
log "apt-get installed: $(sed -n 's/^Setting up \([^ :]*\).*/\1/p' "$work/install.log" | tr '\n' ' ')"

log "running the installed sudoku-corpus"
in_root sudoku-corpus --version || fail "--version"
in_root sh -c 'cd /tmp && sudoku-corpus generate --count 100 --seed 1' || fail "generate --count 100"
in_root sudoku-corpus verify --db /tmp/corpus.db --quiet >/dev/null || fail "verify"
[ "$(in_root sudoku-corpus export --db /tmp/corpus.db --format lines | wc -l)" -eq 100 ] ||
  fail "export did not give 100 puzzles"
in_root sudoku-corpus stats --db /tmp/corpus.db >/dev/null || fail "stats"
# gnuplot is only suggested: without it, --plot says what to install.
in_root sudoku-corpus stats --db /tmp/corpus.db --plot /tmp/plots >/dev/null 2>"$work/plot.txt" &&
  fail "stats --plot worked without gnuplot"
grep -q 'gnuplot' "$work/plot.txt" || fail "stats --plot without gnuplot: $(cat "$work/plot.txt")"
ran=$SECONDS

log "man sudoku-corpus and the bash completion (man-db, bash-completion)"
in_root apt-get install -y -qq --no-install-recommends man-db bash-completion >/dev/null 2>&1 ||
  fail "apt-get install man-db bash-completion"
in_root sh -c 'MANWIDTH=80 man sudoku-corpus 2>&1' | grep -q 'sudoku-corpus - generate' ||
  fail "man sudoku-corpus"
in_root bash -c 'source /usr/share/bash-completion/bash_completion
  _completion_loader sudoku-corpus
  COMP_WORDS=(sudoku-corpus export --format "")
  COMP_CWORD=3
  _sudoku_corpus
  [[ " ${COMPREPLY[*]} " == *" csv "* ]]' || fail "bash completion of export --format"

log "the package works on a fresh Debian 12: debootstrap $((made - start)) s, apt-get install" \
  "$((installed - made)) s, checks $((ran - installed)) s; $((SECONDS - start)) s in all"
