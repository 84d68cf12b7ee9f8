#!/usr/bin/env python3
"""Speed in the browser (issue 65): the page's solver (build/web, the sudoku command
compiled to WebAssembly) in headless Chromium, against the native command and against
ISS's solver under Node, on the same puzzles, side by side in one run.

- Whole files: `sudoku solve` and `sudoku count --limit 2`, one thread, as a whole
  process natively (wall clock) and as one call of the page's API in
  Chromium (window.dlxSudoku.run, timed in the page: the worker's round trip included;
  best of --repeats, or of 10 for a file the page answers within a second). The ratio
  is the browser's time over the native one.
- ISS's examples (tests/sudoku/iss_examples.tsv), puzzle by puzzle: the first solution
  and the count to two, each puzzle alone, ours in-process (native: `--json --times`,
  prepare plus search; browser: one API call per puzzle) and ISS's SimpleSolver under
  Node (solution() and countSolutions(limit 2), in-process, after a warm-up), when
  --iss names a checkout of sigh/Interactive-Sudoku-Solver. Reported: medians of the
  ratios, and on the puzzles where the native command is faster than ISS, how often
  the browser is too.

  python3 bench/web_race.py [--sudoku build/release/tools/sudoku] [--web build/web]
                            [--iss DIR] [--repeats 3] [--most 2000] [--json FILE]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SOURCE / "tests" / "render"))
SHARED = SOURCE.parent / "shared" / "corpus"

ISS_DRIVER = r"""
globalThis.self = globalThis; self.VERSION_PARAM = '';
import { readFileSync } from 'fs';
const { SimpleSolver } = await import(process.argv[2] + '/js/sandbox/simple_solver.js');
const lines = readFileSync(process.argv[3], 'utf8').split('\n').filter((l) => l.trim());
const time = (f) => { const t = performance.now(); f(); return performance.now() - t; };
// A warm-up, so that the JIT has compiled the solver before the first puzzle is timed.
for (const line of lines.slice(0, 5)) new SimpleSolver().countSolutions(line, 2);
for (const line of lines) {
  let solve = Infinity, count = Infinity;
  for (let k = 0; k < Number(process.argv[4]); ++k) {
    solve = Math.min(solve, time(() => new SimpleSolver().solution(line)));
    count = Math.min(count, time(() => new SimpleSolver().countSolutions(line, 2)));
  }
  console.log(JSON.stringify({solve, count}));
}
"""


def puzzle_lines(path, most=None):
    lines = [line for line in Path(path).read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    return lines[:most] if most else lines


def native_file(sudoku, command, path, options, repeats):
    args = [str(sudoku), command, "-q", "-j", "1", *options, str(path)]
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(args, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def page_ms(b, command, text, options):
    return b.result_of(
        "(async () => { const t = performance.now(); "
        f"await window.dlxSudoku.run({json.dumps(command)}, {json.dumps(text)}, "
        f"{json.dumps(options)}); return performance.now() - t; }})()")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sudoku", default=SOURCE / "build" / "release" / "tools" / "sudoku")
    parser.add_argument("--web", default=SOURCE / "build" / "web")
    parser.add_argument("--iss", help="a checkout of sigh/Interactive-Sudoku-Solver")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--most", type=int, default=2000, help="puzzles of each large set")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args()
    import devtools

    scratch = Path(tempfile.mkdtemp(prefix="web-race-"))
    sets = []
    for name, most in [("magictour-top1465", None), ("forum-hardest-1106", None),
                       ("kaggle-20k", args.most), ("17-clue", args.most)]:
        path = SHARED / f"{name}.sdm"
        if path.exists():
            sets.append((name, puzzle_lines(path, most), []))
    iss_lines = [line.split("\t")[1] for line in
                 puzzle_lines(SOURCE / "tests" / "sudoku" / "iss_examples.tsv")]
    sets.append(("ISS examples", iss_lines, ["--input-format", "iss"]))

    figures = {"files": [], "iss": None}
    with devtools.Browser((Path(args.web) / "index.html").resolve().as_uri()) as b:
        b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        print(f"{'set':<22}{'command':<9}{'puzzles':>8}{'native ms':>11}{'browser ms':>12}"
              f"{'ratio':>7}")
        for name, lines, options in sets:
            path = scratch / "puzzles.txt"
            text = "\n".join(lines) + "\n"
            path.write_text(text)
            api = {"threads": 1}
            if options:
                api["inputFormat"] = options[1]
            for command, extra in [("solve", []), ("count", ["--limit", "2"])]:
                call = dict(api, limit=2) if command == "count" else api
                # Short files best of 10 (this machine's noise is a few ms a
                # call), long ones best of --repeats.
                first = page_ms(b, command, text, call)
                repeats = args.repeats if first > 1000 else max(args.repeats, 10)
                native = native_file(args.sudoku, command, path, options + extra, repeats)
                web = min([first] + [page_ms(b, command, text, call) for _ in range(repeats - 1)])
                figures["files"].append({"set": name, "command": command, "puzzles": len(lines),
                                         "native_ms": native, "browser_ms": web})
                print(f"{name:<22}{command:<9}{len(lines):>8}{native:>11.1f}{web:>12.1f}"
                      f"{web / native:>7.2f}")

        # ISS's examples one by one: ours native in-process, in the browser, and ISS.
        path = scratch / "iss.txt"
        path.write_text("\n".join(iss_lines) + "\n")
        native = {}
        for command, extra in [("solve", []), ("count", ["--limit", "2"])]:
            best = None
            for _ in range(args.repeats):
                out = subprocess.run([str(args.sudoku), command, "-q", "-j", "1", "--json",
                                      "--times", "--input-format", "iss", *extra, str(path)],
                                     capture_output=True, text=True, check=False).stdout
                ms = [r["prepare_ms"] + r["search_ms"] for r in map(json.loads, out.splitlines())]
                best = ms if best is None else [min(a, c) for a, c in zip(best, ms)]
            native[command] = best
        browser = {"solve": [], "count": []}
        for line in iss_lines:
            for command in ("solve", "count"):
                options = {"inputFormat": "iss", "threads": 1}
                if command == "count":
                    options["limit"] = 2
                browser[command].append(min(page_ms(b, command, line + "\n", options)
                                            for _ in range(2)))
    iss = None
    if args.iss:
        driver = scratch / "iss_driver.mjs"
        driver.write_text(ISS_DRIVER)
        done = subprocess.run(["node", str(driver), os.path.abspath(args.iss), str(path), "2"],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"web_race: ISS's solver failed: {done.stderr[-2000:]}")
        rows = [json.loads(line) for line in done.stdout.splitlines()]
        iss = {c: [r[c] for r in rows] for c in ("solve", "count")}
    print(f"\nISS's examples, {len(iss_lines)} puzzles one by one (medians of per-puzzle ratios):")
    summary = {}
    for command in ("solve", "count"):
        ours, web = native[command], browser[command]
        row = {"browser_over_native": statistics.median(w / max(n, 0.001)
                                                        for w, n in zip(web, ours)),
               "native_total_ms": sum(ours), "browser_total_ms": sum(web)}
        text = (f"  {command}: browser/native median {row['browser_over_native']:.2f}, "
                f"totals {sum(ours):.0f} ms native, {sum(web):.0f} ms browser")
        if iss:
            theirs = iss[command]
            native_wins = [k for k in range(len(ours)) if ours[k] < theirs[k]]
            browser_too = [k for k in native_wins if web[k] < theirs[k]]
            row.update({"iss_total_ms": sum(theirs),
                        "browser_over_iss": statistics.median(w / t for w, t in zip(web, theirs)),
                        "native_faster_than_iss": len(native_wins),
                        "browser_faster_than_iss_there": len(browser_too)})
            text += (f", {sum(theirs):.0f} ms ISS; browser/ISS median "
                     f"{row['browser_over_iss']:.2f}; native faster than ISS on "
                     f"{len(native_wins)}, the browser too on {len(browser_too)} of them")
        summary[command] = row
        print(text)
    figures["iss"] = summary
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
