"""The web build (scripts/build-web.sh, build/web) answers as the command line does.

- The JavaScript API under Node (dlx-sudoku.mjs, through run_api.mjs): for puzzles of
  every kind the commands read (plain, 4x4 to 16x16, the corpus's variants, ISS's
  examples, f-puzzles links), each command's standard output and exit status are the
  native command's for the same text, byte for byte.
- The page in Debian's headless Chromium, opened from disk (file://): window.dlxSudoku
  answers as the native command, the buttons show an answer and a picture, a long
  count stops with the Stop button and the page answers again afterwards, no request
  leaves for another host, and it works with the network off.

Without the web build the tests fail when DLX_REQUIRE_WEB=1 (scripts/test.sh) and
are skipped otherwise."""

import base64
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("DLX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
WEB = Path(os.environ.get("DLX_WEB_DIR", SOURCE / "build" / "web"))
SUDOKU = Path(os.environ.get("DLX_SUDOKU", SOURCE / "build" / "release" / "tools" / "sudoku"))
REQUIRED = os.environ.get("DLX_REQUIRE_WEB") == "1"
sys.path.insert(0, str(SOURCE / "tests" / "render"))


@pytest.fixture(scope="module", autouse=True)
def built():
    missing = [p for p in (WEB / "dlx-sudoku.mjs", WEB / "worker-source.js", SUDOKU)
               if not p.exists()]
    if missing:
        if REQUIRED:
            raise AssertionError(f"missing {missing}: run scripts/build-web.sh")
        pytest.skip(f"no web build ({missing[0]})")


def lines_of(path, keep=lambda line: True, most=None):
    out = [line for line in Path(path).read_text().splitlines()
           if line.strip() and not line.startswith("#") and keep(line)]
    return out[:most] if most else out


def column(path, index, most=None):
    return [line.split("\t")[index] for line in lines_of(path, most=most)]


def native(command, text, options):
    args = [str(SUDOKU), command, "-q"]
    for key, value in options.items():
        flag = "--" + "".join("-" + c.lower() if c.isupper() else c for c in key)
        args += [flag] if value is True else [flag, str(value)]
    done = subprocess.run(args, input=text, capture_output=True, text=True, timeout=600)
    return {"stdout": done.stdout, "exitCode": done.returncode}


def through_node(calls):
    done = subprocess.run(["node", str(SOURCE / "tests" / "web" / "run_api.mjs"),
                           str(WEB / "dlx-sudoku.mjs")],
                          input="".join(json.dumps(c) + "\n" for c in calls),
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def cases():
    """(command, text, options): every kind of input the commands read."""
    corpus = SOURCE / "corpus"
    famous = "\n".join(lines_of(corpus / "famous.sdm", most=12)) + "\n"
    iss = "\n".join(column(SOURCE / "tests" / "sudoku" / "iss_examples.tsv", 1)[::6]) + "\n"
    links = "\n".join(column(SOURCE / "tests" / "sudoku" / "fpuzzles_links.tsv", 2)) + "\n"
    out = []
    for command, options in [("solve", {}), ("count", {"limit": 3, "json": True}),
                             ("possibilities", {}), ("rate", {}), ("layout", {})]:
        out.append((command, famous, options))
    for name in ("4x4.sdm", "6x6.sdm", "16x16.sdm", "many-solutions.sdm"):
        out.append(("count", "\n".join(lines_of(corpus / name, most=20)) + "\n", {"limit": 5}))
    for name, variant in [("x.sdm", "x"), ("windoku.sdm", "windoku"), ("jigsaw.sdm", "jigsaw"),
                          ("killer.sdm", "killer"), ("samurai.sdm", "samurai")]:
        text = "\n".join(lines_of(corpus / "variants" / name)) + "\n"
        out.append(("solve", text, {"variant": variant}))
    # (Every example is solved through the page below; here the layout check.)
    out.append(("layout", iss, {"inputFormat": "iss"}))
    out.append(("count", links, {}))
    out.append(("explain", "\n".join(lines_of(corpus / "famous.sdm", most=2)) + "\n", {}))
    out.append(("render", famous.split("\n")[0] + "\n", {"candidates": True}))
    out.append(("estimate", "1...............\n" + "." * 81 + "\n", {"probes": 200}))
    # Seeded answers: the same numbers drawn in both builds (dlx/random.hpp).
    out.append(("estimate", "." * 81 + "\n", {"probes": 300, "seed": 7}))
    out.append(("minimize", famous, {"seed": 11}))
    out.append(("disambiguate", "..343412..434321\n", {}))
    out.append(("count", "12\n55" + "." * 79 + "\n", {}))  # bad lines: invalid, exit 2
    return out


def test_the_api_answers_as_the_command_does():
    calls = [{"command": c, "text": t, "options": o} for c, t, o in cases()]
    answers = through_node(calls)
    assert len(answers) == len(calls)
    for call, web in zip(calls, answers):
        ours = native(call["command"], call["text"], call["options"])
        what = f"{call['command']} {call['options']} on {call['text'][:60]!r}"
        assert web["stdout"] == ours["stdout"], what
        assert web["exitCode"] == ours["exitCode"], what
    assert any(a["stdout"].count("\n") >= 30 for a in answers)  # the ISS examples ran


def test_options_become_the_command_line():
    done = subprocess.run(
        ["node", "--input-type=module", "-e",
         f"import {{commandLine}} from {json.dumps(str(WEB / 'dlx-sudoku.mjs'))};"
         "console.log(JSON.stringify(commandLine('count', {limit: 2, inputFormat: 'iss', "
         "json: true, quiet: false})));"
         "try { commandLine('rm -rf', {}); } catch (e) { console.log(e.constructor.name); }"],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert json.loads(first) == ["count", "-q", "--limit", "2", "--input-format", "iss", "--json"]
    assert second == "TypeError"


def browser():
    import devtools

    devtools.skip_unless_available(REQUIRED or os.environ.get("DLX_REQUIRE_BROWSER") == "1")
    return devtools.Browser((WEB / "index.html").as_uri())


def test_the_page_answers_from_disk_as_the_command_does():
    with browser() as b:
        b.call("Network.enable")
        b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        # The API the page offers, through its worker.
        for command, text, options in cases()[:6] + cases()[-4:]:
            web = b.result_of(f"window.dlxSudoku.run({json.dumps(command)}, "
                              f"{json.dumps(text)}, {json.dumps(options)})")
            ours = native(command, text, options)
            assert web["stdout"] == ours["stdout"], (command, options)
            assert web["exitCode"] == ours["exitCode"], (command, options)
        # The Count button: the answer and the first puzzle's picture.
        b.evaluate("document.querySelector('button[data-command=count]').click()")
        b.wait_for("document.getElementById('status').textContent.startsWith('count: done')")
        puzzle = b.evaluate("document.getElementById('puzzles').value").strip()
        assert b.evaluate("document.getElementById('output').textContent") == \
            native("count", puzzle + "\n", {"limit": 2})["stdout"]
        assert b.evaluate("document.querySelector('#picture svg') !== null")
        # A long count (every 9x9 grid) stops with the Stop button, and the page goes on.
        b.evaluate("document.getElementById('puzzles').value = '.'.repeat(81);"
                   "document.getElementById('limit').value = '0';"
                   "document.querySelector('button[data-command=count]').click()")
        time.sleep(1.5)
        assert b.evaluate("document.getElementById('stop').disabled") is False
        # Its progress, as the command's progress line says it on a terminal.
        b.wait_for("document.getElementById('status').textContent.includes('solutions')",
                   timeout=10)
        b.evaluate("document.getElementById('stop').click()")
        b.wait_for("document.getElementById('status').textContent === 'stopped'", timeout=10)
        b.evaluate("document.getElementById('limit').value = '2';"
                   "document.querySelector('button[data-command=count]').click()")
        b.wait_for("document.getElementById('status').textContent.startsWith('count: done')",
                   timeout=60)
        assert b.evaluate("document.getElementById('output').textContent") == "2\n"
        # Nothing was asked of any host: the page's own files, blobs and data only.
        urls = [e["params"]["request"]["url"] for e in b.events
                if e["method"] == "Network.requestWillBeSent"]
        assert all(u.startswith(("file:", "blob:", "data:")) for u in urls), urls


def corpus_and_iss_calls():
    """(command, text, options): every puzzle of corpus/, counted to two and solved, and
    every one of ISS's examples (tests/sudoku/iss_examples.tsv) solved and proved unique
    (solve --unique), each file whole in one call."""
    corpus = SOURCE / "corpus"
    variants = {"x": "x", "windoku": "windoku", "jigsaw": "jigsaw", "killer": "killer",
                "killer-extreme": "killer", "samurai": "samurai"}
    calls = []
    for path in sorted(corpus.rglob("*.sdm")):
        text = path.read_text()
        options = {"variant": variants[path.stem]} if path.parent.name == "variants" else {}
        calls.append(("count", text, dict(options, limit=2)))
        calls.append(("solve", text, options))
    iss = "\n".join(column(SOURCE / "tests" / "sudoku" / "iss_examples.tsv", 1)) + "\n"
    calls.append(("solve", iss, {"inputFormat": "iss", "unique": True}))
    return calls


def test_every_puzzle_of_the_corpus_and_of_iss_examples_through_the_page():
    calls = corpus_and_iss_calls()
    assert len(calls) >= 40
    # The native answers meanwhile, beside the browser (the machine's second core).
    with ThreadPoolExecutor(max_workers=1) as pool:
        natives = [pool.submit(native, c, t, o) for c, t, o in calls]
        with browser() as b:
            b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
            for (command, text, options), ours in zip(calls, natives):
                web = b.result_of(f"window.dlxSudoku.run({json.dumps(command)}, "
                                  f"{json.dumps(text)}, {json.dumps(options)})")
                what = f"{command} {options} on {text[:60]!r}"
                assert web["stdout"] == ours.result()["stdout"], what
                assert web["exitCode"] == ours.result()["exitCode"], what
    iss = natives[-1].result()["stdout"].splitlines()
    assert len(iss) >= 200 and all(len(line) >= 16 for line in iss)  # each solved, unique


def set_puzzles(b, text, input_format=""):
    """Pastes `text` into the page and waits for the first puzzle's new picture (its
    title names the first line, <stdin>:1, and the page's picture timer has run)."""
    b.evaluate("{ document.getElementById('picture').innerHTML = '';"
               f"document.getElementById('inputFormat').value = {json.dumps(input_format)};"
               f"const p = document.getElementById('puzzles'); p.value = {json.dumps(text)};"
               "p.dispatchEvent(new Event('input')); }")
    time.sleep(0.4)  # the picture is drawn 0.3 s after the text changes
    b.wait_for("document.querySelector('#picture svg') !== null", timeout=30)


def click_cell(b, cell):
    box = b.evaluate(f"(() => {{ const r = document.querySelector("
                     f"'#picture .sd-cell rect[data-cell=\"{cell}\"]').getBoundingClientRect();"
                     "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    for kind in ("mousePressed", "mouseReleased"):
        b.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left",
               clickCount=1)


def test_a_setter_edits_givens_by_clicking_a_cell_and_typing():
    famous = lines_of(SOURCE / "corpus" / "famous.sdm", most=1)[0].split()[0]
    thermo = ".Shape~4x4.Thermo~R1C1~R1C2~R1C3"
    with browser() as b:
        b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        set_puzzles(b, famous + "\n" + famous)
        empty = next(k for k, ch in enumerate(famous) if ch in ".0")
        cell = f"r{empty // 9 + 1}c{empty % 9 + 1}"
        click_cell(b, cell)
        b.wait_for("document.querySelector('#picture .page-selection') !== null")
        b.press("7", code="Digit7", key_code=55)
        b.wait_for(f"document.getElementById('status').textContent === '{cell} = 7'")
        first, second = b.evaluate("document.getElementById('puzzles').value").split("\n")
        assert first == native("convert", famous + "\n", {"to": "line", "set": f"{cell}=7"})[
            "stdout"].strip()
        assert second == famous  # only the first puzzle is edited
        # The picture is redrawn: the 7 is a given (bold) in that cell.
        b.wait_for(f"[...document.querySelectorAll('#picture text[data-cell=\"{cell}\"]')]"
                   ".some((t) => t.textContent === '7')")
        # The arrows move the selection; Backspace empties the cell again.
        b.press("ArrowLeft")
        b.press("ArrowRight")
        b.press("Backspace", key_code=8)
        b.wait_for(f"document.getElementById('status').textContent === '{cell} emptied'")
        assert b.evaluate("document.getElementById('puzzles').value").split("\n")[0] == \
            native("convert", famous + "\n", {"to": "line"})["stdout"].strip()
        # A modern variant keeps its rules; a value past the board's is refused, said.
        set_puzzles(b, thermo, "iss")
        click_cell(b, "r1c2")
        b.press("2", code="Digit2", key_code=50)
        b.wait_for("document.getElementById('status').textContent === 'r1c2 = 2'")
        edited = b.evaluate("document.getElementById('puzzles').value")
        assert edited == native("convert", thermo + "\n",
                                {"to": "line", "set": "r1c2=2", "inputFormat": "iss"})[
            "stdout"].strip()
        assert b.evaluate("document.getElementById('inputFormat').value") == ""
        b.press("9", code="Digit9", key_code=57)
        b.wait_for("document.getElementById('status').textContent.includes("
                   "'the value must be 1 to 4')")
        assert b.evaluate("document.getElementById('puzzles').value") == edited


def test_a_puzzle_that_is_not_unique_shows_where_two_solutions_differ():
    two = "12..34..........\n"
    shaded = re.findall(r'class="sd-pattern-cell" data-cell="(r\d+c\d+)"',
                        native("render", two, {"differences": True})["stdout"])
    assert shaded
    with browser() as b:
        b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        set_puzzles(b, two)
        b.evaluate("document.querySelector('button[data-command=count]').click()")
        b.wait_for("document.getElementById('status').textContent.startsWith('count: done')")
        assert b.evaluate("document.getElementById('output').textContent") == "2\n"
        b.wait_for("document.querySelector('#picture .sd-pattern-cell') !== null")
        assert b.evaluate("[...document.querySelectorAll('#picture .sd-pattern-cell')]"
                          ".map((r) => r.dataset.cell)") == shaded
        # All possibilities: the picture's pencil marks are render --possibilities's.
        b.evaluate("document.querySelector('button[data-command=possibilities]').click()")
        b.wait_for("document.getElementById('status').textContent.startsWith('possibilities: done')")
        marks = re.findall(r'<text data-cell="(r\d+c\d+)"[^>]*>(\w)</text>',
                           native("render", two, {"possibilities": True})["stdout"])
        b.wait_for("document.querySelectorAll('#picture text[data-cell]').length === "
                   f"{len(marks)}")
        assert b.evaluate("[...document.querySelectorAll('#picture text[data-cell]')]"
                          ".map((t) => [t.dataset.cell, t.textContent])") == \
            [list(m) for m in marks]


def first_line(path):
    return lines_of(path, most=1)[0]


def test_screenshots_for_the_docs(tmp_path):
    """The page's screenshots in docs/web.md (docs/screenshots/web-*.png), made here: a
    puzzle of each variant, a count that is not unique, all possibilities and the
    explanation step by step. scripts/make-screenshots.sh writes them into docs/screenshots;
    elsewhere they go to a temporary folder, each checked to show a drawn board."""
    import devtools

    out = Path(os.environ.get("DLX_WEB_SCREENSHOTS", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    variants = SOURCE / "corpus" / "variants"
    thermo = next(line.split("\t")[1] for line in lines_of(SOURCE / "tests" / "sudoku" /
                                                           "iss_examples.tsv")
                  if line.startswith("example_puzzles.js:Thermo\t"))
    pictures = [("x", first_line(variants / "x.sdm"), ""),
                ("windoku", first_line(variants / "windoku.sdm"), ""),
                ("jigsaw", first_line(variants / "jigsaw.sdm"), ""),
                ("killer", first_line(variants / "killer.sdm"), ""),
                ("samurai", first_line(variants / "samurai.sdm"), ""),
                ("thermo", thermo, "iss")]
    variant_of = {"x": "x", "windoku": "windoku", "jigsaw": "jigsaw", "killer": "killer",
                  "samurai": "samurai"}
    made = []

    def shot(name, clip=None):
        params = {"format": "png"}
        if clip:
            params["clip"] = dict(clip, scale=1)
        data = base64.b64decode(b.call("Page.captureScreenshot", **params)["data"])
        width, height, rows = devtools.decode_png(data)
        # A board was drawn: dark lines and a light ground, many pixels of each.
        dark = sum(1 for row in rows for px in row[::4] if sum(px[:3]) < 200)
        assert dark > 200 and width > 150 and height > 150, name
        (out / f"web-{name}.png").write_bytes(data)
        made.append(name)

    def picture_box():
        return b.evaluate("(() => { const r = document.querySelector('#picture svg')"
                          ".getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width,"
                          " height: r.height}; })()")

    with devtools.Browser((WEB / "index.html").as_uri(), width=1000, height=1180) as b:
        b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        for name, line, input_format in pictures:
            # The line formats say their variant on the command line: here by --variant
            # through the API, the page drawing the puzzle as `sudoku render` does.
            svg = b.result_of(f"window.dlxSudoku.render({json.dumps(line + chr(10))}, "
                              f"{json.dumps({'variant': variant_of[name]} if name in variant_of else {'inputFormat': input_format})})")
            assert svg.startswith("<svg"), name
            b.evaluate(f"document.getElementById('picture').innerHTML = {json.dumps(svg)}")
            shot(name, picture_box())
        # Count on a puzzle with two solutions: the answer and where they differ.
        famous = first_line(SOURCE / "corpus" / "famous.sdm").split()[0]
        two = famous.replace(next(ch for ch in famous if ch not in ".0"), ".", 1)
        set_puzzles(b, two)
        for command, name in [("count", "count"), ("possibilities", "possibilities")]:
            b.evaluate(f"document.querySelector('button[data-command={command}]').click()")
            b.wait_for("document.getElementById('status').textContent"
                       f".startsWith('{command}: done')", timeout=60)
            time.sleep(0.2)
            shot(name)
        set_puzzles(b, first_line(SOURCE / "corpus" / "generated" / "9x9-hard.sdm"))
        b.evaluate("document.querySelector('button[data-command=explain]').click()")
        b.wait_for("document.getElementById('status').textContent.startsWith('explain: done')",
                   timeout=60)
        b.evaluate("document.getElementById('steps').scrollIntoView()")
        # A few steps on: a technique's step drawn, not the start.
        frame = b.evaluate("(() => { const r = document.getElementById('steps')"
                           ".getBoundingClientRect(); return [r.x + 20, r.y + 20]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            b.call("Input.dispatchMouseEvent", type=kind, x=frame[0], y=frame[1], button="left",
                   clickCount=1)
        for _ in range(12):
            b.press("ArrowRight")
        time.sleep(0.5)
        shot("explain")
    assert len(made) == len(pictures) + 3


def test_the_page_works_with_the_network_off():
    with browser() as b:
        b.call("Network.enable")
        b.call("Network.emulateNetworkConditions", offline=True, latency=0,
               downloadThroughput=-1, uploadThroughput=-1)
        b.call("Page.reload")
        time.sleep(0.5)
        b.wait_for("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        assert b.result_of("window.dlxSudoku.count('1...............\\n', {limit: 0})") == "72\n"


def test_the_readme_examples_print_what_they_say():
    """web/README.md's `await f(...);  // 'what it resolves to'` lines, run under Node."""
    import re
    shown = re.findall(r"^await (\w+)\((.*)\);\s*// '(.*)'$",
                       (SOURCE / "web" / "README.md").read_text(), flags=re.M)
    assert len(shown) >= 2
    script = f"import * as d from {json.dumps(str(WEB / 'dlx-sudoku.mjs'))};\n" + "".join(
        f"console.log(JSON.stringify(await d.{f}({args})));\n" for f, args, _ in shown)
    done = subprocess.run(["node", "--input-type=module", "-e", script],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    for (f, args, said), printed in zip(shown, done.stdout.splitlines()):
        assert json.loads(printed) == said.replace("\\n", "\n"), (f, args)
