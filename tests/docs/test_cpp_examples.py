"""The C++ examples of the README and of docs/*.md, compiled against today's headers.

Each ```cpp block is compiled on its own (-fsyntax-only: names, types and
signatures are what can drift; the libraries' own tests check what they do). Its
#include lines go first; the rest becomes the body of a function, in a block of its
own, so that a block may declare any name. Two names are given to it, as the pages
use them without declaring them: `s`, a dlx::solver already built (the threads
example goes on from the first one), and `line`, a line of text (the Sudoku example
parses it); <dlx/solver.hpp> is included for `s`, so the dlx blocks that go on from
the first need not include it again. Everything else a block uses it must bring."""

import os
import re
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("DLX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
CXX = os.environ.get("CXX", "c++")
# The libraries' include folders; the system's are the compiler's already (and a
# -I/usr/include would break libstdc++'s #include_next).
INCLUDES = [d for d in os.environ.get("DLX_INCLUDE_DIRS", "").split(":")
            if d and d not in ("/usr/include", "/usr/local/include")] or [
    str(SOURCE / part / "include") for part in ("dlx", "sudoku", "svg")]

# What a block may use without declaring it (see above).
CONTEXT = ("#include <dlx/solver.hpp>\n#include <string_view>\n\n"
           "void example([[maybe_unused]] dlx::solver& s, [[maybe_unused]] std::string_view line) {\n")


def pages():
    return [SOURCE / "README.md"] + sorted((SOURCE / "docs").glob("*.md"))


def blocks():
    """(page, line of the block's first code line, code) of every ```cpp block."""
    found = []
    for page in pages():
        text = page.read_text()
        for m in re.finditer(r"^```cpp\n(.*?)^```", text, re.S | re.M):
            found.append((page.relative_to(SOURCE), text.count("\n", 0, m.start(1)) + 1, m.group(1)))
    return found


BLOCKS = blocks()


def test_there_are_examples_to_compile():
    # The README's and library page's examples: a page that lost them should say so here.
    assert len(BLOCKS) >= 4, [f"{p}:{n}" for p, n, _ in BLOCKS]


@pytest.mark.parametrize("page,line,code", BLOCKS, ids=[f"{p}:{n}" for p, n, _ in BLOCKS])
def test_cpp_example_compiles(tmp_path, page, line, code):
    lines = code.split("\n")
    includes = [x for x in lines if x.startswith("#include")]
    body = ["" if x.startswith("#include") else x for x in lines]  # keeps the line numbers
    # #line makes the compiler's messages name the page and its line.
    program = ("\n".join(includes) + "\n" + CONTEXT + "{\n"
               + f'#line {line} "{page}"\n' + "\n".join(body) + "\n}\n}\n")
    source = tmp_path / "example.cpp"
    source.write_text(program)
    flags = os.environ.get("CXX_FLAGS", "").split()
    run = subprocess.run([CXX, "-std=c++20", "-fsyntax-only", *flags, *[f"-I{d}" for d in INCLUDES],
                          str(source)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"{page}:{line}: the example does not compile:\n{run.stderr}"
