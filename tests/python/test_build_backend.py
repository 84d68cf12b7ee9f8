"""`pip install .`'s build backend (python/build_backend.py): the metadata it reads,
the wheel tag it gives, and when it reuses a build tree rather than building the
module again (pip_install_test.sh installs through it end to end)."""

import importlib.util
import os
import sys
import tomllib
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("DLX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
spec = importlib.util.spec_from_file_location("build_backend",
                                              SOURCE / "python" / "build_backend.py")
backend = importlib.util.module_from_spec(spec)
spec.loader.exec_module(backend)


def test_reads_pyproject_as_tomllib_does():
    with open(SOURCE / "pyproject.toml", "rb") as f:
        assert backend.project() == tomllib.load(f)["project"]


def test_the_metadata_carries_the_licence(tmp_path):
    # MIT, as LICENSE says: pip show's "License:", the classifier, and the text
    # itself beside the metadata, as setuptools puts it.
    meta = backend.project()
    assert meta["license"] == {"text": "MIT"}
    lines = backend.metadata_text(meta).splitlines()
    assert "License: MIT" in lines
    assert "Classifier: License :: OSI Approved :: MIT License" in lines
    info = tmp_path / backend.write_dist_info(tmp_path, meta)
    assert (info / "LICENSE").read_text() == (SOURCE / "LICENSE").read_text()
    assert "Copyright (c) 2026 the dlx-sudoku authors" in (info / "LICENSE").read_text()


def test_build_system_needs_nothing_from_an_index():
    # requires = []: pip's isolated build environment needs no download, so
    # `pip install .` works offline and without setuptools or wheel.
    with open(SOURCE / "pyproject.toml", "rb") as f:
        system = tomllib.load(f)["build-system"]
    assert system["requires"] == []
    assert system["build-backend"] == "build_backend"


def test_the_wheel_tag_is_one_pip_installs_here():
    tags = pytest.importorskip("packaging.tags")
    supported = {str(t) for t in tags.sys_tags()}
    assert backend.wheel_tag() in supported, backend.wheel_tag()


def cache(tmp_path, **entries):
    values = {"CMAKE_BUILD_TYPE": "Release", "CMAKE_CXX_FLAGS": "", "DLX_BUILD_PYTHON": "ON",
              "Python3_EXECUTABLE": sys.executable}
    values.update(entries)
    (tmp_path / "CMakeCache.txt").write_text(
        "# a CMake cache\n" + "".join(f"{k}:STRING={v}\n" for k, v in values.items()))
    return tmp_path


def test_reuses_a_release_tree_built_for_this_python(tmp_path):
    assert backend.reusable(cache(tmp_path)) is None


@pytest.mark.parametrize("entries,why", [
    ({"CMAKE_BUILD_TYPE": "RelWithDebInfo"}, "not Release"),
    ({"CMAKE_CXX_FLAGS": "-fsanitize=address,undefined"}, "sanitizer"),
    ({"DLX_BUILD_PYTHON": "OFF"}, "module is off"),
    ({"Python3_EXECUTABLE": "/nonexistent/python3"}, "configured for /nonexistent/python3"),
])
def test_builds_its_own_otherwise(tmp_path, entries, why):
    assert why in backend.reusable(cache(tmp_path, **entries))


def test_a_missing_tree_is_not_reused(tmp_path):
    assert backend.reusable(tmp_path / "none") == "not configured"


def test_a_venv_shares_its_base_pythons_build(tmp_path):
    # A venv's python and the interpreter it was made from take the same module.
    venv = tmp_path / "venv"
    import venv as venv_module
    venv_module.create(venv, system_site_packages=True, with_pip=False)
    python = venv / "bin" / "python"
    assert backend.interpreter_identity(str(python)) == backend.interpreter_identity(
        sys._base_executable if hasattr(sys, "_base_executable") else sys.executable)


def test_its_own_tree_is_per_interpreter():
    where = backend.own_build_dir()
    assert where.parent == SOURCE / "build"
    assert sys.implementation.cache_tag in where.name
