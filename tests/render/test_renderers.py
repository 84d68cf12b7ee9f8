"""The pictures look the same in two renderers: librsvg (rsvg-convert, which many
tools embed) and Chromium. Each picture is drawn by both, at twice its size: the
PNG of `rsvg-convert`, and Chromium's screenshot of the same SVG file. For every
digit and letter the picture writes (givens, solved digits, pencil marks, a
step's placed digit, coordinates, cage sums, the tilings' labels) the test finds
its ink, the pixels of its colour inside its cell (or its pencil mark's place in
the cell), and checks that

  - the two renderers put the ink in the same place, within a unit (a fortieth
    of a cell) on every side, and
  - the ink sits in the middle of its cell or pencil-mark place: within 1.5
    units vertically, 2.5 horizontally (a "1" is narrower than its advance).

A picture that leaves text on `dominant-baseline` inherited from a group (as
the boards did) fails both: librsvg does not inherit it, and draws every digit
on its cell's centre line, in the top half of the cell.

Without rsvg-convert, Chromium or python3-websocket the test reports itself
skipped, unless DLX_REQUIRE_BROWSER=1 (scripts/test.sh sets it, after
scripts/setup.sh --sanitizers installed them all) makes that a failure."""

import collections
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from pictures import SVG_NS, SYMBOLS, by_class, corpus, puzzle_lines, read_page, sudoku

REQUIRED = os.environ.get("DLX_REQUIRE_BROWSER") == "1"
RSVG = os.environ.get("RSVG_CONVERT", "rsvg-convert")
ZOOM = 2
AGREE, MIDDLE_Y, MIDDLE_X = 1.0, 1.5, 2.5  # in user units: a cell is 40


@pytest.fixture(scope="module")
def browser():
    import devtools

    missing = devtools.missing()
    if not shutil.which(RSVG):
        missing = f"no {RSVG} (librsvg2-bin; scripts/setup.sh --sanitizers installs it)"
    if missing:
        if REQUIRED:
            raise AssertionError(missing)
        pytest.skip(missing)
    with devtools.Browser("about:blank", 800, 600) as b:
        yield b


# ---- The pictures: how each is made, and the layout of its pencil marks
# (box rows and columns, or "own": each around its own point), or None for a
# tiling.

def first(*path):
    return puzzle_lines(corpus(*path))[0][1]


def render(line, *options):
    return lambda: sudoku("render", "-q", *options, input=line + "\n")[0]


def step(path, options, technique):
    """The page's picture of the first step of a technique."""
    def make():
        line = first(*path)
        out = sudoku("explain", "-q", *options, input=line + "\n")[0]
        steps = [l for l in out.splitlines() if l and not l.startswith(("puzzle ", "result: "))]
        k = next(i for i, l in enumerate(steps, 1) if technique in l)
        page = sudoku("explain", "-q", *options, "--html", "-", input=line + "\n")[0]
        return read_page(page).sections[0]["frames"][k]["svg"]
    return make


def pentomino():
    examples, dlx = os.environ.get("EXAMPLES"), os.environ.get("DLX", "dlx")
    encoder = os.path.join(examples, "dlx-pentomino") if examples else "dlx-pentomino"
    rows = subprocess.run([encoder, "6x10"], capture_output=True, text=True, check=True).stdout
    solution = subprocess.run([dlx, "--limit", "1"], input=rows, capture_output=True, text=True,
                              check=True).stdout
    return subprocess.run([encoder, "--svg", "6x10"], input=solution, capture_output=True,
                          text=True, check=True).stdout


WIKIPEDIA = next(p for _, p in puzzle_lines(corpus("famous.sdm")) if p.startswith("5300700"))
PICTURES = {
    "9x9 solution": (render(WIKIPEDIA, "--solution"), (3, 3)),
    "9x9 candidates, coordinates": (render(WIKIPEDIA, "--candidates", "--coordinates"), (3, 3)),
    "6x6 candidates": (lambda: render(first("6x6.sdm"), "--candidates")(), (2, 3)),
    "16x16 candidates": (lambda: render(first("16x16.sdm"), "--candidates", "--coordinates")(),
                         (4, 4)),
    "x solution": (lambda: render(first("variants", "x.sdm"), "--variant", "x", "--solution")(),
                   (3, 3)),
    "jigsaw": (lambda: render(first("variants", "jigsaw.sdm"), "--variant", "jigsaw")(), (3, 3)),
    "windoku solution": (lambda: render(first("variants", "windoku.sdm"), "--variant", "windoku",
                                        "--solution")(), (3, 3)),
    "killer solution": (lambda: render(first("variants", "killer.sdm"), "--variant", "killer",
                                       "--solution")(), (3, 3)),
    "step: hidden single": (step(("generated", "9x9-medium.sdm"), (), "hidden single"), (3, 3)),
    "step: naked pair": (step(("generated", "9x9-hard.sdm"), (), "naked pair"), (3, 3)),
    "step: swordfish": (step(("generated", "9x9-evil.sdm"), (), "swordfish"), (3, 3)),
    "step: jigsaw": (step(("variants", "jigsaw.sdm"), ("--variant", "jigsaw"), "hidden single"),
                     (3, 3)),
    "step: SE's X-chain": (step(("generated", "9x9-beyond.sdm"), ("--scale", "se"), "X-Chain"),
                           (3, 3)),
    "pentomino": (pentomino, None),
    # Modern variants' clues: letters on edges, sums outside the grid and in
    # corners, the rules' caption, pencil marks given with the puzzle.
    "ISS clues": (render(".Thermo~R1C1~R1C2~R1C3.Arrow~R3C3~R3C2~R2C1.WhiteDot~R5C1~R5C2"
                         ".BlackDot~R6C2~R7C2.X~R8C1~R8C2.V~R8C4~R8C5.Whisper~R2C5~R2C6~R3C7"
                         ".LittleKiller~20~R1C2.Sandwich~5~C5.XSum~R5~~12.Cage~~R4C5~R4C6"
                         ".Sum~15~R5C5~R5C6.AntiKnight.~R9C9_1_3~R1C5_4~R6C6_7~R7C8_2",
                         "--input-format=iss"), (3, 3)),
    # Pencil marks among clues: each cell's marks close up beside a dot, a
    # letter, a quad's circle or a cage's sum, so each is checked against its
    # own point ("own"), not a fixed grid of places.
    "ISS candidates among clues": (render(
        ".BlackDot~R4C1~R5C1.BlackDot~R5C1~R6C1.WhiteDot~R5C1~R5C2.X~R1C1~R1C2.V~R2C1~R3C1"
        ".Quad~R4C4~1~2~3~4.Quad~R5C5~5.WhiteDot~R5C5~R6C5.Cage~12~R7C4~R7C5~R8C4"
        ".Sum~16~R1C5~R1C6.~R9C9_5", "--input-format=iss", "--candidates"), "own"),
}

# Clue texts centred on a point (text-anchor middle, baseline 0.36 em below):
# their class, and how far their ink may reach from that point, in em, across
# and up and down.
CENTRED_CLUES = {"sd-x": (0.5, 0.5), "sd-v": (0.5, 0.5), "sd-little-killer": (0.8, 0.5),
                 "sd-sandwich": (0.8, 0.5), "sd-x-sum": (0.8, 0.5), "sd-rules": (8, 0.6),
                 "sd-quad-digit": (0.38, 0.45)}
# Clue numbers in a cell's corner on a patch of ground, as cage sums are.
LABELLED_CLUES = ("sd-sum-total", "sd-clue-cage-sum", "sd-lunchbox-sum", "sd-sum-line-sum")


# ---- Where each text's ink should be.

def colour(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def texts(root):
    """Every <text> with the attributes it inherits: (element, classes, fill)."""
    out = []

    def walk(e, classes, fill):
        classes = classes | set((e.get("class") or "").split())
        fill = e.get("fill") or fill
        if e.tag == SVG_NS + "text":
            out.append((e, classes, fill))
        for child in e:
            walk(child, classes, fill)

    walk(root, set(), "#000000")
    return out


def boxes(root):
    return {r.get("data-cell"): tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
            for g in by_class(root, "sd-cell") for r in g.iter(SVG_NS + "rect")}


def places(root, layout):
    """For each text to look at: (what it is, the box to find its ink in as
    (x0, y0, x1, y1), where its ink's middle should be as (x, y), either None
    when the picture does not say, its colour)."""
    out = []
    cells = boxes(root)
    labels = [tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
              for r in by_class(root, "sd-cage-label")]
    if cells:
        left = min(x for x, _, _, _ in cells.values())
        top = min(y for _, y, _, _ in cells.values())
    sums = 0
    mark_size = {t: float(g.get("font-size")) for g in by_class(root, "sd-candidate")
                 for t in g.iter(SVG_NS + "text")}
    for e, classes, fill in texts(root):
        x, y = float(e.get("x")), float(e.get("y"))
        what = f"{' '.join(sorted(classes)) or 'text'} {e.get('data-cell') or ''} {e.text!r}"
        if "sd-eliminated" in classes:
            continue  # struck through: the strike is ink too
        if layout is None:  # a tiling: 30-unit cells from (6, 6)
            c0, r0 = 6 + (x - 6) // 30 * 30, 6 + (y - 4 - 6) // 30 * 30
            out.append((what, (c0 + 3, r0 + 3, c0 + 27, r0 + 27), (c0 + 15, r0 + 15), fill))
        elif classes & {"sd-given", "sd-digit", "sd-placed"}:
            cx, cy, w, h = cells[e.get("data-cell")]
            # Clear of the lines and of a killer cage's dashed outline (4 units in).
            out.append((what, (cx + 5.5, cy + 5.5, cx + w - 5.5, cy + h - 5.5),
                        (cx + w / 2, cy + h / 2), fill))
        elif "sd-candidate" in classes and layout == "own":
            # Around its own point: the baseline 0.36 em below it.
            size = mark_size[e]
            my, half = y - 0.36 * size, 0.42 * size
            out.append((what, (x - half, my - half, x + half, my + half), (x, my), fill))
        elif "sd-candidate" in classes:
            cx, cy, w, h = cells[e.get("data-cell")]
            rows, columns = layout
            row, column = divmod(SYMBOLS.index(e.text), columns)
            sw, sh = w / columns, h / rows
            x0, y0 = cx + column * sw, cy + row * sh
            out.append((what, (x0 + 2, y0 + 2, x0 + sw - 2, y0 + sh - 2),
                        (x0 + sw / 2, y0 + sh / 2), fill))
        elif "sd-coordinate" in classes:
            if x < left:  # a row's number: in the middle of the row
                _, ry, _, rh = next(b for b in cells.values() if b[1] <= y - 3 < b[1] + b[3])
                out.append((what, (x - 9, ry + 2, x + 9, ry + rh - 2), (x, ry + rh / 2), fill))
            else:  # a column's: above it
                cx, _, w, _ = next(b for b in cells.values() if b[0] <= x < b[0] + b[2])
                out.append((what, (cx + 2, 0, cx + w - 2, top - 2), (cx + w / 2, None), fill))
        elif classes & set(CENTRED_CLUES):
            (cls,) = classes & set(CENTRED_CLUES)
            size = float(e.get("font-size"))
            across, up = (v * size for v in CENTRED_CLUES[cls])
            my = y - 0.36 * size
            out.append((what, (x - across, my - up, x + across, my + up), (x, my), fill))
        elif classes & set(LABELLED_CLUES):
            (cls,) = classes & set(LABELLED_CLUES)
            lx, ly, lw, lh = next(
                tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
                for r in by_class(root, cls + "-label") if r.get("data-clue") == e.get("data-clue"))
            out.append((what, (lx, ly, lx + lw, ly + lh), (None, None), fill))
        elif "sd-cage-sum" in classes:
            lx, ly, lw, lh = labels[sums]
            sums += 1
            out.append((what, (lx, ly, lx + lw, ly + lh), (None, None), fill))
        else:
            raise AssertionError(f"a text the test does not know: {what}")
    return out


# ---- Finding the ink.

def coverage(pixel, ground, ink):
    """How much of `ink` over `ground` the pixel is (0 none, 1 all), or None if
    its colour is not a mix of the two (another line's, a ring's)."""
    span = [i - g for i, g in zip(ink, ground)]
    seen = [p - g for p, g in zip(pixel[:3], ground)]
    length = sum(v * v for v in span)
    if length == 0:
        return None
    c = sum(a * b for a, b in zip(span, seen)) / length
    off = sum((v - c * a) ** 2 for v, a in zip(seen, span))
    return c if off <= 0.04 * length else None  # within a fifth of the way off the mix


def ink_box(rows, box, ink):
    """The box (x0, y0, x1, y1), in user units, of the pixels inside `box` that
    are mostly `ink` (60 % to 120 %, over the box's commonest colour)."""
    x0, y0, x1, y1 = (round(v * ZOOM) for v in box)
    pixels = [(x, y, rows[y][x][:3]) for y in range(max(y0, 0), min(y1, len(rows)))
              for x in range(max(x0, 0), min(x1, len(rows[0])))]
    counts = collections.Counter(p for _, _, p in pixels)
    ground = counts.most_common(1)[0][0]
    inky = {p for p in counts if 0.6 <= (coverage(p, ground, ink) or 0) <= 1.2}
    found = [(x, y) for x, y, p in pixels if p in inky]
    if not found:
        return None
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return (min(xs) / ZOOM, min(ys) / ZOOM, (max(xs) + 1) / ZOOM, (max(ys) + 1) / ZOOM)


def drawn_by_rsvg(path):
    import devtools
    png = subprocess.run([RSVG, "--zoom", str(ZOOM), "--background-color", "white", path],
                         capture_output=True, check=True).stdout
    return devtools.decode_png(png)[2]


def drawn_by_chromium(browser, path, width, height):
    browser.goto("file://" + os.path.abspath(path), width, height, ZOOM)
    return browser.screenshot()[2]


def disagreements(svg, layout, rsvg, chromium):
    """What is out of place, as lines of text (none: the picture is right)."""
    wrong = []
    for what, box, (mx, my), ink in places(ET.fromstring(svg), layout):
        found = {name: ink_box(rows, box, colour(ink))
                 for name, rows in (("librsvg", rsvg), ("Chromium", chromium))}
        if None in found.values():
            wrong.append(f"{what}: no ink in {box}: {found}")
            continue
        a, b = found["librsvg"], found["Chromium"]
        if max(abs(p - q) for p, q in zip(a, b)) > AGREE:
            wrong.append(f"{what}: librsvg draws it at {a}, Chromium at {b}")
        for name, (x0, y0, x1, y1) in found.items():
            if my is not None and abs((y0 + y1) / 2 - my) > MIDDLE_Y:
                wrong.append(f"{what}: {name} puts its middle at y {(y0 + y1) / 2}, not {my}")
            if mx is not None and abs((x0 + x1) / 2 - mx) > MIDDLE_X:
                wrong.append(f"{what}: {name} puts its middle at x {(x0 + x1) / 2}, not {mx}")
    return wrong


@pytest.mark.parametrize("name", list(PICTURES))
def test_librsvg_and_chromium_put_every_digit_in_the_middle_of_its_place(browser, tmp_path, name):
    make, layout = PICTURES[name]
    svg = make()
    path = tmp_path / "picture.svg"
    path.write_text(svg)
    root = ET.fromstring(svg)
    width, height = round(float(root.get("width"))), round(float(root.get("height")))
    rsvg = drawn_by_rsvg(str(path))
    chromium = drawn_by_chromium(browser, str(path), width, height)
    assert (len(rsvg[0]), len(rsvg)) == (len(chromium[0]), len(chromium)) == \
        (width * ZOOM, height * ZOOM)
    assert len(places(root, layout)) >= 10
    wrong = disagreements(svg, layout, rsvg, chromium)
    assert not wrong, f"{len(wrong)} out of place:\n" + "\n".join(wrong[:12])
