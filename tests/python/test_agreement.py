"""The `sudoku` command and the Python module give the same answers, puzzle for puzzle,
on every puzzle of the bundled corpus: both run the sudoku library's one answering layer
(sudoku/answer.hpp), and this is what keeps a front end from growing its own."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import dlx_sudoku as d
from conftest import SOURCE

BINARY = Path(os.environ.get("DLX_BINARY_DIR", SOURCE / "build" / "release"))
SUDOKU = BINARY / "tools" / "sudoku"
CORPUS = SOURCE / "corpus"

# The command runs without the sanitizer runtime that a sanitizer build preloads
# into Python (tests/python/CMakeLists.txt): the command is linked with its own.
COMMAND_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}

# (file, variant): every puzzle file of corpus/, with the rules it is read with.
FILES = [(p, "classic") for p in sorted(CORPUS.glob("*.sdm"))]
FILES += [(p, "classic") for p in sorted((CORPUS / "generated").glob("*.sdm"))]
FILES += [(p, "classic") for p in sorted((CORPUS / "unsolvable").glob("*.sdm"))]
FILES += [(CORPUS / "variants" / f"{v}.sdm", v) for v in ("x", "windoku", "jigsaw", "killer", "samurai")]
IDS = [f"{p.relative_to(CORPUS)}" for p, _ in FILES]


def puzzle_lines(path):
    """The lines the command answers: not blank, not comments."""
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


def command_json(*args):
    """One JSON object per answer line of `sudoku ARGS --json`."""
    if not SUDOKU.exists():
        pytest.skip(f"{SUDOKU} is not built")
    out = subprocess.run([str(SUDOKU), *args, "--json", "-j", "2"], capture_output=True,
                         text=True, check=False, env=COMMAND_ENV)
    assert out.returncode in (0, 1, 3), out.stderr  # 3: some answer unknown (a budget)
    return [json.loads(line) for line in out.stdout.splitlines()]


def command_lines(*args):
    out = subprocess.run([str(SUDOKU), *args], capture_output=True, text=True, check=False,
                         env=COMMAND_ENV)
    assert out.returncode in (0, 1), out.stderr
    return [line for line in out.stdout.splitlines() if not line.startswith("#")]


def test_every_corpus_file_is_compared():
    assert len(FILES) >= 18
    assert all(p.exists() for p, _ in FILES)


@pytest.mark.parametrize("path,variant", FILES, ids=IDS)
def test_solve_and_count_agree(path, variant):
    lines = puzzle_lines(path)
    solved = command_json("solve", "--variant", variant, str(path))
    assert len(solved) == len(lines)
    mine = d.solve_many(lines, variant=variant, threads=2, errors="return")
    for answer, theirs in zip(solved, mine):
        if answer["status"] == "solved":
            assert theirs == answer["solution"], answer
        else:
            assert answer["status"] == "none" and theirs is None, answer
    counted = command_json("count", "--limit", "3", "--variant", variant, str(path))
    assert [a["count"] for a in counted] == d.count_many(lines, 3, variant=variant, threads=2)


@pytest.mark.parametrize("path,variant", FILES, ids=IDS)
def test_rate_and_explain_agree(path, variant):
    lines = puzzle_lines(path)
    rated = command_json("rate", "--variant", variant, str(path))
    explained = command_json("explain", "--variant", variant, str(path))
    assert len(rated) == len(explained) == len(lines)
    for line, r in zip(lines, rated):
        mine = d.rate(line, variant=variant)
        # "none" or "multiple": not unique, not rated
        assert mine.level == r.get("level", r["status"]), line
        if r["status"] != "rated":
            continue  # the command says only that

        assert (mine.hardest or "none") == r.get("hardest", "none"), line
        assert mine.steps == r.get("steps", 0), line
        assert mine.nodes == r.get("nodes"), line
    for line, e in zip(lines, explained):
        told = d.explain(line, variant=variant)
        assert told.level == e.get("level", e["status"]), line
        assert [s.technique for s in told.steps] == [s["technique"] for s in e.get("steps", [])], line


@pytest.mark.parametrize("name", ["famous.sdm", "generated/9x9-easy.sdm", "generated/9x9-hard.sdm"])
def test_se_ratings_agree(name):
    path = CORPUS / name
    # Inkala's puzzle takes SE's chains seconds: the budget keeps the test short,
    # and both front ends must then agree that it ran out.
    budget = "2000000"
    rated = command_json("rate", "--scale", "se", "--budget", budget, str(path))
    for line, r in zip(puzzle_lines(path), rated):
        if r["status"] == "unknown":
            with pytest.raises(d.BudgetExhausted):
                d.se_rating(line, budget=int(budget))
            continue
        mine = d.se_rating(line, budget=int(budget))
        assert (mine.er, mine.ep, mine.ed, mine.work) == (r["er"], r["ep"], r["ed"], r["work"])


@pytest.mark.parametrize("variant", ["classic", "x", "x,windoku", "jigsaw"])
def test_generate_agrees(variant):
    made = command_lines("generate", "--seed", "7", "-n", "4", "--variant", variant, "-j", "2")
    assert [line.split(" ")[0] for line in made] == d.generate(4, seed=7, variant=variant)


def test_a_drawn_seed_agrees():
    """The command names the seed it drew (its header line); Python makes the same puzzles."""
    if not SUDOKU.exists():
        pytest.skip(f"{SUDOKU} is not built")
    run = subprocess.run([str(SUDOKU), "generate", "-q", "-n", "3"], capture_output=True,
                         text=True, env=COMMAND_ENV, check=True)
    header, *made = run.stdout.splitlines()
    seed = int(header.split(" --seed ")[1].split(" ")[0])
    assert [line.split(" ")[0] for line in made] == d.generate(3, seed=seed)


def test_minimize_agrees():
    path = CORPUS / "famous.sdm"
    lines = puzzle_lines(path)
    minimal = command_lines("minimize", str(path))
    assert minimal == [d.minimize(line.split(" ")[0]) for line in lines]


def test_python_generates_random_jigsaws_as_the_command_does():
    """A jigsaw without regions= gets a random layout per puzzle, its line carrying it."""
    for line in d.generate(3, seed=2, variant="jigsaw", size=6):
        assert len(line) == 2 * 36
        assert d.count(line, variant="jigsaw") == 1
    with pytest.raises(ValueError, match="windoku needs square boxes"):
        d.generate(1, seed=2, variant="jigsaw,windoku", size=6)
