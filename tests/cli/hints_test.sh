#!/usr/bin/env bash
# Hints in the app pack and in text exports, one CTest case per function:
# tests/cli/hints_test.sh CASE BINARY. The reference decoder (examples/hints/hints.py) reads
# every path of a pack back and replays it from the givens to the stored solution.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
HINTS_PY="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/examples/hints/hints.py"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# The decoder refuses with one line on stderr, "hints.py: ...", and exit 1.
expect_decoder_error() {
  python3 "$HINTS_PY" "$@" >out.txt 2>err.txt && fail "hints.py $* succeeded"
  [ "$?" -eq 1 ] || fail "hints.py $*: exit code"
  [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hints.py: " err.txt || fail "stderr: $(cat err.txt)"
}

# A corpus of every level, and its pack with hints.
make_pack() {
  "$BIN" generate --db c.db --level all --count "$(scaled 120 30)" --seed 3 --quiet ||
    fail "generate"
  "$BIN" export --db c.db --format sqlite --hints -o pack.db || fail "export --hints"
}

# Every path of the pack decodes and replays from the givens to the stored solution; its top
# step is the stored rating and hardest technique; the technique set is the path's.
case_pack() {
  need python3
  need sqlite3
  make_pack
  python3 "$HINTS_PY" pack.db --check >out.txt || fail "hints.py --check: $(cat out.txt)"
  grep -q "^$(scaled 120 30) puzzles: every path replays" out.txt || fail "$(cat out.txt)"
  # The bytes say what the JSON says: each decoded path equals export's steps column.
  "$BIN" export --db c.db --columns id,steps -o steps.jsonl 2>/dev/null || fail "export steps"
  python3 - "$HINTS_PY" pack.db steps.jsonl <<'PY' || fail "decoded hints differ from the JSON"
import json, sqlite3, sys, importlib.util
spec = importlib.util.spec_from_file_location("hints", sys.argv[1])
hints = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hints)
db = sqlite3.connect(sys.argv[2])
names = {i: n for i, n in db.execute("select id, name from techniques")}
base = {i: round(r * 10) for i, r in db.execute("select id, rating from techniques")}
blobs = dict(db.execute("select id, hints from puzzles"))
cd = lambda cell, d, op: f"{hints.cell_name(cell)}{op}{d}"
for line in open(sys.argv[3]):
    record = json.loads(line)
    decoded = hints.decode_hints(blobs[record["id"]], base)
    assert len(decoded) == len(record["steps"]), record["id"]
    for got, want in zip(decoded, record["steps"]):
        chains = []
        for cell, d, on, start in got["chain"]:
            if start or not chains:
                chains.append([])
            chains[-1].append(cd(cell, d, "=" if on else "<>"))
        assert names[got["technique"]] == want["technique"], (record["id"], want)
        assert got["rating"] == round(want["rating"] * 10), (record["id"], want)
        assert [cd(c, d, "=") for c, d in got["placements"]] == want["placements"], want
        assert [cd(c, d, "<>") for c, d in got["removals"]] == want["removals"], want
        assert [hints.cell_name(c) for c in got["cells"]] == want["cells"], (got, want)
        assert [hints.house_name(h) for h in got["houses"]] == want["houses"], (got, want)
        assert chains == want.get("chain", []), (got, want)
PY
  [ "$(sqlite3 pack.db "select value from meta where key = 'hints_format'")" = 1 ] ||
    fail "meta hints_format"
  [ "$(sqlite3 pack.db "pragma user_version")" = 2 ] || fail "user_version"
  [ "$(sqlite3 pack.db "select count(*) from puzzles where hints is null")" = 0 ] ||
    fail "puzzles without hints"
  # hardest and techniques agree with the corpus, by name.
  sqlite3 pack.db "attach 'c.db' as c;
    select count(*) from puzzles p join c.puzzles q using (id) join techniques t on t.id = p.hardest
    where t.name <> q.hardest" >diff.txt
  [ "$(cat diff.txt)" = 0 ] || fail "hardest differs from the corpus in $(cat diff.txt) rows"
  sqlite3 pack.db "attach 'c.db' as c;
    select count(*) from puzzles p join c.puzzle_techniques q using (id), techniques t
    where ((p.techniques >> t.id) & 1) <> (json_extract(q.techniques, '$.\"' || t.name || '\"')
                                            is not null)" >diff.txt
  [ "$(cat diff.txt)" = 0 ] || fail "the technique set differs in $(cat diff.txt) cases"
  # A pack without --hints has the same rows and no hints.
  "$BIN" export --db c.db --format sqlite -o plain.db || fail "export"
  [ "$(sqlite3 plain.db "select count(*) from puzzles where hints is null")" = "$(scaled 120 30)" ] ||
    fail "hints in a pack without --hints"
  [ -z "$(sqlite3 plain.db "select value from meta where key = 'hints_format'")" ] ||
    fail "hints_format in a pack without hints"
  expect_decoder_error plain.db
  grep -q "has no hints" err.txt || fail "$(cat err.txt)"
}

# The decoder picks a puzzle by level and hardest technique and prints its steps.
case_pick() {
  need python3
  make_pack
  python3 "$HINTS_PY" pack.db --level medium --seed 1 >out.txt || fail "pick by level"
  head -1 out.txt | grep -q "^puzzle [0-9]*: medium, SE " || fail "$(head -3 out.txt)"
  grep -Eq '^ +1  (full-house|hidden-single-box|hidden-single-line|naked-single).*: r[1-9]c[1-9]=[1-9]' \
    out.txt || fail "first step: $(sed -n 3p out.txt)"
  python3 "$HINTS_PY" pack.db --technique pointing --seed 2 >out.txt || fail "pick by technique"
  head -1 out.txt | grep -q "hardest pointing$" || fail "$(head -1 out.txt)"
  grep -Eq '^ +[0-9]+  pointing.*r[1-9]c[1-9]<>[1-9]' out.txt || fail "no pointing step"
  expect_decoder_error pack.db --technique nested-forcing-chain
}

# jsonl and csv carry the path (--columns ...,steps): the one `rate --json --steps` prints.
case_columns() {
  need python3
  "$BIN" generate --db c.db --level hard --count 5 --seed 4 --quiet || fail "generate"
  "$BIN" export --db c.db --columns givens,rating,steps >steps.jsonl || fail "export steps"
  "$BIN" export --db c.db --format lines >givens.txt || fail "export lines"
  "$BIN" rate --json --steps givens.txt >rated.jsonl || fail "rate --steps"
  python3 -c '
import json, sys
exported = [json.loads(l) for l in open(sys.argv[1])]
rated = [json.loads(l) for l in open(sys.argv[2])]
assert len(exported) == len(rated) == 5, (len(exported), len(rated))
for e, r in zip(exported, rated):
    assert e["givens"] == r["puzzle"] and e["rating"] == r["rating"], (e["givens"], r["puzzle"])
    assert e["steps"] == r["steps"], "the exported path differs from the rated one"
    assert max(s["rating"] for s in e["steps"]) == e["rating"]
' steps.jsonl rated.jsonl || fail "steps column"
  "$BIN" export --db c.db --format csv --columns id,steps >steps.csv || fail "csv steps"
  python3 -c '
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 5 and all(json.loads(r["steps"])[0]["technique"] for r in rows)
' steps.csv || fail "csv steps: $(head -c 300 steps.csv)"
}

# Bad requests: one line and the documented exit code; nothing written under the output's name.
case_errors() {
  need sqlite3
  "$BIN" generate --db c.db --count 5 --seed 4 --quiet || fail "generate"
  expect_one_line_error 2 "$BIN" export --db c.db --format csv --hints -o x.csv
  grep -q -- "--hints applies to --format sqlite" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" export --db c.db --format lines --columns givens,steps
  # A stored rating this version's path does not give: the export names the puzzle and stops.
  sqlite3 c.db "update puzzles set rating_tenths = rating_tenths + 1 where id = 3" || fail "tamper"
  expect_one_line_error 1 "$BIN" export --db c.db --format sqlite --hints -o p.db
  grep -q "puzzle 3: stored as .*re-rate the corpus" err.txt || fail "$(cat err.txt)"
  [ ! -e p.db ] || fail "a failed export left p.db"
  expect_one_line_error 1 "$BIN" export --db c.db --columns id,steps -o s.jsonl
  [ ! -e s.jsonl ] || fail "a failed export left s.jsonl"
}

"case_$CASE"
