"""ExactCover.zdd() (Knuth's memoized search, DLX6) and the Zdd it returns, against
published counts (OEIS A004003 and A099390, the Aztec diamond's 2^(n(n+1)/2)), Knuth's
dlx6 figures (dlx-reference/README.md), and brute force written here in plain Python."""

import itertools
import math
import random

import pytest

import dlx_sudoku as d
from conftest import shared_file


def board(rows, cols):
    """Domino tilings of a rows x cols board: one option per pair of neighbouring cells."""
    options = [[(r, c), (r, c + 1)] for r in range(rows) for c in range(cols - 1)]
    options += [[(r, c), (r + 1, c)] for r in range(rows - 1) for c in range(cols)]
    return d.ExactCover(options)


def aztec(n):
    cells = {(r, c) for r in range(-n, n) for c in range(-n, n)
             if abs(c + 0.5) + abs(r + 0.5) <= n}
    options = [[(r, c), (r, c + 1)] for (r, c) in sorted(cells) if (r, c + 1) in cells]
    options += [[(r, c), (r + 1, c)] for (r, c) in sorted(cells) if (r + 1, c) in cells]
    return d.ExactCover(options)


# OEIS A004003: domino tilings of the 2n x 2n board, n = 1..8.
SQUARES = [2, 36, 6728, 12988816, 258584046368, 53060477521960000,
           112202208776036178000000, 2444888770250892795802079170816]


@pytest.mark.parametrize("n", range(1, 8))  # 16x16 (1.4 s) is in the C++ tests, Release only
def test_square_boards_match_oeis_a004003(n):
    assert board(2 * n, 2 * n).zdd().count() == SQUARES[n - 1]


def test_rectangles_match_oeis_a099390_and_the_plain_count():
    # 2 x n: Fibonacci numbers; 3 x 2k: A001835 (3, 11, 41, 153, 571).
    fib = [1, 1]
    for _ in range(20):
        fib.append(fib[-1] + fib[-2])
    for n in range(1, 12):
        assert board(2, n).zdd().count() == fib[n]
    for k, expected in enumerate([3, 11, 41, 153, 571], start=1):
        ec = board(3, 2 * k)
        assert ec.zdd().count() == expected == ec.count()
    assert board(3, 5).zdd().count() == 0  # an odd number of cells


@pytest.mark.parametrize("n", range(1, 10))
def test_aztec_diamond_has_two_to_the_n_n_plus_1_over_2_tilings(n):
    assert aztec(n).zdd().count() == 2 ** (n * (n + 1) // 2)


def test_counts_past_64_bits_are_exact_python_ints():
    z = board(14, 14).zdd()
    count = z.count()
    assert isinstance(count, int) and count > 2 ** 64
    assert count == 112202208776036178000000
    assert z.count_by_size()[98] == count  # every tiling has 98 dominoes


def test_dlx6_figures_on_the_shared_inputs():
    # Knuth's dlx6, default options (dlx-reference/README.md).
    figures = {
        "queens-8.dlx": (92, 1101, 19654, 0, 474, (590, 382), 130),
        "langford-7.dlx": (52, 588, 8232, 0, 269, (312, 217), 60),
        "xcc-toy.dlx": (1, 4, 20, 3, 4, (1, 3), 1),
        "xcc-ref-00.dlx": (77, 166, 1792, 145, 146, (21, 87), 59),
        "xcc-ref-04.dlx": (1879, 634, 7768, 857, 635, (0, 164), 471),
        "domino-6x6.dlx": (6728, 364, 1600, 0, 365, (0, 256), 109),
    }
    for name, (count, nodes, updates, cleansings, zdd_nodes, signatures, hits) in figures.items():
        ec = d.ExactCover.from_dlx(shared_file("dlx-reference", name).read_text(), name)
        z = ec.zdd()
        s = z.stats
        assert z.count() == count == ec.count(), name
        assert (s["nodes"], s["updates"], s["cleansings"], s["zdd_nodes"], s["signatures"],
                s["hits"]) == (nodes, updates, cleansings, zdd_nodes, signatures, hits), name
        # The diagram holds exactly the plain search's solutions, in its order.
        assert list(z.solutions()) == list(ec.solutions()), name


def random_problem(rng):
    primary = [f"p{i}" for i in range(rng.randint(3, 7))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(3, 12)):
        row = rng.sample(primary, rng.randint(1, min(3, len(primary))))
        for s in secondary:
            if rng.random() < 0.3:
                row.append(s + rng.choice(["", ":A", ":B"]))
        options.append(row)
    costs = [rng.randint(0, 9) for _ in options]
    return d.ExactCover(options, primary, secondary, costs=costs), costs


def test_random_problems_against_the_plain_search_and_brute_force_costs():
    rng = random.Random(2026)
    seen_solutions = 0
    for _ in range(300):
        ec, costs = random_problem(rng)
        plain = list(ec.solutions())
        z = ec.zdd()
        assert z.count() == len(plain)
        assert list(z.solutions()) == plain
        assert [z.unrank(i) for i in range(len(plain))] == plain
        assert ec.zdd(branching="first").count() == len(plain)
        sizes = z.count_by_size()
        for k, n in enumerate(sizes):
            assert n == sum(1 for s in plain if len(s) == k)
        brute = sorted(sum(costs[o] for o in s) for s in plain)
        best = z.cheapest(3)
        assert [c for c, _ in best] == brute[:3]
        for c, s in best:
            assert s in plain and sum(costs[o] for o in s) == c
        seen_solutions += len(plain)
    assert seen_solutions > 100  # the random problems are not all without solutions


def test_sampling_is_uniform_by_a_chi_square_test():
    ec = board(4, 6)  # 281 tilings (A099390)
    z = ec.zdd()
    n = z.count()
    assert n == 281
    rank = {tuple(s): i for i, s in enumerate(z.solutions())}
    draws = 200 * n
    counts = [0] * n
    for s in z.sample(draws, seed=12345):
        counts[rank[tuple(s)]] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    # The 99.9% quantile of chi-square with n - 1 degrees of freedom, by Wilson and
    # Hilferty's cube-root approximation (z = 3.090 for 0.999).
    k = n - 1
    quantile = k * (1 - 2 / (9 * k) + 3.090 * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < quantile
    # And not suspiciously uniform either (the 0.1% quantile, z = -3.090).
    assert chi2 > k * (1 - 2 / (9 * k) - 3.090 * math.sqrt(2 / (9 * k))) ** 3


def test_samples_repeat_with_the_seed():
    z = board(6, 6).zdd()
    assert z.sample(5, seed=9) == z.sample(5, seed=9)
    assert z.sample(5, seed=9) != z.sample(5, seed=10)
    assert d.ExactCover([["a"], ["a"]], ["a", "b"]).zdd().sample(3, seed=1) == []


def test_text_format_round_trips():
    ec = d.ExactCover.from_dlx(shared_file("dlx-reference", "xcc-ref-00.dlx").read_text())
    z = ec.zdd()
    text = z.to_text()
    assert text.splitlines()[-1].startswith(f"{z.size:x}: (~0?0:")
    back = d.Zdd.from_text(text)
    assert back.count() == z.count() and back.to_text() == text
    assert back.stats is None
    assert list(back.solutions()) == list(z.solutions())


def test_min_cost_from_dlx5_text():
    ec = d.ExactCover.from_dlx("a b c\na b |4\nc |1\na |2\nb c |2\nb |1 |1\na c\n")
    # Options 0..5 cost 4, 1, 2, 2, 2, 0. Solutions: {ac, b} = 2, {a, bc} = 4,
    # {ab, c} = 5, {a, b, c} = 5.
    best = ec.zdd().cheapest(5)
    assert [c for c, _ in best] == [2, 4, 5, 5]
    assert [sorted(s) for _, s in best[:2]] == [[4, 5], [2, 3]]
    assert sorted(sorted(s) for _, s in best[2:]) == [[0, 1], [1, 2, 4]]
    assert ec.zdd().cheapest(1, costs=[0, 0, 0, 0, 0, 9])[0] == (0, [0, 1])


def two_boards(rows, cols):
    """Two domino boards side by side that share no cell: a problem in two parts."""
    options = [[(b, r, c), (b, r, c + 1)] for b in (0, 1) for r in range(rows)
               for c in range(cols - 1)]
    options += [[(b, r, c), (b, r + 1, c)] for b in (0, 1) for r in range(rows - 1)
                for c in range(cols)]
    return d.ExactCover(options)


def test_decompose_multiplies_independent_parts():
    # 4 x 6 has 281 tilings (A099390), so two such boards 281^2.
    ec = two_boards(4, 6)
    z = ec.zdd(decompose=True)
    assert z.count() == 281 ** 2 == ec.zdd().count()
    assert z.stats["splits"] >= 1 and z.stats["products"] >= 1
    assert ec.zdd().stats["splits"] == 0
    # The same solutions, each once; samples and the cheapest are solutions too.
    listed = [tuple(sorted(s)) for s in z.solutions()]
    assert len(set(listed)) == len(listed)
    assert set(listed) == {tuple(sorted(s)) for s in ec.zdd().solutions()}
    assert all(tuple(sorted(s)) in set(listed) for s in z.sample(20, seed=3))
    # The text form keeps the product nodes.
    text = z.to_text()
    assert "&" in text
    assert d.Zdd.from_text(text).count() == 281 ** 2


@pytest.mark.parametrize("n", range(1, 6))
def test_decompose_counts_match_oeis_a004003(n):
    assert board(2 * n, 2 * n).zdd(decompose=True).count() == SQUARES[n - 1]


def test_threads_make_one_threads_diagram():
    # Without decompose, the diagram on threads is one thread's, node for node: the same
    # count, listing, samples and text. The 10 x 10 board is large enough for the threads
    # to meet in the shared cache.
    ec = board(10, 10)
    one = ec.zdd()
    for threads in (2, 3, 0):  # 0: every core
        z = ec.zdd(threads=threads)
        assert z.count() == one.count() == SQUARES[4]
        assert z.to_text() == one.to_text()
        assert z.sample(5, seed=7) == one.sample(5, seed=7)
        assert z.stats["zdd_nodes"] == z.size
    assert ec.zdd(threads=2).stats["threads"] == 2
    small = board(4, 5)
    assert list(small.zdd(threads=2).solutions()) == list(small.solutions())


def test_threads_on_random_problems_match_one_thread():
    rng = random.Random(2032)
    for _ in range(60):
        ec, _ = random_problem(rng)
        plain = list(ec.solutions())
        z = ec.zdd(threads=2)
        assert z.count() == len(plain)
        assert list(z.solutions()) == plain
        assert z.to_text() == ec.zdd().to_text()
        both = ec.zdd(threads=2, decompose=True)
        assert sorted(map(sorted, both.solutions())) == sorted(map(sorted, plain))


def test_threads_with_decompose_give_the_same_solutions():
    # With decompose the threads may split a subproblem in different places: the same
    # solutions, perhaps listed in another order.
    ec = two_boards(4, 6)
    z = ec.zdd(threads=2, decompose=True)
    assert z.count() == 281 ** 2
    listed = [tuple(sorted(s)) for s in z.solutions()]
    assert len(set(listed)) == len(listed)
    assert set(listed) == {tuple(sorted(s)) for s in ec.zdd().solutions()}
    assert board(8, 8).zdd(threads=2, decompose=True).count() == SQUARES[3]


def test_budgets_end_the_threads_search():
    ec = board(10, 10)  # 13,562 search nodes on one thread: past 1,024 on some thread
    with pytest.raises(d.BudgetExhausted):
        ec.zdd(threads=2, budget=1)
    with pytest.raises(MemoryError, match="memory budget exhausted"):
        ec.zdd(threads=2, memory_budget=1)
    with pytest.raises(ValueError, match="threads:"):
        ec.zdd(threads=1000)
