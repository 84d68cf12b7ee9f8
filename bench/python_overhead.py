#!/usr/bin/env python3
"""What the Python module costs per puzzle: the same file solved by the `sudoku`
command, by dlx_sudoku.solve_many, and by dlx_sudoku.solve called in a loop.

    PYTHONPATH=build/release/python python3 bench/python_overhead.py \
        ../shared/corpus/kaggle-20k.sdm [--runs 7] [--threads 2]

Each way is timed in turns (one run of each, then again) and the median of the
runs is reported, so a noisy machine affects them alike. The command's time is
the whole process (start, read, solve, check, write), with its output thrown
away; the module's is the call alone, on puzzles already read into a list.
`sudoku bench` gives the solver's own time on the same file for reference.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import dlx_sudoku

ROOT = Path(__file__).resolve().parents[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--sudoku", default=str(ROOT / "build/release/tools/sudoku"))
    args = parser.parse_args()

    with open(args.file) as f:
        puzzles = [line.split()[0] for line in f if line.strip() and not line.startswith("#")]
    n = len(puzzles)

    def command(threads):
        subprocess.run([args.sudoku, "solve", "-q", "-j", str(threads), args.file],
                       stdout=subprocess.DEVNULL, check=True)

    ways = {
        "sudoku solve -j1 (process)": lambda: command(1),
        f"sudoku solve -j{args.threads} (process)": lambda: command(args.threads),
        "solve_many(threads=1)": lambda: dlx_sudoku.solve_many(puzzles, threads=1),
        f"solve_many(threads={args.threads})":
            lambda: dlx_sudoku.solve_many(puzzles, threads=args.threads),
        "solve() in a loop": lambda: [dlx_sudoku.solve(p) for p in puzzles],
    }
    for way in ways.values():  # warm-up: caches, solvers, page cache
        way()
    times = {name: [] for name in ways}
    for _ in range(args.runs):
        for name, way in ways.items():
            start = time.perf_counter()
            way()
            times[name].append(time.perf_counter() - start)

    bench = subprocess.run([args.sudoku, "bench", "--mode", "solve", "--json", args.file],
                           capture_output=True, text=True, check=True)
    library_us = json.loads(bench.stdout.splitlines()[0])["us_per_puzzle"]

    print(f"{n} puzzles from {args.file}, median of {args.runs} runs")
    print(f"{'way':34} {'puzzles/s':>12} {'us/puzzle':>10}")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:34} {n / median:12,.0f} {median / n * 1e6:10.2f}")
    print(f"{'sudoku bench (solver alone, -j1)':34} {1e6 / library_us:12,.0f} "
          f"{library_us:10.2f}")


if __name__ == "__main__":
    sys.exit(main())
