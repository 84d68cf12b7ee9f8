#!/usr/bin/env python3
"""Memoized counting (dlx --count --memo) side by side with the plain search and,
when given, Knuth's dlx6: whole processes on the same files, one problem at a time,
wall time (median of --runs) and peak memory (GNU time's maximum resident set).

  bench/memo.py [--build build/release] [--runs 3] [--dlx6 /path/to/dlx6]
                [--dlx6-nomrv /path/to/dlx6-noMRV] [--plain-cap 30] [--only NAMES]

The problems are the domino tilings of square boards (dlx-dominoes) and of Aztec
diamonds (dlx-aztec), N queens (dlx-queens) and the shared pentomino-3x20.dlx. The
plain search runs only where it finishes in --plain-cap seconds (otherwise the table
says "> cap"). "first s" is `--branch first` (Knuth's dlx6-noMRV rule), capped the same
way. dlx6 is not part of this project: build it yourself from Knuth's CWEB sources
(dlx6.w, with gb_flip from the Stanford GraphBase; dlx6-noMRV.ch for the other rule),
`gcc -O2`, and pass its path; it reads the problem on standard input. Prints a
Markdown table.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

PROBLEMS = [("board", "8x8"), ("board", "10x10"), ("board", "12x12"), ("board", "14x14"),
            ("board", "16x16"), ("aztec", "8"), ("aztec", "9"), ("aztec", "10"),
            ("aztec", "11"), ("queens", "12"), ("file", "pentomino-3x20")]
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared",
                      "dlx-reference")


def timed(command, stdin_path=None):
    """(seconds, max RSS in MB, stdout, stderr) of one whole process."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        r = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M"] + command, stdin=stdin,
                           capture_output=True, text=True)
    m = re.search(r"TIME ([\d.]+) (\d+)", r.stderr)
    return float(m.group(1)), int(m.group(2)) / 1024, r.stdout, r.stderr


def median_run(command, runs, stdin_path=None):
    results = [timed(command, stdin_path) for _ in range(runs)]
    return (statistics.median(r[0] for r in results), max(r[1] for r in results),
            results[0][2], results[0][3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dlx6", help="path to a dlx6 binary (not built by this project)")
    ap.add_argument("--dlx6-nomrv", help="path to dlx6 built with dlx6-noMRV.ch")
    ap.add_argument("--plain-cap", type=float, default=30.0)
    ap.add_argument("--only", help="comma-separated problem names to run (e.g. board-12x12)")
    args = ap.parse_args()
    dlx = os.path.join(args.build, "tools", "dlx")
    encoders = {"board": os.path.join(args.build, "examples", "dlx-dominoes"),
                "aztec": os.path.join(args.build, "examples", "dlx-aztec"),
                "queens": os.path.join(args.build, "examples", "dlx-queens")}
    work = tempfile.mkdtemp(prefix="memo-bench-")
    print("| problem | count | plain s | memo s | memo MB | dlx6 s | dlx6 MB | dlx6 count | "
          "signatures | diagram nodes | first s | dlx6-noMRV s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for kind, size in PROBLEMS:
        name = f"{kind}-{size}"
        if args.only and name not in args.only.split(","):
            continue
        if kind == "file":
            path = os.path.join(SHARED, size + ".dlx")
            if not os.path.exists(path):
                continue
        else:
            path = os.path.join(work, name + ".dlx")
            with open(path, "w") as f:
                subprocess.run([encoders[kind], size], stdout=f, check=True)
        memo = median_run([dlx, "--count", "--memo", "--stats", path], args.runs)
        count = memo[2].strip()
        sig = re.search(r"(\d+)\+(\d+) signatures", memo[3])
        diagram = re.search(r"\((\d+) in the reduced diagram\)", memo[3])
        # The plain search stops itself at the cap (exit 3): killing /usr/bin/time on a
        # timeout would leave the search running.
        plain = timed([dlx, "--count", "--time-limit", str(args.plain_cap), path])
        if "budget exhausted" in plain[3]:
            plain = None
        plain_text = f"{plain[0]:.2f}" if plain else f"> {args.plain_cap:.0f}"
        if plain and plain[2].strip() != count:
            sys.exit(f"{name}: plain count {plain[2].strip()} differs from memoized {count}")
        dlx6_text = ("", "", "")
        if args.dlx6:
            d6 = median_run([args.dlx6], args.runs, stdin_path=path)
            m = re.search(r"Altogether (\d+) solution", d6[3])
            dlx6_count = m.group(1) if m else "?"
            dlx6_text = (f"{d6[0]:.2f}", f"{d6[1]:.0f}",
                         dlx6_count if dlx6_count == count else f"{dlx6_count} (wrong)")
        first = timed([dlx, "--count", "--memo", "--branch", "first", "--time-limit",
                       str(args.plain_cap), path])
        if "time limit" in first[3] or "budget" in first[3]:
            first_text = f"> {args.plain_cap:.0f}"
        else:
            if first[2].strip() != count:
                sys.exit(f"{name}: --branch first counts {first[2].strip()}, not {count}")
            first_text = f"{first[0]:.2f}"
        nomrv_text = ""
        if args.dlx6_nomrv:
            # timeout(1) ends dlx6 itself; killing /usr/bin/time would leave it running.
            t = timed(["timeout", str(args.plain_cap), args.dlx6_nomrv], stdin_path=path)
            nomrv_text = (f"> {args.plain_cap:.0f}" if "Altogether" not in t[3]
                          else f"{t[0]:.2f}")
        print(f"| {name} | {count} | {plain_text} | {memo[0]:.2f} | {memo[1]:.0f} | "
              f"{dlx6_text[0]} | {dlx6_text[1]} | {dlx6_text[2]} | "
              f"{int(sig.group(1)) + int(sig.group(2)) - 1} | {diagram.group(1)} | "
              f"{first_text} | {nomrv_text} |", flush=True)


if __name__ == "__main__":
    main()
