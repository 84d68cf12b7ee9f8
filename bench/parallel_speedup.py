#!/usr/bin/env python3
"""One search on many cores: `dlx --threads N` and `mpirun -np K dlx-mpi`.

Times whole processes on the problems of issue 13 (queens 14, pentominoes 6x10,
Langford 12; more with --problems), in alternating rounds so that the machine's
drift hits every configuration alike, and prints the median of each with its
speed-up over `dlx --threads 1`. Every run's count and --stats figures
(solutions, nodes, updates, cleansings, branches, max level) must be the same,
or the script stops.

    bench/parallel_speedup.py [--build build/release] [--rounds 5] [--ranks 4]
                              [--problems queens:14 pentomino:6x10 langford:12]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ENCODERS = {"queens": "dlx-queens", "langford": "dlx-langford",
            "pentomino": "dlx-pentomino", "matrices": "dlx-matrices"}


def figures(stderr):
    """The --stats figures, without the time; and the time the program reports."""
    match = re.search(r"(\d+ solutions, .*?max level \d+), ([0-9.]+) s", stderr)
    if not match:
        sys.exit("no --stats figures in:\n" + stderr)
    return match.group(1), float(match.group(2))


def timed(command):
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({run.returncode}):\n{run.stderr}")
    stats, inside = figures(run.stderr)
    return seconds, inside, run.stdout, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build/release")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ranks", type=int, default=4, help="dlx-mpi with 1..RANKS ranks")
    parser.add_argument("--threads", type=int, default=2, help="dlx with 1..THREADS threads")
    parser.add_argument("--problems", nargs="+",
                        default=["queens:14", "pentomino:6x10", "langford:12"])
    args = parser.parse_args()

    tools = os.path.join(args.build, "tools")
    dlx = os.path.join(tools, "dlx")
    dlx_mpi = os.path.join(tools, "dlx-mpi")
    mpirun = shutil.which("mpirun")
    use_mpi = args.ranks > 0 and os.path.exists(dlx_mpi) and mpirun is not None
    # --bind-to none: Open MPI binds each rank to one core by default, where rank
    # 0's search thread would share its core with the thread that talks MPI.
    mpi = [mpirun, "--oversubscribe", "--bind-to", "none"] + (
        ["--allow-run-as-root"] if os.geteuid() == 0 else [])

    print(f"# {os.cpu_count()} cores; median of {args.rounds} alternating rounds: the whole")
    print("# process (for dlx-mpi, with mpirun's start), then the search as the program")
    print("# reports it (--stats); speed-ups against one thread\n")
    header = ["problem", "count"] + [f"{t} thread{'s' * (t > 1)}" for t in range(1, args.threads + 1)]
    if use_mpi:
        header += [f"{k} rank{'s' * (k > 1)}" for k in range(1, args.ranks + 1)]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))

    with tempfile.TemporaryDirectory() as folder:
        for spec in args.problems:
            name, _, size = spec.partition(":")
            path = os.path.join(folder, f"{name}-{size}.dlx")
            encoder = os.path.join(args.build, "examples", ENCODERS[name])
            with open(path, "w") as out:
                subprocess.run([encoder] + size.split(","), stdout=out, check=True)
            configs = [[dlx, "--count", "--stats", "--threads", str(t), path]
                       for t in range(1, args.threads + 1)]
            if use_mpi:
                configs += [mpi + ["-np", str(k), dlx_mpi, "--count", "--stats", path]
                            for k in range(1, args.ranks + 1)]
            times = [[] for _ in configs]
            inside = [[] for _ in configs]
            expected = None
            for _ in range(args.rounds):
                for i, command in enumerate(configs):
                    seconds, searched, out, stats = timed(command)
                    if expected is None:
                        expected = (out, stats)
                    elif (out, stats) != expected:
                        sys.exit(f"{' '.join(command)}: {out.strip()} / {stats}, "
                                 f"expected {expected[0].strip()} / {expected[1]}")
                    times[i].append(seconds)
                    inside[i].append(searched)
            whole = [statistics.median(t) for t in times]
            search = [statistics.median(t) for t in inside]
            cells = [f"{w:.2f} s ({whole[0] / w:.2f}x), {s:.2f} s ({search[0] / s:.2f}x)"
                     for w, s in zip(whole, search)]
            print(f"| {spec} | {expected[0].strip()} | " + " | ".join(cells) + " |", flush=True)
        print(f"\nFigures of every run: {expected[1]} (last problem)")


if __name__ == "__main__":
    main()
