"""The hardening catalogue's Python side (the command line's is tests/hardening): every
kind of bad argument the module can be handed, each raising ValueError or TypeError that
says where and what, never a crash or a hang; then random garbage, in bulk."""

import random

import pytest

import dlx_sudoku as d
from test_sudoku import WIKI, lists

ROWS = lists(WIKI)
# corpus/generated/9x9-beyond.sdm's first puzzle: ER 7.1, some 35,000 chain potentials.
BEYOND = "..1..7..3..83..79.9......5....5..97...9.8....8....6.1.2..........672.....73..1.2."

CATALOGUE = [
    # (name, call, exception, message that must appear)
    ("line_too_short", lambda: d.solve(WIKI[:80]), ValueError, "column 81: 80 cells"),
    ("line_too_long", lambda: d.solve(WIKI + "1"), ValueError, "82 cells"),
    ("bad_character", lambda: d.solve(WIKI[:4] + "?" + WIKI[5:]), ValueError, "column 5:"),
    ("digit_too_big_4x4", lambda: d.solve("5" + "." * 15), ValueError, "column 1:"),
    ("clashing_givens", lambda: d.count("55" + WIKI[2:]), ValueError, "column 2: clashing"),
    ("clash_in_box", lambda: d.is_unique("5.." + "......" + ".5" + WIKI[11:]), ValueError,
     "clashing givens"),
    ("empty_string", lambda: d.solve(""), ValueError, "column 1:"),
    ("only_blanks_line", lambda: d.solve("   \n"), ValueError, "column"),
    ("two_grids_in_one_string", lambda: d.solve("1234\n3412\n2143\n4321\n\n1234\n3412\n2143\n4321"),
     ValueError, "a second puzzle"),
    ("grid_short_row", lambda: d.solve("1234\n341\n2143\n4321"), ValueError, "line 2"),
    ("lists_wrong_count", lambda: d.solve(ROWS[:7]), ValueError, "got 7 lists"),
    ("lists_short_row", lambda: d.solve(ROWS[:3] + [ROWS[3][:5]] + ROWS[4:]), ValueError,
     "row 4: expected 9 values, got 5"),
    ("lists_value_10", lambda: d.solve([[10] + r[1:] for r in ROWS]), ValueError,
     "row 1, column 1: expected a digit 0 to 9"),
    ("lists_negative", lambda: d.solve([r[:4] + [-1] + r[5:] for r in ROWS]), ValueError,
     "row 1, column 5"),
    ("lists_float", lambda: d.solve([[5.0] + r[1:] for r in ROWS]), ValueError,
     "got 5.0"),
    ("lists_str_cells", lambda: d.solve([list("53..7....")] + ROWS[1:]), ValueError,
     "row 1, column 1"),
    ("lists_row_is_str", lambda: d.solve(["53..7...."] * 9), ValueError, "row 1: expected a list"),
    ("lists_none_cell", lambda: d.solve([[None] * 9] * 9), ValueError, "got None"),
    ("lists_clash", lambda: d.solve([[5, 5] + ROWS[0][2:]] + ROWS[1:]), ValueError,
     "row 1, column 2: clashing givens"),
    ("not_a_puzzle_int", lambda: d.solve(81), TypeError, "not int"),
    ("not_a_puzzle_none", lambda: d.solve(None), TypeError, "not NoneType"),
    ("bytes_puzzle", lambda: d.solve(WIKI.encode()), TypeError, "not bytes"),
    ("unknown_variant", lambda: d.solve(WIKI, variant="hexagonal"), ValueError, "variant:"),
    ("bad_box", lambda: d.solve(WIKI, box="9"), ValueError, "box: expected RxC"),
    ("box_with_killer", lambda: d.solve(WIKI, variant="killer", box="3x3"), ValueError,
     "killer and samurai puzzles are 9x9"),
    ("regions_wrong_length", lambda: d.solve(WIKI, regions="1" * 80), ValueError, "regions:"),
    ("regions_uneven", lambda: d.solve(WIKI, regions="1" * 81), ValueError, "regions:"),
    ("regions_id_too_big", lambda: d.solve(WIKI, regions=[[99] * 9] * 9), ValueError,
     "a region id is 0 to 35"),
    ("regions_not_ints", lambda: d.solve(WIKI, regions=[["a"] * 9] * 9), TypeError,
     "regions: row 1, column 1: expected an int, got 'a'"),
    ("regions_not_lists", lambda: d.solve(WIKI, regions=5), TypeError, ""),
    ("jigsaw_line_odd", lambda: d.solve(WIKI + "12", variant="jigsaw"), ValueError,
     "an even length"),
    ("jigsaw_lists_no_regions", lambda: d.solve(ROWS, variant="jigsaw"), ValueError,
     "needs its layout"),
    ("killer_lists", lambda: d.solve(ROWS, variant="killer"), ValueError, "comes as a str"),
    ("killer_bad_field", lambda: d.solve("3x3::k:1:2", variant="killer"), ValueError, "column"),
    ("samurai_short", lambda: d.solve("." * 440, variant="samurai"), ValueError, "441"),
    ("samurai_digit_outside", lambda: d.solve("." * 9 + "5" + "." * 431, variant="samurai"),
     ValueError, "outside the grids"),
    ("windoku_6x6", lambda: d.solve("." * 36, variant="windoku"), ValueError, "square boxes"),
    ("validate_board_mismatch", lambda: d.validate(WIKI[:16], WIKI), ValueError, "column"),
    ("minimize_no_solution", lambda: d.minimize("123." "...4" "...." "...."), ValueError,
     "no solution"),
    ("generate_bad_size", lambda: d.generate(1, size=7), ValueError, "size: 7 has no box shape"),
    ("generate_bad_difficulty", lambda: d.generate(1, difficulty="insane"), ValueError,
     "difficulty:"),
    ("generate_killer", lambda: d.generate(1, variant="killer"), ValueError, "generate makes"),
    ("generate_negative_clues", lambda: d.generate(1, clues=-1), ValueError, "clues"),
    ("threads_too_many", lambda: d.solve_many([WIKI], threads=100000), ValueError, "threads:"),
    ("count_threads_too_many", lambda: d.count(WIKI, threads=1000), ValueError, "threads:"),
    ("errors_unknown", lambda: d.solve_many([WIKI], errors="skip"), ValueError, "errors:"),
    ("batch_not_iterable", lambda: d.solve_many(5), TypeError, ""),
    ("batch_bad_item", lambda: d.solve_many([WIKI, WIKI[:3]]), ValueError,
     "puzzles[1]: column 4:"),
    # ExactCover
    ("option_is_str", lambda: d.ExactCover(["ab"]), TypeError, "options[0]: an option is a list"),
    ("option_not_iterable", lambda: d.ExactCover([5]), TypeError, "options[0]"),
    ("option_empty", lambda: d.ExactCover([["a"], []]), ValueError, "options[1] is empty"),
    ("option_repeats", lambda: d.ExactCover([["a", "b", "a"]]), ValueError, "options[0]: 'a' twice"),
    ("item_undeclared", lambda: d.ExactCover([["a", "z"]], ["a"], []), ValueError,
     "options[0]: 'z' is neither"),
    ("item_both_kinds", lambda: d.ExactCover([["a"]], ["a"], ["a"]), ValueError, "primary too"),
    ("item_declared_twice", lambda: d.ExactCover([["a"]], ["a", "a"]), ValueError, "twice"),
    ("color_on_primary", lambda: d.ExactCover([["a:red"]], ["a"]), ValueError,
     "gives primary item 'a' a color"),
    ("bad_color_name", lambda: d.ExactCover([["a", "x:r d"]], ["a"], ["x"]), ValueError,
     "options[0]:"),
    ("bounds_reversed", lambda: d.ExactCover([["a"]], {"a": (3, 1)}), ValueError, "lower <= upper"),
    ("bounds_zero", lambda: d.ExactCover([["a"]], {"a": 0}), ValueError, "upper >= 1"),
    ("bounds_negative", lambda: d.ExactCover([["a"]], {"a": -2}), ValueError, "a bound is 0 to"),
    ("bounds_not_ints", lambda: d.ExactCover([["a"]], {"a": (1, "x")}), TypeError,
     "primary['a']: expected an int, got 'x'"),
    ("bounds_bool", lambda: d.ExactCover([["a"]], {"a": True}), TypeError, "expected an int, got True"),
    ("se_rating_threads_too_many", lambda: d.se_rating(WIKI, threads=1000), ValueError, "threads:"),
    ("se_rating_not_9x9", lambda: d.se_rating("1" + "." * 15), ValueError, "9x9"),
    ("se_rating_clash", lambda: d.se_rating("55" + WIKI[2:]), ValueError, "column 2: clashing"),
    ("se_rating_negative_budget", lambda: d.se_rating(WIKI, budget=-1), TypeError, ""),
    ("se_rating_budget_runs_out", lambda: d.se_rating(BEYOND, budget=1000), d.BudgetExhausted,
     "unknown: the budget ran out"),
    ("bounds_triple", lambda: d.ExactCover([["a"]], {"a": (1, 2, 3)}), ValueError, "a pair"),
    ("unhashable_item", lambda: d.ExactCover([[["a"]]]), TypeError, "unhashable"),
    ("preselect_out_of_range", lambda: d.ExactCover([["a"]]).count(preselect=[3]), ValueError,
     "no option 3"),
    ("preselect_negative", lambda: d.ExactCover([["a"]]).count(preselect=[-1]), ValueError,
     "no option -1"),
    ("preselect_conflict", lambda: d.ExactCover([["a"], ["a"]]).count(preselect=[0, 1]),
     ValueError, "already covered by option 0"),
    ("seed_with_threads", lambda: d.ExactCover([["a"]]).first(seed=1, threads=2), ValueError, ""),
    ("dlx_unknown_item", lambda: d.ExactCover.from_dlx("a b\na q\n", "p.dlx"), ValueError,
     "p.dlx:2:3:"),
    ("dlx_no_items", lambda: d.ExactCover.from_dlx(""), ValueError, "<text>:"),
    ("dlx_color_on_primary", lambda: d.ExactCover.from_dlx("a | x\na:red x\n"), ValueError,
     "<text>:2:"),
    ("dlx_bad_bounds", lambda: d.ExactCover.from_dlx("3:1|a\na\n"), ValueError, "<text>:1:"),
    # The memoized search and its diagram (ExactCover.zdd, Zdd).
    ("dlx_bad_cost", lambda: d.ExactCover.from_dlx("a\na |x\n", "c.dlx"), ValueError,
     "c.dlx:2:4: option cost 'x' is not a number"),
    ("costs_too_few", lambda: d.ExactCover([["a"], ["a"]], costs=[1]), ValueError,
     "costs: 1 costs for 2 options"),
    ("costs_too_many", lambda: d.ExactCover([["a"]], costs=[1, 2]), ValueError,
     "more costs than the 1 options"),
    ("costs_negative", lambda: d.ExactCover([["a"]], costs=[-1]), ValueError, "costs[0]"),
    ("costs_not_ints", lambda: d.ExactCover([["a"]], costs=["x"]), TypeError, "costs[0]"),
    ("zdd_with_bounds", lambda: d.ExactCover([["a"]], {"a": 2}).zdd(), ValueError,
     "multiplicities"),
    ("zdd_bad_branching", lambda: d.ExactCover([["a"]]).zdd(branching="random"), ValueError,
     "branching:"),
    ("zdd_budget_runs_out", lambda: d.ExactCover([["a", "b"], ["a"], ["b"]]).zdd(budget=1),
     d.BudgetExhausted, "unknown: the node budget ran out"),
    ("zdd_memory_budget", lambda: d.ExactCover([["a", "b"], ["a"], ["b"]]).zdd(memory_budget=1),
     MemoryError, "memory budget exhausted"),
    ("zdd_text_garbage", lambda: d.Zdd.from_text("hello\n", "z.txt"), ValueError,
     "z.txt:1:1: expected a node id"),
    ("zdd_text_undefined_child", lambda: d.Zdd.from_text("2: (~1?0:3)\n3: (~0?0:2)\n"),
     ValueError, "<text>:1:10: node 3 is not defined"),
    ("zdd_text_no_root", lambda: d.Zdd.from_text("2: (~1?0:1)\n"), ValueError, "no root line"),
    ("zdd_unrank_too_large", lambda: d.ExactCover([["a"]]).zdd().unrank(1), IndexError, "rank"),
    ("zdd_unrank_negative", lambda: d.ExactCover([["a"]]).zdd().unrank(-1), IndexError, "rank"),
    ("zdd_unrank_not_int", lambda: d.ExactCover([["a"]]).zdd().unrank("0"), TypeError, "rank"),
    ("zdd_cheapest_negative_cost", lambda: d.ExactCover([["a"]]).zdd().cheapest(costs=[-3]),
     ValueError, "costs"),
    ("zdd_sample_negative", lambda: d.ExactCover([["a"]]).zdd().sample(-1), TypeError, ""),
]


@pytest.mark.parametrize("name, call, exception, message", CATALOGUE,
                         ids=[c[0] for c in CATALOGUE])
def test_catalogue(name, call, exception, message):
    with pytest.raises(exception) as e:
        call()
    assert message in str(e.value), f"{name}: {e.value}"


def test_a_warning_for_an_option_without_primary_items():
    with pytest.warns(UserWarning, match="<text>:3:"):
        ec = d.ExactCover.from_dlx("a | x\na\nx\n")
    assert ec.count() == 1 and len(ec) == 1


def garbage(rng):
    """A random thing shaped a little like a puzzle."""
    kind = rng.randrange(5)
    alphabet = "123456789.0abcXYZ-:|# \n\t\r"
    if kind == 0:
        return "".join(rng.choice(alphabet) for _ in range(rng.choice([16, 36, 81, 162, 441,
                                                                          rng.randrange(600)])))
    if kind == 1:
        base = list(WIKI)
        for _ in range(rng.randrange(1, 4)):
            base[rng.randrange(81)] = rng.choice(alphabet)
        return "".join(base)
    if kind == 2:
        n = rng.choice([4, 9, rng.randrange(12)])
        return [[rng.choice([0, 1, 2, 9, 10, -1, None, "1", 2.5]) for _ in range(rng.choice([n, n + 1]))]
                for _ in range(n)]
    if kind == 3:
        return rng.choice([None, 3, b"12", {}, [[]], [[1]], ["1234"] * 4, ()])
    rows = WIKI_ROWS_TEXT[:]
    rng.shuffle(rows)
    return "\n".join(rows[: rng.randrange(1, 10)])


WIKI_ROWS_TEXT = [WIKI[r * 9:(r + 1) * 9] for r in range(9)]


def test_random_garbage_raises_or_answers_correctly():
    rng = random.Random(14)
    variants = ["classic", "x", "windoku", "jigsaw", "killer", "samurai"]
    answered = 0
    for _ in range(20000):
        puzzle = garbage(rng)
        variant = rng.choice(variants)
        try:
            solution = d.solve(puzzle, variant=variant, budget=20000)
        except (ValueError, TypeError, d.BudgetExhausted):
            continue
        answered += 1
        if solution is not None:
            assert d.validate(solution, puzzle, variant=variant), (puzzle, variant)
    assert answered > 100  # the garbage reaches the solver, not only the parser


def test_random_dlx_text_raises_value_error_only():
    rng = random.Random(13)
    words = ["a", "b", "c", "x", "y", "|", "a:1", "x:r", "2|a", "1:3|b", ":", "", "\n", " "]
    for _ in range(20000):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 20)))
        text = text.replace(" \n ", "\n")
        try:
            ec = d.ExactCover.from_dlx(text)
        except ValueError:
            continue
        except UserWarning:
            continue
        ec.count(budget=10000)
