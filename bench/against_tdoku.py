#!/usr/bin/env python3
"""Whole processes, side by side: `sudoku solve -j 1` and `sudoku count --limit 2 -j 1`
against an outside solver on the same files, alternating, medians of several rounds,
and the ratio of the medians. Also the guesses per puzzle, counted the same way on
both sides (tdoku's: one per decision with another alternative left).

The outside solver is any program run as `DRIVER LIMIT FILE` (limit 1: print each
solution, limit 2: print each count) that prints `guesses/puzzle X` on stderr when
given a third argument; bench/README.md says how the tdoku driver was built for the
measurements (outside this repository: nothing here builds it).

  bench/against_tdoku.py --tdoku /tmp/tdoku-driver --rounds 11 \\
      ../shared/corpus/*.sdm /tmp/forum-1905-first-5000.sdm

Solutions are compared line by line (both solvers must print the same grid for a
puzzle with one solution); a difference stops the run.

The first line says where it ran: the processor, its widest vector instructions
(AVX-512, AVX2 or SSE2) and what our box rules run in there (`DLX_NO_AVX512=1` in the
environment gives an AVX2-only host's path on any host; `--json` puts both in each row).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def run(command, stdout=subprocess.PIPE):
    started = time.perf_counter()
    done = subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, check=True)
    return time.perf_counter() - started, done


def our_command(sudoku, mode, path, extra):
    if mode == "solve":
        return [sudoku, "solve", "-q", "-j", "1", *extra, path]
    return [sudoku, "count", "-q", "-j", "1", "--limit", "2", *extra, path]


def our_guesses(sudoku, path, extra):
    _, done = run([sudoku, "count", "-q", "-j", "1", "--limit", "2", "--json", *extra, path])
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    return sum(line.get("guesses", 0) for line in lines) / max(len(lines), 1)


def their_guesses(driver, path):
    _, done = run([driver, "2", path, "guesses"])
    for line in done.stderr.decode().splitlines():
        if "per puzzle" in line or "guesses/puzzle" in line:
            return float(line.split()[-1])
    return float("nan")


def host_simd():
    """The processor's name and its widest vector instructions, from /proc/cpuinfo."""
    name, flags = "unknown processor", set()
    try:
        for line in open("/proc/cpuinfo"):
            key, _, value = line.partition(":")
            if key.strip() == "model name":
                name = value.strip()
            elif key.strip() == "flags":
                flags = set(value.split())
    except OSError:
        pass
    if {"avx512f", "avx512vl", "avx512bw", "avx512dq"} <= flags:
        return name, "AVX-512"
    return name, "AVX2" if "avx2" in flags else "SSE2"


def our_box_rules(sudoku):
    """What our 9x9 box rules run in here, as `sudoku bench` says."""
    done = subprocess.run([sudoku, "bench", os.devnull], capture_output=True, text=True)
    for line in done.stdout.splitlines():
        if "box rules in " in line:
            return line.split("box rules in ")[-1].strip()
    return "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--tdoku", required=True, help="the outside solver's driver")
    parser.add_argument("--sudoku", default="build/release/tools/sudoku")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--label", default="ours", help="a name for our build in the table")
    parser.add_argument("--extra", default="", help="more options for our command")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args()
    extra = args.extra.split()

    processor, simd = host_simd()
    box_rules = our_box_rules(args.sudoku)
    if not args.json:
        print(f"host: {processor}; its SIMD: {simd}; our box rules in {box_rules}")
    rows = []
    for path in args.files:
        name = os.path.basename(path)
        for mode in ("solve", "count"):
            limit = "1" if mode == "solve" else "2"
            ours, theirs = [], []
            for _ in range(args.rounds):
                t, mine = run(our_command(args.sudoku, mode, path, extra))
                ours.append(t)
                t, other = run([args.tdoku, limit, path])
                theirs.append(t)
            if mode == "solve" and mine.stdout != other.stdout:
                sys.exit(f"{name}: the solutions differ between the two programs")
            a, b = statistics.median(ours), statistics.median(theirs)
            rows.append({"file": name, "mode": mode, "ours_s": a, "tdoku_s": b, "ratio": a / b,
                         "host_simd": simd, "box_rules": box_rules})
        rows[-1]["guesses_ours"] = our_guesses(args.sudoku, path, extra)
        rows[-1]["guesses_tdoku"] = their_guesses(args.tdoku, path)
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return
    print(f"{'file':<34} {'mode':<6} {'tdoku':>9} {args.label:>9} {'ratio':>7} "
          f"{'guesses':>9} {'tdoku':>7}")
    for row in rows:
        guesses = (f"{row['guesses_ours']:9.2f} {row['guesses_tdoku']:7.2f}"
                   if "guesses_ours" in row else "")
        print(f"{row['file']:<34} {row['mode']:<6} {1000 * row['tdoku_s']:7.1f}ms "
              f"{1000 * row['ours_s']:7.1f}ms {row['ratio']:6.2f}x {guesses}")


if __name__ == "__main__":
    main()
