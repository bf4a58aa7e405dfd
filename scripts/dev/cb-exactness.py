#!/usr/bin/env python3
"""Rates Berthier's controlled-bias collections with sudoku-corpus and compares with SE.

Reads every SMALL-CB-COLLECTIONS/NNN/ pair NNN-puzzles.txt (a puzzle a line, its first 81
characters) and NNN-SER.txt (Sudoku Explainer's rating of the same line) of a local copy of
github.com/denis-berthier/Controlled-bias_Sudoku_generator_and_collection: a checkout, or the
git directory `fetch` brings (read with `git cat-file`). Rates the puzzles with `rate`, split
over --jobs processes, and prints how many ratings equal SE's, are within 0.1 and within 0.3,
overall and per SE band, the misses by SE's rating, ours and our hardest technique, and the
rating's CPU time. A development tool: tests/rate/se_berthier_test.cc checks the committed sample
(tests/data/se_ratings_berthier_cb.txt); this rates the whole set where a copy exists.

    scripts/dev/cb-exactness.py --repo /path/to/Controlled-bias_Sudoku_generator_and_collection
    scripts/dev/cb-exactness.py --misses misses.txt   # the repository from $CB_REPO

Exit codes: 0 done; 1 the CLI failed; 2 bad command line; 77 no copy of the collection (a
message says where it looked).
"""

import argparse
import collections
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "..", "build-release", "src", "cli", "sudoku-corpus")
PREFIX = "SMALL-CB-COLLECTIONS/"


def tenths(text):
    return int(round(float(text) * 10))


class Source:
    """A checkout (files) or a git directory (blobs at HEAD)."""

    def __init__(self, path):
        self.path = path
        self.git = not os.path.isdir(os.path.join(path, "SMALL-CB-COLLECTIONS"))

    def names(self):
        if not self.git:
            out = []
            for root, _, files in os.walk(os.path.join(self.path, "SMALL-CB-COLLECTIONS")):
                out += [os.path.relpath(os.path.join(root, f), self.path) for f in files]
            return sorted(out)
        listing = subprocess.run(["git", "--git-dir", self.path, "ls-tree", "-r", "--name-only",
                                  "HEAD", PREFIX], capture_output=True, text=True, check=True)
        return sorted(listing.stdout.split())

    def read(self, name):
        if not self.git:
            with open(os.path.join(self.path, name), encoding="ascii") as f:
                return f.read()
        blob = subprocess.run(["git", "--git-dir", self.path, "cat-file", "-p", "HEAD:" + name],
                              capture_output=True, text=True)
        return blob.stdout if blob.returncode == 0 else None


def load(source):
    """(puzzle, SE rating in tenths) of every collection whose two files are there."""
    names = set(source.names())
    pairs = []
    collections_read = 0
    for name in sorted(names):
        if not name.endswith("-puzzles.txt"):
            continue
        ser_name = name[: -len("-puzzles.txt")] + "-SER.txt"
        if ser_name not in names:
            continue
        puzzles, ser = source.read(name), source.read(ser_name)
        if puzzles is None or ser is None:
            continue
        s_lines = ser.split()
        puzzle_lines = [l[:81] for l in puzzles.splitlines() if l.strip()]
        if len(puzzle_lines) != len(s_lines):
            print(f"cb-exactness: {name}: {len(puzzle_lines)} puzzles, {len(s_lines)} ratings; "
                  "skipped", file=sys.stderr)
            continue
        pairs += zip(puzzle_lines, (tenths(s) for s in s_lines))
        collections_read += 1
    return pairs, collections_read


def solve_cpu(cli, puzzles, jobs, work):
    """The CPU seconds `solve` (uniqueness alone, no rating) takes on the same puzzles."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    chunk = (len(puzzles) + jobs - 1) // jobs
    procs = []
    for j in range(jobs):
        path = os.path.join(work, f"solve{j}.txt")
        with open(path, "w", encoding="ascii") as f:
            f.write("\n".join(puzzles[j * chunk:(j + 1) * chunk]) + "\n")
        procs.append(subprocess.Popen([cli, "solve", path], stdout=subprocess.DEVNULL))
    if any(p.wait() != 0 for p in procs):
        sys.exit("cb-exactness: the CLI failed")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def rate(cli, puzzles, jobs):
    """Our (rating, hardest) per puzzle, and the CPU seconds the rating took."""
    chunk = (len(puzzles) + jobs - 1) // jobs
    with tempfile.TemporaryDirectory() as work:
        procs = []
        for j in range(jobs):
            part = puzzles[j * chunk:(j + 1) * chunk]
            path = os.path.join(work, f"part{j}.txt")
            with open(path, "w", encoding="ascii") as f:
                f.write("\n".join(part) + "\n")
            out = open(os.path.join(work, f"part{j}.out"), "w", encoding="ascii")
            procs.append((subprocess.Popen([cli, "rate", path], stdout=out), out, j))
        failed = False
        for proc, out, _ in procs:
            failed |= proc.wait() != 0
            out.close()
        if failed:
            sys.exit("cb-exactness: the CLI failed")
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        results = []
        for j in range(jobs):
            with open(os.path.join(work, f"part{j}.out"), encoding="ascii") as f:
                for line in f:
                    fields = line.split()
                    if not fields or fields[0] == "line":
                        continue
                    results.append((tenths(fields[5]), fields[10]))
    return results, cpu.ru_utime + cpu.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", default=os.environ.get("CB_REPO", ""),
                        help="checkout or git directory of the collection (default: $CB_REPO)")
    parser.add_argument("--cli", default=DEFAULT_CLI, help="sudoku-corpus binary")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="rate processes")
    parser.add_argument("--misses", help="write each miss here: PUZZLE SE OURS HARDEST")
    parser.add_argument("--unrated", action="store_true",
                        help="also time `solve` on the same puzzles, for the rating's ratio")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if not args.repo or not os.path.exists(args.repo):
        print(f"cb-exactness: no copy of the collection at '{args.repo}' (clone "
              "denis-berthier/Controlled-bias_Sudoku_generator_and_collection; --repo or "
              "$CB_REPO); skipped", file=sys.stderr)
        return 77
    pairs, read = load(Source(args.repo))
    if not pairs:
        print(f"cb-exactness: no puzzle with SE ratings under {args.repo}; skipped",
              file=sys.stderr)
        return 77
    ours, cpu = rate(args.cli, [p for p, _ in pairs], args.jobs)
    if len(ours) != len(pairs):
        sys.exit(f"cb-exactness: {len(ours)} ratings for {len(pairs)} puzzles")

    bands = collections.defaultdict(lambda: [0, 0, 0, 0])  # puzzles, exact, within 0.1, 0.3
    misses = collections.Counter()
    above = below = 0
    out = open(args.misses, "w", encoding="ascii") if args.misses else None
    for (puzzle, se), (rating, hardest) in zip(pairs, ours):
        diff = rating - se
        for key in ("all", min(se // 10, 10)):
            b = bands[key]
            b[0] += 1
            b[1] += diff == 0
            b[2] += abs(diff) <= 1
            b[3] += abs(diff) <= 3
        if diff:
            above += diff > 0
            below += diff < 0
            misses[(se, rating, hardest)] += 1
            if out:
                out.write(f"{puzzle} {se / 10:.1f} {rating / 10:.1f} {hardest}\n")
    if out:
        out.close()

    print(f"{len(pairs)} puzzles of {read} collections, rated in {cpu:.0f} CPU s "
          f"({len(pairs) / max(cpu, 1e-9):.0f} a CPU second)")
    if args.unrated:
        with tempfile.TemporaryDirectory() as work:
            unrated = solve_cpu(args.cli, [p for p, _ in pairs], args.jobs, work)
        print(f"solved (no rating) in {unrated:.0f} CPU s ({len(pairs) / max(unrated, 1e-9):.0f} "
              f"a CPU second): rating costs {cpu / max(unrated, 1e-9):.1f}x that")
    print("| | puzzles | exact | within 0.1 | within 0.3 |")
    print("|---|---:|---:|---:|---:|")
    for key in ["all"] + sorted(k for k in bands if k != "all"):
        n, e, w1, w3 = bands[key]
        name = "all" if key == "all" else f"SE {key}.x" if key < 10 else "SE 10.0+"
        print(f"| {name} | {n} | {100 * e / n:.3f}% | {100 * w1 / n:.3f}% | {100 * w3 / n:.3f}% |")
    print(f"rated above SE: {above}, below: {below}")
    for (se, rating, hardest), count in misses.most_common(12):
        print(f"  {se / 10:.1f} -> {rating / 10:.1f} {hardest}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
