#!/usr/bin/env bash
# ThreadSanitizer on the parallel pipeline (docs/testing.md): builds, in build-tsan,
#   1. oneTBB from Debian's source package of the installed libtbb-dev, under TSan (once: kept in
#      build-tsan/onetbb/ for later runs). Debian's libtbb is not instrumented, so TSan cannot
#      see its hand-offs between stages and reports every token passed on as a race;
#   2. the pipeline's unit tests, sudoku-corpus and a deliberately racy check, under TSan (g++),
#      linked to that oneTBB;
# and runs them (CTest label "tsan"): the pipeline tests, a small generate and verify with two
# threads, each failing on any report, and the racy check, passing only when TSan reports it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ensure_packages "${BUILD_PACKAGES[@]}" "${TSAN_PACKAGES[@]}" libgtest-dev
dir="$REPO_ROOT/build-tsan"
tbb="$dir/onetbb"
version="$(dpkg-query -W -f='${source:Version}' libtbb-dev)"

# build_tbb: fetches onetbb=$version with apt-get source, from a deb-src list of its own (the
# machine's apt sources are left as they are; apt checks the files against Debian's signed
# index), and builds and installs libtbb with -fsanitize=thread into $tbb/install.
build_tbb() {
  rm -rf "$tbb"
  mkdir -p "$tbb/apt/lists/partial" "$tbb/apt/cache/archives/partial"
  local suite
  suite="$(. /etc/os-release && echo "$VERSION_CODENAME")"
  local keys=/usr/share/keyrings/debian-archive-keyring.gpg
  cat >"$tbb/apt/sources.list" <<EOF
deb-src [signed-by=$keys] http://deb.debian.org/debian $suite main
deb-src [signed-by=$keys] http://deb.debian.org/debian $suite-updates main
deb-src [signed-by=$keys] http://deb.debian.org/debian-security $suite-security main
EOF
  local apt=(-qq -o "Dir::Etc::SourceList=$tbb/apt/sources.list"
    -o Dir::Etc::SourceParts=/nonexistent -o "Dir::State::Lists=$tbb/apt/lists"
    -o "Dir::Cache=$tbb/apt/cache" -o APT::Sandbox::User=root)
  log "fetching Debian's onetbb $version source"
  (cd "$tbb" && apt-get "${apt[@]}" update &&
    apt-get "${apt[@]}" source --download-only "onetbb=$version") >"$tbb/fetch.log" 2>&1 ||
    { cat "$tbb/fetch.log" >&2; log "cannot fetch the onetbb source"; exit 1; }
  (cd "$tbb" && dpkg-source -x --no-check ./onetbb_*.dsc src) >>"$tbb/fetch.log" 2>&1 ||
    { cat "$tbb/fetch.log" >&2; log "cannot unpack the onetbb source"; exit 1; }
  log "building oneTBB under ThreadSanitizer"
  cmake -S "$tbb/src" -B "$tbb/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTBB_SANITIZE=thread \
    -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBBMALLOC_BUILD=OFF -DTBB_STRICT=OFF \
    -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON -DCMAKE_INSTALL_PREFIX="$tbb/install" \
    >"$tbb/build.log" 2>&1 &&
    cmake --build "$tbb/build" -j "$(nproc)" >>"$tbb/build.log" 2>&1 &&
    cmake --install "$tbb/build" >>"$tbb/build.log" 2>&1 ||
    { tail -30 "$tbb/build.log" >&2; log "oneTBB build failed"; exit 1; }
  echo "$version" >"$tbb/install/debian-version"
}

if [ "$(cat "$tbb/install/debian-version" 2>/dev/null)" != "$version" ]; then
  build_tbb
fi

log "building $dir (g++, ThreadSanitizer)"
cmake -S "$REPO_ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DTBB_DIR="$tbb/install/lib/cmake/TBB" \
  -DSUDOKU_TSAN=ON -DSUDOKU_BUILD_TESTS=OFF -DSUDOKU_BUILD_BENCH=OFF \
  >/dev/null || { log "cmake configure failed in $dir"; exit 1; }
cmake --build "$dir" -j "$(nproc)" --target sudoku_tsan >/dev/null 2>"$dir/build.log" ||
  { cat "$dir/build.log" >&2; log "build failed in $dir"; exit 1; }
log "testing $dir (ThreadSanitizer)"
(cd "$dir" && ctest -L tsan --output-on-failure -j "$(nproc)")
