#!/usr/bin/env python3
"""Checks the libraries' layout (issue 29): no include runs back up, no file grows past 700 lines.

Includes. Each library's headers (public and private) sit in layers, lowest first, in
LAYERS below: a header may include headers of its own layer or lower ones, never a higher
one, and a header missing from the table is an error (so a new one is placed on purpose).
A .cpp file is the top of its own stack and may include anything of its library. Cycles
cannot pass: two headers of one layer that include each other are reported too.

Sizes. No product file (dlx/, sudoku/, svg/, tools/, python/src/) over 700 lines, except
the files that hold one engine or one technique family each, listed in LARGE with why.

Compile time. No source file includes <fmt/format.h> unless it uses a name that only it
declares (fmt::join, fmt::to_string, fmt::memory_buffer, a formatter of its own, ...) or
calls fmt::format_to: <fmt/format.h> makes a file compile fmt's formatting engine again
(4 to 9 s a file under clang with the sanitizers), where fmt::format and fmt::print call
libfmt's. fmt::format_to needs it all the same: with <fmt/core.h> alone it calls the
engine by a name that clang mangles otherwise than the g++ that built Debian's libfmt (a
link error in clang's builds), so a file that appends in place (a large diagram's text)
pays for the engine once, and the rest append fmt::format's string.

  scripts/check-layout.py [ROOT]        exit 0, or 1 with "file:line: what is wrong" lines
  scripts/check-layout.py --self-test   shows that the check fails on a bad tree
"""

import re
import sys
import tempfile
from pathlib import Path

# Lowest first; paths relative to the repository root.
LAYERS = {
    "dlx": [
        ["dlx/include/dlx/problem.hpp", "dlx/include/dlx/line_reader.hpp",
         "dlx/include/dlx/counted.hpp", "dlx/include/dlx/random.hpp", "dlx/src/counter_scan.hpp",
         "dlx/src/structure.hpp", "dlx/src/box_layout.hpp", "dlx/src/box_band_round.hpp",
         "dlx/src/box_band_rules.hpp"],
        ["dlx/include/dlx/format.hpp", "dlx/include/dlx/reducer.hpp", "dlx/include/dlx/rule.hpp",
         "dlx/include/dlx/search.hpp", "dlx/include/dlx/structure.hpp"],
        ["dlx/include/dlx/checkpoint.hpp", "dlx/include/dlx/zdd.hpp", "dlx/src/engine.hpp"],
        ["dlx/include/dlx/memo.hpp", "dlx/src/parallel.hpp", "dlx/src/bitset_engine.hpp",
         "dlx/src/structure_engine.hpp"],
        ["dlx/src/bitset_pair_rule.hpp", "dlx/src/bitset_weight_rule.hpp", "dlx/src/memo_search.hpp"],
        ["dlx/include/dlx/solver.hpp", "dlx/src/memo_shared.hpp"],
        ["dlx/include/dlx/estimate.hpp"],
    ],
    "sudoku": [
        ["sudoku/include/sudoku/grid.hpp", "sudoku/include/sudoku/clue.hpp",
         "sudoku/include/sudoku/thread_share.hpp", "sudoku/src/se/board.hpp",
         "sudoku/src/se/crew.hpp", "sudoku/src/lz_string.hpp", "sudoku/src/clue_automaton.hpp"],
        ["sudoku/include/sudoku/variant.hpp", "sudoku/include/sudoku/text.hpp",
         "sudoku/include/sudoku/symmetry.hpp", "sudoku/src/text_detail.hpp",
         "sudoku/src/killer_text.hpp",
         "sudoku/src/se/techniques.hpp"],
        ["sudoku/include/sudoku/model.hpp", "sudoku/include/sudoku/variant_text.hpp",
         "sudoku/include/sudoku/validate.hpp", "sudoku/include/sudoku/iss.hpp",
         "sudoku/src/clue_check.hpp", "sudoku/src/combined_sums.hpp",
         "sudoku/src/iss_detail.hpp", "sudoku/src/render_clues.hpp",
         "sudoku/src/se/chain_potentials.hpp", "sudoku/include/sudoku/fpuzzles.hpp",
         "sudoku/src/fpuzzles_detail.hpp", "sudoku/src/fpuzzles_json.hpp"],
        ["sudoku/include/sudoku/solver.hpp", "sudoku/include/sudoku/logic.hpp",
         "sudoku/src/clue_model.hpp", "sudoku/src/leftover_sums.hpp",
         "sudoku/src/se/chainer.hpp", "sudoku/src/iss_reader.hpp"],
        ["sudoku/include/sudoku/generator.hpp", "sudoku/include/sudoku/se_rating.hpp",
         "sudoku/include/sudoku/board_state.hpp", "sudoku/src/sum_line_loops.hpp",
         "sudoku/src/chain_unrolling.hpp"],
        ["sudoku/include/sudoku/solver_cache.hpp", "sudoku/include/sudoku/render.hpp",
         "sudoku/src/clue_lowering.hpp"],
        ["sudoku/include/sudoku/answer.hpp", "sudoku/include/sudoku/explanation.hpp"],
        ["sudoku/include/sudoku/workspace_pool.hpp", "sudoku/include/sudoku/possibilities.hpp",
         "sudoku/include/sudoku/estimate.hpp", "sudoku/include/sudoku/disambiguate.hpp",
         "sudoku/include/sudoku/layout_check.hpp"],
    ],
}

# Over 700 lines, and why that is right (none at present: the structure search and SE's
# chains, once listed here, are split by concept).
LARGE = {}
PRODUCT = ("dlx/", "sudoku/", "svg/", "tools/", "python/src/")
LIMIT = 700

# Every folder with C++ of ours, for the compile-time rule.
SOURCES = PRODUCT + ("tests/", "fuzz/", "examples/", "bench/")
FMT_FORMAT = re.compile(r'^\s*#\s*include\s*<fmt/format\.h>')
# Names <fmt/format.h> declares and <fmt/core.h> does not (fmt 9 and 10).
FMT_FORMAT_ONLY = re.compile(r"fmt::(join|to_string|to_wstring|memory_buffer|basic_memory_buffer|"
                             r"ptr|group_digits|format_error|underlying|format_int|formatter<|"
                             r"system_error|bytes|detail::)|FMT_STRING|struct formatter<")
FMT_FORMAT_TO = re.compile(r"fmt::format_to\b")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')


def resolve(root, lib, including, name):
    """The repository path an include names, when it is one of `lib`'s headers."""
    candidates = [f"{lib}/include/{name}", f"{lib}/src/{name}"]
    here = including.parent.relative_to(root).as_posix()
    candidates.insert(0, f"{here}/{name}")
    for c in candidates:
        if (root / c).is_file():
            return str(Path(c).as_posix())
    return None


def check(root):
    root = Path(root).resolve()
    problems = []
    for lib, layers in LAYERS.items():
        layer_of = {h: k for k, layer in enumerate(layers) for h in layer}
        files = sorted(p for d in ("include", "src") for p in (root / lib / d).rglob("*")
                       if p.suffix in (".hpp", ".cpp"))
        for path in files:
            rel = path.relative_to(root).as_posix()
            is_header = path.suffix == ".hpp"
            if is_header and rel not in layer_of:
                problems.append(f"{rel}:1: a header of {lib} in no layer of "
                                f"scripts/check-layout.py: place it")
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = resolve(root, lib, path, m.group(1))
                if target is None or target == rel:
                    continue
                if target not in layer_of:
                    problems.append(f"{rel}:{number}: includes {target}, in no layer")
                elif is_header and layer_of[target] > layer_of[rel]:
                    problems.append(f"{rel}:{number}: includes {target}, which runs back up "
                                    f"(layer {layer_of[target]} above its own {layer_of[rel]})")
        # Same-layer includes must not form a cycle.
        graph = {}
        for path in files:
            rel = path.relative_to(root).as_posix()
            if path.suffix != ".hpp":
                continue
            for line in path.read_text().splitlines():
                m = INCLUDE.match(line)
                target = m and resolve(root, lib, path, m.group(1))
                if target and target != rel:
                    graph.setdefault(rel, set()).add(target)
        state = {}

        def visit(node, stack):
            state[node] = 1
            for nxt in sorted(graph.get(node, ())):
                if state.get(nxt) == 1:
                    problems.append(f"{node}:1: an include cycle: {' -> '.join(stack + [nxt])}")
                elif nxt not in state:
                    visit(nxt, stack + [nxt])
            state[node] = 2

        for node in sorted(graph):
            if node not in state:
                visit(node, [node])
    for prefix in PRODUCT:
        base = root / prefix
        if not base.exists():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in (".hpp", ".cpp", ".h"):
                continue
            rel = path.relative_to(root).as_posix()
            lines = len(path.read_text().splitlines())
            if lines > LIMIT and rel not in LARGE:
                problems.append(f"{rel}:{LIMIT + 1}: {lines} lines, over {LIMIT}: split it by "
                                f"concept (or, for one engine or technique family, list it in LARGE)")
    for prefix in SOURCES:
        base = root / prefix
        if not base.exists():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in (".hpp", ".cpp", ".h") or "build" in path.parts:
                continue
            text = path.read_text()
            rel = path.relative_to(root).as_posix()
            lines = text.splitlines()
            includes_format = [n for n, line in enumerate(lines, 1) if FMT_FORMAT.match(line)]
            format_to = [n for n, line in enumerate(lines, 1) if FMT_FORMAT_TO.search(line)]
            if format_to and not includes_format:
                problems.append(f"{rel}:{format_to[0]}: calls fmt::format_to without "
                                f"<fmt/format.h> (clang's builds fail to link it): include it, "
                                f"or append fmt::format's string")
            if FMT_FORMAT_ONLY.search(text) or format_to:
                continue
            for number in includes_format:
                problems.append(f"{rel}:{number}: includes <fmt/format.h> but uses nothing "
                                f"<fmt/core.h> lacks: include <fmt/core.h> (each file would "
                                f"compile fmt's engine again)")
    problems += full_speed_problems(root)
    return problems


# A test the sanitizer builds skip must be one the Release build of
# scripts/test.sh runs, which runs no other unit test: FullSpeed.* in C++,
# full_speed in a Python test's name (tests/CMakeLists.txt).
CPP_TEST = re.compile(r"^TEST(?:_F|_P)?\((\w+),")
CPP_SKIP = re.compile(r"sanitized\(\)\)\s*GTEST_SKIP")
PY_SKIP = re.compile(r"skipif\(\s*SANITIZED")
PY_TEST = re.compile(r"^def (test_\w+)")


def full_speed_problems(root):
    problems = []
    base = Path(root) / "tests"
    if not base.exists():
        return problems
    for path in sorted(base.rglob("*")):
        if path.suffix not in (".cpp", ".py") or "build" in path.parts:
            continue
        rel = path.relative_to(root).as_posix()
        suite, skip_line = None, None
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if path.suffix == ".cpp":
                if m := CPP_TEST.match(line):
                    suite = m.group(1)
                if CPP_SKIP.search(line) and suite != "FullSpeed":
                    problems.append(f"{rel}:{number}: a test the sanitizers skip is named "
                                    f"FullSpeed.* (else no build of scripts/test.sh runs it)")
            else:
                if PY_SKIP.search(line):
                    skip_line = number
                elif skip_line and (m := PY_TEST.match(line)):
                    if "full_speed" not in m.group(1):
                        problems.append(f"{rel}:{skip_line}: a test the sanitizers skip has "
                                        f"full_speed in its name (else no build of "
                                        f"scripts/test.sh runs it)")
                    skip_line = None
    return problems


def self_test():
    """A tree with a header that includes one above it, an oversized file, a needless
    <fmt/format.h>, a format_to without it, and a C++ and a Python test the sanitizers
    skip that no build would run: all six caught, and a file that needs <fmt/format.h>
    and the FullSpeed tests let be."""
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        for lib, layers in LAYERS.items():
            for layer in layers:
                for h in layer:
                    (t / h).parent.mkdir(parents=True, exist_ok=True)
                    (t / h).write_text("#pragma once\n")
        (t / "sudoku/include/sudoku/grid.hpp").write_text('#include "sudoku/solver.hpp"\n')
        (t / "dlx/src/big.cpp").write_text("int x;\n" * (LIMIT + 1))
        (t / "tests/a_test.cpp").parent.mkdir(parents=True)
        (t / "tests/a_test.cpp").write_text("#include <fmt/format.h>\nauto s = fmt::format(\"{}\", 1);\n")
        (t / "tests/b_test.cpp").write_text("#include <fmt/format.h>\nauto s = fmt::to_string(1);\n")
        (t / "tests/c_test.cpp").write_text("#include <fmt/core.h>\nvoid f(std::string& s) {\n"
                                            "  fmt::format_to(std::back_inserter(s), \"{}\", 1);\n}\n")
        (t / "tests/d_test.cpp").write_text("TEST(Slow, Thing) {\n"
                                            "  if (test_support::sanitized()) GTEST_SKIP();\n}\n"
                                            "TEST(FullSpeed, Thing) {\n"
                                            "  if (test_support::sanitized()) GTEST_SKIP();\n}\n")
        (t / "tests/e_test.py").write_text("@pytest.mark.skipif(SANITIZED, reason='slow')\n"
                                           "def test_slow():\n    pass\n"
                                           "@pytest.mark.skipif(SANITIZED, reason='slow')\n"
                                           "def test_slow_full_speed():\n    pass\n")
        found = check(t)
        assert any("grid.hpp:1: includes sudoku/include/sudoku/solver.hpp, which runs back up"
                   in p for p in found), found
        assert any("dlx/src/big.cpp" in p and "over 700" in p for p in found), found
        assert any(p.startswith("tests/a_test.cpp:1: includes <fmt/format.h>") for p in found), found
        assert any(p.startswith("tests/c_test.cpp:3: calls fmt::format_to") for p in found), found
        assert any(p.startswith("tests/d_test.cpp:2: a test the sanitizers skip") for p in found), found
        assert any(p.startswith("tests/e_test.py:1: a test the sanitizers skip") for p in found), found
        assert len(found) == 6, found
    print("check-layout: the self-test caught all six")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = argv[1] if len(argv) > 1 else Path(__file__).resolve().parents[1]
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        return 1
    print("check-layout: every include runs down its library's layers; no product file over 700 "
          "lines but those listed in LARGE; every test the sanitizers skip is a FullSpeed one")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
