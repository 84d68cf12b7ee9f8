"""sudoku explain --html in a real browser: Debian's headless Chromium, driven over
the DevTools protocol (devtools.py), opens a page of two explanations, steps
through every step of the first with the right arrow key (each step's text is
the step `sudoku explain` prints, the counter follows), checks that the last
step shows the published solution, goes back with the left arrow, Home and
End, steps the second section with its buttons, and screenshots one step with
eliminations: not blank, and the highlight colours are there.

Without Chromium or python3-websocket the test reports itself skipped (CTest
shows it skipped), unless DLX_REQUIRE_BROWSER=1 (set by the README's test
command) makes that a failure."""

import base64
import json
import os

import pytest

from pictures import corpus, givens, puzzle_lines, sudoku

REQUIRED = os.environ.get("DLX_REQUIRE_BROWSER") == "1"


def browser_or_skip():
    import devtools

    devtools.skip_unless_available(REQUIRED)
    return devtools


def published(line):
    """The published solution of a famous.sdm puzzle, from corpus/expected.answers."""
    with open(corpus("expected.answers")) as f:
        for entry in f:
            if entry.startswith(line + ":"):
                return entry.strip().split(":")[2]
    raise KeyError(line)


def step_lines(puzzle):
    out, _, _ = sudoku("explain", "-q", input=puzzle + "\n")
    return [l for l in out.splitlines() if l and not l.startswith(("puzzle ", "result: "))]


# What the page shows now, section by section: the frames not hidden, the
# counter, and the visible frame's text and digits (given or solved).
STATE = """
Array.from(document.querySelectorAll("section.puzzle")).map((s) => {
  const shown = Array.from(s.querySelectorAll(".frame")).filter((f) => !f.hidden);
  const frame = shown[0];
  const digits = {};
  frame.querySelectorAll("g.sd-given text, g.sd-digit text").forEach((t) => {
    digits[t.dataset.cell] = t.textContent; });
  const box = frame.querySelector("svg").getBoundingClientRect();
  return { current: Number(s.dataset.current), shown: shown.map((f) => Number(f.dataset.frame)),
           counter: s.querySelector(".counter").textContent,
           text: frame.querySelector(".text").textContent, digits: digits,
           drawn: box.width > 100 && box.height > 100,
           pictures: s.querySelectorAll("svg").length };
})
"""


def near(pixel, colour, tolerance=24):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour))


def test_page_steps_through_in_chromium(tmp_path):
    devtools = browser_or_skip()
    wikipedia = next(p for _, p in puzzle_lines(corpus("famous.sdm")) if p.startswith("5300700"))
    evil = puzzle_lines(corpus("generated", "9x9-evil.sdm"))[0][1]
    page = tmp_path / "explain.html"
    sudoku("explain", "-q", "--html", str(page), input=f"{wikipedia}\n{evil}\n")
    first, second = step_lines(wikipedia), step_lines(evil)
    frames = len(first) + 2

    with devtools.Browser(page.as_uri(), 1200, 900) as browser:
        browser.call("Emulation.setFocusEmulationEnabled", enabled=True)
        state = browser.evaluate(STATE)
        assert [s["shown"] for s in state] == [[0], [0]]
        steps = len(first)
        assert state[0]["counter"] == f"start ({steps} steps)"
        assert state[0]["text"].startswith("start")
        assert state[0]["digits"] == givens(wikipedia, 9) and state[0]["drawn"]

        for k, line in enumerate(first, 1):
            browser.press("ArrowRight")
            state = browser.evaluate(STATE)[0]
            assert state["shown"] == [k] and state["current"] == k
            assert state["counter"] == f"step {k} of {steps}"
            assert state["text"] == f"step {k}: {line}"
            assert state["drawn"] and state["pictures"] == 1  # one drawn at a time
        browser.press("ArrowRight")
        end = browser.evaluate(STATE)[0]
        assert end["shown"] == [frames - 1] and end["text"].startswith("end: solved")
        assert end["counter"] == f"end ({steps} steps)"
        assert end["digits"] == givens(published(wikipedia), 9)
        browser.press("ArrowRight")  # past the end: stays there
        assert browser.evaluate(STATE)[0]["shown"] == [frames - 1]

        browser.press("ArrowLeft")
        assert browser.evaluate(STATE)[0]["shown"] == [frames - 2]
        browser.press("Home")
        assert browser.evaluate(STATE)[0]["shown"] == [0]
        browser.press("End")
        assert browser.evaluate(STATE)[0]["shown"] == [frames - 1]

        # The second section's Next button: it moves that section only, and the
        # arrow keys then follow it.
        click_next = """(() => { const s = document.querySelectorAll("section.puzzle")[1];
            s.scrollIntoView(); const r = s.querySelector("button[data-go=next]").getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; })()"""
        x, y = browser.evaluate(click_next)
        for kind in ("mousePressed", "mouseReleased"):
            browser.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        state = browser.evaluate(STATE)
        assert state[0]["shown"] == [frames - 1] and state[1]["shown"] == [1]
        assert state[1]["text"] == f"step 1: {second[0]}"
        target = next(i for i, l in enumerate(second, 1) if "swordfish" in l or "x-wing" in l)
        for _ in range(target - 1):
            browser.press("ArrowRight")
        state = browser.evaluate(STATE)
        assert state[1]["shown"] == [target] and state[1]["text"] == f"step {target}: {second[target - 1]}"
        assert state[0]["shown"] == [frames - 1]

        browser.evaluate("document.querySelectorAll('section.puzzle')[1].scrollIntoView()")
        width, height, rows = browser.screenshot()
        pixels = [p for row in rows[::2] for p in row[::2]]
        background = max(set(pixels), key=pixels.count)
        assert sum(1 for p in pixels if p != background) > len(pixels) // 20, "blank screenshot"
        colours = {"elimination red": (0xd0, 0x18, 0x18), "eliminated ring": (0xf9, 0xcf, 0xcf),
                   "pattern cell": (0xff, 0xf0, 0xa6), "unit": (0xdc, 0xe8, 0xfa)}
        for name, colour in colours.items():
            assert sum(1 for p in pixels if near(p, colour)) >= 10, f"no {name} on the screenshot"


# The shown frame's board, text and buttons, and a pencil mark, where the
# browser lays them out.
LAYOUT = """
(() => {
  const s = document.querySelector("section.puzzle");
  const frame = Array.from(s.querySelectorAll(".frame")).find((f) => !f.hidden);
  const rect = (e) => { const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top + scrollY, width: r.width, height: r.height, bottom: r.bottom + scrollY }; };
  return { section: rect(s), board: rect(frame.querySelector("svg")), text: rect(frame.querySelector(".text")),
           mark: rect(frame.querySelector("g.sd-candidate text")),
           nav: getComputedStyle(s.querySelector(".nav")).display,
           wide: document.documentElement.scrollWidth, window: [innerWidth, innerHeight] };
})()
"""


def test_board_fills_the_window_and_prints(tmp_path):
    """The board was a fixed 376 pixels: in a 1200 x 900 window its pencil marks
    were about 8 pixels tall. It takes the width it has beside the section's
    heading, buttons and text, no more than the window's height leaves below the
    page's title (the whole board in view as the page opens), and
    on paper the page's width (or height), with the text below and no buttons."""
    devtools = browser_or_skip()
    evil = puzzle_lines(corpus("generated", "9x9-evil.sdm"))[0][1]
    page = tmp_path / "explain.html"
    sudoku("explain", "-q", "--html", str(page), input=evil + "\n")
    with devtools.Browser(page.as_uri(), 1200, 900) as browser:
        for width, height in ((1200, 900), (1600, 600), (600, 800)):
            browser.goto(page.as_uri() + f"#{width}", width, height)
            browser.press("ArrowRight")
            at = browser.evaluate(LAYOUT)
            board, text = at["board"], at["text"]
            assert at["window"] == [width, height] and at["wide"] <= width, at  # no sideways scrolling
            assert abs(board["width"] - board["height"]) < 2  # square: the viewBox keeps its shape
            # The whole board is in view as the page opens, under the page's
            # title: it was cut off at 1200 x 900, the section's heading and
            # buttons above it pushing it below the fold.
            assert board["bottom"] <= height, at
            if width == 1200:
                assert board["width"] >= 700 and board["left"] + board["width"] < text["left"], at
                assert at["mark"]["height"] >= 20, at  # twice the fixed board's
            elif width == 1600:
                assert board["width"] >= height - 150, at
            else:
                assert board["width"] >= width - 80 and text["top"] >= board["bottom"], at

        browser.goto(page.as_uri() + "#print", 1200, 900)
        browser.call("Emulation.setEmulatedMedia", media="print")
        at = browser.evaluate(LAYOUT)
        assert at["nav"] == "none"
        assert at["board"]["width"] >= 700 and at["text"]["top"] >= at["board"]["bottom"], at
        pdf = base64.b64decode(browser.call("Page.printToPDF", printBackground=True)["data"])
        assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
