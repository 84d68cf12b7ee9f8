"""solve_many and count_many: answers in input order whatever the threads, bad
puzzles reported in their place, the GIL released while they run."""

import threading

import pytest

import dlx_sudoku as d
from conftest import answers
from test_sudoku import NONE, TWO, WIKI, WIKI_SOLUTION, lists


def test_order_is_the_input_order_on_many_threads():
    rows = answers("17-clue", limit=2000)
    puzzles = [p for p, _, _ in rows]
    expected = [s for _, _, s in rows]
    for threads in (1, 2, 3, 8):
        assert d.solve_many(puzzles, threads=threads) == expected, threads
    assert d.solve_many(iter(puzzles), threads=2) == expected  # any iterable
    assert d.count_many(puzzles, threads=2) == [c for _, c, _ in rows]


def test_the_kaggle_set_matches_its_answers():
    rows = answers("kaggle-20k")
    solutions = d.solve_many([p for p, _, _ in rows])
    assert solutions == [s for _, _, s in rows]
    assert all(d.validate(s, p) for (p, _, _), s in zip(rows[:500], solutions))


def test_mixed_shapes_and_outcomes_keep_their_places():
    puzzles = [WIKI, lists(WIKI), NONE, TWO, "\n".join(WIKI[i:i + 9] for i in range(0, 81, 9))]
    out = d.solve_many(puzzles * 40, threads=2)
    assert out[0] == WIKI_SOLUTION and out[1] == lists(WIKI_SOLUTION) and out[2] is None
    assert d.validate(out[3], TWO) and "\n" in out[4]
    assert out == [d.solve(p) for p in puzzles] * 40
    assert d.count_many(puzzles, threads=2) == [1, 1, 0, 2, 1]


def test_bad_puzzles_raise_with_their_index_or_stay_in_place():
    puzzles = [WIKI] * 50 + ["55" + WIKI[2:]] + [WIKI] * 10 + [42]
    with pytest.raises(ValueError, match=r"puzzles\[50\]: column 2: clashing givens"):
        d.solve_many(puzzles, threads=2)
    out = d.solve_many(puzzles, threads=2, errors="none")
    assert out[50] is None and out[61] is None and out[49] == out[51] == WIKI_SOLUTION
    kept = d.solve_many(puzzles, threads=2, errors="return")
    assert isinstance(kept[50], ValueError) and "column 2" in str(kept[50])
    assert isinstance(kept[61], ValueError) and "not int" in str(kept[61])
    counts = d.count_many(puzzles, errors="none")
    assert counts[50] is None and counts[0] == 1
    with pytest.raises(ValueError, match="errors"):
        d.solve_many(puzzles, errors="ignore")


def test_a_budget_per_puzzle():
    out = d.count_many(["." * 81, WIKI], limit=0, budget=1000, errors="return")
    assert isinstance(out[0], d.BudgetExhausted) and out[1] == 1


def test_other_python_threads_run_while_a_batch_runs():
    puzzles = [p for p, _, _ in answers("17-clue", limit=5000)]
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        before = len(ticks)
        d.solve_many(puzzles, threads=1)
        during = len(ticks) - before
    finally:
        done.set()
        t.join()
    assert during > 5  # the ticker ran while the solver held no GIL


def test_python_threads_can_share_the_module():
    rows = answers("magictour-top1465", limit=200)
    results = {}

    def work(k):
        results[k] = [d.solve(p) for p, _, _ in rows]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == [s for _, _, s in rows] for r in results.values())


def interrupted(call):
    """Runs call() with a SIGINT sent 0.3 s in: the seconds until KeyboardInterrupt."""
    import os
    import signal
    import time

    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        call()
    except KeyboardInterrupt:
        return time.monotonic() - start
    finally:
        timer.cancel()
    raise AssertionError("the call ran to its end")


def test_ctrl_c_stops_long_calls():
    # Each would run for hours: every 9x9 grid, every 20-queens placement.
    assert interrupted(lambda: d.count("." * 81, limit=0)) < 10
    assert interrupted(lambda: d.count("." * 81, limit=0, threads=2)) < 10
    board = [[("row", r), ("col", c), ("diag", r + c), ("anti", r - c)]
             for r in range(20) for c in range(20)]
    queens = d.ExactCover(board, primary=[("row", r) for r in range(20)]
                          + [("col", c) for c in range(20)])
    assert interrupted(lambda: queens.count()) < 10
    assert interrupted(lambda: sum(1 for _ in queens.solutions())) < 10
    assert interrupted(lambda: d.solve_many(["." * 81] * 3_000_000, threads=2)) < 30
    # Between probes: a hundred million of the empty 9x9's.
    assert interrupted(lambda: d.estimate("." * 81, probes=100_000_000, exact_budget=0)) < 10
    assert d.count(WIKI) == 1  # and the module works on


def test_batches_longer_than_a_chunk_keep_order_and_indices():
    # The module answers 65,536 puzzles at a time: errors and order across chunks.
    rows = answers("kaggle-20k")
    puzzles = [p for p, _, _ in rows] * 7  # 140,000
    puzzles[100_000] = "55" + WIKI[2:]
    out = d.solve_many(iter(puzzles), threads=2, errors="none")
    assert len(out) == len(puzzles) and out[100_000] is None
    assert out[99_999] == rows[99_999 % 20_000][2] and out[139_999] == rows[-1][2]
    assert out[65_536] == rows[65_536 % 20_000][2]
    with pytest.raises(ValueError, match=r"puzzles\[100000\]: column 2"):
        d.count_many(puzzles, threads=2)
