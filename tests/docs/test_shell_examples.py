"""The command-line examples of the README and of docs/*.md, run: each shown output
is what the built commands print today.

In a fenced code block, a line `$ COMMAND` is an example (a line ending in `\\`
goes on on the next); the lines after it, up to the next `$` line or the end of
the block, are what it prints: standard output, then standard error, as a
terminal shows a command that prints its result and then its summary. Blocks
without a `$` line are left alone (commands shown without their output). In the
shown output:
- a line `...` stands for any number of lines (an excerpt);
- a line ending in `...` stands for a line that starts with what comes before;
- a time in seconds (`1.239 s`, `"seconds":0.000010`) stands for any time: wall
  clock differs from run to run.
Every example must exit with status 0.

The commands run in bash in a scratch folder that holds `corpus/` (the source
tree's) and copies of the .dlx files of the team's dlx-reference folder (an
example may write one again: `dlx-langford 7 > langford-7.dlx`); an example that
names a .dlx file that is not there (no shared folder) and does not write it
(`> NAME.dlx`) is skipped, and so is an
`mpirun` example where Open MPI or dlx-mpi is missing. The built commands come
first in PATH (DOCS_PATH, set by tests/docs/CMakeLists.txt). As root, Open MPI
refuses to start unless told it may; the pages show the command as a user types
it and say so, and here the environment allows it."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("DLX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SHARED = Path(os.environ.get("DLX_SHARED_DIR", SOURCE.parent / "shared"))
FENCE = re.compile(r"^(`{3,}|~{3,})")
TIME = [(re.compile(r"\b\d+(\.\d+)? s\b"), "<time> s"),
        (re.compile(r'"seconds":[0-9.eE+-]+'), '"seconds":<time>')]


def pages():
    return [SOURCE / "README.md"] + sorted((SOURCE / "docs").glob("*.md"))


def examples():
    """(page, line, command, shown output lines) of every `$` line in a code block."""
    found = []
    for page in pages():
        fence, current, continued = None, None, False
        for number, line in enumerate(page.read_text().split("\n"), 1):
            m = FENCE.match(line)
            if fence is None:
                if m:
                    fence = m.group(1)
                continue
            if m and line.strip() == fence[0] * len(m.group(1)) and len(m.group(1)) >= len(fence):
                fence, current = None, None
                continue
            if continued:
                current[2] += "\n" + line
                continued = line.endswith("\\")
            elif line.startswith("$ "):
                current = [page.relative_to(SOURCE), number, line[2:], []]
                found.append(current)
                continued = line.endswith("\\")
            elif current is not None:
                current[3].append(line)
    return found


EXAMPLES = examples()


def normalize(line):
    for pattern, replacement in TIME:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def matches(shown, printed):
    """Whether the printed lines are the shown ones, `...` lines and endings read
    as described above."""
    if not shown:
        return not printed
    first, rest = normalize(shown[0]), shown[1:]
    if first == "...":
        return any(matches(rest, printed[k:]) for k in range(len(printed) + 1))
    if not printed:
        return False
    line = normalize(printed[0])
    same = line.startswith(first[:-3]) if first.endswith("...") else line == first
    return same and matches(rest, printed[1:])


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    where = tmp_path_factory.mktemp("examples")
    (where / "corpus").symlink_to(SOURCE / "corpus")
    reference = SHARED / "dlx-reference"
    if reference.is_dir():
        for f in reference.glob("*.dlx"):  # copies: an example may write over one
            shutil.copyfile(f, where / f.name)
    return where


def test_there_are_examples_to_run():
    # The README and the command pages show dozens; a page that lost them should say so here.
    assert len(EXAMPLES) >= 20, [f"{p}:{n}" for p, n, _, _ in EXAMPLES]


@pytest.mark.parametrize("page,line,command,shown", EXAMPLES,
                         ids=[f"{p}:{n}" for p, n, _, _ in EXAMPLES])
def test_shell_example_prints_what_the_page_shows(folder, page, line, command, shown):
    for name in re.findall(r"[\w.-]+\.dlx\b", command):
        writes = re.search(r">\s*" + re.escape(name) + r"\b", command)
        if not (folder / name).exists() and not writes:
            pytest.skip(f"{name} is not in {SHARED / 'dlx-reference'}")
    while shown and not shown[-1].strip():  # a block's trailing blank lines are layout
        shown.pop()
    env = dict(os.environ)
    env["PATH"] = os.environ.get("DOCS_PATH", "") + os.pathsep + env.get("PATH", "")
    if re.search(r"\bmpirun\b", command):
        if not (shutil.which("mpirun", path=env["PATH"])
                and shutil.which("dlx-mpi", path=env["PATH"])):
            pytest.skip("no mpirun or no dlx-mpi")
        if os.geteuid() == 0:
            env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    run = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True,
                         text=True, timeout=1200)
    printed = (run.stdout + run.stderr).split("\n")
    while printed and not printed[-1].strip():  # so is a blank line that ends the output
        printed.pop()
    where = f"{page}:{line}: $ {command}"
    assert run.returncode == 0, f"{where}\nexit status {run.returncode}\n{run.stderr}"
    assert matches(shown, printed), (f"{where}\nthe page shows:\n" + "\n".join(shown)
                                     + "\nthe command printed:\n" + "\n".join(printed))


def test_mpirun_examples_fit_a_two_core_machine():
    """Every mpirun line of the pages, run or only shown, starts on the two-core machine
    the README targets: at most 2 ranks (Open MPI gives one slot per core and refuses
    more: "not enough slots"), unless it says --oversubscribe or names a cluster's
    --hostfile."""
    too_many = []
    for page in pages():
        for number, line in enumerate(page.read_text().split("\n"), 1):
            ranks = re.search(r"\bmpirun\b.*\s-np\s+(\d+)", line)
            allowed = re.search(r"--oversubscribe|--hostfile", line)
            if ranks and int(ranks.group(1)) > 2 and not allowed:
                too_many.append(f"{page.relative_to(SOURCE)}:{number}: {line.strip()}")
    assert not too_many, "more ranks than a two-core machine has slots:\n" + "\n".join(too_many)
