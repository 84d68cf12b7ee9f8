"""The Sudoku functions against outside facts: published puzzles and solutions,
the 288 4x4 grids, puzzles with none, one and two solutions, variants, and bad
input reported as the command line reports it."""

import itertools
import re

import pytest

import dlx_sudoku as d
from conftest import answers

# Wikipedia's example puzzle and its published solution.
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# Two solutions: the grid 1234 3412 2143 4321 with r1c1 r1c2 r3c1 r3c2 blank, which
# take 1 2 / 2 1 or 2 1 / 1 2 (a deadly pattern).
TWO = "..34" "3412" "..43" "4321"
# No solution, though no given clashes: r1c4 can hold neither 1-3 (row) nor 4 (column).
NONE = "123." "...4" "...." "...."


def lists(line, n=9):
    return [[0 if c == "." else int(c, 36) for c in line[r * n:(r + 1) * n]] for r in range(n)]


def test_solves_a_published_puzzle():
    assert d.solve(WIKI) == WIKI_SOLUTION
    assert d.is_unique(WIKI)
    assert d.count(WIKI) == 1


def test_zeros_and_dots_are_both_blanks():
    assert d.solve(WIKI.replace(".", "0")) == WIKI_SOLUTION


def test_lists_in_lists_out():
    solution = d.solve(lists(WIKI))
    assert solution == lists(WIKI_SOLUTION)
    assert isinstance(solution[0][0], int)
    assert d.solve(tuple(tuple(row) for row in lists(WIKI))) == lists(WIKI_SOLUTION)


def test_a_grid_of_lines_comes_back_as_a_grid():
    text = "\n".join(WIKI[r * 9:(r + 1) * 9] for r in range(9))
    solved = d.solve("\n" + text + "\n")
    assert "\n" in solved
    assert d.solve(solved) == solved  # a grid reads back
    assert "".join(c for c in solved if c.isdigit()) == WIKI_SOLUTION


def test_published_sets_agree_with_their_answers():
    for name in ("kaggle-20k", "17-clue", "magictour-top1465", "forum-hardest-1106"):
        for puzzle, count, solution in answers(name, limit=100):
            assert d.solve(puzzle) == solution, (name, puzzle)
            assert d.count(puzzle) == count
            assert d.validate(solution, puzzle)


def test_every_4x4_grid():
    assert d.count("." * 16, limit=0) == 288  # OEIS A107739: 288 Shidoku grids
    assert d.count("." * 16, limit=0, threads=2) == 288


def test_every_6x6_grid_on_two_threads():
    # 28,200,960 6x6 grids (Pettersen 2005), each first row in as many: with the
    # first row fixed, 28,200,960 / 6! completions (all of them took 26 CPU-seconds).
    assert d.count("123456" + "." * 30, limit=0, threads=2) == 28200960 // 720


def test_two_solutions():
    assert d.count(TWO) == 2
    assert d.count(TWO, limit=0) == 2
    assert not d.is_unique(TWO)
    first = d.solve(TWO)
    assert d.validate(first, TWO)


def shidoku_grids():
    """Every 4x4 grid (2x2 boxes), by brute force."""
    grids = []

    def place(cells):
        i = len(cells)
        if i == 16:
            grids.append(tuple(cells))
            return
        r, c = divmod(i, 4)
        for v in range(1, 5):
            seen = [cells[j] for j in range(i)
                    if j // 4 == r or j % 4 == c or (j // 8 == r // 2 and j % 4 // 2 == c // 2)]
            if v not in seen:
                place(cells + [v])

    place([])
    return grids


def test_estimate_is_the_count_or_within_four_standard_errors():
    grids = shidoku_grids()
    puzzle = "1" + "." * 15
    count = sum(g[0] == 1 for g in grids)
    exact = d.estimate(puzzle)
    assert exact["exact"] and exact["count"] == count == 72 and exact["probes"] == 0
    probed = d.estimate(puzzle, exact_budget=0, probes=800, seed=3)
    assert not probed["exact"] and probed["count"] is None and probed["probes"] == 800
    assert abs(probed["estimate"] - count) <= 4 * probed["standard_error"]
    assert probed == d.estimate(puzzle, exact_budget=0, probes=800, seed=3)
    with pytest.raises(ValueError):
        d.estimate(puzzle, probes=0)


def test_disambiguate_leaves_one_solution_with_each_given_needed():
    puzzle = "1" + "." * 15
    unique, cells = d.disambiguate(puzzle)
    assert d.count(unique) == 1 and cells
    for r, c in cells:
        assert unique[r * 4 + c] != "." and puzzle[r * 4 + c] == "."
        less = unique[:r * 4 + c] + "." + unique[r * 4 + c + 1:]
        assert d.count(less) == 2
    symmetric, pairs = d.disambiguate(puzzle, symmetry="rot180")
    assert d.count(symmetric) == 1
    assert all((3 - r, 3 - c) in pairs or puzzle[(3 - r) * 4 + 3 - c] != "." for r, c in pairs)
    assert d.disambiguate(WIKI) == (WIKI, [])
    with pytest.raises(ValueError):
        d.disambiguate(NONE)
    with pytest.raises(ValueError):
        d.disambiguate(puzzle, symmetry="spiral")


def test_check_layout_fills_or_names_the_part_that_cannot_be():
    fine = d.check_layout("5.......5" + "." * 72)  # the givens are left out
    assert fine["status"] == "multiple" and fine["part"] == []
    assert d.validate(fine["filling"]).valid
    clash = d.check_layout("5.......5" + "." * 72, givens=True)
    assert clash["status"] == "none" and clash["filling"] is None and clash["minimal"]
    assert [(p["kind"], p["name"]) for p in clash["part"]] == [
        ("unit", "row 1"), ("given", "the given 5 in r1c1"), ("given", "the given 5 in r1c9")]
    assert clash["part"][2]["cells"] == [(0, 8)]
    assert len(clash["part"][0]["cells"]) == 9
    cages = d.check_layout(".Shape~4x4.Cage~3~R1C1~R1C2.Cage~3~R1C3~R1C4", variant="iss")
    assert [p["name"] for p in cages["part"]] == [
        "row 1", "cage r1c1 r1c2 (sum 3)", "cage r1c3 r1c4 (sum 3)"]
    grid = [[0] * 4 for _ in range(4)]
    assert len(d.check_layout(grid)["filling"]) == 4  # lists in, lists out


def test_render_draws_possibilities_as_pencil_marks():
    plain = d.render(TWO_SOLUTIONS)
    marked = d.render(TWO_SOLUTIONS, possibilities=True)
    # A mark for each value each empty cell holds over the two solutions.
    values = d.possibilities(TWO_SOLUTIONS)
    marks = sum(len(values[k // 9][k % 9]) for k, ch in enumerate(TWO_SOLUTIONS) if ch == ".")
    assert marks > TWO_SOLUTIONS.count(".")  # some cells hold two values
    assert marked.count("<text") - plain.count("<text") == marks
    with pytest.raises(ValueError, match="one at a time"):
        d.render(TWO_SOLUTIONS, possibilities=True, candidates=True)
    with pytest.raises(ValueError, match="no solution"):
        d.render("12345678." + "." * 8 + "9" + "." * 63, possibilities=True)


def test_render_draws_where_two_solutions_differ():
    shaded = re.findall(r'class="sd-pattern-cell" data-cell="(r\d+c\d+)"',
                        d.render(TWO_SOLUTIONS, differences=True))
    differ = [f"r{r + 1}c{c + 1}" for r, c in d.two_solutions(TWO_SOLUTIONS)[2]]
    assert shaded == differ and differ
    assert d.render(WIKI, differences=True) == d.render(WIKI, solution=True)
    with pytest.raises(ValueError, match="no solution"):
        d.render("12345678." + "." * 8 + "9" + "." * 63, differences=True)


def test_possibilities_are_what_every_solution_holds():
    grids = shidoku_grids()
    assert len(grids) == 288
    puzzle = "1......2" + "." * 8
    solutions = [g for g in grids if all(ch == "." or int(ch) == g[i] for i, ch in enumerate(puzzle))]
    assert len(solutions) > 2
    for k in range(1, len(solutions) + 2):
        expected = [[sorted({s[r * 4 + c] for s in solutions
                             if sum(t[r * 4 + c] == s[r * 4 + c] for t in solutions) >= k})
                     for c in range(4)] for r in range(4)]
        assert d.possibilities(puzzle, k) == expected, k
    assert d.possibilities(NONE) is None
    assert d.possibilities(WIKI) == [[[int(ch)] for ch in row] for row in
                                     (d.solve(WIKI)[i:i + 9] for i in range(0, 81, 9))]
    with pytest.raises(d.BudgetExhausted):
        d.possibilities("." * 81, budget=50)
    with pytest.raises(ValueError, match="threshold"):
        d.possibilities(puzzle, 0)


def test_no_solution_is_none():
    assert d.solve(NONE) is None
    assert d.count(NONE) == 0
    assert not d.is_unique(NONE)
    assert d.rate(NONE).level == "none"
    assert d.solve(lists(NONE, 4)) is None


def test_count_stops_at_the_limit():
    assert d.count("." * 81, limit=5) == 5


@pytest.mark.parametrize(
    "puzzle, message",
    [
        (WIKI[:-1], "column 81: 80 cells is not a Sudoku size"),
        (WIKI[:10] + "x" + WIKI[11:], "column 11:"),
        ("55" + WIKI[2:], "column 2: clashing givens: r1c2 repeats 5 of r1c1 (same row)"),
        ("", "column 1: 0 cells is not a Sudoku size"),
    ],
)
def test_bad_input_says_where_and_what(puzzle, message):
    with pytest.raises(ValueError) as e:
        d.solve(puzzle)
    assert message in str(e.value)


def test_rows_apart_on_one_line_are_one_puzzle():
    # A grid pasted onto one line, its rows apart (issue 61): read as the
    # command reads it, and a clash located in the line as written.
    rows = " ".join(WIKI[r * 9:r * 9 + 9] for r in range(9))
    assert d.solve(rows) == d.solve(WIKI)
    clash = rows[:70] + "5" + rows[71:]  # r8c1 = 5, as r1c1
    with pytest.raises(ValueError, match=r"column 71: clashing givens: r8c1 repeats 5 of r1c1"):
        d.solve(clash)


def test_bad_lists_say_the_row_and_column():
    bad = lists(WIKI)
    bad[2][3] = 12
    with pytest.raises(ValueError, match=r"row 3, column 4: expected a digit 0 to 9"):
        d.solve(bad)
    clash = lists(WIKI)
    clash[0][2] = 5
    with pytest.raises(ValueError, match=r"row 1, column 3: clashing givens"):
        d.solve(clash)
    with pytest.raises(ValueError, match=r"row 2: expected 9 values, got 8"):
        d.solve([lists(WIKI)[0], lists(WIKI)[1][:8]] + lists(WIKI)[2:])
    with pytest.raises(TypeError):
        d.solve(81)


def test_bad_arguments():
    with pytest.raises(ValueError, match="variant"):
        d.solve(WIKI, variant="hexagonal")
    with pytest.raises(ValueError, match="box"):
        d.solve(WIKI, box="3y3")


def test_budget_is_an_explicit_unknown():
    with pytest.raises(d.BudgetExhausted) as e:
        d.count("." * 81, limit=0, budget=100)
    assert e.value.nodes >= 100
    assert isinstance(e.value, RuntimeError)


def test_validate():
    assert d.validate(WIKI_SOLUTION)
    v = d.validate(WIKI_SOLUTION[:-1] + ".")
    assert not v and v.status == "incomplete" and v.cell == (8, 8)
    assert "r9c9" in v.reason
    assert d.validate("1234341221434321")
    bad = d.validate("1234341221434312")  # r4c3's 1 repeats r2c3's
    assert not bad and bad.status == "clash" and bad.cell == (3, 2)
    assert bad.reason == "r4c3 repeats 1 of r2c3 (same column)"
    assert d.validate(WIKI, partial=True)
    changed = WIKI_SOLUTION.replace("534", "354", 1)
    assert not d.validate(changed, WIKI)
    assert d.validate(WIKI_SOLUTION, WIKI)
    assert d.validate(lists(WIKI_SOLUTION))


def test_sizes_beyond_9x9():
    sixteen = d.generate(1, size=16, seed=3, threads=1)[0]
    assert len(sixteen) == 256 and d.is_unique(sixteen)
    solution = d.solve(sixteen)
    assert d.validate(solution, sixteen)
    twelve = d.generate(1, box="2x6", seed=2, threads=1)[0]
    assert d.is_unique(twelve, box="2x6")


def test_rate_and_explain():
    r = d.rate(WIKI)
    assert (r.level, r.hardest, r.nodes) == ("easy", "naked-single", None)
    assert r.steps == 81 - 30
    e = d.explain(WIKI)
    assert e.outcome == "solved" and e.solution == WIKI_SOLUTION
    assert len(e.steps) == r.steps
    first = e.steps[0]
    assert first.technique in ("naked-single", "hidden-single")
    (row, col, digit), = first.placements
    assert WIKI_SOLUTION[row * 9 + col] == str(digit)
    assert first.solved == 31 and first.unsolved == 50
    assert str(first).startswith(first.technique.replace("-", " "))
    assert "result: solved by logic: easy" in str(e)


def test_se_rating():
    # magictour top1465 #4: SE 1.2.1 (gsf's serate) rates it 3.4/1.2/1.2.
    top4 = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."
    r = d.se_rating(top4, trace=True)
    assert (str(r), r.outcome, r.er, r.ep, r.ed) == ("3.4/1.2/1.2", "rated", 3.4, 1.2, 1.2)
    assert max(s.rating for s in r.steps) == r.er
    assert r.steps[0].technique == "Hidden Single" and r.steps[0].placements
    assert any(s.technique == "Hidden Pair" for s in r.steps)
    assert d.se_rating(lists(WIKI)).er == 1.2 and d.se_rating(WIKI).steps == []
    with pytest.raises(d.BudgetExhausted):  # ER 7.1, some 35,000 potentials
        d.se_rating("..1..7..3..83..79.9......5....5..97...9.8....8....6.1.2..........672.....73..1.2.",
                    budget=10_000)


# wiki without r3c3's 8: two solutions
TWO_SOLUTIONS = "53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_a_puzzle_that_is_not_unique_is_not_rated_explained_or_drawn_solved():
    # A rating or an explanation of a puzzle that is not unique is a wrong answer.
    assert d.rate(TWO_SOLUTIONS).level == "multiple"
    assert d.rate("." * 72 + "123456789").level == "multiple"
    r = d.se_rating("." * 72 + "123456789", trace=True)  # SE's chains: four minutes, once
    assert (r.outcome, str(r), r.steps) == ("multiple", "multiple", [])
    e = d.explain(TWO_SOLUTIONS, search=True)
    assert (e.outcome, e.level, e.steps, e.solution) == ("multiple", "multiple", [], None)
    assert "<svg" in e.svg()  # the givens
    none = "12345678." + "." * 8 + "9" + "." * 63
    assert d.rate(none).level == "none" and d.explain(none).outcome == "none"
    assert d.se_rating(none).outcome == "none"
    with pytest.raises(ValueError, match="more than one solution"):
        d.render(TWO_SOLUTIONS, solution=True)
    with pytest.raises(ValueError, match="no solution"):
        d.render(none, solution=True)
    assert "<svg" in d.render(TWO_SOLUTIONS)  # the givens alone are drawn


def test_se_rating_reports_progress_and_a_callback_can_stop_it():
    # Golden Nugget: some 2*10^8 chain potentials; a budget stops it early.
    golden = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
    seen = []
    with pytest.raises(d.BudgetExhausted):
        d.se_rating(golden, budget=2_000_000, progress=seen.append)
    assert len(seen) >= 7  # before the first step, then every 2^18 potentials
    assert seen[0] == {"steps": 0, "filled": 21, "hardest": 0.0, "work": 0, "searching": ""}
    assert all(a["work"] <= b["work"] for a, b in zip(seen, seen[1:]))
    assert seen[-1]["searching"].startswith("dynamic forcing chains")

    class Enough(Exception):
        pass

    def stop(p):
        if p["work"] > 500_000:
            raise Enough()

    with pytest.raises(Enough):
        d.se_rating(golden, progress=stop)


def test_se_rating_on_threads_takes_the_same_path():
    # magictour top1465 #46: 9.2/2.0/2.0, chains up to dynamic forcing chains (+).
    top46 = "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........"
    one = d.se_rating(top46, trace=True)
    two = d.se_rating(top46, trace=True, threads=2)
    assert str(one) == str(two) == "9.2/2.0/2.0" and one.work == two.work
    assert [str(s) for s in one.steps] == [str(s) for s in two.steps]
    golden = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
    with pytest.raises(d.BudgetExhausted) as out:
        d.se_rating(golden, budget=300_000, threads=2)
    assert out.value.nodes == 300_001  # the potential past the budget, as on one thread


def test_a_hard_puzzle_needs_search():
    # "Platinum Blonde", from the players' forum: beyond singles, subsets and fish.
    puzzle = ".......12........3..23..4....1....5...6...7.8..7.4.....9...6...8.5..1..2......"
    hard = next((p for p, _, _ in answers("forum-hardest-1106", limit=5)), puzzle)
    r = d.rate(hard)
    assert r.level == "beyond" and r.nodes and r.nodes > 0
    e = d.explain(hard, search=True)
    assert e.outcome == "stuck" and d.validate(e.solution, hard)
    assert d.explain(hard).solution is None


def test_generate_makes_unique_puzzles_with_the_asked_symmetry():
    puzzles = d.generate(5, symmetry="rot180", seed=11)
    assert puzzles == d.generate(5, symmetry="rot180", seed=11, threads=1)
    for p in puzzles:
        assert d.is_unique(p)
        assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))
    easy = d.generate(2, difficulty="easy", seed=5)
    assert all(d.rate(p).level == "easy" for p in easy)
    with pytest.raises(ValueError, match="symmetry"):
        d.generate(1, symmetry="spiral")


def test_generate_without_a_seed_draws_one_and_names_it():
    """As the command does: a fresh seed each call, and .seed makes the puzzles again."""
    first, second = d.generate(2), d.generate(2)
    assert isinstance(first, d.Puzzles) and isinstance(first, list)
    assert 0 <= first.seed < 2**32 and first.seed != second.seed
    assert first == d.generate(2, seed=first.seed) and first != second
    assert d.generate(1, seed=7).seed == 7


def test_minimize_keeps_the_solution_and_is_minimal():
    minimal = d.minimize(WIKI)
    assert d.solve(minimal) == WIKI_SOLUTION and d.is_unique(minimal)
    for i, c in enumerate(minimal):
        if c != ".":
            assert d.count(minimal[:i] + "." + minimal[i + 1:]) == 2
    with pytest.raises(ValueError, match="several solutions"):
        d.minimize(TWO)


def test_pretty():
    assert d.pretty("1234341221434321").splitlines() == [
        "1 2 | 3 4", "3 4 | 1 2", "----+----", "2 1 | 4 3", "4 3 | 2 1"]


# ---- Variants: the same line formats as the command line's --variant.

def test_sudoku_x():
    # Both main diagonals hold 1-9: the plain solution of an X puzzle must too.
    puzzle = d.generate(1, variant="x", seed=4)[0]
    solution = d.solve(puzzle, variant="x")
    assert d.validate(solution, puzzle, variant="x")
    assert set(solution[i * 10] for i in range(9)) == set("123456789")
    assert set(solution[8 + i * 8] for i in range(9)) == set("123456789")


def test_jigsaw_with_regions_as_lists():
    regions = [[(r // 3) * 3 + c // 3 for c in range(9)] for r in range(9)]  # the boxes
    assert d.solve(lists(WIKI), variant="jigsaw", regions=regions) == lists(WIKI_SOLUTION)
    layout = "".join(str(v) for row in regions for v in row)
    assert d.solve(WIKI + layout, variant="jigsaw") == WIKI_SOLUTION


def test_samurai_as_lists_keeps_positions_outside_at_zero():
    board = [[0] * 21 for _ in range(21)]
    with pytest.raises(ValueError, match="samurai board is 21 lists"):
        d.solve(board[:9], variant="samurai")
    solution = d.solve(board, variant="samurai")
    assert len(solution) == 21 and solution[0][10] == 0 and solution[0][0] != 0
    assert d.validate(solution, board, variant="samurai")
    board[0][10] = 3
    with pytest.raises(ValueError, match="row 1, column 11: outside the five grids"):
        d.solve(board, variant="samurai")


def test_killer_takes_its_cage_line():
    # SudoCue's form: 81 numbers sum*256 + cage id. A cage per row of 9 cells (sum 45)
    # leaves plain Sudoku: the count is that of the givens.
    cages = ":".join(str(45 * 256 + r) for r in range(9) for _ in range(9))
    line = "3x3::k:" + cages + " " + WIKI
    assert d.solve(line, variant="killer") == WIKI_SOLUTION
    with pytest.raises(ValueError, match="killer puzzle comes as a str"):
        d.solve(lists(WIKI), variant="killer")


def test_reference_count_by_pure_python():
    """Counts the completions of a 4x4 puzzle with a few lines of plain Python."""
    def units(i):
        r, c = divmod(i, 4)
        return [j for j in range(16) if j // 4 == r or j % 4 == c
                or (j // 8 == r // 2 and j % 4 // 2 == c // 2)]

    def completions(cells):
        if 0 not in cells:
            return 1
        i = cells.index(0)
        taken = {cells[j] for j in units(i)}
        return sum(completions(cells[:i] + [v] + cells[i + 1:])
                   for v in range(1, 5) if v not in taken)

    for puzzle in ["." * 16, "1..." * 1 + "." * 12, TWO, NONE, "12.." "34.." "...." "...."]:
        cells = [0 if c == "." else int(c) for c in puzzle]
        assert d.count(puzzle, limit=0) == completions(cells), puzzle


# ISS's published "Thermo" example (data/example_puzzles.js) and its solution.
ISS_THERMO = (".~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9"
              ".Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6"
              ".Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4")
ISS_THERMO_SOLUTION = ("847632519295471386631598247129743865486259173"
                       "753816924368924751974185632512367498")


def test_iss_constraint_strings():
    assert d.solve(ISS_THERMO, variant="iss") == ISS_THERMO_SOLUTION
    assert d.count(ISS_THERMO, variant="iss") == 1
    assert d.validate(ISS_THERMO_SOLUTION, ISS_THERMO, variant="iss").valid
    # A valid grid, but r1c1 (8) is not below r1c2 (4): a broken thermometer.
    verdict = d.validate(ISS_THERMO_SOLUTION, ".Thermo~R1C1~R1C2", variant="iss")
    assert not verdict.valid and verdict.status == "broken_clue", verdict
    # Logic reasons with the clues: the first step is the thermometers' own,
    # and no step removes a digit of the published solution.
    steps = d.explain(ISS_THERMO, variant="iss").steps
    assert (steps[0].technique, steps[0].where) == ("clue", "the thermometer at r4c1")
    for s in steps:
        for r, c, digit in s.eliminations:
            assert ISS_THERMO_SOLUTION[9 * r + c] != str(digit), s
    with pytest.raises(ValueError, match="column 2: unknown constraint type 'Foo'"):
        d.solve(".Foo~R1C1", variant="iss")
    with pytest.raises(ValueError, match="combines with no other variant"):
        d.solve(ISS_THERMO, variant="iss,x")


def test_iss_outside_clues_of_skyscrapers_and_numbered_rooms():
    # Counts on the empty 4x4 board, as a brute force over its 288 grids
    # gives them (docs/iss-format.md).
    assert d.count(".Shape~4x4.Skyscraper~R1~3~", variant="iss", limit=0) == 72
    assert d.count(".Shape~4x4.HiddenSkyscraper~C1~~3", variant="iss", limit=0) == 60
    assert d.count(".Shape~4x4.NumberedRoom~R1~4~4", variant="iss", limit=0) == 24
    # Seen from the left of row 1 of 1234, four skyscrapers, not three.
    grid = "1234341221434321"
    verdict = d.validate(grid, ".Shape~4x4.Skyscraper~R1~3~", variant="iss")
    assert not verdict.valid and verdict.status == "broken_clue", verdict
    assert d.validate(grid, ".Shape~4x4.Skyscraper~R1~4~1", variant="iss").valid
    with pytest.raises(ValueError, match="Skyscraper's clue must be 1-4"):
        d.count(".Shape~4x4.Skyscraper~R1~5~", variant="iss")


def test_iss_sets_of_cells_indexing_and_global_rules():
    # Counts on the empty 4x4 board, as ISS counts them (docs/iss-format.md).
    assert d.count(".Shape~4x4.RellikCage~8~R1C1~R2C2~R3C3", variant="iss", limit=0) == 108
    assert d.count(".Shape~4x4.CountDistinct~R1C1~R2C2~R3C3~R4C4~R2C3",
                   variant="iss", limit=0) == 72
    assert d.count(".Shape~4x4.Indexing~C~R1C1~R2C3", variant="iss", limit=0) == 76
    assert d.count(".Shape~4x4.EqualSum~R1C1~R2C2~-~R3C3~R4C4", limit=0) == 64
    # Circles holding 1, 2, 1 break the rule (two 1s); 2, 2, 1 keep it.
    circles = ".Shape~4x4.CountingCircles~R1C1~R1C2~R2C3"
    assert d.validate("1234341221434321", circles, variant="iss").valid is False
    assert d.validate("1234341221434321", ".Shape~4x4.CountingCircles~R1C2~R2C4~R1C1",
                      variant="iss").valid
    with pytest.raises(ValueError, match="GlobalMod needs digits 1-9"):
        d.count(".Shape~6x6.GlobalMod", variant="iss")
    # A pairwise table (SpE on 4x4: neighbours differ by 1), and a cage that
    # names a cell twice, which counts twice.
    assert d.count(".Shape~4x4.Pair~SpE~R1C1~R2C1~R3C1", variant="iss", limit=0) == 48
    assert d.count(".Shape~4x4.Cage~9~R1C1~R1C2~R1C2.~R1C1_1", variant="iss", limit=0) == 24


def fpuzzles_links():
    """The public f-puzzles and SudokuPad links with published solutions (tests/sudoku)."""
    from conftest import SOURCE
    rows = []
    with open(SOURCE / "tests" / "sudoku" / "fpuzzles_links.tsv", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, _, link, expect, answer = line.rstrip("\n").split("\t")
            rows.append((name, link, expect, answer))
    return rows


def test_fpuzzles_links_are_solved_and_converted():
    links = [r for r in fpuzzles_links() if r[2] == "unique"]
    assert len(links) >= 45
    for name, link, _, solution in links[:12]:
        # Read with the default variant (a link is its own format) and with variant='fpuzzles'.
        assert d.solve(link) == solution, name
        assert d.is_unique(link, variant="fpuzzles"), name
        # Written as ISS's string and as an f-puzzles link, each has the same solution.
        assert d.solve(d.convert(link), variant="iss") == solution, name
        assert d.solve(d.convert(link, to="fpuzzles")) == solution, name
        assert d.convert(link, to="fpuzzles-json").startswith('{"size":'), name
    refused = [r for r in fpuzzles_links() if r[2] == "refused"]
    for name, link, _, says in refused:
        with pytest.raises(ValueError, match=re.escape(says)):
            d.solve(link)
    with pytest.raises(ValueError, match="column 29: the f-puzzles data is not lz-string's base64"):
        d.solve("https://f-puzzles.com/?load=N4Ig!!")
    with pytest.raises(ValueError, match="to='fpuzzles': f-puzzles has no sum line"):
        d.convert(".Shape~4x4.SumLine~5~R1C1~R1C2", variant="iss", to="fpuzzles")
    with pytest.raises(ValueError, match="to: expected"):
        d.convert("1.34" * 4, to="xml")


def test_convert_edits_givens_first():
    # (After a rule this thread's workspace held: the plain line has none of it.)
    d.count(".Shape~4x4.SumLine~5~R1C1~R1C2", variant="iss")
    assert d.count("....2...........", limit=0) == 72
    assert d.convert("1.34.4.2..4.4..1", to="line", set=["r1c2=2", "r1c1=."]) == ".234.4.2..4.4..1"
    edited = d.convert(".Shape~4x4.Thermo~R1C1~R1C2~R1C3", set=["r1c2=2"], variant="iss")
    assert "Thermo~R1C1~R1C2~R1C3" in edited and "R1C2_2" in edited
    assert d.solve(edited, variant="iss").startswith("12")  # the thermometer kept
    with pytest.raises(ValueError, match="set: 'r5c1=1': no cell 'r5c1'"):
        d.convert("1.34.4.2..4.4..1", set=["r5c1=1"])
    with pytest.raises(ValueError, match="the value must be 1 to 4"):
        d.convert("1.34.4.2..4.4..1", set=["r1c1=5"])


def test_iss_share_links_are_read_as_the_string_they_carry():
    link = ("https://sigh.github.io/Interactive-Sudoku-Solver/?q="
            + ISS_THERMO.replace("~", "%7E") + "&mode=all-possibilities")
    assert d.solve(link, variant="iss") == ISS_THERMO_SOLUTION
    assert d.count(link, variant="iss") == 1
    with pytest.raises(ValueError, match=r"column 1: the link has no q= parameter"):
        d.solve("https://sigh.github.io/Interactive-Sudoku-Solver/?mode=x", variant="iss")
    bad = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7GR1C1"
    with pytest.raises(ValueError, match=f"column {bad.index('%7G') + 1}: '%7G' is not a %-escape"):
        d.solve(bad, variant="iss")


# ISS's "Pencilmark sudoku 2" (data/collections.js), in ISS's pencil-mark grid
# format: each cell's candidates, nine characters a cell, and its published
# solution.
ISS_PENCIL_MARKS = (
    "123456789.2345678...3456...123456..912345.7.9123456.89123456.89123456789123456.89"
    ".234..78..2345678...34.678.123456789123456789123456.89123456789.234.678..2345678."
    ".2345678...345678..23456789123456..91234567.9123456.8912345678912.4.6789123456789"
    "1234567891234567891.34.6..91234.6...1234.678.1234.6.8.12345678912.4.....12345678."
    "1.3456789..34567891.3456789123456789123456789123456789123456789123456789123456789"
    "1.3456789..345678.1.345678912345678912345678912345678912.456789123456789123456789"
    "123456789.234567891234567891234567.9123456789123456.89123456789123456789123456789"
    "123456789.2.456789..3456789123456789.23456789123456789123456789123456789.23456789"
    "123456789.234567891.3456789123456789123456789123456.891234567891234.678.123456789")
ISS_PENCIL_MARKS_SOLUTION = ("124356879356789124789412563213678945697541382"
                             "548293617832964751465137298971825436")


def test_iss_grid_formats():
    assert len(ISS_PENCIL_MARKS) == 729
    assert d.solve(ISS_PENCIL_MARKS, variant="iss") == ISS_PENCIL_MARKS_SOLUTION
    assert d.count(ISS_PENCIL_MARKS, variant="iss") == 1
    with pytest.raises(ValueError, match="column 1: the arrows from r1c1 go round in a circle"):
        d.solve("><" + "S" * 79, variant="iss")


def test_iss_boards_values_from_zero_and_automata():
    # The library's boards and rules, through the module as through the command
    # (docs/iss-format.md's examples).
    assert d.solve(".Shape~4x4~0-3.Cage~1~R1C1~R1C2.~R2C1_2") == "0123230110323210"
    assert d.count(".Shape~4x6.~R1C1_1~R1C2_2~R1C3_3~R2C1_4~R2C2_5~R2C3_6.~R3C1_2~R4C2_1", limit=0) == 576
    assert d.count(".Shape~3x4~0-4.~R1C1_0~R2C2_1~R3C3_2", limit=0) == 836
    assert d.count(".Shape~4x4.NFA~CMwcCqfGqfFPh4A~_rising~R1C1~R1C2~R1C3", limit=0) == 48
    assert d.count(".Shape~4x4.Regex~W14xXS4q~R1C1~R1C2~R1C3~R1C4", limit=0) == 216
    assert (d.convert(".Shape~4x4.LookAndSay~2103~R1C1~R2C2~R3C3~R4C4")
            == ".Shape~4x4.~R1C1_1_2_4~R2C2_1_2_4~R3C3_1_2_4~R4C4_1_2_4.ContainExact~1_1~R1C1~R2C2~R3C3~R4C4")
    with pytest.raises(ValueError, match=r"column 12: the value range 0-16 is not supported"):
        d.solve(".Shape~9x9~0-16")


def test_iss_composites():
    # An Or counts a grid two parts allow once (docs/iss-format.md's examples).
    assert d.count(".Shape~4x4.Or.~R1C1_1.~R2C2_1.End", limit=0) == 144
    assert d.count(".Shape~4x4.Or.And.~R1C1_1.~R1C2_2.End.Skyscraper~R1~4~.End", limit=0) == 24
    assert d.convert(".Shape~4x4.And.~R1C1_1.Thermo~R1C1~R1C2.End") == ".Shape~4x4.~R1C1_1.Thermo~R1C1~R1C2"
    with pytest.raises(ValueError, match=r"column 2: Or has no End"):
        d.count(".Or.~R1C1_1")
    # Every row of a 3x4 board of five values holds the same four.
    assert d.count(".Shape~3x4~5.RegionSameValues", limit=0) == 2880
    # A grid of no units (ISS's Raw): 4 values in 9 free cells.
    assert d.count(".Shape~3x3~4~Raw", limit=0) == 262144


def test_iss_variables():
    # Cells beside the board (ISS's Var): counted with their digits, never in
    # the solution, which is the board (docs/iss-format.md's examples).
    assert d.count(".Shape~4x4.Var~A~~1", limit=0) == 1152
    assert d.count(".Shape~4x4.Var~A~~1.Arrow~VA~R1C1~R1C2", limit=0) == 96
    solution = d.solve(".Shape~4x4.Var~A~~1.Arrow~VA~R1C1~R1C2.~VA_4.~R1C1_1")
    assert len(solution) == 16 and solution[:2] == "13"
    assert d.convert(".Shape~4x4.Var~A~~2.Thermo~VA1~VA2") == ".Shape~4x4.Var~A~~2.Thermo~VA1~VA2"
    with pytest.raises(ValueError, match=r"column 18: VB is no variable's cell"):
        d.count(".Var~A~~2.Thermo~VB~R1C1")
    # Only ISS's strings carry them: a line is one, and f-puzzles has none.
    assert d.convert(".Var~A", to="line") == ".Var~A"
    with pytest.raises(ValueError, match="f-puzzles has no cells beside the board"):
        d.convert(".Var~A.Thermo~VA~R1C1", to="fpuzzles")


def test_iss_full_rank():
    # Rows and columns ranked as numbers read both ways (docs/iss-format.md's
    # examples); ISS counts the same.
    assert d.count(".Shape~4x4.FullRank~R1~1~", limit=0) == 9
    assert d.count(".Shape~4x4.FullRank~R1~2~.FullRank~C2~~3", limit=0) == 1
    assert d.count(".Shape~4x4.FullRank~R1~2~.FullRank~C2~~3.FullRankTies~any", limit=0) == 4
    assert d.count(".Shape~4x4.FullRankTies~none", limit=0) == 96
    puzzle = ".Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRankTies~any"
    assert d.solve(puzzle) == "3421124341322314"
    assert d.validate("3421124341322314", puzzle, variant="iss")
    assert not d.validate("4321123434122143", puzzle, variant="iss")
    with pytest.raises(ValueError, match="FullRank's rank must be 1-36"):
        d.count(".FullRank~R1~37~")


def test_iss_chaos_construction():
    # Regions that are part of the answer (docs/iss-format.md's examples); ISS
    # counts the same.
    assert d.count(".Shape~4x4.ChaosConstruction.NoBoxes", limit=0) == 13872
    puzzle = ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosCount~R1C1~1~CC1~CC2~CC6"
    assert d.count(puzzle, limit=0) == 2490
    assert d.validate("1234241331424321", puzzle, variant="iss")
    assert not d.validate("4321124334122134", puzzle, variant="iss")
    with pytest.raises(ValueError, match="ChaosArrow needs ChaosConstruction"):
        d.count(".ChaosArrow~R1C1")


def test_iss_connected_values():
    # The cells holding some values one part (docs/iss-format.md); ISS counts
    # the same. SearchPriority is no rule.
    assert d.count(".Shape~4x4.Var~A~~2x2.ConnectedValues~VA~1_2~3", limit=0) == 18432
    assert d.count(".Shape~4x4.SearchPriority~3~R1C1~R2C2", limit=0) == 288
    assert d.convert(".Shape~4x4.ConnectedValues~~1_2~4") == ".Shape~4x4.ConnectedValues~~1_2~4"

