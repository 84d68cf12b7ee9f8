"""Exact cover by dancing links, and a Sudoku toolkit on top of it.

Sudoku, strings in and out::

    >>> import dlx_sudoku
    >>> dlx_sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    '534678912672195348198342567859761423426853791713924856961537284287419635345286179'

and the generic engine, shaped like xcover::

    >>> ec = dlx_sudoku.ExactCover([["a", "b"], ["c"], ["a", "c"], ["b"]])
    >>> list(ec.solutions())
    [[0, 1], [2, 3]]

Every function has a docstring; __init__.pyi lists the whole API with its types.
"""

from ._core import (
    BudgetExhausted,
    ExactCover,
    Explanation,
    Rating,
    SearchStats,
    SeRating,
    SeStep,
    SolutionIterator,
    Split,
    Step,
    Validation,
    Zdd,
    ZddSolutionIterator,
    __version__,
    convert,
    count,
    count_many,
    _draw_seed,
    check_layout,
    disambiguate,
    estimate,
    explain,
    generate as _generate,
    is_unique,
    minimize,
    possibilities,
    pretty,
    rate,
    render as _render,
    se_rating,
    solve,
    solve_many,
    two_solutions,
    validate,
)

__all__ = [
    "BudgetExhausted",
    "ExactCover",
    "Explanation",
    "Puzzles",
    "Rating",
    "SearchStats",
    "SeRating",
    "SeStep",
    "SolutionIterator",
    "Split",
    "Step",
    "Svg",
    "Validation",
    "Zdd",
    "ZddSolutionIterator",
    "convert",
    "count",
    "count_many",
    "check_layout",
    "disambiguate",
    "estimate",
    "explain",
    "generate",
    "is_unique",
    "minimize",
    "possibilities",
    "pretty",
    "rate",
    "render",
    "se_rating",
    "solve",
    "solve_many",
    "two_solutions",
    "validate",
]



class Svg(str):
    """SVG text that Jupyter (and anything that looks for _repr_svg_) shows as a picture."""

    __slots__ = ()

    def _repr_svg_(self):
        return str(self)


def render(puzzle, **options):
    """Draws a puzzle as SVG text: an Svg, a str that Jupyter shows as the picture.

    Keywords: solution=False, candidates=False, possibilities=False, coordinates=False,
    variant='classic', regions=None, box=None (see _core.render's docstring for each)."""
    return Svg(_render(puzzle, **options))


class Puzzles(list):
    """What generate() makes: a list of SDM strings (None where no puzzle came within the
    attempts), and .seed, the seed that makes them again (drawn when none was given)."""

    __slots__ = ("_seed",)

    def __init__(self, puzzles=(), seed=None):
        super().__init__(puzzles)
        self._seed = seed

    @property
    def seed(self):
        """The seed that makes these puzzles again: generate(..., seed=this)."""
        return self._seed


def generate(count=1, *, size=9, box=None, symmetry="none", difficulty=None, clues=None,
             minimal=False, seed=None, variant="classic", regions=None, threads=0):
    if seed is None:
        seed = _draw_seed()  # the library's draw, as the command line's
    made = _generate(count, size=size, box=box, symmetry=symmetry, difficulty=difficulty,
                     clues=clues, minimal=minimal, seed=seed, variant=variant, regions=regions,
                     threads=threads)
    return Puzzles(made, seed)


generate.__doc__ = ("Returns a Puzzles list: the puzzles, and .seed, which makes them again\n"
                    "(a fresh seed when none is given).\n\n" + (_generate.__doc__ or ""))

render.__doc__ = "Draws a puzzle as SVG text (an Svg: a str Jupyter shows as the picture).\n\n" + (
    _render.__doc__ or "")

# The classes say they live here, where users import them from.
for _name in __all__:
    _obj = globals()[_name]
    if isinstance(_obj, type):
        _obj.__module__ = __name__
del _name, _obj
