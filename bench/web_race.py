#!/usr/bin/env python3
"""Speed in the browser (issue 65): the page's solver (build/web, the sudoku command
compiled to WebAssembly) in headless Chromium, against the native command and against
ISS's solver in the same page, on the same puzzles, side by side in one run.

- Whole files: `sudoku solve` and `sudoku count --limit 2`, one thread, as a whole
  process natively (wall clock) and as one call of the page's API in
  Chromium (window.dlxSudoku.run, timed in the page: the worker's round trip included;
  best of --repeats, or of 10 for a file the page answers within a second). The ratio
  is the browser's time over the native one.
- Both after the page has stood 5 s: Chromium compiles the module's optimised code in
  the background in the first seconds, and a call before that runs several times slower.
- ISS's examples (tests/sudoku/iss_examples.tsv), puzzle by puzzle: the first solution
  and the count to two, each puzzle alone, after one pass over all of them (V8 compiles
  ISS's JavaScript as it runs, so ISS's first puzzles would run slow). Ours natively
  in-process (`--json --times`: prepare plus search); in the page both as one API call (the
  worker's round trip and the command line's own start included) and as the module's
  own prepare plus search (`--json --times` there, comparable to the native figure);
  ISS's SimpleSolver (solution() and countSolutions(limit 2)) in the same page, on the
  page's thread, when --iss names a checkout of sigh/Interactive-Sudoku-Solver: the
  same browser, the same hour. Best of --repeats each. The page is served from a local
  server, cross-origin isolated (so that the page's clock counts microseconds, not the
  0.1 ms it gives otherwise, and ISS's modules load beside it). Reported: medians of
  the ratios, and on the puzzles where the native command is faster than ISS, how
  often the page is too, by either measure.

  python3 bench/web_race.py [--sudoku build/release/tools/sudoku] [--web build/web]
                            [--iss DIR] [--repeats 3] [--most 2000] [--json FILE]
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SOURCE / "tests" / "render"))
SHARED = SOURCE.parent / "shared" / "corpus"

class IsolatedServer:
    """Serves the page (at /page/) and an ISS checkout (at /iss/) from 127.0.0.1,
    cross-origin isolated: a page so isolated has a clock of microseconds."""

    def __init__(self, web, iss):
        import functools
        import http.server
        import threading
        self.root = Path(tempfile.mkdtemp(prefix="web-race-root-"))
        (self.root / "page").symlink_to(Path(web).resolve())
        if iss:
            (self.root / "iss").symlink_to(Path(iss).resolve())
        # A first page without the isolation headers: Chromium opens an isolated
        # page in a process of its own, which the DevTools client follows once
        # the page it started on has loaded.
        (self.root / "blank.html").write_text("<!doctype html>\n")

        class Handler(http.server.SimpleHTTPRequestHandler):
            def end_headers(self):
                if not self.path.startswith("/blank"):
                    self.send_header("Cross-Origin-Opener-Policy", "same-origin")
                    self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
                super().end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(self.root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()


# One puzzle, one command, in the page: ours through the API (the worker's round trip
# and the module's own prepare plus search, from --json --times) and ISS's SimpleSolver
# on the page's thread (when loaded), alternating, best of `repeats`.
PUZZLE_JS = """async (line, command, repeats) => {
  const options = {inputFormat: 'iss', threads: 1, json: true, times: true};
  if (command === 'count') options.limit = 2;
  let call = Infinity, inside = Infinity, iss = Infinity;
  for (let k = 0; k < repeats; ++k) {
    let t = performance.now();
    const r = await window.dlxSudoku.run(command, line + '\\n', options);
    call = Math.min(call, performance.now() - t);
    const answer = JSON.parse(r.stdout.split('\\n')[0]);
    inside = Math.min(inside, answer.prepare_ms + answer.search_ms);
    if (window.IssSolver) {
      t = performance.now();
      if (command === 'count') new window.IssSolver().countSolutions(line, 2);
      else new window.IssSolver().solution(line);
      iss = Math.min(iss, performance.now() - t);
    }
  }
  return {call, inside, iss: window.IssSolver ? iss : null};
}"""


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


def median_ratio(web, native):
    return statistics.median(w / max(n, 0.001) for w, n in zip(web, native))


def page_puzzle(b, line, command, repeats):
    return b.result_of(f"({PUZZLE_JS})({json.dumps(line)}, {json.dumps(command)}, {repeats})")


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
    server = IsolatedServer(args.web, args.iss)
    page = f"{server.base}/page/index.html"
    with devtools.Browser(f"{server.base}/blank.html") as b:
        b.goto(page, 1200, 900)
        b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        # Chromium compiles the module's optimised code in the background in the
        # first seconds after loading; until then a call runs 3 to 18 times slower
        # (ISS's "Triple digits" example, counted: 231 ms at once, 21 ms 3 s later).
        time.sleep(5)
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

        # ISS's examples one by one: ours native in-process, ours in the page (the
        # API call, and the module's own time), and ISS's solver in the same page.
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
        if args.iss:
            b.result_of("(async () => { self.VERSION_PARAM = ''; window.IssSolver = (await "
                        "import('/iss/js/sandbox/simple_solver.js')).SimpleSolver; })()")
        for line in iss_lines:  # the warm-up pass
            for command in ("solve", "count"):
                page_puzzle(b, line, command, 1)
        page = {"solve": [], "count": []}
        for line in iss_lines:
            for command in ("solve", "count"):
                page[command].append(page_puzzle(b, line, command, args.repeats))
    server.close()

    print(f"\nISS's examples, {len(iss_lines)} puzzles one by one, after a pass over them all "
          "(medians of per-puzzle ratios; 'call': the page's API call, 'module': the module's "
          "own prepare plus search):")
    summary = {}
    for command in ("solve", "count"):
        ours = native[command]
        call = [r["call"] for r in page[command]]
        inside = [r["inside"] for r in page[command]]
        row = {"call_over_native": median_ratio(call, ours),
               "module_over_native": median_ratio(inside, ours),
               "native_total_ms": sum(ours), "call_total_ms": sum(call),
               "module_total_ms": sum(inside)}
        text = (f"  {command}: over native, call {row['call_over_native']:.2f}, module "
                f"{row['module_over_native']:.2f}; totals {sum(ours):.0f} ms native, "
                f"{sum(call):.0f} ms call, {sum(inside):.0f} ms module")
        if args.iss:
            theirs = [r["iss"] for r in page[command]]
            native_wins = [k for k in range(len(ours)) if ours[k] < theirs[k]]
            row.update({"iss_total_ms": sum(theirs),
                        "call_over_iss": statistics.median(w / t for w, t in zip(call, theirs)),
                        "native_faster_than_iss": len(native_wins),
                        "call_faster_than_iss_there":
                            sum(call[k] < theirs[k] for k in native_wins),
                        "module_faster_than_iss_there":
                            sum(inside[k] < theirs[k] for k in native_wins)})
            text += (f", {sum(theirs):.0f} ms ISS; call/ISS median {row['call_over_iss']:.2f}; "
                     f"native faster than ISS on {len(native_wins)}, the page too on "
                     f"{row['call_faster_than_iss_there']} (call) and "
                     f"{row['module_faster_than_iss_there']} (module) of them")
        summary[command] = row
        print(text)
    figures["iss"] = summary
    figures["iss_puzzles"] = {"native": native, "page": page}
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
