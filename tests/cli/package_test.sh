#!/usr/bin/env bash
# Packaging tests, one CTest case per function: tests/cli/package_test.sh CASE BINARY BUILD_DIR.
# The man page and the bash completion the build generates (src/cli/help_docs.h) against the
# binary's own --help, `cmake --install`, and the Debian package of `cpack -G DEB`.
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
  for section in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS '"EXIT STATUS"' FILES '"SEE ALSO"'; do
    grep -qx ".SH $section" "$MAN" || fail "no $section section"
  done
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

# The files `cmake --install` puts under PREFIX, relative, sorted: exactly these.
expected_install() {
  printf '%s\n' bin/sudoku-corpus share/man/man1/sudoku-corpus.1 \
    share/bash-completion/completions/sudoku-corpus share/doc/sudoku-corpus/README.md \
    share/doc/sudoku-corpus/LICENSE
  (cd "$REPO" && ls docs/*.md docs/*.png schema/*.sql examples/*) |
    sed 's|^|share/doc/sudoku-corpus/|'
}

# `cmake --install` installs the binary, man page, completion and documentation, nothing else,
# and the installed binary runs.
case_install() {
  need cmake
  cmake --install "$BUILD" --prefix "$WORK/root" >install.txt 2>&1 ||
    fail "cmake --install: $(tail -3 install.txt)"
  diff <(expected_install | sort) <(cd root && find . -type f | sed 's|^\./||' | sort) >diff.txt ||
    fail "installed files differ from the expected ones (< expected, > installed): $(cat diff.txt)"
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

# `cpack -G DEB` makes a package with the dependencies on SQLite and oneTBB that the binary
# links, and the installed files under /usr.
case_deb() {
  need cpack
  need dpkg-deb
  need dpkg-shlibdeps
  need file
  cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$WORK/pkg" >cpack.txt 2>&1 ||
    fail "cpack: $(tail -5 cpack.txt)"
  local debs=(pkg/*.deb)
  [ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "cpack made ${#debs[@]} packages: ${debs[*]}"
  dpkg-deb -I "${debs[0]}" >info.txt || fail "dpkg-deb -I"
  local version
  version="$("$BIN" --version | awk '{print $NF}')"
  grep -qx ' Package: sudoku-corpus' info.txt || fail "package name: $(cat info.txt)"
  grep -qx " Version: $version" info.txt || fail "version is not $version: $(cat info.txt)"
  grep -q '^ Maintainer: .* <.*@.*>$' info.txt || fail "no maintainer: $(cat info.txt)"
  grep -q '^ Depends: .*libsqlite3-0' info.txt || fail "no SQLite in Depends: $(cat info.txt)"
  grep -q '^ Depends: .*libtbb' info.txt || fail "no oneTBB in Depends: $(cat info.txt)"
  grep -q '^ Depends: .*libstdc++6' info.txt || fail "no libstdc++6 in Depends: $(cat info.txt)"
  grep -q '^ Suggests: .*gnuplot' info.txt || fail "no gnuplot in Suggests: $(cat info.txt)"
  dpkg-deb -x "${debs[0]}" x || fail "dpkg-deb -x"
  diff <(expected_install | sed 's|^|usr/|' | sort) <(cd x && find . -type f | sed 's|^\./||' | sort) \
    >diff.txt || fail "packaged files differ (< expected, > packaged): $(cat diff.txt)"
  [ "$(x/usr/bin/sudoku-corpus --version)" = "$("$BIN" --version)" ] || fail "packaged --version"
}

"case_$CASE"
