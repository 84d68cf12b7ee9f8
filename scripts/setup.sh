#!/usr/bin/env bash
# Installs what the build needs from Debian's packages, if it is missing, and
# configures and builds the project in Release under build/release.
#   scripts/setup.sh [--sanitizers] [extra cmake -D options]
# --sanitizers also installs clang and its sanitizer runtimes, headless Chromium
# with a WebSocket client for Python (the browser test), and librsvg's
# rsvg-convert (the renderer comparison): for scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build pkg-config libfmt-dev libboost-dev nlohmann-json3-dev libgtest-dev libgmock-dev
          libbenchmark-dev openmpi-bin libopenmpi-dev
          python3-dev python3-pybind11 python3-pytest python3-setuptools python3-wheel
          python3-venv python3-pip)
if [ "${1:-}" = "--sanitizers" ]; then
  shift
  packages+=(clang libclang-rt-14-dev chromium python3-websocket librsvg2-bin)
fi
. scripts/install-missing.sh
install_missing "${packages[@]}"

# The Python module is built for Debian's Python, the one apt's pybind11 and
# pytest belong to (a PATH may put another python3 first, pyenv's for one).
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DPython3_EXECUTABLE=/usr/bin/python3 "$@" >/dev/null
# Progress on stderr (stdout is the main job's output), and in build.log, which
# scripts/test.sh searches for warnings.
cmake --build build/release 2>&1 | tee build/release/build.log >&2
