"""Builds the Python module with the project's CMake, for `pip install .`.

Debian 12 has neither scikit-build nor scikit-build-core, so a small
setuptools build_ext drives CMake: it configures the libraries and the module
alone (no tools, tests or benchmarks) for the Python running pip, builds the
target dlx_sudoku_python, and copies the compiled _core into the package. The
package's Python files (__init__.py, the .pyi stub, py.typed) come from
python/dlx_sudoku. Works offline with `--no-build-isolation`.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = Path(self.build_temp).resolve() / "cmake"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DDLX_BUILD_TOOLS=OFF", "-DDLX_BUILD_TESTS=OFF", "-DDLX_BUILD_BENCH=OFF",
            "-DDLX_INSTALL=OFF", "-DDLX_BUILD_PYTHON=ON", "-DDLX_PYTHON_REQUIRED=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.check_call(configure)
        subprocess.check_call(["cmake", "--build", str(build_dir), "--target",
                               "dlx_sudoku_python", "--parallel", jobs])
        built = sorted((build_dir / "python" / "dlx_sudoku").glob("_core*"))
        if not built:
            raise RuntimeError(f"CMake built no _core module in {build_dir}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], target)


setup(
    packages=["dlx_sudoku"],
    package_dir={"": "python"},
    package_data={"dlx_sudoku": ["__init__.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("dlx_sudoku._core")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
