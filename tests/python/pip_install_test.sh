#!/usr/bin/env bash
# `pip install . --no-build-isolation` from a copy of the checkout into a fresh
# venv (Debian's pip refuses the system Python: PEP 668), offline, then the
# installed module used from elsewhere, its stub and marker installed with it.
#   pip_install_test.sh SOURCE_DIR WORK_DIR PYTHON
set -euo pipefail
source_dir=$1 work=$2 python=$3
rm -rf "$work"
mkdir -p "$work/src"
# A copy without build trees: the install must build from the sources alone.
tar -C "$source_dir" --exclude=./build --exclude=./.git -cf - . | tar -C "$work/src" -xf -
"$python" -m venv --system-site-packages "$work/venv"
cd "$work/src"
"$work/venv/bin/pip" install . --no-build-isolation --no-index --quiet
cd "$work"
"$work/venv/bin/python" - <<'PY'
import os
import sys

import dlx_sudoku

where = os.path.dirname(dlx_sudoku.__file__)
assert where.startswith(sys.prefix), f"imported from {where}, not the venv {sys.prefix}"
for name in ("__init__.pyi", "py.typed"):
    assert os.path.exists(os.path.join(where, name)), f"{name} not installed"
puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
assert dlx_sudoku.solve(puzzle) == solution
assert dlx_sudoku.ExactCover([["a", "b"], ["c"], ["a", "c"], ["b"]]).count() == 2
print(f"dlx_sudoku {dlx_sudoku.__version__} installed in {where}")
PY
