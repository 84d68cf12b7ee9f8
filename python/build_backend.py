"""The build backend of `pip install .` (PEP 517): CMake builds the module, and
this file packs it into a wheel.

Why not setuptools: its wheels need the `wheel` package, which a pyenv or
python.org Python lacks offline ("invalid command 'bdist_wheel'"), and Debian
has neither scikit-build nor scikit-build-core. This backend needs nothing but
the standard library, CMake and a C++ compiler, so `pip install .` works offline
with build isolation and with any Python 3 that has its headers; pybind11 is
found as CMake finds it (Debian's python3-pybind11 installs its CMake package in
/usr/lib/cmake), or from the Python's own pybind11 when it has one.

Where the module comes from:
- the build tree that scripts/setup.sh made (build/release, or DLX_BUILD_DIR)
  when it was configured for this very Python: CMake brings dlx_sudoku_python
  up to date there, and nothing is built twice;
- otherwise a build tree of its own, build/python-<interpreter>, configured for
  the libraries and the module alone (no tools, tests or benchmarks). A second
  install reuses it.
The build's progress goes to pip's log (`pip install -v .` shows it as it runs)
and, on a terminal, to one status line, since pip hides the rest.
"""

import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "dlx_sudoku"
PACKAGE_FILES = ("__init__.py", "__init__.pyi", "py.typed")
TARGET = "dlx_sudoku_python"


# -- metadata -------------------------------------------------------------

def project_table(text):
    """The [project] table of pyproject.toml: `key = "string"`, `key = [strings]` and
    `key = {name = "string", ...}` entries, all this project's table holds (tomllib
    is 3.11+ only)."""
    table, inside, key, items = {}, False, None, None
    for line in text.splitlines():
        line = line.split(" #")[0].strip()
        if key is not None:  # inside a multi-line list
            items += re.findall(r'"([^"]*)"', line)
            if line.endswith("]"):
                table[key], key = items, None
            continue
        if line.startswith("["):
            inside = line == "[project]"
        elif inside and "=" in line:
            name, value = (part.strip() for part in line.split("=", 1))
            if value.startswith("{"):
                table[name] = dict(re.findall(r'([A-Za-z0-9_-]+)\s*=\s*"([^"]*)"', value))
            elif value.startswith("["):
                items = re.findall(r'"([^"]*)"', value)
                if value.endswith("]"):
                    table[name] = items
                else:
                    key = name
            else:
                table[name] = value.strip('"')
    return table


def project():
    return project_table((ROOT / "pyproject.toml").read_text())


def distribution(meta):
    return f"{meta['name'].replace('-', '_')}-{meta['version']}"


def metadata_text(meta):
    lines = ["Metadata-Version: 2.1", f"Name: {meta['name']}", f"Version: {meta['version']}",
             f"Summary: {meta.get('description', '')}"]
    if "requires-python" in meta:
        lines.append(f"Requires-Python: {meta['requires-python']}")
    if "text" in meta.get("license", {}):
        lines.append(f"License: {meta['license']['text']}")
    lines += [f"Classifier: {c}" for c in meta.get("classifiers", [])]
    readme = ROOT / meta.get("readme", "README.md")
    if readme.exists():
        lines.append("Description-Content-Type: text/markdown")
        return "\n".join(lines) + "\n\n" + readme.read_text()
    return "\n".join(lines) + "\n"


def wheel_tag():
    """cp311-cp311-linux_x86_64 for CPython 3.11 on x86-64 Linux: the module is
    built for this interpreter's ABI."""
    interpreter = f"{sys.implementation.name[:2]}{sys.version_info[0]}{sys.version_info[1]}"
    soabi = sysconfig.get_config_var("SOABI") or ""
    parts = soabi.split("-")
    abi = "cp" + parts[1] if parts[0] == "cpython" and len(parts) > 1 else interpreter
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return f"{interpreter}-{abi}-{platform}"


def write_dist_info(where, meta):
    info = Path(where) / f"{distribution(meta)}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(metadata_text(meta))
    (info / "WHEEL").write_text("Wheel-Version: 1.0\nGenerator: dlx-sudoku build_backend\n"
                                f"Root-Is-Purelib: false\nTag: {wheel_tag()}\n")
    (info / "top_level.txt").write_text("dlx_sudoku\n")
    (info / "LICENSE").write_bytes((ROOT / "LICENSE").read_bytes())  # as setuptools does
    return info.name


# -- the build ------------------------------------------------------------

def say(message):
    print(f"dlx_sudoku: {message}", flush=True)


def interpreter_identity(python):
    """What makes a compiled module fit an interpreter: its version and build,
    its installation (a venv shares its base's) and its extension suffix."""
    probe = ("import sys, sysconfig; "
             "print(sys.version, sys.base_prefix, sysconfig.get_config_var('EXT_SUFFIX'))")
    try:
        return subprocess.run([python, "-c", probe], capture_output=True, text=True,
                              timeout=60).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def cache_entries(build_dir):
    entries = {}
    cache = Path(build_dir) / "CMakeCache.txt"
    if cache.exists():
        for line in cache.read_text(errors="replace").splitlines():
            m = re.match(r"^([A-Za-z_][\w.-]*):\w+=(.*)$", line)
            if m:
                entries[m.group(1)] = m.group(2)
    return entries


def reusable(build_dir):
    """Why the build tree cannot give this Python its module, or None if it can: a
    Release build, not a sanitizer's, with the module on, configured for this
    interpreter."""
    cache = cache_entries(build_dir)
    if not cache:
        return "not configured"
    if cache.get("CMAKE_BUILD_TYPE") != "Release":
        return f"a {cache.get('CMAKE_BUILD_TYPE') or 'default'} build, not Release"
    if "sanitize" in cache.get("CMAKE_CXX_FLAGS", ""):
        return "a sanitizer build"
    if cache.get("DLX_BUILD_PYTHON") != "ON":
        return "the module is off there"
    python = cache.get("Python3_EXECUTABLE", "")
    if not python or interpreter_identity(python) != interpreter_identity(sys.executable):
        return f"configured for {python or 'no Python'}, not {sys.executable}"
    return None


def pybind11_hint():
    """-Dpybind11_DIR from this Python's own pybind11 when it has one; otherwise
    CMake's search finds Debian's (/usr/lib/cmake/pybind11)."""
    try:
        import pybind11  # noqa: PLC0415 (optional)
        return [f"-Dpybind11_DIR={pybind11.get_cmake_dir()}"]
    except ImportError:
        return []


def own_build_dir():
    tag = sys.implementation.cache_tag or "python"
    where = hashlib.sha256(sys.base_prefix.encode()).hexdigest()[:8]
    return ROOT / "build" / f"python-{tag}-{where}"


def run(command, tty):
    """Runs a CMake step, its output into pip's log line by line (live with
    `pip install -v`), and ninja's "[k/n]" lines onto the terminal's status line."""
    say(" ".join(command))
    shown = False
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          bufsize=1) as p:
        for line in p.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            if tty and re.match(r"^\[\d+/\d+\]", line):
                # A line of its own under pip's, rewritten in place.
                tty.write(("\r\033[K" if shown else "\n") + "  dlx_sudoku: " + line.rstrip()[:100])
                tty.flush()
                shown = True
    if shown:
        tty.write("\n")
        tty.flush()
    if p.returncode != 0:
        raise RuntimeError(f"dlx_sudoku: `{' '.join(command)}` failed (exit {p.returncode}); "
                           "its output is above")


def pip_shows_output():
    """Whether the output reaches the user anyway: a terminal, or pip asked for
    -v (it then prints the build as it runs; our status line would garble it).
    pip runs this backend in a child process of its own."""
    if sys.stdout.isatty() or os.environ.get("PIP_VERBOSE"):
        return True
    try:
        parent = Path(f"/proc/{os.getppid()}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return any(a == b"--verbose" or re.fullmatch(rb"-[a-uw-z]*v+[a-z]*", a) for a in parent)


def open_tty():
    if pip_shows_output():
        return None
    try:
        return open("/dev/tty", "w")
    except OSError:
        return None


def build_module():
    """Builds dlx_sudoku_python for this Python and returns the compiled _core."""
    if shutil.which("cmake") is None:
        raise RuntimeError("dlx_sudoku: cmake not found (Debian: apt-get install cmake ninja-build "
                           "g++ libfmt-dev libboost-dev nlohmann-json3-dev python3-pybind11; or "
                           "scripts/setup.sh)")
    start = time.monotonic()
    tty = open_tty()
    try:
        given = os.environ.get("DLX_BUILD_DIR")
        candidate = Path(given).resolve() if given else ROOT / "build" / "release"
        why_not = reusable(candidate)
        if why_not is None:
            build_dir = candidate
            say(f"using the build tree {build_dir}")
        else:
            if given:
                raise RuntimeError(f"dlx_sudoku: DLX_BUILD_DIR={given}: {why_not}")
            build_dir = own_build_dir()
            say(f"not reusing {candidate} ({why_not}); building the module in {build_dir}")
            configure = ["cmake", "-S", str(ROOT), "-B", str(build_dir),
                         "-DCMAKE_BUILD_TYPE=Release", "-DDLX_BUILD_TOOLS=OFF",
                         "-DDLX_BUILD_TESTS=OFF", "-DDLX_BUILD_BENCH=OFF", "-DDLX_INSTALL=OFF",
                         "-DDLX_BUILD_PYTHON=ON", "-DDLX_PYTHON_REQUIRED=ON",
                         f"-DPython3_EXECUTABLE={sys.executable}"] + pybind11_hint()
            if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
                configure += ["-G", "Ninja"]
            run(configure, tty)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        run(["cmake", "--build", str(build_dir), "--target", TARGET, "--parallel", jobs], tty)
    finally:
        if tty:
            tty.close()
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = build_dir / "python" / "dlx_sudoku" / f"_core{suffix}"
    if not built.exists():
        raise RuntimeError(f"dlx_sudoku: CMake built no {built.name} in {built.parent}")
    say(f"module built in {time.monotonic() - start:.0f} s")
    return built


# -- the hooks ------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return write_dist_info(metadata_directory, project())


def record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    meta = project()
    core = build_module()
    files = {f"dlx_sudoku/{name}": (PACKAGE / name).read_bytes() for name in PACKAGE_FILES}
    files[f"dlx_sudoku/{core.name}"] = core.read_bytes()
    scratch = Path(wheel_directory) / ".dist-info-scratch"
    info = write_dist_info(scratch, meta)
    for path in sorted((scratch / info).iterdir()):
        files[f"{info}/{path.name}"] = path.read_bytes()
    shutil.rmtree(scratch)
    record = "".join(f"{name},{record_hash(data)}\n" for name, data in files.items())
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    name = f"{distribution(meta)}-{wheel_tag()}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as whl:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if path.endswith(core.name) else 0o644) << 16
            whl.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The source tree without build trees and version control."""
    meta = project()
    base = distribution(meta)
    name = f"{base}.tar.gz"
    skip = re.compile(r"^(build[^/]*|\.git|\.cache)(/|$)|(^|/)__pycache__(/|$)|\.egg-info(/|$)")
    with tarfile.open(Path(sdist_directory) / name, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for path in sorted(ROOT.rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.is_file() and not skip.search(relative):
                tar.add(path, arcname=f"{base}/{relative}", recursive=False)
        pkg_info = metadata_text(meta).encode()
        entry = tarfile.TarInfo(f"{base}/PKG-INFO")
        entry.size = len(pkg_info)
        tar.addfile(entry, io.BytesIO(pkg_info))
    return name
