"""Reading the pictures back, for the tests: the sudoku command, SVG parsed with
the standard library, the cells inside an outline, and the puzzle formats of
corpus/ read here independently of the library."""

import importlib.util
import os
import re
import subprocess
import xml.etree.ElementTree as ET

SUDOKU = os.environ.get("SUDOKU", "sudoku")
SOURCE = os.environ.get("DLX_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
SVG_NS = "{http://www.w3.org/2000/svg}"
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def corpus(*parts):
    return os.path.join(SOURCE, "corpus", *parts)


def sudoku(*args, input=None, check=True):
    """The sudoku command's (stdout, stderr, exit code)."""
    run = subprocess.run([SUDOKU, *args], input=input, capture_output=True, text=True,
                         timeout=300)
    if check and run.returncode != 0:
        raise AssertionError(f"sudoku {' '.join(args)}: exit {run.returncode}\n{run.stderr}")
    return run.stdout, run.stderr, run.returncode


def read_page(text):
    """A page of `sudoku explain --html` read back by scripts/explain-page.py: its
    sections, each frame's text and picture (the page's edits applied), and
    how many scripts and outside references it holds."""
    spec = importlib.util.spec_from_file_location(
        "explain_page", os.path.join(SOURCE, "scripts", "explain-page.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.read_page(text)


def puzzle_lines(path):
    """The puzzle lines of a corpus file: (line number, first field)."""
    with open(path) as f:
        return [(n, line.split()[0]) for n, line in enumerate(f, 1)
                if line.strip() and not line.startswith("#")]


def parse_svg(text):
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg", root.tag
    return root


def split_svgs(text):
    """The pictures of a document of `sudoku render`: the document itself for
    one puzzle, the pictures nested in it for several (one SVG document either
    way, parsed as XML)."""
    root = parse_svg(text)
    nested = root.findall(SVG_NS + "svg")
    return nested if nested else [root]


def by_class(root, cls):
    """Every element whose class list holds cls."""
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def digits_in(root, group):
    """{cell: symbol} of the texts in <g class=group>."""
    out = {}
    for g in by_class(root, group):
        for t in g.iter(SVG_NS + "text"):
            cell = t.get("data-cell")
            assert cell not in out, f"{group}: two digits in {cell}"
            out[cell] = t.text
    return out


def candidates_in(root, group="sd-candidate"):
    """{cell: set of symbols} of the pencil marks in <g class=group>."""
    out = {}
    for g in by_class(root, group):
        for t in g.iter(SVG_NS + "text"):
            out.setdefault(t.get("data-cell"), set()).add(t.text)
    return out


def cell_centres(root):
    """{cell: (x, y)} from the cell rectangles."""
    out = {}
    for g in by_class(root, "sd-cell"):
        for r in g.iter(SVG_NS + "rect"):
            x, y = float(r.get("x")), float(r.get("y"))
            w, h = float(r.get("width")), float(r.get("height"))
            out[r.get("data-cell")] = (x + w / 2, y + h / 2)
    return out


def loops(d):
    """The closed loops of path data made of M, L and Z."""
    result, current = [], None
    for command, args in re.findall(r"([MLZ])([^MLZ]*)", d):
        numbers = [float(v) for v in args.replace(",", " ").split()]
        points = list(zip(numbers[0::2], numbers[1::2]))
        if command == "M":
            current = list(points)
            result.append(current)
        elif command == "L":
            current.extend(points)
        else:
            current = None
    return result


def inside(point, path_loops):
    """Even-odd rule: is the point inside the loops?"""
    x, y = point
    crossings = 0
    for loop in path_loops:
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
    return crossings % 2 == 1


def cells_inside(path, centres):
    shape = loops(path.get("d"))
    return frozenset(c for c, p in centres.items() if inside(p, shape))


def cell_name(row, column):
    return f"r{row + 1}c{column + 1}"


def givens(text, size):
    """{cell: symbol} of the first size*size characters of a grid."""
    out = {}
    for i, ch in enumerate(text[:size * size]):
        if ch not in ".0-":
            out[cell_name(i // size, i % size)] = ch
    return out


def killer_cages(field):
    """The cages of a killer cage field as {head cell: (sum, cells)}: the forum
    format by following the arrows, SudoCue's by cage id."""
    if field.startswith("3x3:"):
        numbers = [int(v) for v in field.split(":")[3:] if v]
        cages = {}
        for i, v in enumerate(numbers):
            if v:
                cages.setdefault(v % 256, (v // 256, []))[1].append(i)
        return {cell_name(*divmod(min(c), 9)): (s, frozenset(cell_name(*divmod(i, 9)) for i in c))
                for s, c in cages.values()}
    steps = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0),
             "`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": (1, 1)}
    value = {ch: i for i, ch in enumerate("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")}
    value.update({ch: 36 + i for i, ch in enumerate("abcdefghij")})
    cages = {}
    for i in range(81):
        at = i
        while field[at] in steps:
            dr, dc = steps[field[at]]
            at += dr * 9 + dc
        if field[at] == "0" and at == i:
            continue
        cages.setdefault(at, []).append(i)
    return {cell_name(*divmod(min(c), 9)): (value[field[head]], frozenset(cell_name(*divmod(i, 9)) for i in c))
            for head, c in cages.items()}


def peers_candidates(grid, size, box_rows, box_cols, extra_units=()):
    """The candidates the givens leave: every symbol no peer holds."""
    symbols = set(SYMBOLS[:size])
    units = [[(r, c) for c in range(size)] for r in range(size)]
    units += [[(r, c) for r in range(size)] for c in range(size)]
    units += [[(br + r, bc + c) for r in range(box_rows) for c in range(box_cols)]
              for br in range(0, size, box_rows) for bc in range(0, size, box_cols)]
    units += list(extra_units)
    out = {}
    for r in range(size):
        for c in range(size):
            if cell_name(r, c) in grid:
                continue
            seen = {grid.get(cell_name(*p)) for u in units if (r, c) in u for p in u}
            out[cell_name(r, c)] = symbols - seen
    return out
