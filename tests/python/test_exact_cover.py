"""ExactCover against published counts (OEIS, Knuth's dlx1/dlx2/dlx3 figures) and a
brute force written here in plain Python; the lazy iterator, budgets, preselection."""

import itertools
import random

import pytest

import dlx_sudoku as d
from conftest import shared_file

# OEIS A000170: the number of ways to place n non-attacking queens.
QUEENS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}


def queens(n):
    """Rows and columns primary, diagonals secondary: any hashable names."""
    options = [[("row", r), ("col", c), ("diag", r + c), ("anti", r - c)]
               for r in range(n) for c in range(n)]
    primary = [("row", r) for r in range(n)] + [("col", c) for c in range(n)]
    return d.ExactCover(options, primary=primary)


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_counts_match_oeis(n):
    ec = queens(n)
    assert ec.count() == QUEENS[n]
    assert ec.stats.complete and ec.stats.solutions == QUEENS[n]
    for solution in ec.solutions(limit=3):
        cells = [divmod(o, n) for o in solution]
        assert sorted(r for r, _ in cells) == list(range(n))
        assert len({r + c for r, c in cells}) == n and len({r - c for r, c in cells}) == n


def test_queens_on_threads():
    assert queens(10).count(threads=2) == 724


# Pentominoes on a 6x10 board: 2339 tilings up to symmetry, 9356 in all (4 each).
PENTOMINOES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)], "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)], "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)], "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)], "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)], "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


def pentomino_options(rows, cols):
    options = []
    for name, cells in PENTOMINOES.items():
        shapes = set()
        for flip, turns in itertools.product((1, -1), range(4)):
            shape = [(r, c * flip) for r, c in cells]
            for _ in range(turns):
                shape = [(c, -r) for r, c in shape]
            r0, c0 = min(r for r, _ in shape), min(c for _, c in shape)
            shapes.add(tuple(sorted((r - r0, c - c0) for r, c in shape)))
        for shape in sorted(shapes):
            for dr, dc in itertools.product(range(rows), range(cols)):
                placed = [(r + dr, c + dc) for r, c in shape]
                if all(r < rows and c < cols for r, c in placed):
                    options.append([name] + placed)
    return options


def test_pentominoes_6x10():
    ec = d.ExactCover(pentomino_options(6, 10))
    assert len(ec.primary) == 12 + 60
    assert ec.count() == 9356


def test_reference_inputs_give_knuths_figures():
    """Knuth's dlx1, dlx2 and dlx3 on the shared inputs (dlx-reference/README.md)."""
    figures = {  # file: (solutions, nodes, updates, cleansings)
        "queens-8.dlx": (92, 1199, 21375, 0),
        "langford-7.dlx": (52, 607, 8339, 0),
        "xcc-toy.dlx": (1, 4, 20, 3),
        "xcc-ref-00.dlx": (77, 212, 1736, 159),
        "xcc-ref-04.dlx": (1879, 2554, 8508, 1716),
        "mcc-ref-00.dlx": (3999, 6295, 6648, 0),
        "mcc-ref-02.dlx": (437, 1020, 5514, 0),
    }
    for name, (solutions, nodes, updates, cleansings) in figures.items():
        ec = d.ExactCover.from_dlx(shared_file("dlx-reference", name).read_text(), name)
        assert ec.count() == solutions, name
        s = ec.stats
        assert (s.nodes, s.updates, s.cleansings) == (nodes, updates, cleansings), name


def test_colors_like_xcover():
    # TAOCP 7.2.2.1's toy XCC problem: one solution, "q x:A" and "p r x:A y".
    options = [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"],
               ["r", "y:B"]]
    ec = d.ExactCover(options, primary=["p", "q", "r"], secondary=["x", "y"])
    assert list(ec.solutions()) == [[3, 1]]
    assert ec.options[1] == ["p", "r", "x:A", "y"]
    # Items ever given a color are secondary when neither list is given.
    inferred = d.ExactCover(options)
    assert inferred.primary == ["p", "q", "r"] and inferred.secondary == ["x", "y"]
    assert inferred.count() == 1
    with pytest.raises(ValueError, match="gives primary item 'p' a color"):
        d.ExactCover([["p:A"]], primary=["p"])


def test_multiplicities():
    # Cover a twice and b once from {a}, {a b}, {a}: pairs of options with two a's.
    ec = d.ExactCover([["a"], ["a", "b"], ["a"]], primary={"a": 2, "b": 1})
    assert sorted(sorted(s) for s in ec.solutions()) == [[0, 1], [1, 2]]
    loose = d.ExactCover([["a"], ["a", "b"], ["a"]], primary={"a": (0, 3), "b": (0, 1)})
    assert loose.count() == 8  # any subset of the three options
    with pytest.raises(ValueError, match="lower <= upper"):
        d.ExactCover([["a"]], primary={"a": (2, 1)})


def brute_force(options, primary, secondary):
    """Exact covers by trying every subset of options: the definition, in plain Python.
    An option of secondary items only is never chosen (as in Knuth's DLX1): the search
    branches on primary items, so it would count each cover once per such subset."""
    options = [o for o in options if any(i in primary for i in o)]
    found = 0
    for k in range(len(options) + 1):
        for chosen in itertools.combinations(options, k):
            covered = [item for option in chosen for item in option]
            if (all(covered.count(i) == 1 for i in primary)
                    and all(covered.count(i) <= 1 for i in secondary)):
                found += 1
    return found


def test_random_problems_match_the_brute_force():
    rng = random.Random(2026)
    for _ in range(200):
        primary = list(range(rng.randint(1, 5)))
        secondary = ["s%d" % i for i in range(rng.randint(0, 2))]
        items = primary + secondary
        options = []
        for _ in range(rng.randint(1, 10)):
            option = rng.sample(items, rng.randint(1, len(items)))
            options.append(option)
        ec = d.ExactCover(options, primary=primary, secondary=secondary)
        expected = brute_force(options, primary, secondary)
        assert ec.count() == expected, options
        for propagation in ("forced", "pairs", "groups"):
            assert ec.count(propagation=propagation) == expected, (propagation, options)
            assert len(list(ec.solutions(propagation=propagation))) == expected


def sudoku_matrix(box_rows, box_columns):
    """The plain Sudoku matrix: a cell, a row and digit, a column and digit, a box
    and digit; options (row, column, digit) in reading order."""
    n = box_rows * box_columns
    options = []
    for r in range(n):
        for c in range(n):
            b = (r // box_rows) * box_rows + c // box_columns
            for v in range(n):
                options.append([("p", r, c), ("r", r, v), ("c", c, v), ("b", b, v)])
    return d.ExactCover(options)


def test_structure_search_counts_sudoku_grids():
    # 288 4x4 grids (OEIS A107739); 6x6 grids with 2x3 boxes, 28,200,960 (Pettersen 2005):
    # with the first row fixed, 28,200,960 / 6! completions.
    four = sudoku_matrix(2, 2)
    assert four.count(propagation="groups") == 288
    stats = four.stats
    assert stats.complete and stats.guesses == stats.branches > 0
    six = sudoku_matrix(2, 3)
    first_row = [c * 6 + c for c in range(6)]  # row 0, column c, digit c
    assert six.count(propagation="groups", preselect=first_row) == 28200960 // 720
    assert six.stats.guesses < six.count(propagation="none", preselect=first_row)
    # Split: the pieces (yes/no paths) add up, counted with the same setting.
    split = six.split(20, propagation="groups", preselect=first_row)
    assert split.above.solutions + sum(
        six.count(propagation="groups", preselect=first_row, subtree=piece)
        for piece in split.pieces) == 28200960 // 720
    # Knuth's figures are untouched by default.
    assert six.count(preselect=first_row) == 28200960 // 720


def test_structure_is_described():
    # The counts the C++ tests and `dlx --stats` give: 9x9 Sudoku, 486 groups (a
    # digit in a mini-row or mini-column), 54 families of 6 matchings (a digit in a
    # band or stack), and the boxes and bands found.
    nine = sudoku_matrix(3, 3).structure()
    assert nine == {"applies": True, "classes": 4, "groups": 486, "quotas": 54, "families": 54,
                    "matchings": 324, "clusters": 6, "boxes_and_bands": True,
                    "box_rules": nine["box_rules"]}
    assert nine["box_rules"] in ("AVX-512", "AVX2", "64-bit words")
    # 6x6 has families but no 9x9 layout; colors are not looked at.
    six = sudoku_matrix(2, 3).structure()
    assert six["applies"] and six["families"] > 0 and not six["boxes_and_bands"]
    assert "box_rules" not in six
    colored = d.ExactCover([["a", "x:1"], ["a", "x:2"]], primary=["a"], colored=True)
    assert colored.structure()["applies"] is False


def test_propagation_names_are_checked():
    with pytest.raises(ValueError, match="propagation"):
        sudoku_matrix(2, 2).count(propagation="triads")
    with pytest.raises(ValueError, match="seeded"):
        sudoku_matrix(2, 2).first(propagation="groups", seed=3)


def test_branching_on_conflicts_finds_the_same_solutions():
    ec = queens(8)
    knuth = sorted(sorted(s) for s in ec.solutions())
    assert len(knuth) == 92
    assert ec.count(branching="conflicts") == 92
    learnt = ec.stats.nodes
    assert sorted(sorted(s) for s in ec.solutions(branching="conflicts")) == knuth
    assert ec.count(branching="conflicts", propagation="pairs") == 92
    ec.count(branching="mrv")
    assert ec.stats.nodes != learnt  # a tree of its own
    with pytest.raises(ValueError, match="branching"):
        ec.count(branching="random")
    with pytest.raises(ValueError, match="one thread"):
        ec.count(branching="conflicts", threads=2)


def test_closing_the_iterator_early_ends_the_search():
    ec = queens(8)
    it = ec.solutions()
    first = next(it)
    second = next(it)
    assert first != second and it.stats.solutions == 2
    it.close()
    with pytest.raises(StopIteration):
        next(it)
    # The problem is whole again: the full count, and a new iterator from the start.
    assert ec.count() == 92
    assert next(ec.solutions()) == first
    with ec.solutions() as again:
        assert next(again) == first
    assert sum(1 for _ in ec.solutions()) == 92
    # Two iterators at once search copies: they do not disturb each other.
    a, b = ec.solutions(), ec.solutions()
    assert [next(a), next(a)] == [next(b), next(b)]


def test_first_and_seeds():
    ec = queens(8)
    assert ec.first() == next(ec.solutions())
    seeded = {tuple(sorted(ec.first(seed=s))) for s in range(20)}
    assert len(seeded) > 1  # a seed breaks ties at random
    assert queens(3).first() is None


def test_budget_is_an_explicit_unknown():
    ec = queens(10)
    with pytest.raises(d.BudgetExhausted) as e:
        ec.count(budget=50)
    assert e.value.nodes >= 50 and e.value.solutions <= 724
    assert ec.stats.status == "budget_exhausted"
    with pytest.raises(d.BudgetExhausted):
        for _ in ec.solutions(budget=50):
            pass
    assert ec.count(budget=10**9) == 724


def test_preselect():
    ec = queens(8)
    assert ec.count(preselect=[0]) == 4  # a queen in a corner: 4 of the 92
    for s in ec.solutions(preselect=[0]):
        assert s[0] == 0
    with pytest.raises(ValueError, match="already covered"):
        ec.count(preselect=[0, 1])
    with pytest.raises(ValueError, match="no option 64"):
        ec.count(preselect=[64])
    assert ec.count() == 92


def test_from_dlx_and_back():
    ec = d.ExactCover.from_dlx("| a comment\na b c | x\na b\nc x\na c\nb x\n")
    assert ec.primary == ["a", "b", "c"] and ec.secondary == ["x"]
    assert sorted(sorted(s) for s in ec.solutions()) == [[0, 1], [2, 3]]
    again = d.ExactCover.from_dlx(ec.to_dlx())
    assert again.options == ec.options and again.count() == 2


def test_weighted_items_from_dlx_and_back():
    # Equal halves of {1, ..., 7}: twice OEIS A058377(7) = 4.
    text = "i1 i2 i3 i4 i5 i6 i7 0..0|d\n" + "".join(
        f"i{k} d:{k}\ni{k} d:-{k}\n" for k in range(1, 8))
    ec = d.ExactCover.from_dlx(text)
    assert ec.count() == 8 and ec.count(propagation="pairs") == 8
    assert ec.to_dlx() == text
    for solution in ec.solutions():
        assert sum(k if o % 2 == 0 else -k for o, k in zip(sorted(solution), range(1, 8))) == 0
    with pytest.raises(ValueError, match=r"w.dlx:2:4: weighted item 's' needs a weight"):
        d.ExactCover.from_dlx("a 0..3|s\na s\n", "w.dlx")
    with pytest.raises(ValueError, match=r"weighted items with multiplicities"):
        d.ExactCover.from_dlx("2|a 0..3|s\na s:1\n").count()


def test_bad_input():
    with pytest.raises(ValueError, match=r"problem.dlx:2:3: "):
        d.ExactCover.from_dlx("a b\na q\n", "problem.dlx")
    with pytest.raises(ValueError, match=r"options\[1\]: 'q' is neither"):
        d.ExactCover([["a"], ["q"]], primary=["a"], secondary=[])
    with pytest.raises(ValueError, match=r"options\[0\]: 'a' twice"):
        d.ExactCover([["a", "a"]])
    with pytest.raises(ValueError, match=r"options\[1\] is empty"):
        d.ExactCover([["a"], []])
    with pytest.raises(TypeError, match=r"options\[0\]: an option is a list"):
        d.ExactCover(["ab"])
    with pytest.raises(TypeError):
        d.ExactCover([[["unhashable"]]])


def test_split_pieces_add_up_to_knuths_figures():
    ec = d.ExactCover.from_dlx(shared_file("dlx-reference", "queens-8.dlx").read_text())
    cut = ec.split(20)
    assert len(cut.pieces) >= 20 and cut.pieces == ec.split(20).pieces  # the same every time
    solutions, nodes, updates = cut.above.solutions, cut.above.nodes, cut.above.updates
    for piece in cut.pieces:
        solutions += ec.count(subtree=piece)
        nodes += ec.stats.nodes
        updates += ec.stats.updates
    assert (solutions, nodes, updates) == (92, 1199, 21375)  # dlx1's figures
    assert sum(1 for p in cut.pieces for _ in ec.solutions(subtree=p)) == 92
    # DLX3's null moves are -1 in a path.
    mcc = d.ExactCover.from_dlx(shared_file("dlx-reference", "mcc-ref-00.dlx").read_text())
    cut = mcc.split(50)
    assert any(-1 in p for p in cut.pieces)
    assert cut.above.solutions + sum(mcc.count(subtree=p) for p in cut.pieces) == 3999
    with pytest.raises(ValueError, match="no such node"):
        ec.count(subtree=[5, 5])


def test_a_failed_search_leaves_no_preselection_behind():
    ec = queens(8)
    with pytest.raises(ValueError, match="seeded search"):
        ec.first(seed=1, threads=2, preselect=[0])
    assert ec.count() == 92
