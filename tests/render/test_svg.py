"""sudoku render and sudoku explain --html, read back: every SVG parses as XML and
shows what it was asked to (the givens in their cells, one outline per box,
region and cage holding exactly its cells, the published solution, the
candidates), and each page's step pictures mark exactly the step's placements
and eliminations that `explain --json` reports."""

import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from pictures import (SOURCE, SUDOKU, SVG_NS, by_class, candidates_in, cell_centres, cell_name, cells_inside,
                      corpus, digits_in, givens, killer_cages, parse_svg, peers_candidates,
                      puzzle_lines, read_page, split_svgs, sudoku)

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


def test_several_puzzles_make_one_svg_document_and_bad_lines_get_no_picture(tmp_path):
    """Several puzzles to standard output were SVG documents one after another
    (not XML: no reader takes it), and `-o file.svg` wrote the first and failed
    with exit 4. Both now hold one well-formed document, a nested picture per
    usable puzzle, one below the other; a folder gets a file each."""
    lines = [p for _, p in puzzle_lines(corpus("famous.sdm"))][:3]
    text = "\n".join([lines[0], "12x4", lines[1], lines[2]]) + "\n"
    out, err, code = sudoku("render", input=text, check=False)
    assert code == 2
    assert "<stdin>:2:" in err
    root = ET.fromstring(out)  # one document: well-formed XML, an <svg> root
    assert root.tag == SVG_NS + "svg" and root.findtext(SVG_NS + "title") == "3 pictures"
    pictures = root.findall(SVG_NS + "svg")
    assert len(pictures) == 3 == len(split_svgs(out))
    assert [digits_in(p, "sd-given") for p in pictures] == [givens(l, 9) for l in lines]
    # One below the other, inside the document's viewBox.
    tops = [float(p.get("y")) for p in pictures]
    assert tops == sorted(tops) and tops[0] == 0
    for p, top in zip(pictures, tops):
        assert p.findtext(SVG_NS + "title").startswith("Sudoku 9x9")
        assert top + float(p.get("height")) <= float(root.get("viewBox").split()[3])
        assert_good_svg(p)

    # -o FILE: the same document (it wrote the first picture and exited 4).
    sheet = tmp_path / "all.svg"
    _, err, code = sudoku("render", "-q", "-o", str(sheet), input=text, check=False)
    assert code == 2 and "<stdin>:2:" in err
    assert sheet.read_text() == out

    # One puzzle: its picture alone, as before.
    single, _, _ = sudoku("render", input=lines[0] + "\n")
    root = ET.fromstring(single)
    assert root.findall(SVG_NS + "svg") == [] and digits_in(root, "sd-given") == givens(lines[0], 9)
    assert ET.fromstring(sudoku("render", "-q", "-o", "-", input=lines[0] + "\n")[0]) is not None

    # No usable puzzle: still a document (an empty file is not XML).
    out, err, code = sudoku("render", "-q", "-o", "-", input="12x4\n", check=False)
    assert code == 2 and "<stdin>:1:" in err
    assert ET.fromstring(out).findtext(SVG_NS + "title") == "0 pictures"

    folder = tmp_path / "numbered"
    _, err, code = sudoku("render", "-q", "-o", f"{folder}/", input=text, check=False)
    assert code == 2 and "<stdin>:2:" in err
    assert sorted(os.listdir(folder)) == ["1.svg", "3.svg", "4.svg"]
    assert digits_in(parse_svg((folder / "3.svg").read_text()), "sd-given") == givens(lines[1], 9)
    assert (folder / "1.svg").read_text() == single


def test_coordinates_only_when_asked():
    line = puzzle_lines(corpus("famous.sdm"))[0][1]
    plain = parse_svg(sudoku("render", input=line)[0])
    labelled = parse_svg(sudoku("render", "--coordinates", input=line)[0])
    assert not by_class(plain, "sd-coordinate")
    texts = [t.text for g in by_class(labelled, "sd-coordinate") for t in g.iter(SVG_NS + "text")]
    assert sorted(texts) == sorted([str(i) for i in range(1, 10)] * 2) or \
        sorted(texts) == sorted([f"r{i}" for i in range(1, 10)] + [f"c{i}" for i in range(1, 10)])


# --- explain --html ---------------------------------------------------------

def read_page_file(path):
    with open(path) as f:
        return read_page(f.read())


def assert_placed_digits_large(root, placed):
    """A step's placed digits are drawn as they will stand: as large as the
    givens, in the middle of their cells (shaded), with none of the cells'
    pencil marks beside them."""
    centres = cell_centres(root)
    texts = [t for t in by_class(root, "sd-placed") if t.tag == SVG_NS + "text"]
    assert sorted(f"{t.get('data-cell')}={t.text}" for t in texts) == sorted(placed)
    shaded = {r.get("data-cell") for r in by_class(root, "sd-placed-cell")}
    pencilled = candidates_in(root)
    for t in texts:
        cell = t.get("data-cell")
        assert float(t.get("font-size")) == 24.8, t.attrib  # the givens' and digits' size
        assert float(t.get("x")) == centres[cell][0]
        assert 0 < float(t.get("y")) - centres[cell][1] < 12  # its baseline below the middle
        assert cell in shaded and cell not in pencilled


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
    reader = read_page_file(page)
    # The page's script, and each section's pictures (JSON).
    assert reader.external == [] and reader.scripts == 1 + count
    assert len(reader.sections) == len(answers) == count
    for section, answer in zip(reader.sections, answers):
        steps = answer["steps"]
        frames = section["frames"]
        assert int(section["attrs"]["data-frames"]) == len(frames) == len(steps) + 2
        assert [f["index"] for f in frames] == list(range(len(frames)))
        assert [f["hidden"] for f in frames] == [False] + [True] * (len(frames) - 1)
        # The labels the counter repeats ("step 19 of 57"): step k is frame k.
        assert [f["label"] for f in frames] == \
            ["start"] + [f"step {k}" for k in range(1, len(steps) + 1)] + ["end"]
        assert answer["level"] in section["summary"]
        assert_good_svg(parse_svg(frames[0]["svg"]))
        for step, frame in zip(steps, frames[1:-1]):
            root = parse_svg(frame["svg"])
            assert_good_svg(root)
            assert marks(root, "sd-placed") == sorted(step["placed"]), frame["text"]
            assert marks(root, "sd-eliminated") == sorted(step["eliminated"]), frame["text"]
            # Every elimination is struck through, and stands on a candidate of the picture.
            assert len(by_class(root, "sd-strike")) == len(step["eliminated"])
            assert {c.split("<>")[0] for c in step["eliminated"]} <= \
                {r.get("data-cell") for r in by_class(root, "sd-eliminated-ring")}
            assert_placed_digits_large(root, step["placed"])
            assert step["technique"].replace("-", " ") in frame["text"].replace("-", " ")
        last = parse_svg(frames[-1]["svg"])
        if answer["status"] == "solved":
            solved = {**digits_in(last, "sd-given"), **digits_in(last, "sd-digit")}
            assert solved == givens(answer["solution"], 21 if "samurai" in name else
                                    int(len(answer["solution"]) ** 0.5))


def test_se_page_has_a_frame_per_step_with_its_rating():
    line = puzzle_lines(corpus("generated", "9x9-hard.sdm"))[0][1]
    out, _, _ = sudoku("explain", "-q", "--scale", "se", "--html", "-", input=line)
    (section,) = read_page(out).sections
    answer = json.loads(sudoku("explain", "-q", "--scale", "se", "--json", input=line)[0])
    assert len(section["frames"]) == len(answer["steps"]) + 2
    assert re.search(r"\d+\.\d", section["summary"])
    for step, frame in zip(answer["steps"], section["frames"][1:-1]):
        root = parse_svg(frame["svg"])
        assert marks(root, "sd-placed") == sorted(step["placed"])
        assert marks(root, "sd-eliminated") == sorted(step["eliminated"])


def test_page_holds_its_pictures_as_small_edits():
    """A 57-step explanation: its 59 pictures are 858 KB whole; the page holds
    the first whole and each other one as its edit of the one before."""
    line = puzzle_lines(corpus("generated", "9x9-evil.sdm"))[0][1]
    page, _, _ = sudoku("explain", "-q", "--html", "-", input=line + "\n")
    (section,) = read_page(page).sections
    assert len(section["frames"]) == 59
    whole = sum(len(f["svg"].encode()) for f in section["frames"])
    assert whole > 800_000
    assert len(page.encode()) < 100_000 and len(page.encode()) * 8 < whole
    # Each picture stands alone, as the page's script draws it.
    for frame in section["frames"]:
        assert_good_svg(parse_svg(frame["svg"]))


def path_points(d, samples=40):
    """Points along path data made of M, L and C."""
    out, at = [], None
    for command, args in re.findall(r"([MLC])([^MLC]*)", d):
        v = [float(x) for x in args.split()]
        if command == "M":
            at = (v[0], v[1])
            out.append(at)
            continue
        p = [at, at, (v[0], v[1]), (v[0], v[1])] if command == "L" else \
            [at, (v[0], v[1]), (v[2], v[3]), (v[4], v[5])]
        for i in range(1, samples + 1):
            t = i / samples
            w = ((1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3)
            out.append((sum(a * q[0] for a, q in zip(w, p)), sum(a * q[1] for a, q in zip(w, p))))
        at = p[3]
    return out


def test_chain_links_keep_clear_of_the_pencil_marks_and_go_under_haloed_digits():
    """Sudoku Explainer's chains: each link is a curve that passes hardly any
    pencil mark but its two ends closer than 2 units, where the straight lines
    passed over every mark of their digit between their ends (1 in 245 of the
    marks near a link); links are drawn before (under) the digits, which wear a
    halo of the ground's colour where links are."""
    lines = [p for _, p in puzzle_lines(corpus("generated", "9x9-beyond.sdm"))[:4]]
    page, _, _ = sudoku("explain", "-q", "--scale", "se", "--html", "-", input="\n".join(lines) + "\n")
    checked = close = 0
    for section in read_page(page).sections:
        for frame in section["frames"]:
            root = parse_svg(frame["svg"])
            links = by_class(root, "sd-link")
            if not links:
                assert "paint-order" not in frame["svg"]
                continue
            order = list(root.iter())
            first_text = min(order.index(g) for g in root if g.tag == SVG_NS + "g" and
                             g.find(SVG_NS + "text") is not None)
            for g in root:
                if g.tag == SVG_NS + "g" and g.find(SVG_NS + "text") is not None:
                    assert g.get("paint-order") == "stroke" and g.get("stroke") == "#ffffff", g.attrib
            centres = cell_centres(root)
            pencil = []
            for group in ("sd-candidate", "sd-step"):
                for t in (t for g in by_class(root, group) for t in g.iter(SVG_NS + "text")):
                    if t.get("font-size"):
                        continue  # a placed digit, large
                    x, y = centres[t.get("data-cell")]
                    d = int(t.text) - 1
                    pencil.append((f"{t.get('data-cell')}{t.text}",
                                   x + (d % 3 - 1) * 40 / 3, y + (d // 3 - 1) * 40 / 3))
            for link in links:
                assert order.index(link) < first_text
                ends = {re.sub(r"=|<>", "", link.get(k)) for k in ("data-from", "data-to")}
                points = path_points(link.get("d"))
                for name, x, y in pencil:
                    if name in ends:
                        continue
                    gap = min(((px - x) ** 2 + (py - y) ** 2) ** 0.5 for px, py in points)
                    close += gap < 2
                    checked += 1
    assert checked > 5000 and close * 2000 <= checked, (close, checked)


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
    (section,) = read_page(run.stdout.decode("utf-8")).sections
    for frame in section["frames"]:
        parse_svg(frame["svg"])
