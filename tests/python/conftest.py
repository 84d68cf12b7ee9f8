"""Shared fixtures: where the team's shared corpus and Knuth's reference inputs are."""

import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("DLX_SHARED_DIR", Path(__file__).resolve().parents[3] / "shared"))
SOURCE = Path(os.environ.get("DLX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
# Set by tests/python/CMakeLists.txt when the module is built with AddressSanitizer:
# the few checks that take many seconds in Release are left to the Release build.
SANITIZED = os.environ.get("DLX_SANITIZED") == "1"


def shared_file(*parts):
    """A file of ../shared, or a clean skip when the folder is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path


def answers(name, limit=None):
    """(puzzle, count, solution) from a shared corpus set's .answers file."""
    rows = []
    with open(shared_file("corpus", f"{name}.answers")) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            puzzle, count, solution = line.strip().split(":")
            rows.append((puzzle, int(count), solution))
            if limit and len(rows) == limit:
                break
    return rows
