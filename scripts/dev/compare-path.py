#!/usr/bin/env python3
"""Compares our rater's solving path with Sudoku Explainer's, step for step.

A development tool (standard library only). Reads SE's steps (tests/data/se_path_steps.txt),
its puzzle list (tests/data/se_path_puzzles.txt), the table from SE's hint names to ours
(tests/data/se_technique_map.txt) and our `sudoku-corpus rate --steps --json` output (JSON
Lines: "puzzle" and "steps": [{"technique", "rating", "placements", "removals"}]), and prints
how many puzzles' whole path agrees, the first divergence of each puzzle that does not, and the
steps compared and agreeing by SE technique.

Alignment. SE applies one hint a step (Solver.getDifficulty); our rater places every single of
one kind in one step and, once the rating is 2.3 or more, takes naked singles before the direct
techniques. So a maximal run of placement-only steps (singles and SE's direct techniques) is one
unit on each side: the two agree if they place the same digits (as sets) and their hardest step
rates the same. Every other step is a unit of its own and agrees if its technique maps (first
matching line of the table), its rating is equal to a tenth and its placements and removals are
equal as sets; removals in a cell the step places, or of a placed digit from the placed cell's
peers, are left out on both sides.

Without "steps" in our records (plain `rate --json`), only each puzzle's rating and hardest
technique are compared with SE's (its highest step and the technique of the first such step).

  scripts/dev/compare-path.py ours.jsonl
  scripts/dev/compare-path.py --show 20 --data tests/data ours.jsonl
  scripts/dev/compare-path.py --write-agreeing tests/data/se_path_agreeing.txt ours.jsonl
"""

import argparse
import collections
import fnmatch
import json
import os
import sys

PLACING = ("full-house", "hidden-single-box", "hidden-single-line", "naked-single",
           "direct-pointing", "direct-claiming", "direct-hidden-pair", "direct-hidden-triple")


def data_lines(path):
    """The fields of each line that is neither blank nor a '#' comment."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                yield line.split()


class TechniqueMap:
    """SE's hint name and rating -> the set of our technique names it may be."""

    def __init__(self, path):
        self.rows = [(name, rating, set(ours.split("|")))
                     for name, rating, ours in data_lines(path)]

    def ours(self, name, rating):
        for pattern, want, ours in self.rows:
            if fnmatch.fnmatchcase(name, pattern) and want in ("*", rating):
                return ours
        return set()


class Step:
    """One step: technique, rating (a tenth, as text), placements and removals (sets)."""

    def __init__(self, technique, rating, placements, removals):
        self.technique, self.rating = technique, rating
        self.placements = frozenset(placements)
        placed = {p.split("=")[0]: p.split("=")[1] for p in self.placements}
        self.removals = frozenset(r for r in removals if not implied(r, placed))

    def describe(self):
        return "%s %s %s %s" % (self.technique, self.rating, ",".join(sorted(self.placements))
                                or "-", ",".join(sorted(self.removals)) or "-")


def cell_of(name):
    return int(name[1]) - 1, int(name[3]) - 1


def sees(a, b):
    (r1, c1), (r2, c2) = cell_of(a), cell_of(b)
    return r1 == r2 or c1 == c2 or (r1 // 3 == r2 // 3 and c1 // 3 == c2 // 3)


def implied(removal, placed):
    """Whether a removal "rNcM<>D" follows from the step's placements alone."""
    cell, digit = removal.split("<>")
    if cell in placed:
        return True
    return any(d == digit and sees(cell, c) for c, d in placed.items())


def tenth(value):
    return "-" if value is None or value == "-" else "%.1f" % float(value)


def read_se(data):
    """[(puzzle, SE's rating: its highest step, [Step, ...])] in the list's order."""
    puzzles = [fields[0] for fields in data_lines(os.path.join(data, "se_path_puzzles.txt"))]
    steps = collections.defaultdict(list)
    for fields in data_lines(os.path.join(data, "se_path_steps.txt")):
        index, _, name, rating, placements, removals = fields
        steps[int(index)].append(
            Step(name, rating, [] if placements == "-" else placements.split(","),
                 [] if removals == "-" else removals.split(",")))
    if len(steps) != len(puzzles) or any(not steps[i + 1] for i in range(len(puzzles))):
        raise SystemExit("compare-path.py: %s: steps for %d puzzles, %d in the list"
                         % (data, len(steps), len(puzzles)))
    return [(p, "%.1f" % max(float(s.rating) for s in steps[i + 1]), steps[i + 1])
            for i, p in enumerate(puzzles)]


def read_ours(path):
    """puzzle -> its JSON record."""
    ours = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                record = json.loads(line)
                ours[record["puzzle"]] = record
    return ours


def our_steps(record):
    return [Step(s["technique"], tenth(s.get("rating")), s.get("placements", []),
                 s.get("removals", [])) for s in record["steps"]]


def units(steps, placing):
    """Steps grouped for comparison: a run of placement-only steps is one unit."""
    out = []
    for step in steps:
        if placing(step) and out and isinstance(out[-1], list):
            out[-1].append(step)
        else:
            out.append([step] if placing(step) else step)
    return out


def run_summary(run):
    placements = frozenset().union(*(s.placements for s in run))
    return placements, max(float(s.rating) for s in run)


def unit_agrees(se, ours, names):
    """Whether one SE unit and one of ours agree (both runs, or both single steps)."""
    if isinstance(se, list) != isinstance(ours, list):
        return False
    if isinstance(se, list):
        return run_summary(se) == run_summary(ours)
    return (ours.technique in names.ours(se.technique, se.rating) and se.rating == ours.rating
            and se.placements == ours.placements and se.removals == ours.removals)


def describe_unit(unit):
    if unit is None:
        return "(none)"
    if isinstance(unit, list):
        placements, rating = run_summary(unit)
        kinds = collections.Counter(s.technique for s in unit)
        return "placements up to %.1f: %d digits (%s)" % (
            rating, len(placements), ", ".join("%s x%d" % kv for kv in sorted(kinds.items())))
    return unit.describe()


def se_technique(step, names):
    """The name counts are kept under: ours where the table names one, else SE's."""
    ours = names.ours(step.technique, step.rating)
    return next(iter(ours)) if len(ours) == 1 else step.technique


def compare_paths(se_puzzles, ours, names, show, out, agreeing_list=None):
    """The path comparison; returns the number of puzzles whose path differs. Appends the
    number of each agreeing puzzle to `agreeing_list` when given."""
    placing_se = lambda s: next(iter(names.ours(s.technique, s.rating)), "") in PLACING
    placing_ours = lambda s: s.technique in PLACING
    agreed, compared, missing = 0, 0, 0
    steps_seen, steps_agreed = collections.Counter(), collections.Counter()
    first_by_technique, shown = collections.Counter(), 0
    bands = collections.defaultdict(lambda: [0, 0])
    for number, (puzzle, er, se_steps) in enumerate(se_puzzles, 1):
        record = ours.get(puzzle)
        if record is None or "steps" not in record:
            missing += 1
            continue
        compared += 1
        se_units = units(se_steps, placing_se)
        our_units = units(our_steps(record), placing_ours)
        diverged = None
        for i, se in enumerate(se_units):
            mine = our_units[i] if i < len(our_units) else None
            ok = mine is not None and unit_agrees(se, mine, names)
            for step in (se if isinstance(se, list) else [se]):
                steps_seen[se_technique(step, names)] += 1
                steps_agreed[se_technique(step, names)] += ok
            if not ok:
                diverged = (i, se, mine)
                break
        if diverged is None and len(our_units) > len(se_units):
            diverged = (len(se_units), None, our_units[len(se_units)])
        band = bands[min(int(float(er)), 10)]
        band[0] += 1
        if diverged is None:
            agreed += 1
            band[1] += 1
            if agreeing_list is not None:
                agreeing_list.append(number)
            continue
        i, se, mine = diverged
        key = "(after SE's end)" if se is None else (
            "placements" if isinstance(se, list) else se_technique(se, names))
        first_by_technique[key] += 1
        if shown < show:
            shown += 1
            out.write("puzzle %d %s (SE %s): first divergence at unit %d\n  SE:   %s\n  ours: %s\n"
                      % (number, puzzle, er, i + 1, describe_unit(se), describe_unit(mine)))
    out.write("paths: %d of %d puzzles agree step for step (%d without our steps)\n"
              % (agreed, compared, missing))
    out.write("by SE band: %s\n" % "  ".join(
        "%d.x %d/%d" % (b, bands[b][1], bands[b][0]) for b in sorted(bands)))
    out.write("first divergence by SE technique: %s\n" % (", ".join(
        "%s %d" % kv for kv in first_by_technique.most_common()) or "none"))
    out.write("steps agreeing up to each puzzle's first divergence, by SE technique:\n")
    for technique in sorted(steps_seen, key=lambda t: (-steps_seen[t], t)):
        out.write("  %-34s %6d of %6d\n" % (technique, steps_agreed[technique],
                                             steps_seen[technique]))
    return compared - agreed + missing


def compare_ratings(se_puzzles, ours, names, show, out):
    """Ratings and hardest techniques only; returns the number of puzzles that differ."""
    rating_ok = hardest_ok = both = compared = missing = shown = 0
    bands = collections.defaultdict(lambda: [0, 0])
    for number, (puzzle, er, se_steps) in enumerate(se_puzzles, 1):
        record = ours.get(puzzle)
        if record is None or record.get("rating") is None:
            missing += 1
            continue
        compared += 1
        top = max(se_steps, key=lambda s: float(s.rating))  # max() keeps the first such step
        same_rating = tenth(record["rating"]) == tenth(top.rating)
        same_hardest = record.get("hardest") in names.ours(top.technique, top.rating)
        rating_ok += same_rating
        hardest_ok += same_hardest
        both += same_rating and same_hardest
        band = bands[min(int(float(er)), 10)]
        band[0] += 1
        band[1] += same_rating and same_hardest
        if not (same_rating and same_hardest) and shown < show:
            shown += 1
            out.write("puzzle %d %s: SE %s %s, ours %s %s\n" % (
                number, puzzle, top.rating, top.technique, tenth(record["rating"]),
                record.get("hardest")))
    out.write("no steps in our output: ratings and hardest techniques only\n")
    out.write("rating equal: %d of %d; hardest technique agrees: %d; both: %d (%d not rated)\n"
              % (rating_ok, compared, hardest_ok, both, missing))
    out.write("both, by SE band: %s\n" % "  ".join(
        "%d.x %d/%d" % (b, bands[b][1], bands[b][0]) for b in sorted(bands)))
    return compared - both + missing


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ours", help="sudoku-corpus rate [--steps] --json output, or - for stdin")
    parser.add_argument("--data", default=os.path.join(here, "..", "..", "tests", "data"),
                        help="folder of se_path_steps.txt, se_path_puzzles.txt, "
                             "se_technique_map.txt (default: the checkout's tests/data)")
    parser.add_argument("--show", type=int, default=10,
                        help="print the first divergence of this many puzzles (default 10)")
    parser.add_argument("--write-agreeing", metavar="PATH",
                        help="write the numbers of the puzzles whose path agrees, one a line "
                             "(tests/data/se_path_agreeing.txt, read by tests/rate/se_path_test.cc)")
    args = parser.parse_args()
    names = TechniqueMap(os.path.join(args.data, "se_technique_map.txt"))
    se_puzzles = read_se(args.data)
    ours = read_ours("/dev/stdin" if args.ours == "-" else args.ours)
    with_steps = any("steps" in r for r in ours.values())
    if args.write_agreeing and not with_steps:
        raise SystemExit("compare-path.py: --write-agreeing needs `rate --steps --json` output")
    if with_steps:
        agreeing = []
        differ = compare_paths(se_puzzles, ours, names, args.show, sys.stdout, agreeing)
        if args.write_agreeing:
            with open(args.write_agreeing, "w", encoding="utf-8") as f:
                f.write("# Puzzles of se_path_puzzles.txt (PUZZLE_INDEX) whose whole path by our rater\n"
                        "# agrees with SE's step for step (scripts/dev/compare-path.py "
                        "--write-agreeing);\n# tests/rate/se_path_test.cc fails if one stops "
                        "agreeing. %d of %d.\n" % (len(agreeing), len(se_puzzles)))
                f.writelines("%d\n" % n for n in agreeing)
    else:
        differ = compare_ratings(se_puzzles, ours, names, args.show, sys.stdout)
    return 0 if differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
