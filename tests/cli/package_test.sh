#!/usr/bin/env bash
# Packaging tests, one CTest case per function: tests/cli/package_test.sh CASE BINARY BUILD_DIR.
# The man page and the bash completion the build generates (src/cli/help_docs.h) against the
# binary's own --help, `cmake --install`, the library's package (find_package and pkg-config)
# with examples/embed built against an install, and the Debian packages of `cpack -G DEB`.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
BUILD="$(cd "$3" && pwd)"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MAN="$BUILD/src/cli/sudoku-corpus.1"
COMPLETION="$BUILD/src/cli/sudoku-corpus.bash"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# The subcommands `sudoku-corpus --help` lists, one per line.
commands() {
  "$BIN" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'
}

# The options `sudoku-corpus CMD --help` lists, one name per line (-n and --count apart).
option_names() {
  "$BIN" "$1" --help | awk '/^Options:/ { on = 1; next } /^[A-Z]/ { on = 0 }
    on && /^  -/ { n = split($1, names, ","); for (i = 1; i <= n; i++) print names[i] }'
}

# The positional arguments of `sudoku-corpus CMD --help`, one per line.
positional_names() {
  "$BIN" "$1" --help | awk '/^Positionals:/ { on = 1; next } /^[A-Z]/ { on = 0 }
    on && /^  [a-z]/ { print $1 }'
}

# man_text LINE...: roff source lines as plain text (escapes and font changes dropped).
man_text() {
  sed -e 's/\\f[BIR]//g' -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\e/\\/g'
}

# man_section CMD: the roff lines of the page's section of CMD, up to the next section.
man_section() {
  awk -v want=".SS $1" '$0 == want { on = 1; next } /^\.S[SH] / { on = 0 } on' "$MAN"
}

# Every subcommand the binary lists has its section, and only those; every option and
# positional of each is in it with the description and type --help prints.
case_man_sections() {
  [ -s "$MAN" ] || fail "no man page at $MAN"
  local cmd name listed=0 help tag description
  diff <(commands) <(sed -n 's/^\.SS //p' "$MAN" | man_text) >diff.txt ||
    fail "the man page's command sections differ from --help: $(cat diff.txt)"
  for cmd in $(commands); do
    listed=$((listed + 1))
    man_section "$cmd" >section.roff
    "$BIN" "$cmd" --help >help.txt || fail "$cmd --help"
    grep -qxF -- "$("$BIN" "$cmd" --help | sed -n 1p)" <(man_text <section.roff) ||
      fail "the $cmd section lacks its description"
    for name in $(option_names "$cmd"); do
      [ "$name" = -h ] || [ "$name" = --help ] && continue
      grep -qF -- "\\fB${name//-/\\-}\\fR" section.roff || fail "$cmd $name is not in the man page"
    done
    for name in $(positional_names "$cmd"); do
      grep -q "^\\\\fI$name\\\\fR" section.roff || fail "$cmd's $name is not in the man page"
    done
    # Each entry: the tag line's type and the description line are what --help prints.
    awk '/^\.TP$/ { getline tag; getline text; print tag; print text }' section.roff |
      man_text >entries.txt
    while IFS= read -r tag && IFS= read -r description; do
      grep -qF -- "$description" help.txt ||
        fail "$cmd: '$description' is not in $cmd --help"
      [[ $tag == *" "* && ${tag##* } != -* ]] || continue  # a flag has no type
      grep -qF -- " ${tag##* }" help.txt || fail "$cmd: the type of '$tag' is not in $cmd --help"
    done <entries.txt
  done
  [ "$listed" -ge 8 ] || fail "only $listed subcommands in --help"
  for section in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS '"EXIT STATUS"' FILES EXAMPLES \
    '"SEE ALSO"'; do
    grep -qx ".SH $section" "$MAN" || fail "no $section section"
  done
  # Each example is a command the binary has, with options it lists.
  local examples=0 word
  awk '/^\.SH EXAMPLES$/ { on = 1; next } /^\.SH / { on = 0 } on' "$MAN" | man_text |
    grep '^sudoku-corpus ' >examples.txt
  while read -r _ cmd rest; do
    examples=$((examples + 1))
    commands | grep -qx -- "$cmd" || fail "the example's command $cmd is not one of --help's"
    for word in $rest; do
      [[ $word == -* ]] || continue
      option_names "$cmd" | grep -qx -- "$word" || fail "example: $cmd has no option $word"
    done
  done <examples.txt
  [ "$examples" -ge 5 ] || fail "only $examples examples"
}

# man renders the page without a warning, with ASCII hyphens in option names.
case_man_render() {
  need man
  [ -s "$MAN" ] || fail "no man page at $MAN"
  # The check Debian's lintian runs on manual pages.
  LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$MAN" \
    >/dev/null 2>warnings.txt || fail "man failed: $(cat warnings.txt)"
  [ ! -s warnings.txt ] || fail "man warns: $(head -5 warnings.txt)"
  LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$MAN" >page.txt 2>&1 || fail "man -l: $(cat page.txt)"
  grep -q '^NAME' page.txt || fail "no NAME in the rendered page"
  grep -qF 'sudoku-corpus - generate' page.txt || fail "the NAME line: $(grep -A1 NAME page.txt)"
  grep -qF -- '-n, --count N' page.txt || fail "--count not rendered in ASCII: $(grep count page.txt)"
}

# complete WORD...: the candidates the completion offers for the command line WORD... (the
# last word is the one being completed), sorted, one per line.
complete_words() {
  bash --norc --noprofile -c '
    source "$1" || exit 1
    func=$(complete -p sudoku-corpus | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
    [ -n "$func" ] || { echo "no completion function registered" >&2; exit 1; }
    shift
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    "$func" sudoku-corpus "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$COMPLETION" "$@"
}

# expect_completion "WANT..." WORD...: the candidates are exactly the words of WANT.
expect_completion() {
  local want got
  want="$(printf '%s\n' $1 | sort)"
  shift
  got="$(complete_words "$@")" || fail "completion of '$*' failed"
  [ "$got" = "$want" ] || fail "completion of '$*': got [$(echo $got)], want [$(echo $want)]"
}

# The completion of commands, options and values, in a plain bash (no bash-completion package).
case_completion() {
  [ -s "$COMPLETION" ] || fail "no completion script at $COMPLETION"
  expect_completion "generate" sudoku-corpus ge
  expect_completion "$(commands)" sudoku-corpus ''
  expect_completion "--help --version -h" sudoku-corpus -
  local formats
  formats="$("$BIN" export --help | grep -o -- '--format [A-Z]*:{[^}]*}' | sed 's/.*{\(.*\)}/\1/')"
  [ -n "$formats" ] || fail "export --help shows no set of formats"
  expect_completion "${formats//,/ }" sudoku-corpus export --format ''
  expect_completion "${formats//,/ }" sudoku-corpus export -f ''
  expect_completion "${formats//,/ }" sudoku-corpus export --format =
  expect_completion "csv" sudoku-corpus export --format c
  expect_completion "beginner easy medium hard expert extreme all" sudoku-corpus generate --level ''
  expect_completion "beginner easy medium hard expert extreme" sudoku-corpus stats --level ''
  expect_completion "easy medium hard" sudoku-corpus generate --clue-class ''
  expect_completion "search digit-rows box-fill pattern random-clues" \
    sudoku-corpus generate --grid-method ''
  expect_completion "search digit-rows box-fill pattern random-clues source" \
    sudoku-corpus export --grid-method ''
  expect_completion "none rot180 rot90 mirror flip diagonal antidiagonal random" \
    sudoku-corpus generate --symmetry ''
  expect_completion "none rot180 rot90 mirror flip diagonal antidiagonal" \
    sudoku-corpus stats --symmetry ''
  expect_completion "random per-row controlled-bias" sudoku-corpus generate --dig-order ''
  expect_completion "relabel full" sudoku-corpus generate --transform ''
  expect_completion "--level" sudoku-corpus generate --lev
  expect_completion "" sudoku-corpus generate --count ''
  # A flag takes no value: the next word is an option again.
  complete_words sudoku-corpus generate --minimal '' | grep -qx -- --count ||
    fail "no options after the flag --minimal"
  # Files for --db, -o, --grid-source and the positional inputs; folders for --plot.
  mkdir folder && touch corpus.db puzzles.txt
  expect_completion "corpus.db folder puzzles.txt" sudoku-corpus export --db ''
  expect_completion "corpus.db" sudoku-corpus export -o co
  expect_completion "puzzles.txt" sudoku-corpus generate --grid-source p
  expect_completion "corpus.db folder puzzles.txt" sudoku-corpus merge --db out.db ''
  expect_completion "puzzles.txt" sudoku-corpus solve p
  expect_completion "folder" sudoku-corpus stats --plot ''
  # Every option of every command, as --help lists them.
  local cmd
  for cmd in $(commands); do
    expect_completion "$(option_names "$cmd")" sudoku-corpus "$cmd" -
  done
}

# Every value the completion offers is one the binary takes: generate makes a puzzle with it
# (a --level only has to pass the check of names, so an impossible clue band stops it before
# any work), and stats and export select with it.
case_completion_values() {
  [ -s "$COMPLETION" ] || fail "no completion script at $COMPLETION"
  "$BIN" generate --db c.db --count 5 --seed 1 --quiet || fail "generate c.db"
  mkdir empty  # completed there, options that take paths offer nothing
  local cmd option value values checked=0
  for cmd in generate stats export; do
    for option in $(option_names "$cmd"); do
      [[ $option == --* ]] || continue
      values="$(cd empty && complete_words sudoku-corpus "$cmd" "$option" '')" || fail "completion"
      [ -n "$values" ] && [[ $values != -* ]] || continue  # a flag: options come next
      case "$cmd $option" in  # CLI::IsMember sets: CLI11 checks them
        "export --format" | "export --per-page" | "export --paper") continue ;;
      esac
      for value in $values; do
        checked=$((checked + 1))
        case "$cmd $option" in
          "generate --level")
            "$BIN" generate --db g.db --clues 5-10 --level "$value" >out.txt 2>err.txt &&
              fail "generate --clues 5-10 succeeded"
            grep -q -- '--clues' err.txt && ! grep -q -- '--level' err.txt ||
              fail "generate --level $value refused: $(cat err.txt)"
            ;;
          "generate --hardest" | "generate --requires")
            # Every name is known (exit 2 would be an unknown one); within the beginner band
            # the harder techniques are refused at once (exit 1) instead of searched for.
            "$BIN" generate --db "g$checked.db" --count 1 --seed 1 --quiet --level beginner \
              "$option" "$value" 2>err.txt
            [ $? -le 1 ] && ! grep -q unknown err.txt ||
              fail "generate $option $value refused: $(cat err.txt)"
            ;;
          generate*)
            "$BIN" generate --db "g$checked.db" --count 1 --seed 1 --quiet "$option" "$value" \
              2>err.txt || fail "generate $option $value refused: $(cat err.txt)"
            ;;
          *)
            "$BIN" "$cmd" --db c.db "$option" "$value" >out.txt 2>err.txt ||
              fail "$cmd $option $value refused: $(cat err.txt)"
            ;;
        esac
      done
    done
  done
  [ "$checked" -ge 40 ] || fail "only $checked values checked"
}

# The build's CMAKE_INSTALL_<DIR> (LIBDIR, INCLUDEDIR) as its cache holds it.
install_dir() {
  sed -n "s|^CMAKE_INSTALL_$1:[A-Z]*=||p" "$BUILD/CMakeCache.txt"
}

# The files `cmake --install` puts under PREFIX, relative, sorted: exactly these. The exported
# targets of the build's configuration (SudokuCorpusTargets-release.cmake) are left out, as
# installed_files leaves them out.
expected_install() {
  local lib
  lib="$(install_dir LIBDIR)"
  printf '%s\n' bin/sudoku-corpus share/man/man1/sudoku-corpus.1 \
    share/bash-completion/completions/sudoku-corpus share/doc/sudoku-corpus/README.md \
    share/doc/sudoku-corpus/LICENSE
  (cd "$REPO" && ls docs/*.md docs/*.png schema/*.sql && find examples -type f) |
    sed 's|^|share/doc/sudoku-corpus/|'
  (cd "$REPO/include" && find sudoku -name '*.h') | sed "s|^|$(install_dir INCLUDEDIR)/|"
  printf "$lib/%s\\n" libsudoku-corpus.a pkgconfig/sudoku-corpus.pc \
    cmake/SudokuCorpus/SudokuCorpusConfig.cmake cmake/SudokuCorpus/SudokuCorpusConfigVersion.cmake \
    cmake/SudokuCorpus/SudokuCorpusTargets.cmake
}

# installed_files DIR: the files under DIR, relative, sorted, but the per-configuration targets.
installed_files() {
  (cd "$1" && find . -type f | sed 's|^\./||' | grep -v '/SudokuCorpusTargets-[a-z]*\.cmake$' | sort)
}

# `cmake --install` installs the binary, man page, completion and documentation, and the library
# with its headers and packages, nothing else, and the installed binary runs.
case_install() {
  need cmake
  cmake --install "$BUILD" --prefix "$WORK/root" >install.txt 2>&1 ||
    fail "cmake --install: $(tail -3 install.txt)"
  diff <(expected_install | sort) <(installed_files root) >diff.txt ||
    fail "installed files differ from the expected ones (< expected, > installed): $(cat diff.txt)"
  ls root/"$(install_dir LIBDIR)"/cmake/SudokuCorpus/SudokuCorpusTargets-*.cmake >/dev/null 2>&1 ||
    fail "no SudokuCorpusTargets-<config>.cmake installed"
  cmp -s "$MAN" root/share/man/man1/sudoku-corpus.1 || fail "installed man page differs"
  [ "$(root/bin/sudoku-corpus --version)" = "$("$BIN" --version)" ] || fail "installed --version"
  root/bin/sudoku-corpus generate --db x.db --count 20 --seed 1 --quiet || fail "installed generate"
  [ "$(root/bin/sudoku-corpus export --db x.db --format lines | wc -l)" -eq 20 ] ||
    fail "installed export"
  if command -v man >/dev/null; then
    [ "$(MANPATH="$WORK/root/share/man" man -w sudoku-corpus)" = \
      "$WORK/root/share/man/man1/sudoku-corpus.1" ] || fail "man -w does not find the page"
  fi
  if command -v readelf >/dev/null; then
    ! readelf -d root/bin/sudoku-corpus | grep -q "$BUILD" || fail "installed binary has a build RPATH"
  fi
}

# Public headers that still name a type of SQLite in their declarations (a handle kept in a
# class); any other header naming a third-party type, or including a third-party header, fails.
KNOWN_THIRD_PARTY_HEADERS=(sudoku/storage/app_pack.h sudoku/storage/corpus_reader.h
                           sudoku/storage/store.h)

# check_embed_output FILE: FILE is what examples/embed printed: a puzzle with exactly one
# solution, that solution, and the rating the binary gives the puzzle.
check_embed_output() {
  local givens solution rating
  givens="$(sed -n 's/^givens  *//p' "$1")"
  solution="$(sed -n 's/^solution  *//p' "$1")"
  rating="$(sed -n 's/^rating  *\([0-9.]*\) .*/\1/p' "$1")"
  [[ $givens =~ ^[.1-9]{81}$ ]] || fail "no puzzle line in: $(cat "$1")"
  [[ $solution =~ ^[1-9]{81}$ ]] || fail "no solution line in: $(cat "$1")"
  grep -q '^rating .*, 1 solution$' "$1" || fail "no rating line in: $(cat "$1")"
  echo "$givens" >puzzle.txt
  [ "$("$BIN" solve puzzle.txt)" = "$givens 1 $solution" ] ||
    fail "the binary does not find $solution the one solution of $givens: $("$BIN" solve puzzle.txt)"
  "$BIN" rate --json puzzle.txt >rated.json 2>&1 || fail "rate: $(cat rated.json)"
  grep -qF "\"rating\":$rating," rated.json || fail "embed rates $rating, the binary: $(cat rated.json)"
}

# A program that includes every installed header and uses each part of the library (so that
# each part's dependencies must link): a header that includes a private one, or a package that
# lacks a dependency, fails to build.
write_all_headers_program() {
  {
    (cd root/"$(install_dir INCLUDEDIR)" && find sudoku -name '*.h' | sort) |
      sed 's|.*|#include "&"|'
    cat <<'PROGRAM'
#include <cstdio>
int main() {
  const void* parts[] = {reinterpret_cast<const void*>(&sudoku::GeneratePuzzle),
                         reinterpret_cast<const void*>(&sudoku::RunPipeline),
                         reinterpret_cast<const void*>(&sudoku::MergeCorpora),
                         reinterpret_cast<const void*>(&sudoku::stats::ClueDistribution)};
  int linked = 0;
  for (const void* part : parts) linked += part != nullptr;
  std::printf("%d parts\n", linked);
  return linked == 4 ? 0 : 1;
}
PROGRAM
  } >"$1"
}

# The library installed under a prefix: examples/embed and a program of every header, built
# with find_package(SudokuCorpus) and with pkg-config, run; the headers name no third-party type.
case_embed() {
  need cmake
  need pkg-config
  need c++
  cmake --install "$BUILD" --prefix "$WORK/root" --component dev >install.txt 2>&1 ||
    fail "cmake --install --component dev: $(tail -3 install.txt)"
  local include="root/$(install_dir INCLUDEDIR)" header known
  [ -f "root/$(install_dir LIBDIR)/libsudoku-corpus.a" ] || fail "no libsudoku-corpus.a installed"
  for header in $(cd "$include" && find sudoku -name '*.h'); do
    known=0
    for h in "${KNOWN_THIRD_PARTY_HEADERS[@]}"; do [ "$header" != "$h" ] || known=1; done
    grep -nE '#include *<(sqlite3|tbb/|oneapi/|CLI/|nlohmann/)' "$include/$header" &&
      fail "$header includes a third-party header"
    [ "$known" -eq 1 ] && continue
    grep -nE '\b(sqlite3[a-z_]*|tbb::|oneapi::|CLI::|nlohmann::)' "$include/$header" |
      grep -vE '^[0-9]+: *//' && fail "$header names a third-party type"
  done
  mkdir all
  write_all_headers_program all/all_headers.cc
  cat >all/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.22)
project(all_headers LANGUAGES CXX)
find_package(SudokuCorpus REQUIRED)
add_executable(all_headers all_headers.cc)
target_link_libraries(all_headers PRIVATE SudokuCorpus::sudoku_corpus)
CMAKE
  # find_package: the example and the program of every header, in one build of each.
  local dir
  for dir in "$REPO/examples/embed" all; do
    cmake -S "$dir" -B "build-$(basename "$dir")" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$WORK/root" >configure.txt 2>&1 ||
      fail "configure $dir with find_package: $(grep -A5 -i error configure.txt | head -20)"
    cmake --build "build-$(basename "$dir")" >build.txt 2>&1 ||
      fail "build $dir against the package: $(grep -B2 -A8 -i error build.txt | head -30)"
  done
  build-embed/embed 7 >cmake.txt || fail "embed (find_package) failed: $(cat cmake.txt)"
  check_embed_output cmake.txt
  [ "$(build-all/all_headers)" = "4 parts" ] || fail "the program of every header"
  # pkg-config, as a Makefile would use it.
  export PKG_CONFIG_PATH="$WORK/root/$(install_dir LIBDIR)/pkgconfig"
  local flags
  flags="$(pkg-config --cflags --libs sudoku-corpus)" || fail "pkg-config sudoku-corpus"
  # shellcheck disable=SC2086
  c++ -std=c++20 -O1 "$REPO/examples/embed/embed.cc" $flags -o embed-pc 2>build.txt ||
    fail "c++ embed.cc \$(pkg-config --cflags --libs sudoku-corpus): $(head -20 build.txt)"
  # shellcheck disable=SC2086
  c++ -std=c++20 -O0 all/all_headers.cc $flags -o all-pc 2>build.txt ||
    fail "c++ all_headers.cc \$(pkg-config ...): $(head -20 build.txt)"
  ./embed-pc 7 >pc.txt || fail "embed (pkg-config) failed: $(cat pc.txt)"
  cmp -s cmake.txt pc.txt || fail "the two builds differ: $(diff cmake.txt pc.txt)"
  [ "$(./all-pc)" = "4 parts" ] || fail "the program of every header (pkg-config)"
  ./embed-pc 8 >other.txt && ! cmp -s pc.txt other.txt || fail "seeds 7 and 8 gave the same puzzle"
}

# `cpack -G DEB` makes two packages: the tool, with the dependencies on SQLite and oneTBB that
# the binary links, and the library for programs, which depends on their -dev packages;
# together they hold what `cmake --install` installs, under /usr.
case_deb() {
  need cpack
  need dpkg-deb
  need dpkg-shlibdeps
  need file
  cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$WORK/pkg" >cpack.txt 2>&1 ||
    fail "cpack: $(tail -5 cpack.txt)"
  local debs=(pkg/*.deb) version
  version="$("$BIN" --version | awk '{print $NF}')"
  [ ${#debs[@]} -eq 2 ] || fail "cpack made ${#debs[@]} packages: ${debs[*]}"
  local tool=(pkg/sudoku-corpus_"$version"_*.deb) dev=(pkg/libsudoku-corpus-dev_"$version"_*.deb)
  [ -f "${tool[0]}" ] && [ -f "${dev[0]}" ] || fail "packages: ${debs[*]}"
  dpkg-deb -I "${tool[0]}" >info.txt || fail "dpkg-deb -I"
  grep -qx ' Package: sudoku-corpus' info.txt || fail "package name: $(cat info.txt)"
  grep -qx " Version: $version" info.txt || fail "version is not $version: $(cat info.txt)"
  grep -q '^ Maintainer: .* <.*@.*>$' info.txt || fail "no maintainer: $(cat info.txt)"
  grep -qx ' Description: batch generator of Sudoku puzzle corpora' info.txt ||
    fail "summary: $(cat info.txt)"
  grep -q '^ Depends: .*libsqlite3-0' info.txt || fail "no SQLite in Depends: $(cat info.txt)"
  grep -q '^ Depends: .*libtbb' info.txt || fail "no oneTBB in Depends: $(cat info.txt)"
  grep -q '^ Depends: .*libstdc++6' info.txt || fail "no libstdc++6 in Depends: $(cat info.txt)"
  grep -qx ' Recommends: bash-completion' info.txt || fail "no bash-completion in Recommends: $(cat info.txt)"
  grep -q '^ Suggests: .*gnuplot' info.txt || fail "no gnuplot in Suggests: $(cat info.txt)"
  dpkg-deb -I "${dev[0]}" >dev.txt || fail "dpkg-deb -I"
  grep -qx ' Package: libsudoku-corpus-dev' dev.txt || fail "package name: $(cat dev.txt)"
  grep -qx ' Section: libdevel' dev.txt || fail "section: $(cat dev.txt)"
  grep -q '^ Description: library of sudoku-corpus' dev.txt || fail "summary: $(cat dev.txt)"
  grep -qx ' Depends: libsqlite3-dev, libtbb-dev' dev.txt || fail "Depends: $(cat dev.txt)"
  ! grep -q '^ Suggests:\|^ Recommends:' dev.txt || fail "the library suggests: $(cat dev.txt)"
  dpkg-deb -c "${dev[0]}" | grep -q 'usr/bin/' && fail "the library package holds a program"
  dpkg-deb -x "${tool[0]}" x && dpkg-deb -x "${dev[0]}" x || fail "dpkg-deb -x"
  diff <(expected_install | sed 's|^|usr/|' | sort) <(installed_files x) >diff.txt ||
    fail "packaged files differ (< expected, > packaged): $(cat diff.txt)"
  [ "$(x/usr/bin/sudoku-corpus --version)" = "$("$BIN" --version)" ] || fail "packaged --version"
}

"case_$CASE"
