#!/usr/bin/env python3
"""Exact-cover counting every way, side by side (issue 32): the plain search, Knuth's
dlx6 (optional), the memoized search (dlx --count --memo) with and without splitting
into parts (--decompose), each on one thread and on two (-j 2). Whole processes on the
same files; within each of --runs runs the modes take turns, problem by problem; wall
time is the median over the runs, memory the largest peak resident set (GNU time).
From --json: search nodes, diagram nodes (sinks included), splits and product nodes.

  bench/decompose.py [--build build/release] [--runs 3] [--plain-cap 10]
                     [--dlx6 PATH] [--dlx6-cap 60] [--only NAMES] [--all] [--list]
                     [--verify]

Every count must agree: the six ways with each other (dlx6 modulo 2^64, the width of
its counter) and with the expected count where one is known (published, or counted
by an independent program: see PROBLEMS); the script stops at the first difference.
The plain search and dlx6 run under timeout(1) and print "> CAP" when they do not
finish; a mode that hits its cap once is not run again for that problem.

The problems are generated here (no data files), or by the build's encoders
(dlx-pentomino, dlx-langford, dlx-aztec, dlx-queens):
- tilings where parts appear: boards with holes tiled by dominoes, trominoes or
  tetrominoes (any number of each piece), rooms joined by a corridor, two boards
  side by side;
- polyomino packings, each piece once: the 12 pentominoes in 3x20, 4x15, 5x12, 6x10;
  with the 2x2 square in the 8x8 (Dana Scott's problem: square in the centre; the
  square anywhere is opt-in, --all); two sets of the one-sided and of the free
  tetrominoes (neither set alone fills a rectangle);
- the independent vertex sets of the n x n grid graph (OEIS A006506);
- Langford pairs, the Aztec diamond and N queens, where nothing splits.

dlx6 is not part of this project: build it from Knuth's CWEB sources (dlx6.w, with
gb_flip of the Stanford GraphBase), `gcc -O2`, and pass its path; it reads the
problem on standard input and writes its diagram on standard output (discarded).
--verify recounts the tilings with an independent (slow, Python) frontier count
instead of trusting the recorded figures. --list prints the problems and exits.
Prints a Markdown table, and the total time on standard error.
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
import time

# Shapes are lists of (row, column) cells.


def picture(rows):
    """Cells of a shape drawn with '#' in rows separated by '/'."""
    return [(r, c) for r, row in enumerate(rows.split("/")) for c, ch in enumerate(row)
            if ch == "#"]


def normalized(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def rotations(shape):
    """The shape turned in the plane only (a one-sided piece)."""
    out = set()
    pts = shape
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]
        out.add(normalized(pts))
    return sorted(out)


def orientations(shape):
    """The shape turned and flipped (a free piece)."""
    return sorted(set(rotations(shape)) | set(rotations([(r, -c) for r, c in shape])))


DOMINO = orientations(picture("##"))
TROMINOES = orientations(picture("###")) + orientations(picture("##/#."))
FREE_TETROMINOES = {"I": "####", "O": "##/##", "T": "###/.#.", "S": ".##/##.", "L": "#../###"}
# One-sided, S and Z, L and J are different pieces (the seven pieces of Tetris).
ONE_SIDED_TETROMINOES = dict(FREE_TETROMINOES, Z="##./.##", J="..#/###")
PENTOMINOES = {"F": ".##/##./.#.", "I": "#####", "L": "#.../####", "N": "##../.###",
               "P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
               "W": "#../##./.##", "X": ".#./###/.#.", "Y": "..#./####", "Z": "##./.#./.##"}
TETROMINO_SHAPES = sorted({o for s in FREE_TETROMINOES.values() for o in orientations(picture(s))})


def cell(r, c):
    # Knuth's programs take item names of at most 8 characters.
    return f"r{r}c{c}"


def placements(cells, shapes):
    """Every placement of every shape inside `cells`. A shape's corner (0, 0) need not
    be one of its cells (the L tromino, turned), so every cell of the shape is tried
    on every cell of the board."""
    out = set()
    for r, c in cells:
        for shape in shapes:
            for dr, dc in shape:
                placed = tuple(sorted((r - dr + a, c - dc + b) for a, b in shape))
                if all(p in cells for p in placed):
                    out.add(placed)
    return sorted(out)


def tiling_text(cells, shapes):
    """Knuth's DLX1 text: one item per cell, one option per placement (pieces of each
    shape in any number)."""
    lines = [" ".join(cell(r, c) for r, c in sorted(cells))]
    lines += [" ".join(cell(r, c) for r, c in p) for p in placements(cells, shapes)]
    return "\n".join(lines) + "\n"


def packing_text(cells, pieces):
    """Each piece (name, orientations) exactly once: an item per piece, then per cell."""
    lines = [" ".join([name for name, _ in pieces] + [cell(r, c) for r, c in sorted(cells)])]
    for name, shapes in pieces:
        lines += [" ".join([name] + [cell(r, c) for r, c in p]) for p in placements(cells, shapes)]
    return "\n".join(lines) + "\n"


def rectangle(width, height):
    return {(r, c) for r in range(height) for c in range(width)}


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


def two_sets(pieces, one_sided):
    """Two copies of every piece, told apart as `S1` and `S2`: each packing of the
    pieces is counted 2^len(pieces) times (the copies swapped)."""
    turns = rotations if one_sided else orientations
    return [(name + k, turns(picture(rows))) for name, rows in pieces.items() for k in "12"]


def independent_sets_text(n):
    """The independent vertex sets of the n x n grid graph as an exact cover: a primary
    item per vertex, covered by 'leave it' (the vertex alone) or 'take it' (the vertex
    with a secondary item for each of its edges), so no two taken vertices share an
    edge. The solutions are the independent sets, one each."""
    vertices = [cell(r, c) for r in range(n) for c in range(n)]
    edges = ([f"h{r}c{c}" for r in range(n) for c in range(n - 1)]
             + [f"v{r}c{c}" for r in range(n - 1) for c in range(n)])
    lines = [" ".join(vertices) + (" | " + " ".join(edges) if edges else "")]
    for r in range(n):
        for c in range(n):
            touching = ([f"h{r}c{c - 1}"] if c > 0 else []) + ([f"h{r}c{c}"] if c < n - 1 else [])
            touching += ([f"v{r - 1}c{c}"] if r > 0 else []) + ([f"v{r}c{c}"] if r < n - 1 else [])
            lines += [cell(r, c), " ".join([cell(r, c)] + touching)]
    return "\n".join(lines) + "\n"


# Independent counts, to check the encodings against.

# OEIS A006506, independent vertex sets in the n x n grid graph, n = 0..14.
A006506 = [1, 2, 7, 63, 1234, 55447, 5598861, 1280128950, 660647962955, 770548397261707,
           2030049051145980050, 12083401651433651945979, 162481813349792588536582997,
           4935961285224791538367780371090, 338752110195939290445247645371206783]


def independent_sets(n):
    """A006506(n) by a transfer over the cells in row-major order: the state says which
    of the last n cells are taken (bit 0 the cell to the left, bit n-1 the one above)."""
    ways = {0: 1}
    for _ in range(n):
        for c in range(n):
            following = {}
            for state, w in ways.items():
                shifted = (state << 1) & ((1 << n) - 1)
                following[shifted] = following.get(shifted, 0) + w
                if not state >> (n - 1) & 1 and not (c > 0 and state & 1):
                    following[shifted | 1] = following.get(shifted | 1, 0) + w
            ways = following
    return sum(ways.values())


def count_tilings(cells, shapes):
    """Tilings of `cells` by `shapes` (fixed orientations, any number of each), counted
    without the exact-cover model: fill the first empty cell in row-major order with
    every shape that covers it and fits, remembering each set of filled cells."""
    order = sorted(cells)
    index = {p: i for i, p in enumerate(order)}
    anchored = []
    for shape in shapes:
        r0, c0 = min(shape)
        anchored.append([(r - r0, c - c0) for r, c in shape])
    known = {(1 << len(order)) - 1: 1}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * len(order) + 100))

    def ways(filled):
        if filled in known:
            return known[filled]
        first = (~filled & (filled + 1)).bit_length() - 1
        r, c = order[first]
        total = 0
        for shape in anchored:
            bits = 0
            for dr, dc in shape:
                j = index.get((r + dr, c + dc))
                if j is None or filled >> j & 1:
                    break
                bits |= 1 << j
            else:
                total += ways(filled | bits)
        known[filled] = total
        return total

    return ways(0)


# The tilings, name -> (cells, shapes): the table's problems and what --verify recounts.
TILINGS = {
    "dominoes 20x20 holes": lambda: (holed(20, 20, 2, 0.15, 11), DOMINO),
    "trominoes 12x12 holes": lambda: (holed(12, 12, 3, 0.15, 13), TROMINOES),
    "tetrominoes 12x12 holes": lambda: (holed(12, 12, 4, 0.25, 2), TETROMINO_SHAPES),
    "dominoes 3 rooms 6x12": lambda: (rooms(6, 12, 3), DOMINO),
    "dominoes two 8x8 apart": lambda: (side_by_side(8, 8), DOMINO),
}


def tiling(name):
    return lambda enc: tiling_text(*TILINGS[name]())


# The problems: (name, how to make it, expected count or None, default run).
# `make` takes a function that runs one of the build's encoders. Expected counts:
# - tilings (holes, rooms): counted by count_tilings above (`--verify` recounts them);
#   until 2026-11-28 the trominoes' placements missed those whose corner (0, 0) fell on
#   a hole, and bench/RESULTS.md's 12x12 count (2,635,470,761,663,026) is of that file;
# - pentominoes in rectangles: 2 (3x20), 368 (4x15), 1010 (5x12), 2339 (6x10) up to the
#   rectangle's 4 symmetries (Haselgrove and Haselgrove 1960 for 6x10; the standard
#   table, e.g. Wikipedia's "Pentomino"), times 4; also counted by an independent
#   first-empty-cell backtracking program in C (not part of the project), 2026-11-28;
# - the 8x8 with the 2x2 square in the centre: 65 up to the board's 8 symmetries (Dana
#   Scott, 1958, as told by Martin Gardner), times 8 = 520, confirmed by that program;
# - the 8x8 with the square anywhere: 129,168 = 8 x 16,146, counted by that program
#   (every packing has 8 distinct images, as the F pentomino has no symmetry, so the
#   published 16,146 counts them up to symmetry); too slow for the default table;
# - two sets of tetrominoes: counted by that program (the copies told apart, as here):
#   one-sided 4x14 5,281,792 = 2^7 x 41,264; free 5x8 99,392 = 2^5 x 3,106;
# - independent sets: the transfer above, itself checked against A006506 at start;
# - Langford pairs: 2 x A014552(12) = 2 x 108,144; queens: A000170(12) = 14,200;
#   Aztec diamond of order n: 2^(n(n+1)/2) (Elkies, Kuperberg, Larsen and Propp);
#   8x8 domino tilings: 12,988,816 (Kasteleyn; Temperley and Fisher).
PROBLEMS = [
    ("dominoes 20x20 holes", tiling("dominoes 20x20 holes"), 8704576481268005127422008255653760,
     True),
    ("trominoes 12x12 holes", tiling("trominoes 12x12 holes"), 3493515044280648, True),
    ("tetrominoes 12x12 holes", tiling("tetrominoes 12x12 holes"), 4005647788662, True),
    ("dominoes 3 rooms 6x12", tiling("dominoes 3 rooms 6x12"), 4713457753813874185246529, True),
    ("dominoes two 8x8 apart", tiling("dominoes two 8x8 apart"), 12988816 ** 2, True),
    ("pentominoes 3x20", lambda enc: enc("dlx-pentomino", "3x20"), 4 * 2, True),
    ("pentominoes 4x15", lambda enc: enc("dlx-pentomino", "4x15"), 4 * 368, True),
    ("pentominoes 5x12", lambda enc: enc("dlx-pentomino", "5x12"), 4 * 1010, True),
    ("pentominoes 6x10", lambda enc: enc("dlx-pentomino", "6x10"), 4 * 2339, True),
    ("pentominoes + square 8x8 centre",
     lambda enc: packing_text(rectangle(8, 8) - {(3, 3), (3, 4), (4, 3), (4, 4)},
                              [(n, orientations(picture(s))) for n, s in PENTOMINOES.items()]),
     8 * 65, True),
    ("pentominoes + square 8x8",
     lambda enc: packing_text(rectangle(8, 8),
                              [(n, orientations(picture(s))) for n, s in PENTOMINOES.items()]
                              + [("O", orientations(picture("##/##")))]),
     8 * 16146, False),
    ("one-sided tetrominoes x2 4x14",
     lambda enc: packing_text(rectangle(4, 14), two_sets(ONE_SIDED_TETROMINOES, True)),
     2 ** 7 * 41264, True),
    ("free tetrominoes x2 5x8",
     lambda enc: packing_text(rectangle(5, 8), two_sets(FREE_TETROMINOES, False)),
     2 ** 5 * 3106, True),
    ("independent sets 16x16", lambda enc: independent_sets_text(16), independent_sets(16), True),
    ("Langford 12", lambda enc: enc("dlx-langford", "12"), 2 * 108144, True),
    ("Aztec 9", lambda enc: enc("dlx-aztec", "9"), 2 ** 45, True),
    ("queens 12", lambda enc: enc("dlx-queens", "12"), 14200, True),
]

def timed(command, stdin_path=None, keep_stdout=True):
    """(seconds, max RSS in MB, exit status, stdout, stderr) of one whole process: the
    wall clock read here (GNU time's %e has 10 ms steps), the memory from GNU time."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        start = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M"] + command, stdin=stdin,
                           stdout=subprocess.PIPE if keep_stdout else subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        seconds = time.perf_counter() - start
    m = re.search(r"TIME ([\d.]+) (\d+)", r.stderr)
    if not m:
        sys.exit(f"failed: {' '.join(command)}\n{r.stderr}")
    return seconds, int(m.group(2)) / 1024, r.returncode, r.stdout or "", r.stderr


def memo_run(dlx, extra, path):
    seconds, mb, status, stdout, stderr = timed([dlx, "--count", "--json"] + extra + [path])
    if status not in (0, 1):
        sys.exit(f"failed ({status}): dlx --count --json {' '.join(extra)} {path}\n{stderr}")
    return seconds, mb, json.loads(stdout.strip().splitlines()[-1])


def check_encodings(dlx, tmp):
    """The independent-set encoding and the transfer against A006506, small n."""
    for n, published in enumerate(A006506):
        if independent_sets(n) != published:
            sys.exit(f"the transfer counts {independent_sets(n)} independent sets in the "
                     f"{n}x{n} grid, A006506 says {published}")
    for n in range(1, 9):
        path = os.path.join(tmp, f"independent-{n}.dlx")
        with open(path, "w") as f:
            f.write(independent_sets_text(n))
        count = memo_run(dlx, ["--memo"], path)[2]["solutions"]
        if count != A006506[n]:
            sys.exit(f"the exact cover of the {n}x{n} grid's independent sets counts {count}, "
                     f"A006506 says {A006506[n]}")


def select(args):
    problems = [p for p in PROBLEMS if p[3] or args.all]
    if not args.only:
        return problems
    chosen = []
    for wanted in args.only.split(","):
        wanted = wanted.strip()
        exact = [p for p in PROBLEMS if p[0] == wanted]
        found = exact or [p for p in PROBLEMS if wanted.lower() in p[0].lower()]
        if not found:
            sys.exit(f"no problem named {wanted!r}; --list shows them")
        chosen += [p for p in found if p not in chosen]
    return chosen


def seconds_text(seconds):
    return f"{seconds:.2f}" if seconds >= 0.1 else f"{seconds:.3f}"


def median_text(samples, cap):
    return f"> {cap:g}" if samples is None else seconds_text(statistics.median(samples))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--plain-cap", type=float, default=10.0,
                    help="seconds the plain search may take (timeout(1)); default 10")
    ap.add_argument("--dlx6", help="path to Knuth's dlx6 (not built by this project)")
    ap.add_argument("--dlx6-cap", type=float, default=60.0,
                    help="seconds dlx6 may take (timeout(1)); default 60")
    ap.add_argument("--only", help="comma-separated problem names, or parts of names "
                    "(e.g. 'pentominoes,Langford 12')")
    ap.add_argument("--all", action="store_true", help="also the problems too slow for the "
                    "default table (the 8x8 with the square anywhere)")
    ap.add_argument("--list", action="store_true", help="print the problems and exit")
    ap.add_argument("--verify", action="store_true",
                    help="recount the tilings independently (slow) instead of trusting the "
                    "recorded counts")
    args = ap.parse_args()
    if args.list:
        for name, _, expected, default in PROBLEMS:
            print(f"{name}: {expected if expected is not None else '?'}"
                  f"{'' if default else ' (with --all or --only)'}")
        return
    dlx = os.path.join(args.build, "tools", "dlx")
    examples = os.path.join(args.build, "examples")
    started = time.monotonic()
    problems = select(args)

    def encode(encoder, arg):
        return subprocess.run([os.path.join(examples, encoder), arg], capture_output=True,
                              text=True, check=True).stdout

    with tempfile.TemporaryDirectory() as tmp:
        check_encodings(dlx, tmp)
        print("| problem | count | plain s | dlx6 s / MB | memo s / MB | decompose s / MB "
              "| memo -j 2 s / MB | decompose -j 2 s / MB | -j 2 speed-up memo / decompose "
              "| search nodes memo / decompose | diagram nodes memo / decompose "
              "| splits / products |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for name, make, expected, _ in problems:
            path = os.path.join(tmp, re.sub(r"\W+", "-", name) + ".dlx")
            with open(path, "w") as f:
                f.write(make(encode))
            if args.verify and name in TILINGS:
                expected = count_tilings(*TILINGS[name]())
            counts = {}  # way -> set of counts seen

            def agree(way, count):
                counts.setdefault(way, set()).add(count)

            modes = {"memo": ["--memo"], "decompose": ["--decompose"],
                     "memo -j 2": ["--memo", "-j", "2"],
                     "decompose -j 2": ["--decompose", "-j", "2"]}
            times = {m: [] for m in modes}
            mbs = {m: [] for m in modes}
            out = {}
            plain, dlx6, dlx6_mb, dlx6_counts = [], [], [], []
            for _ in range(args.runs):
                if plain is not None:
                    seconds, _, status, stdout, stderr = timed(
                        ["timeout", f"{args.plain_cap:g}", dlx, "--count", path])
                    if status == 124:
                        plain = None
                    elif status in (0, 1):
                        plain.append(seconds)
                        agree("plain", int(stdout.split()[0]))
                    else:
                        sys.exit(f"{name}: the plain search failed ({status}):\n{stderr}")
                if args.dlx6 and dlx6 is not None:
                    seconds, mb, status, _, stderr = timed(
                        ["timeout", f"{args.dlx6_cap:g}", args.dlx6], stdin_path=path,
                        keep_stdout=False)
                    m = re.search(r"Altogether (\d+) solution", stderr)
                    if status == 124:
                        dlx6 = None
                    elif m:
                        dlx6.append(seconds)
                        dlx6_mb.append(mb)
                        dlx6_counts.append(int(m.group(1)))
                    else:
                        sys.exit(f"{name}: dlx6 failed ({status}):\n{stderr[-2000:]}")
                for mode, extra in modes.items():
                    seconds, mb, summary = memo_run(dlx, extra, path)
                    if summary["status"] != "complete":
                        sys.exit(f"{name}: dlx {' '.join(extra)} did not finish: {summary}")
                    times[mode].append(seconds)
                    mbs[mode].append(mb)
                    agree(mode, summary["solutions"])
                    if "-j" not in extra:
                        out[mode] = summary
            count = out["memo"]["solutions"]
            if expected is not None:
                agree("expected", expected)
            differing = {way: sorted(seen) for way, seen in counts.items() if seen != {count}}
            if differing:
                sys.exit(f"{name}: the counts differ: memo {count}, " + ", ".join(
                    f"{way} {seen}" for way, seen in differing.items()))
            dlx6_text = ""
            if args.dlx6:
                if dlx6 is None:
                    dlx6_text = f"> {args.dlx6_cap:g}"
                else:
                    # dlx6 counts in 64 bits: a larger count comes out modulo 2^64.
                    if any(c != count % 2 ** 64 for c in dlx6_counts):
                        sys.exit(f"{name}: dlx6 counts {sorted(set(dlx6_counts))}, "
                                 f"we count {count}")
                    dlx6_text = (f"{seconds_text(statistics.median(dlx6))} / {max(dlx6_mb):.0f}"
                                 + (" (count mod 2^64)" if count >= 2 ** 64 else ""))
            t = {m: statistics.median(times[m]) for m in modes}
            cell_text = {m: f"{seconds_text(t[m])} / {max(mbs[m]):.0f}" for m in modes}

            def speedup(one, two):
                return f"{t[one] / t[two]:.2f}x" if t[two] > 0 else "-"

            d = out["decompose"]
            print(f"| {name} | {count} | {median_text(plain, args.plain_cap)} | {dlx6_text} "
                  f"| {cell_text['memo']} | {cell_text['decompose']} | {cell_text['memo -j 2']} "
                  f"| {cell_text['decompose -j 2']} | {speedup('memo', 'memo -j 2')} / "
                  f"{speedup('decompose', 'decompose -j 2')} | {out['memo']['nodes']} / "
                  f"{d['nodes']} | {out['memo']['diagram_nodes']} / {d['diagram_nodes']} "
                  f"| {d['splits']} / {d['products']} |", flush=True)
    print(f"total {time.monotonic() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
