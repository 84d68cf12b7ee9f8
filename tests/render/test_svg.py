"""sudoku render and sudoku explain --html, read back: every SVG parses as XML and
shows what it was asked to (the givens in their cells, one outline per box,
region and cage holding exactly its cells, the published solution, the
candidates), and each page's step pictures mark exactly the step's placements
and eliminations that `explain --json` reports."""

import html.parser
import json
import os
import re
import subprocess

import pytest

from pictures import (SOURCE, SUDOKU, SVG_NS, by_class, candidates_in, cell_centres, cell_name, cells_inside,
                      corpus, digits_in, givens, killer_cages, parse_svg, peers_candidates,
                      puzzle_lines, split_svgs, sudoku)

# (file, variant options, board size, box rows, box columns)
PLAIN = [("4x4.sdm", 4, 2, 2), ("6x6.sdm", 6, 2, 3), ("famous.sdm", 9, 3, 3),
         ("16x16.sdm", 16, 4, 4), ("25x25.sdm", 25, 5, 5)]
VARIANTS = ["x", "windoku", "jigsaw", "killer", "samurai"]
SAMURAI_ORIGINS = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]


def render_folder(tmp_path, path, *options):
    folder = tmp_path / "out"
    sudoku("render", "-q", *options, "-o", f"{folder}/", path)
    files = sorted(os.listdir(folder), key=lambda n: int(n.split(".")[0]))
    return [parse_svg((folder / n).read_text()) for n in files], files


def assert_good_svg(root):
    """What every picture has: a viewBox, a title, its own ground, nothing external."""
    assert re.fullmatch(r"0 0 [\d.]+ [\d.]+", root.get("viewBox"))
    title = root.find(SVG_NS + "title")
    assert title is not None and title.text
    assert by_class(root, "sd-ground")
    for e in root.iter():
        for name, value in e.attrib.items():
            assert "href" not in name or value.startswith("#"), (name, value)
            assert "http:" not in value.replace("http://www.w3.org", "")


@pytest.mark.parametrize("name,size,box_rows,box_cols", PLAIN)
def test_plain_givens_boxes_and_solutions(tmp_path, name, size, box_rows, box_cols):
    path = corpus(name)
    puzzles = puzzle_lines(path)
    pictures, files = render_folder(tmp_path, path, "--solution")
    assert files == [f"{i}.svg" for i in range(1, len(puzzles) + 1)]
    expected = {}
    with open(corpus("expected.answers")) as f:
        for line in f:
            if not line.startswith("#"):
                grid, count, solution = line.strip().split(":")
                expected[grid.replace("0", ".")] = (count, solution)
    checked = 0
    for (number, text), root in zip(puzzles, pictures):
        assert_good_svg(root)
        centres = cell_centres(root)
        assert len(centres) == size * size
        shown = digits_in(root, "sd-given")
        assert shown == givens(text, size), f"{name}:{number}"
        boxes = {cells_inside(p, centres) for p in by_class(root, "sd-box")}
        want = {frozenset(cell_name(br + r, bc + c) for r in range(box_rows) for c in range(box_cols))
                for br in range(0, size, box_rows) for bc in range(0, size, box_cols)}
        assert boxes == want
        key = text.replace("0", ".")
        if key in expected and expected[key][0] == "1" and expected[key][1]:
            solved = {**shown, **digits_in(root, "sd-digit")}
            assert solved == givens(expected[key][1], size), f"{name}:{number}"
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("name,size,box_rows,box_cols", PLAIN[:4])
def test_candidates_are_what_the_givens_leave(tmp_path, name, size, box_rows, box_cols):
    path = corpus(name)
    pictures, _ = render_folder(tmp_path, path, "--candidates")
    for (number, text), root in zip(puzzle_lines(path), pictures):
        grid = givens(text, size)
        want = peers_candidates(grid, size, box_rows, box_cols)
        shown = candidates_in(root)
        assert {c: v for c, v in shown.items()} == {c: v for c, v in want.items() if v}, \
            f"{name}:{number}"


def read_solutions(variant):
    with open(corpus("variants", f"{variant}.solutions")) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("variant", VARIANTS)
def test_variants_outlines_givens_and_published_solutions(tmp_path, variant):
    path = corpus("variants", f"{variant}.sdm")
    puzzles = puzzle_lines(path)
    solutions = read_solutions(variant)
    pictures, _ = render_folder(tmp_path, path, "--variant", variant, "--solution")
    assert len(pictures) == len(puzzles) == len(solutions)
    size = 21 if variant == "samurai" else 9
    for (number, text), solution, root in zip(puzzles, solutions, pictures):
        where = f"{variant}:{number}"
        assert_good_svg(root)
        centres = cell_centres(root)
        shown = digits_in(root, "sd-given")
        if variant == "killer":
            assert shown == {}
        else:
            assert shown == givens(text, size), where
        if solution != "unknown":
            assert {**shown, **digits_in(root, "sd-digit")} == givens(solution, size), where

        if variant == "jigsaw":
            assert not by_class(root, "sd-box")
            regions = {}
            for i, ch in enumerate(text[81:162]):
                regions.setdefault(ch, set()).add(cell_name(*divmod(i, 9)))
            drawn = [cells_inside(p, centres) for p in by_class(root, "sd-region")]
            assert len(drawn) == 9 and set(drawn) == {frozenset(r) for r in regions.values()}, where
        elif variant == "samurai":
            assert len(centres) == 369
            drawn = [cells_inside(p, centres) for p in by_class(root, "sd-box")]
            want = {frozenset(cell_name(r0 + br + r, c0 + bc + c) for r in range(3) for c in range(3))
                    for r0, c0 in SAMURAI_ORIGINS for br in (0, 3, 6) for bc in (0, 3, 6)}
            # The centre grid shares its four corner boxes: 45 boxes, 41 distinct.
            assert len(drawn) == 41 and set(drawn) == want, where
        else:
            drawn = {cells_inside(p, centres) for p in by_class(root, "sd-box")}
            assert drawn == {frozenset(cell_name(br + r, bc + c) for r in range(3) for c in range(3))
                             for br in (0, 3, 6) for bc in (0, 3, 6)}, where

        if variant == "x":
            assert len(by_class(root, "sd-diagonal")) == 2
        if variant == "windoku":
            windows = {cells_inside(p, centres) for p in by_class(root, "sd-window")}
            assert windows == {frozenset(cell_name(r0 + r, c0 + c) for r in range(3) for c in range(3))
                               for r0 in (1, 5) for c0 in (1, 5)}, where
        if variant == "killer":
            cages = killer_cages(text.split()[0])
            paths = by_class(root, "sd-cage")
            drawn = {cells_inside(p, centres) for p in paths}
            assert len(paths) == len(cages)
            assert drawn == {cells for _, cells in cages.values()}, where
            # Each sum is written in its cage's top-left cell.
            sums = {}
            for t in by_class(root, "sd-cage-sum"):
                x, y = float(t.get("x")), float(t.get("y"))
                cell = min(centres, key=lambda c: (centres[c][0] - x) ** 2 + (centres[c][1] - y) ** 2)
                sums[cell] = int(t.text)
            assert sums == {head: s for head, (s, _) in cages.items()}, where


def test_several_puzzles_without_o_print_one_svg_each_and_bad_lines_get_none(tmp_path):
    lines = [p for _, p in puzzle_lines(corpus("famous.sdm"))][:3]
    text = "\n".join([lines[0], "12x4", lines[1], lines[2]]) + "\n"
    out, err, code = sudoku("render", input=text, check=False)
    assert code == 2
    assert "<stdin>:2:" in err
    assert len(split_svgs(out)) == 3

    folder = tmp_path / "numbered"
    _, err, code = sudoku("render", "-q", "-o", f"{folder}/", input=text, check=False)
    assert code == 2 and "<stdin>:2:" in err
    assert sorted(os.listdir(folder)) == ["1.svg", "3.svg", "4.svg"]
    assert digits_in(parse_svg((folder / "3.svg").read_text()), "sd-given") == givens(lines[1], 9)


def test_coordinates_only_when_asked():
    line = puzzle_lines(corpus("famous.sdm"))[0][1]
    plain = parse_svg(sudoku("render", input=line)[0])
    labelled = parse_svg(sudoku("render", "--coordinates", input=line)[0])
    assert not by_class(plain, "sd-coordinate")
    texts = [t.text for g in by_class(labelled, "sd-coordinate") for t in g.iter(SVG_NS + "text")]
    assert sorted(texts) == sorted([str(i) for i in range(1, 10)] * 2) or \
        sorted(texts) == sorted([f"r{i}" for i in range(1, 10)] + [f"c{i}" for i in range(1, 10)])


# --- explain --html ---------------------------------------------------------

class PageReader(html.parser.HTMLParser):
    """The page's sections: their attributes, summary and frames (each the SVG
    text and the step's text)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections, self.scripts, self.external = [], 0, []
        self.svg_depth, self.svg, self.in_text = 0, None, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("src", "href"):
            if key in a and not a[key].startswith("#"):
                self.external.append(a[key])
        if tag == "script":
            self.scripts += 1
        if tag == "section":
            self.sections.append({"attrs": a, "frames": [], "summary": ""})
        elif tag == "div" and "data-frame" in a:
            self.sections[-1]["frames"].append({"index": int(a["data-frame"]),
                                                "hidden": "hidden" in a, "svg": "", "text": ""})
        elif tag == "p" and a.get("class") == "summary":
            self.in_text = "summary"
        elif tag == "p" and a.get("class") == "text":
            self.in_text = "text"
        if tag == "svg" or self.svg_depth:
            self.svg_depth += 1
            # The raw tag: the parser lowercases names (viewBox) that XML keeps.
            self.sections[-1]["frames"][-1]["svg"] += self.get_starttag_text()

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.svg_depth:
            self.svg_depth -= 1

    def handle_endtag(self, tag):
        if self.svg_depth:
            self.sections[-1]["frames"][-1]["svg"] += f"</{tag}>"
            self.svg_depth -= 1
        if tag == "p":
            self.in_text = False

    def handle_data(self, data):
        if self.svg_depth:
            self.sections[-1]["frames"][-1]["svg"] += html_escape(data)
        elif self.in_text == "summary":
            self.sections[-1]["summary"] += data
        elif self.in_text == "text":
            self.sections[-1]["frames"][-1]["text"] += data


def html_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def read_page(path):
    reader = PageReader()
    with open(path) as f:
        reader.feed(f.read())
    reader.close()
    return reader


def marks(root, cls):
    """The step's marks of one kind as strings like the JSON's: r1c2=5, r1c2<>5."""
    sign = "=" if cls == "sd-placed" else "<>"
    return sorted(f"{t.get('data-cell')}{sign}{t.text}" for t in by_class(root, cls)
                  if t.tag == SVG_NS + "text")


PAGES = [
    ("generated/9x9-hard.sdm", [], 3),
    ("generated/9x9-evil.sdm", [], 3),
    ("generated/6x6.sdm", [], 2),
    ("generated/16x16.sdm", [], 1),
    ("variants/x.sdm", ["--variant", "x"], 2),
    ("variants/jigsaw.sdm", ["--variant", "jigsaw"], 2),
    ("variants/samurai.sdm", ["--variant", "samurai"], 1),
]


@pytest.mark.parametrize("name,options,count", PAGES)
def test_page_frames_mark_exactly_each_steps_placements_and_eliminations(tmp_path, name, options, count):
    lines = "\n".join(p for _, p in puzzle_lines(corpus(*name.split("/")))[:count]) + "\n"
    page = tmp_path / "page.html"
    sudoku("explain", "-q", *options, "--html", str(page), input=lines, check=False)
    out, _, _ = sudoku("explain", "-q", "--json", *options, input=lines, check=False)
    answers = [json.loads(line) for line in out.splitlines()]
    reader = read_page(page)
    assert reader.external == [] and reader.scripts == 1
    assert len(reader.sections) == len(answers) == count
    for section, answer in zip(reader.sections, answers):
        steps = answer["steps"]
        frames = section["frames"]
        assert int(section["attrs"]["data-frames"]) == len(frames) == len(steps) + 2
        assert [f["index"] for f in frames] == list(range(len(frames)))
        assert [f["hidden"] for f in frames] == [False] + [True] * (len(frames) - 1)
        assert answer["level"] in section["summary"]
        for step, frame in zip(steps, frames[1:-1]):
            root = parse_svg(frame["svg"])
            assert_good_svg(root)
            assert marks(root, "sd-placed") == sorted(step["placed"]), frame["text"]
            assert marks(root, "sd-eliminated") == sorted(step["eliminated"]), frame["text"]
            # Every elimination is struck through, and stands on a candidate of the picture.
            assert len(by_class(root, "sd-strike")) == len(step["eliminated"])
            cells = {c.split("<>")[0] for c in step["eliminated"]} | {c.split("=")[0] for c in step["placed"]}
            assert cells <= {r.get("data-cell") for r in by_class(root, "sd-eliminated-ring") + by_class(root, "sd-placed-ring")}
            assert step["technique"].replace("-", " ") in frame["text"].replace("-", " ")
        last = parse_svg(frames[-1]["svg"])
        if answer["status"] == "solved":
            solved = {**digits_in(last, "sd-given"), **digits_in(last, "sd-digit")}
            assert solved == givens(answer["solution"], 21 if "samurai" in name else
                                    int(len(answer["solution"]) ** 0.5))


def test_se_page_has_a_frame_per_step_with_its_rating():
    line = puzzle_lines(corpus("generated", "9x9-hard.sdm"))[0][1]
    out, _, _ = sudoku("explain", "-q", "--scale", "se", "--html", "-", input=line)
    reader = PageReader()
    reader.feed(out)
    (section,) = reader.sections
    answer = json.loads(sudoku("explain", "-q", "--scale", "se", "--json", input=line)[0])
    assert len(section["frames"]) == len(answer["steps"]) + 2
    assert re.search(r"\d+\.\d", section["summary"])
    for step, frame in zip(answer["steps"], section["frames"][1:-1]):
        root = parse_svg(frame["svg"])
        assert marks(root, "sd-placed") == sorted(step["placed"])
        assert marks(root, "sd-eliminated") == sorted(step["eliminated"])


def test_readme_pictures_are_what_the_tools_draw_today(tmp_path):
    """docs/pictures/ holds the README's pictures, made by scripts/make-pictures.sh:
    drawn again now, every file is the same, and each parses."""
    subprocess.run(["bash", os.path.join(SOURCE, "scripts", "make-pictures.sh"), str(tmp_path)],
                   check=True, timeout=600)
    committed = os.path.join(SOURCE, "docs", "pictures")
    names = sorted(os.listdir(committed))
    assert names == sorted(os.listdir(tmp_path))
    for name in names:
        with open(os.path.join(committed, name)) as f:
            text = f.read()
        assert text == (tmp_path / name).read_text(), f"docs/pictures/{name} is out of date: run scripts/make-pictures.sh"
        root = parse_svg(text)
        assert root.get("viewBox") and root.find(SVG_NS + "title") is not None, name


def test_any_file_name_gives_well_formed_pictures_and_pages(tmp_path):
    """A file name is any bytes but '/' and NUL: the titles and headings that quote
    it stay well-formed XML (control characters and malformed UTF-8 replaced)."""
    line = puzzle_lines(corpus("famous.sdm"))[0][1]
    name = os.path.join(os.fsencode(tmp_path), b"odd \x01\xff<&>\".sdm")
    with open(name, "w") as f:
        f.write(line + "\n")
    run = subprocess.run([os.fsencode(SUDOKU), b"render", b"-q", name], capture_output=True)
    assert run.returncode == 0
    title = parse_svg(run.stdout.decode("utf-8")).find(SVG_NS + "title").text
    assert "odd \ufffd\ufffd<&>\".sdm:1" in title
    run = subprocess.run([os.fsencode(SUDOKU), b"explain", b"-q", b"--html", b"-", name],
                         capture_output=True)
    assert run.returncode == 0
    reader = PageReader()
    reader.feed(run.stdout.decode("utf-8"))
    (section,) = reader.sections
    for frame in section["frames"]:
        parse_svg(frame["svg"])
