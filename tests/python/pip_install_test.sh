#!/usr/bin/env bash
# `pip install .` from a copy of the checkout into a fresh venv (Debian's pip
# refuses the system Python: PEP 668), offline and with pip's build isolation,
# as a user types it: the build backend (python/build_backend.py) needs nothing
# from PyPI. The copy has no build tree, so DLX_BUILD_DIR names this one, built
# for the same Python: the install must reuse its module, not build another
# (which takes minutes). Then the installed module used from elsewhere, its
# stub and marker installed with it.
#   pip_install_test.sh SOURCE_DIR WORK_DIR PYTHON BUILD_DIR
set -euo pipefail
source_dir=$1 work=$2 python=$3 build_dir=$4
rm -rf "$work"
mkdir -p "$work/src"
tar -C "$source_dir" --exclude=./build --exclude=./.git -cf - . | tar -C "$work/src" -xf -
"$python" -m venv --system-site-packages "$work/venv"
cd "$work/src"
DLX_BUILD_DIR=$build_dir "$work/venv/bin/pip" install . --no-index -v >"$work/pip.log" 2>&1 ||
  { cat "$work/pip.log"; exit 1; }
grep -q "dlx_sudoku: using the build tree $build_dir" "$work/pip.log" ||
  { cat "$work/pip.log"; echo "pip did not reuse $build_dir"; exit 1; }
if [ -d "$work/src/build" ]; then
  echo "pip built in the source copy although $build_dir was there: $(ls "$work/src/build")"
  exit 1
fi
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
# Read pip's whole answer first: `grep -q` quits at the first match and, with
# pipefail, pip's broken pipe would fail the test.
metadata=$("$work/venv/bin/pip" show dlx-sudoku)
grep -q "^Version: " <<<"$metadata" || { echo "no metadata: $metadata"; exit 1; }
grep -q "^License: MIT$" <<<"$metadata" || { echo "no licence in the metadata: $metadata"; exit 1; }
