#!/usr/bin/env bash
# Builds the libraries' unit tests in WebAssembly, with Debian's emscripten and
# the web page's options (scripts/build-web.sh), and runs them under Node:
# those that need neither threads nor other programs, so that a difference of
# compiler or standard library (clang's wasm32 target, libc++, a 32-bit
# size_t) shows up here first. tests/wasm/CMakeLists.txt says which files,
# EXCLUDED below which of their tests are left out and why. Installs emscripten
# and GoogleTest's sources when they are missing.
#   scripts/test-web-units.sh [extra cmake -D options]   (CI: -DDLX_WERROR=ON)
#   WEB_TREE=build/web-build scripts/test-web-units.sh   (after build-web.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/install-missing.sh
install_missing emscripten googletest libfmt-dev libboost-dev nlohmann-json3-dev cmake ninja-build

# Debian's emscripten runs its JavaScript tools with node, which finds Debian's
# packaged modules (acorn) there only when told (scripts/build-web.sh).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# build-web.sh's options and the tests, so that the libraries are the page's
# (-O3, in batches as there). In a tree of their own by default; WEB_TREE names
# build-web.sh's, whose libraries then serve both: after build-web.sh, with the
# same extra options, this build took 71 s instead of 172 on two cores (about
# 120 CPU-seconds instead of 325; 2026-12-06). Not while build-web.sh runs.
tree=${WEB_TREE:-build/web-tests}
log=build/web-tests/build.log
mkdir -p "$(dirname "$log")"
emcmake cmake -S . -B "$tree" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON \
  -DDLX_BUILD_TESTS=ON -DDLX_BUILD_BENCH=OFF -DDLX_BUILD_PYTHON=OFF -DDLX_INSTALL=OFF "$@" \
  >/dev/null
cmake --build "$tree" --target web_unit_tests 2>&1 | tee "$log" >&2

# The tests of those files that are left out:
# - those that start threads: WebAssembly without pthreads has none (the
#   constructor of std::thread throws), and a decomposed memo search runs on a
#   thread of its own, for its stack (dlx/src/memo_parallel.cpp);
# - tests/sudoku/CMakeLists.txt's release_only (FullSpeed.* and whole
#   published collections), and the others that took over 3 s each here
#   (whole collections too, or many random cases): 74 s of the 110 that the
#   rest took, in one process (2026-12-06).
EXCLUDED="*Thread*:WorkspacePool.*:*Decomposed*:IssExamples.AModelBuiltAgainIsTheSameProblem"
EXCLUDED+=":FullSpeed.*:IssExamples.LogicStepsKeepThePublishedSolution:IssExamples.ImpliedSums*"
EXCLUDED+=":IssExamples.TheModelCountsTheProblemItBuilds:IssGenerated.*:SePublished.*"
EXCLUDED+=":LogicSharedSets.*:IssExamples.EachHasItsPublishedSolutionAndNoOther"
EXCLUDED+=":LayoutCheck.EveryIssExampleLayoutCanBeFilled:LayoutCheck.AWrongGivenInIssExamples*"
EXCLUDED+=":Generator.OtherSizes:Generator.MinimalPuzzlesOfEverySymmetry"
EXCLUDED+=":Estimate.ProbesWithinFourStandardErrorsOfTheCount"
EXCLUDED+=":SharedCorpus.EnginesAgreePuzzleByPuzzle"
EXCLUDED+=":StructureSearch.SameSolutionsAsKnuthsSearchOnRandomPuzzles"

# SHARDS processes (GoogleTest's sharding; two by default, for two cores; one
# beside the page's tests in scripts/test.sh), each one's output printed whole
# once it is done.
tests="$(dirname "$log")"
shards=${SHARDS:-2}
pids=()
for ((shard = 0; shard < shards; ++shard)); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$shard node "$tree/tests/wasm/web_unit_tests.js" \
    --gtest_brief=1 --gtest_filter="-$EXCLUDED" >"$tests/shard-$shard.log" 2>&1 &
  pids+=($!)
done
failed=0
for ((shard = 0; shard < shards; ++shard)); do
  wait "${pids[$shard]}" || failed=1
  cat "$tests/shard-$shard.log"
done
if [ "$failed" -ne 0 ]; then
  echo "test-web-units: tests failed in WebAssembly (above)" >&2
  exit 1
fi
