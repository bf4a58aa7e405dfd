# Shared by run.sh, test.sh and bench.sh: install what is missing, configure and build.
# Sourced, not run. Debian 12 (bookworm) packages only.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Packages every build needs (cairo and pkgconf for the puzzle books of src/books).
BUILD_PACKAGES=(g++ cmake make libtbb-dev libsqlite3-dev libcli11-dev nlohmann-json3-dev
  libcairo2-dev pkgconf)
# Packages some commands use at run time (run.sh installs these too): gnuplot for stats --plot,
# the DejaVu fonts for the digits and text of export --format pdf|svg, and the sqlite3 shell the
# README queries a corpus with.
RUNTIME_PACKAGES=(gnuplot-nox fonts-dejavu-core sqlite3)
# Packages of the book tests (tests/cli/book_test.sh, tests/books/): pdfinfo and pdftotext.
BOOK_TEST_PACKAGES=(poppler-utils)
# Packages of the fuzz targets (clang, and libFuzzer with the sanitizer runtimes) and of the
# ThreadSanitizer stage (dpkg-source unpacks Debian's oneTBB source to build it instrumented).
FUZZ_PACKAGES=(clang libclang-rt-dev)
TSAN_PACKAGES=(dpkg-dev xz-utils)
# Packages of the packaging tests (tests/cli/package_test.sh): dpkg-shlibdeps (dpkg-dev) and
# file, which cpack -G DEB runs to find the package's dependencies, and man to render the page.
PACKAGE_PACKAGES=(dpkg-dev file man-db)
# What the reference player's browser test (tests/player/) needs, as command:package: node and
# npm (to install the player's sql.js from its package-lock.json) and Chromium to drive. By command,
# not package: a node from another source (NodeSource's nodejs carries npm) serves as well.
PLAYER_COMMANDS=(node:nodejs npm:npm chromium:chromium)

log() { echo "[sudoku-corpus] $*" >&2; }

# ensure_packages PKG...: apt-get installs the packages that are not installed yet.
ensure_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing missing packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { log "need root (or sudo) to apt-get install ${missing[*]}"; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq || { log "apt-get update failed"; exit 1; }
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    { log "apt-get install ${missing[*]} failed"; exit 1; }
}

# ensure_player_test: installs what the player's browser test needs (PLAYER_COMMANDS, then
# `npm ci` in examples/player when its node_modules is missing or older than package-lock.json).
# Never fatal: where they cannot be had it says so, and the test skips saying what is missing.
ensure_player_test() {
  local entry missing=()
  for entry in "${PLAYER_COMMANDS[@]}"; do
    command -v "${entry%%:*}" >/dev/null 2>&1 || missing+=("${entry#*:}")
  done
  if [ ${#missing[@]} -ne 0 ]; then
    (ensure_packages "${missing[@]}") || log "no ${missing[*]}: the player's browser test will skip"
  fi
  local player="$REPO_ROOT/examples/player"
  command -v npm >/dev/null 2>&1 || return 0
  if [ ! -f "$player/node_modules/.package-lock.json" ] ||
     [ "$player/package-lock.json" -nt "$player/node_modules/.package-lock.json" ]; then
    log "installing the player's npm packages (npm ci in examples/player)"
    (cd "$player" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) ||
      log "npm ci failed in examples/player: the player's browser test will skip"
  fi
}

# build_tree DIR [CMAKE_ARGS...]: configures (once) and builds the repository into DIR. Says what
# it does on stderr, with the compiler's progress ("[ 40%] Building ...") when there is work:
# a first build takes minutes. Nothing is printed when the build is up to date.
build_tree() {
  local dir="$1"
  shift
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    log "configuring a build in $dir (cmake; the first build takes a few minutes)"
  fi
  mkdir -p "$dir"
  cmake -S "$REPO_ROOT" -B "$dir" "$@" >"$dir/configure.log" 2>&1 ||
    { cat "$dir/configure.log" >&2; log "cmake configure failed in $dir"; exit 1; }
  # The full output goes to build.log; the lines of real work are shown as they come.
  local built=0
  cmake --build "$dir" -j "$(nproc)" > >(tee "$dir/build.log" |
    grep --line-buffered -E '^\[ *[0-9]+%\] (Building|Linking)' >&2) 2>&1 || built=$?
  # The shown lines and build.log are complete once the process substitution ends ($! is its
  # pid where bash sets it; unset, with set -u, where it does not).
  if [ -n "${!-}" ]; then wait "$!" 2>/dev/null || true; fi
  if [ "$built" -ne 0 ]; then
    log "build failed in $dir; the compiler said:"
    grep -E -B2 -A6 'error' "$dir/build.log" | head -60 >&2
    exit 1
  fi
}

# corpus_binary: prints the sudoku-corpus to run, and says which on stderr: $SUDOKU_CORPUS; else
# this checkout's Release build, brought up to date (so that a newer checkout never runs an older
# binary); else, when the checkout has no build, the one installed on PATH; else the checkout's
# build, made first.
corpus_binary() {
  local dir="$REPO_ROOT/build-release" bin
  if [ -n "${SUDOKU_CORPUS:-}" ]; then
    bin="$SUDOKU_CORPUS"
  elif [ ! -x "$dir/src/cli/sudoku-corpus" ] && command -v sudoku-corpus >/dev/null 2>&1; then
    bin="$(command -v sudoku-corpus)"
    log "this checkout has no build: running the installed $bin (SUDOKU_CORPUS=FILE picks another)"
  else
    ensure_packages "${BUILD_PACKAGES[@]}"
    build_tree "$dir" -DCMAKE_BUILD_TYPE=Release -DSUDOKU_BUILD_TESTS=OFF -DSUDOKU_BUILD_BENCH=OFF
    bin="$dir/src/cli/sudoku-corpus"
  fi
  log "running $bin ($("$bin" --version 2>/dev/null || echo "no --version"))"
  echo "$bin"
}

# script_help FILE: prints the comment block at the top of FILE (after the #! line), which is
# the script's usage, without the leading "# ".
script_help() {
  awk 'NR == 1 && /^#!/ { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$1"
}
