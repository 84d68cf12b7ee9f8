#!/usr/bin/env bash
# Builds the web page (web/) into build/web: the sudoku command compiled to
# WebAssembly by emscripten (one file, sudoku.mjs, the module inside it), the
# JavaScript API around it (dlx-sudoku.mjs), the worker and the page. Installs
# Debian's emscripten when it is missing.
#   scripts/build-web.sh [extra cmake -D options]   then open build/web/index.html
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/install-missing.sh
install_missing emscripten libfmt-dev libboost-dev nlohmann-json3-dev cmake ninja-build python3

# Debian's emscripten runs its JavaScript tools with node, which finds Debian's
# packaged modules (acorn) there only when told: another node on the PATH (a
# newer one from elsewhere) does not look in /usr/share/nodejs.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# A unity build, as the sanitizer builds: the sudoku library's and the command's
# files compiled in batches (the engines' file by file), fmt's code (header-only
# here) once a batch rather than once a file.
emcmake cmake -S . -B build/web-build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON \
  -DDLX_BUILD_TESTS=OFF -DDLX_BUILD_BENCH=OFF -DDLX_BUILD_PYTHON=OFF -DDLX_INSTALL=OFF "$@" \
  >/dev/null
# Configured with -DDLX_BUILD_TESTS=ON (scripts/test.sh), the unit tests of
# scripts/test-web-units.sh too, in the same run: the libraries compiled once,
# the tests compiled while the module links (wasm-opt, mostly on one core).
targets=(sudoku_cli)
if ninja -C build/web-build -t targets all 2>/dev/null | grep -q '^web_unit_tests:'; then
  targets+=(web_unit_tests)
fi
cmake --build build/web-build --target "${targets[@]}" 2>&1 | tee build/web-build/build.log >&2

out=build/web
rm -rf "$out"
mkdir -p "$out"
cp build/web-build/tools/sudoku.mjs "$out/sudoku.mjs"
cp web/index.html web/page.js web/page.css web/dlx-sudoku.mjs web/worker.mjs web/package.json \
  web/README.md "$out/"
# The worker, for a page opened from disk (file://, where a worker cannot be
# loaded by URL): its source, the module's and the API's, in one script the
# page reads with a <script> tag and starts from a Blob.
python3 web/bundle-worker.py "$out"
gzip -9 -k -c "$out/worker-source.js" | wc -c | awk '{printf "build-web: %s: the module %.2f MB compressed\n", "'"$out"'", $1 / 1e6}' >&2
