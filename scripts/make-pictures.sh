#!/usr/bin/env bash
# Draws the README's pictures (docs/pictures/) with the project's own commands,
# from puzzles of corpus/. The picture tests run it into a scratch folder and
# compare, so the committed pictures are always what the tools draw today.
#   scripts/make-pictures.sh [OUT_DIR]      (default: docs/pictures)
# Binaries come from build/release unless SUDOKU, DLX or EXAMPLES (the folder of
# the encoders) name others.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/pictures}
sudoku=${SUDOKU:-build/release/tools/sudoku}
dlx=${DLX:-build/release/tools/dlx}
examples=${EXAMPLES:-build/release/examples}
mkdir -p "$out"

first() { grep -m1 -v -e '^#' -e '^$' "$1"; }  # a file's first puzzle line
wikipedia=$(grep -m1 wikipedia corpus/famous.sdm)

render() { "$sudoku" render -q "$@"; }
render -o "$out/9x9.svg" <<<"$wikipedia"
render --solution -o "$out/9x9-solution.svg" <<<"$wikipedia"
render --candidates --coordinates -o "$out/9x9-candidates.svg" <<<"$wikipedia"
first corpus/16x16.sdm | render --cell-size 30 -o "$out/16x16.svg"
for v in x jigsaw killer samurai; do
  first "corpus/variants/$v.sdm" | render --variant "$v" -o "$out/$v.svg"
  first "corpus/variants/$v.sdm" | render --variant "$v" --solution -o "$out/$v-solution.svg"
done

# Modern variants: ISS's published puzzles (tests/sudoku/iss_examples.tsv: name,
# constraint string, solution), their clues drawn.
iss() { awk -F'\t' -v name="example_puzzles.js:$1" '$1 == name { print $2 }' tests/sudoku/iss_examples.tsv; }
iss 'Thermo' | render --input-format=iss -o "$out/iss-thermo.svg"
iss 'Double arrow' | render --input-format=iss -o "$out/iss-double-arrow.svg"
iss 'XV Kropki Sudoku' | render --input-format=iss -o "$out/iss-xv-kropki.svg"
# Pencil marks among clues: dots and letters on the edges, cage sums in the
# corners, quads on the corners (docs/pictures.md).
iss 'XV Kropki Sudoku' | render --input-format=iss --candidates -o "$out/iss-xv-kropki-candidates.svg"
iss 'Killer' | render --input-format=iss --candidates -o "$out/iss-killer-candidates.svg"
iss 'Quadruple X' | render --input-format=iss --candidates -o "$out/iss-quadruple-candidates.svg"

# One frame of an explanation page: the SVG of frame K of section 1.
frame() { python3 scripts/explain-page.py "$1"; }
# The first step of a kind in an explanation: its frame number (step k is frame k).
# (Both read to the end: an early exit would close the pipe on the command.)
step_of() { awk -v p="$1" 'index($0, p) && !n { n = NR } END { print n }'; }

evil=$(first corpus/generated/9x9-evil.sdm)
k=$(printf '%s\n' "$evil" | "$sudoku" explain -q | grep -v '^puzzle ' | step_of swordfish)
printf '%s\n' "$evil" | "$sudoku" explain -q --html - | frame "$k" >"$out/step-swordfish.svg"
hard=$(first corpus/generated/9x9-hard.sdm)
k=$(printf '%s\n' "$hard" | "$sudoku" explain -q | grep -v '^puzzle ' | step_of 'naked pair')
printf '%s\n' "$hard" | "$sudoku" explain -q --html - | frame "$k" >"$out/step-pair.svg"
# A Sudoku Explainer chain, its links drawn as arrows.
beyond=$(first corpus/generated/9x9-beyond.sdm)
k=$(printf '%s\n' "$beyond" | "$sudoku" explain -q --scale se | grep -v '^puzzle ' | step_of 'X-Chain')
printf '%s\n' "$beyond" | "$sudoku" explain -q --scale se --html - | frame "$k" >"$out/step-chain.svg"

# A library's solutions as pictures: a pentomino packing, and a uniformly drawn
# domino tiling of the Aztec diamond of order 10 (the arctic circle shows).
"$examples/dlx-pentomino" 6x10 | "$dlx" --limit 1 | "$examples/dlx-pentomino" --svg 6x10 >"$out/pentomino.svg"
"$examples/dlx-aztec" 10 | "$dlx" --memo --sample 1 --seed 3 |
  "$examples/dlx-aztec" --svg 10 >"$out/aztec.svg"
