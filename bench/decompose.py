#!/usr/bin/env python3
"""The memoized search with and without splitting into parts (dlx --count --memo
[--decompose]), side by side: whole processes on the same files, alternating, wall
time (median of --runs) and peak memory (GNU time's maximum resident set), with the
search's own figures (nodes, diagram nodes, splits) from --json.

  bench/decompose.py [--build build/release] [--runs 3] [--only NAMES]

Problems where parts appear: domino and tromino (straight and L) tilings of boards
with holes (rows tiled by straight pieces, some pieces taken out, so a tiling exists;
fixed seeds), rooms of a board joined by a corridor, two boards side by side; and, for
the cost where nothing splits, the Aztec diamond, N queens, Langford pairs and the
shared pentomino-3x20.dlx. Prints a Markdown table.
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared",
                      "dlx-reference")


def orientations(shape):
    out = set()
    pts = shape
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]
        for cells in (pts, [(r, -c) for r, c in pts]):
            r0 = min(r for r, _ in cells)
            c0 = min(c for _, c in cells)
            out.add(tuple(sorted((r - r0, c - c0) for r, c in cells)))
    return sorted(out)


DOMINO = orientations([(0, 0), (0, 1)])
TROMINOES = orientations([(0, 0), (0, 1), (0, 2)]) + orientations([(0, 0), (0, 1), (1, 0)])


def tiling_text(cells, shapes):
    """Knuth's DLX1 text: one item per cell, one option per placement."""
    placements = set()
    for r, c in sorted(cells):
        for shape in shapes:
            placed = tuple(sorted((r + dr, c + dc) for dr, dc in shape))
            if all(p in cells for p in placed):
                placements.add(placed)
    lines = [" ".join(f"r{r}c{c}" for r, c in sorted(cells))]
    lines += [" ".join(f"r{r}c{c}" for r, c in p) for p in sorted(placements)]
    return "\n".join(lines) + "\n"


def holed(width, height, piece, share, seed):
    """Rows tiled by straight pieces of `piece` cells, `share` of them taken out."""
    rng = random.Random(seed)
    cells = set()
    for r in range(height):
        for c in range(0, width - width % piece, piece):
            if rng.random() >= share:
                cells |= {(r, c + k) for k in range(piece)}
    return cells


def rooms(width, height, count):
    """`count` rooms side by side, walls between them open on the first two rows."""
    cells = set()
    for r in range(height):
        for room in range(count):
            cells |= {(r, room * (width + 1) + c) for c in range(width)}
            if room < count - 1 and r < 2:
                cells.add((r, room * (width + 1) + width))
    return cells


def side_by_side(width, height):
    return {(r, c + b * (width + 1)) for b in (0, 1) for r in range(height)
            for c in range(width)}


GENERATED = {
    "dominoes 16x16, holes": lambda: tiling_text(holed(16, 16, 2, 0.15, 11), DOMINO),
    "dominoes 24x24, holes": lambda: tiling_text(holed(24, 24, 2, 0.15, 12), DOMINO),
    "trominoes 12x12, holes": lambda: tiling_text(holed(12, 12, 3, 0.15, 13), TROMINOES),
    "trominoes 15x15, holes": lambda: tiling_text(holed(15, 15, 3, 0.12, 14), TROMINOES),
    "dominoes, 3 rooms 6x12": lambda: tiling_text(rooms(6, 12, 3), DOMINO),
    "dominoes, two 8x8 apart": lambda: tiling_text(side_by_side(8, 8), DOMINO),
}


def timed(command):
    """(seconds, max RSS in MB, stdout) of one whole process."""
    r = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M"] + command,
                       capture_output=True, text=True)
    m = re.search(r"TIME ([\d.]+) (\d+)", r.stderr)
    if r.returncode not in (0, 1) or not m:
        sys.exit(f"failed: {' '.join(command)}\n{r.stderr}")
    return float(m.group(1)), int(m.group(2)) / 1024, r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", help="comma-separated problem names (as in the table)")
    args = ap.parse_args()
    dlx = os.path.join(args.build, "tools", "dlx")
    examples = os.path.join(args.build, "examples")
    with tempfile.TemporaryDirectory() as tmp:
        problems = []
        for name, make in GENERATED.items():
            path = os.path.join(tmp, re.sub(r"\W+", "-", name) + ".dlx")
            with open(path, "w") as f:
                f.write(make())
            problems.append((name, path))
        for name, encoder, arg in [("Aztec 9", "dlx-aztec", "9"), ("queens 12", "dlx-queens", "12"),
                                   ("Langford 12", "dlx-langford", "12")]:
            path = os.path.join(tmp, encoder + arg + ".dlx")
            with open(path, "w") as f:
                subprocess.run([os.path.join(examples, encoder), arg], stdout=f, check=True)
            problems.append((name, path))
        problems.append(("pentomino 3x20", os.path.join(SHARED, "pentomino-3x20.dlx")))
        if args.only:
            wanted = set(args.only.split(","))
            problems = [p for p in problems if p[0] in wanted]

        print("| problem | count | memo s | memo MB | decompose s | decompose MB | time ratio "
              "| nodes | nodes, decompose | diagram nodes | diagram nodes, decompose | splits "
              "| product nodes |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for name, path in problems:
            runs = {"memo": [], "decompose": []}
            out = {}
            for _ in range(args.runs):
                for mode, extra in (("memo", []), ("decompose", ["--decompose"])):
                    seconds, mb, stdout = timed([dlx, "--count", "--memo", "--json"] + extra + [path])
                    runs[mode].append((seconds, mb))
                    out[mode] = json.loads(stdout.strip().splitlines()[-1])
            if out["memo"]["solutions"] != out["decompose"]["solutions"]:
                sys.exit(f"{name}: the counts differ: {out['memo']['solutions']} against "
                         f"{out['decompose']['solutions']}")
            t = {m: statistics.median(s for s, _ in runs[m]) for m in runs}
            mb = {m: max(x for _, x in runs[m]) for m in runs}
            ratio = t["decompose"] / t["memo"] if t["memo"] > 0 else float("nan")
            d = out["decompose"]
            print(f"| {name} | {out['memo']['solutions']} | {t['memo']:.2f} | {mb['memo']:.0f} "
                  f"| {t['decompose']:.2f} | {mb['decompose']:.0f} | {ratio:.2f} "
                  f"| {out['memo']['nodes']} | {d['nodes']} | {out['memo']['diagram_nodes']} "
                  f"| {d['diagram_nodes']} | {d['splits']} | {d['products']} |", flush=True)


if __name__ == "__main__":
    main()
