#!/usr/bin/env python3
"""Reads an app pack made with `sudoku-corpus export --format sqlite --hints` and prints the
hints of a puzzle: a reference decoder of the hints format (docs/hints.md), standard library only.

    hints.py PACK [--level NAME] [--technique NAME] [--seed N]   one puzzle and its hints
    hints.py PACK --check                                        replay every puzzle's path
"""
import argparse
import random
import sqlite3
import sys

FORMAT_VERSION = 2  # the pack's PRAGMA user_version this reader knows
HINTS_FORMAT = 1    # meta hints_format this reader knows


def houses_of(cell):
    """The row, column and box of a cell, as house numbers (0-8, 9-17, 18-26)."""
    return cell // 9, 9 + cell % 9, 18 + cell // 27 * 3 + cell % 9 // 3


def decode_hints(blob, base_rating):
    """The steps of a hints blob: dicts of technique (id), rating (tenths), placements and
    removals ([(cell, digit)]), cells, houses and chain ([(cell, digit, on, starts_chain)])."""
    pos = 0

    def byte():
        nonlocal pos
        pos += 1
        return blob[pos - 1]

    def count():  # unsigned LEB128
        n, shift = 0, 0
        while True:
            b = byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                return n

    steps = []
    while pos < len(blob):
        technique, flags = byte(), byte()
        if flags & 0xC0:
            raise ValueError("a hints step with reserved flags: a newer format")
        step = {"technique": technique,
                "rating": byte() if flags & 1 else base_rating[technique]}
        placed = [(byte(), byte()) for _ in range(count())] if flags & 2 else []
        step["placements"] = [(cell, b & 15) for cell, b in placed]
        step["removals"] = [(byte(), byte()) for _ in range(count())] if flags & 4 else []
        step["cells"] = [byte() for _ in range(count())] if flags & 8 else []
        step["houses"] = [byte() for _ in range(count())] if flags & 16 else []
        nodes = [(byte(), byte()) for _ in range(count())] if flags & 32 else []
        step["chain"] = [(c, n & 15, bool(n & 16), bool(n & 32)) for c, n in nodes]
        # A step of singles names each placement's house by its kind (1 row, 2 column, 3 box).
        step["houses"] += [houses_of(cell)[(b >> 4) - 1] for cell, b in placed if b >> 4]
        if nodes and not flags & 8:  # a chain's cells: the chain's, each once, in order
            step["cells"] = list(dict.fromkeys(c for c, _ in nodes))
        steps.append(step)
    return steps


def cell_name(cell):
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def house_name(house):
    return ("row", "column", "box")[house // 9] + f" {house % 9 + 1}"


def describe(step, names):
    """One line a step, as a hint button would say it."""
    text = names[step["technique"]]
    if step["houses"]:
        text += " in " + ", ".join(house_name(h) for h in step["houses"])
    if step["cells"]:
        text += " at " + " ".join(cell_name(c) for c in step["cells"])
    moves = [f"{cell_name(c)}={d}" for c, d in step["placements"]]
    moves += [f"{cell_name(c)}<>{d}" for c, d in step["removals"]]
    text += ": " + " ".join(moves)
    if step["chain"]:
        text += "  chain " + " ".join(
            ("| " if start and i else "") + cell_name(c) + ("=" if on else "<>") + str(d)
            for i, (c, d, on, start) in enumerate(step["chain"]))
    return text


def peers(cell):
    r, c = divmod(cell, 9)
    b = r // 3 * 3, c // 3 * 3
    return {x for x in range(81) if x != cell and (x // 9 == r or x % 9 == c or
                                                   (x // 27 * 3, x % 9 // 3 * 3) == b)}


def replay(givens, solution, steps):
    """Applies the steps from the givens; raises AssertionError where one is not sound."""
    grid = [0 if ch == "." else int(ch) for ch in givens]
    cand = [set() if grid[x] else set(range(1, 10)) for x in range(81)]
    for x in range(81):
        if grid[x]:
            for p in peers(x):
                cand[p].discard(grid[x])
    for i, step in enumerate(steps):
        for cell, digit in step["removals"]:
            assert digit != int(solution[cell]), f"step {i + 1} removes the solution's {digit}"
            assert digit in cand[cell], f"step {i + 1} removes {digit} twice at {cell}"
            cand[cell].discard(digit)
        for cell, digit in step["placements"]:
            assert digit == int(solution[cell]), f"step {i + 1} places a wrong {digit}"
            assert grid[cell] == 0 and digit in cand[cell], f"step {i + 1}: {cell} not open"
            grid[cell], cand[cell] = digit, set()
            for p in peers(cell):
                cand[p].discard(digit)
    assert "".join(map(str, grid)) == solution, "the path does not end at the solution"


def open_pack(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        meta = dict(db.execute("SELECT key, value FROM meta"))
    except sqlite3.DatabaseError as e:
        sys.exit(f"hints.py: {path}: not an app pack ({e})")
    if meta.get("format") != "sudoku-corpus app pack" or version > FORMAT_VERSION:
        sys.exit(f"hints.py: {path}: not an app pack of format {FORMAT_VERSION} or older")
    if meta.get("hints_format") is None:
        sys.exit(f"hints.py: {path}: has no hints (export it with --hints)")
    if int(meta["hints_format"]) > HINTS_FORMAT:
        sys.exit(f"hints.py: {path}: hints format {meta['hints_format']} is newer than this reader")
    return db


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack")
    parser.add_argument("--level", help="a level name (levels.name)")
    parser.add_argument("--technique", help="the hardest technique's name (techniques.name)")
    parser.add_argument("--seed", type=int, default=None, help="which puzzle, at random")
    parser.add_argument("--check", action="store_true", help="replay every puzzle's path")
    args = parser.parse_args()
    db = open_pack(args.pack)
    names, base = {}, {}
    for tid, name, rating in db.execute("SELECT id, name, rating FROM techniques"):
        names[tid], base[tid] = name, round(rating * 10)
    rows = db.execute(
        "SELECT p.id, p.givens, p.solution, p.rating, p.hardest, p.techniques, p.hints, l.name "
        "FROM puzzles p JOIN levels l USING (level) "
        "WHERE (?1 IS NULL OR l.name = ?1) AND "
        "(?2 IS NULL OR p.hardest = (SELECT id FROM techniques WHERE name = ?2))",
        (args.level, args.technique)).fetchall()
    if args.check:
        for pid, givens, solution, rating, hardest, used, blob, _ in rows:
            steps = decode_hints(blob, base)
            replay(givens, solution, steps)
            top = max(s["rating"] for s in steps)
            assert top == round(rating * 10), f"puzzle {pid}: path {top}, rating {rating}"
            assert next(s for s in steps if s["rating"] == top)["technique"] == hardest, pid
            assert sum(1 << s["technique"] for s in {s["technique"]: s for s in steps}.values()) \
                == used, f"puzzle {pid}: techniques differ"
        print(f"{len(rows)} puzzles: every path replays to its solution")
        return
    if not rows:
        sys.exit("hints.py: no puzzle of that level and technique in the pack")
    pid, givens, _, rating, hardest, _, blob, level = random.Random(args.seed).choice(rows)
    print(f"puzzle {pid}: {level}, SE {rating}, hardest {names[hardest]}\n{givens}")
    for i, step in enumerate(decode_hints(blob, base), 1):
        print(f"{i:4}  {describe(step, names)}")


if __name__ == "__main__":
    main()
