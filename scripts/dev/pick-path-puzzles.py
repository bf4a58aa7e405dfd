#!/usr/bin/env python3
"""Picks the puzzles of tests/data/se_path_puzzles.txt from SE-rated files.

A development tool (standard library only). Reads SE-rated files (`PUZZLE ER EP ED` lines, as
tests/data/se_ratings_*.txt) and our rater's `sudoku-corpus rate --json` output for the same
puzzles, and prints `PUZZLE ER EP ED` lines: a quota per SE band (the integer part of ER, 1-9;
10 and up is left out, as SE needs its nested chains there), first the puzzles whose steps use
a technique our rater marks as rare in that band (unique rectangles and loops, BUG, aligned
exclusions, each chain), taken in turn from each such technique so that every one is there,
then evenly spaced ones from the rest of the band. Deterministic: the same inputs give the same
list.

  scripts/dev/pick-path-puzzles.py --ours ours.jsonl tests/data/se_ratings_*.txt > picked.txt
"""

import argparse
import json
import sys

# Puzzles per SE band (ER 1.x .. 9.x); a band with fewer rated puzzles gives them all.
QUOTAS = {1: 45, 2: 55, 3: 60, 4: 60, 5: 60, 6: 70, 7: 70, 8: 70, 9: 70}

# Our technique names (`hardest` names) worth covering: a puzzle using one goes first.
RARE_PREFIXES = ("unique-", "bug-", "aligned-", "y-cycle", "skyscraper", "two-string-kite",
                 "x-chain", "xy-chain", "forcing-chain", "w-wing", "nishio-", "cell-forcing",
                 "region-forcing", "dynamic-", "direct-hidden-triple", "jellyfish", "hidden-quad",
                 "naked-quad", "swordfish", "xyz-wing")


def read_rated(paths):
    """(puzzle, [ER, EP, ED]) in file order, each puzzle once."""
    seen, rated = set(), []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                fields = line.split()
                if len(fields) < 4 or line.startswith("#") or fields[0] in seen:
                    continue
                seen.add(fields[0])
                rated.append((fields[0], fields[1:4]))
    return rated


def read_uses(path):
    """puzzle -> the set of our techniques its solve uses."""
    uses = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            uses[record["puzzle"]] = set(record.get("techniques", {}))
    return uses


def rare(techniques):
    return sorted(t for t in techniques if t.startswith(RARE_PREFIXES))


def pick_band(band, quota, uses):
    """Up to quota puzzles of one band: the rare techniques in turn, then evenly spaced."""
    by_technique = {}
    for item in band:
        for technique in rare(uses.get(item[0], ())):
            by_technique.setdefault(technique, []).append(item)
    chosen, taken = [], set()
    limit = min(quota // 2, len(band))
    while len(chosen) < limit and any(by_technique.values()):
        for technique in sorted(by_technique):
            queue = by_technique[technique]
            while queue and queue[0][0] in taken:
                queue.pop(0)
            if queue and len(chosen) < limit:
                chosen.append(queue.pop(0))
                taken.add(chosen[-1][0])
    rest = [item for item in band if item[0] not in taken]
    need = min(quota - len(chosen), len(rest))
    for i in range(need):
        chosen.append(rest[i * len(rest) // need])
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", required=True, help="rate --json output for the same puzzles")
    parser.add_argument("rated", nargs="+", help="SE-rated files (PUZZLE ER EP ED lines)")
    args = parser.parse_args()
    uses = read_uses(args.ours)
    bands = {}
    for puzzle, ratings in read_rated(args.rated):
        band = int(float(ratings[0]))
        if band in QUOTAS:
            bands.setdefault(band, []).append((puzzle, ratings))
    for band in sorted(bands):
        for puzzle, ratings in pick_band(bands[band], QUOTAS[band], uses):
            print(puzzle, *ratings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
