#!/usr/bin/env python3
"""Sudoku Explainer's rating: ours against SE 1.2.1's own rater, puzzle by puzzle.

    python3 bench/se_rating.py PUZZLES... [--serate-classpath DIR | --serate-results FILE]
        [--published FILE] [--limit N] [--threads N]

Rates each puzzle (81 characters first on its line) with dlx_sudoku.se_rating, timing
each one (single thread), and compares with SE 1.2.1.3, gsf's serate (Java): run here
from a class path you built yourself (`java -cp DIR diuf.sudoku.test.serate`, one JVM
per puzzle, its own per-puzzle time, JVM start excluded), or read from a file of lines
`PUZZLE ER/EP/ED TIME` (TIME as serate's %e prints it: "0.73s", "1m05s"). With
--published FILE (lines `PUZZLE ER` or `PUZZLE ER/EP/ED`), also the share of published
ratings matched. Prints, per band of ER (easy < 4, mid 4-9, hard >= 9): puzzles, agreement,
median and mean seconds of each, and the ratio of the means. With --threads N (N > 1),
each puzzle is rated again on N threads: the rating and the work must be the same, and
the table adds the mean time on N threads and its speed-up. Needs the module built
(build/release/python) or installed; serate is never part of this repository.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "build", "release", "python"))
import dlx_sudoku  # noqa: E402


def serate_seconds(text):
    m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+)s?)?", text)
    if not m:
        return None
    h, mi, s = (float(g) if g else 0.0 for g in m.groups())
    return h * 3600 + mi * 60 + s


def run_serate(classpath, puzzle, timeout):
    try:
        out = subprocess.run(
            ["java", "-cp", classpath, "diuf.sudoku.test.serate", "--format=%r/%p/%d %e",
             "--input=-"], input=puzzle + "\n", capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    rating, elapsed = out.stdout.split()
    return rating, serate_seconds(elapsed)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--serate-classpath")
    ap.add_argument("--serate-results")
    ap.add_argument("--serate-timeout", type=float, default=900)
    ap.add_argument("--published")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()

    puzzles = []
    for f in args.files:
        for line in open(f):
            if len(line) >= 81 and not line.startswith("#"):
                puzzles.append(line[:81])
    if args.limit:
        puzzles = puzzles[: args.limit]
    theirs = {}
    if args.serate_results:
        for line in open(args.serate_results):
            p, r, t, *_ = line.split()
            if r != "timeout":
                theirs[p] = (r, serate_seconds(t))
    published = {}
    if args.published:
        for line in open(args.published):
            p, r, *_ = line.split()
            published[p] = r

    bands = {"easy (ER < 4)": [], "mid (4 <= ER < 9)": [], "hard (ER >= 9)": []}
    for i, p in enumerate(puzzles):
        start = time.perf_counter()
        r = dlx_sudoku.se_rating(p)
        ours = time.perf_counter() - start
        on_threads = None
        if args.threads > 1:
            start = time.perf_counter()
            rn = dlx_sudoku.se_rating(p, threads=args.threads)
            on_threads = time.perf_counter() - start
            if (str(rn), rn.work) != (str(r), r.work):
                sys.exit(f"{p}: {rn} ({rn.work} potentials) on {args.threads} threads, "
                         f"{r} ({r.work}) on one")
        if args.serate_classpath and p not in theirs:
            rating, seconds = run_serate(args.serate_classpath, p, args.serate_timeout)
            if rating:
                theirs[p] = (rating, seconds)
        band = "easy (ER < 4)" if r.er < 4 else "mid (4 <= ER < 9)" if r.er < 9 else "hard (ER >= 9)"
        bands[band].append((p, str(r), ours, theirs.get(p), on_threads))
        if sys.stderr.isatty():
            print(f"\r{i + 1}/{len(puzzles)}", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)

    threads = f" | ours on {args.threads} threads, mean s | speed-up" if args.threads > 1 else ""
    print("| band | puzzles | same ER/EP/ED as serate | ours median / mean s | serate median / "
          "mean s | serate / ours (means)" + threads + " |")
    print("|---|---|---|---|---|---|" + ("---|---|" if threads else ""))
    for band, rows in bands.items():
        if not rows:
            continue
        compared = [x for x in rows if x[3]]
        same = sum(1 for x in compared if x[3][0] == x[1])
        ours = [x[2] for x in rows]
        cells = [band, str(len(rows)), f"{same}/{len(compared)}",
                 f"{statistics.median(ours):.4f} / {statistics.mean(ours):.4f}"]
        if compared:
            theirs_t = [x[3][1] for x in compared]
            ours_c = [x[2] for x in compared]
            cells += [f"{statistics.median(theirs_t):.3f} / {statistics.mean(theirs_t):.3f}",
                      f"{statistics.mean(theirs_t) / statistics.mean(ours_c):.0f}x"]
        else:
            cells += ["-", "-"]
        if threads:
            on = [x[4] for x in rows]
            cells += [f"{statistics.mean(on):.4f}", f"{statistics.mean(ours) / statistics.mean(on):.2f}x"]
        print("| " + " | ".join(cells) + " |")
    if published:
        rows = [x for band in bands.values() for x in band if x[0] in published]
        er = [(x[1].split("/")[0], published[x[0]].split("/")[0]) for x in rows]
        exact = sum(1 for a, b in er if a == b)
        near = sum(1 for a, b in er if abs(float(a) - float(b)) <= 0.1 + 1e-9)
        full = sum(1 for x in rows if "/" in published[x[0]] and x[1] == published[x[0]])
        print(f"\npublished: {len(rows)} puzzles, ER exact {exact} ({100 * exact / len(rows):.1f}%),"
              f" within 0.1 {near} ({100 * near / len(rows):.1f}%), all three equal {full}")


if __name__ == "__main__":
    main()
