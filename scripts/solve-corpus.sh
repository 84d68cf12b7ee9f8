#!/usr/bin/env bash
# The main job: set up, build, and solve the puzzles bundled in corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec build/release/tools/sudoku solve "$@" corpus/*.sdm
