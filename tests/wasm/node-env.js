// Linked into web_unit_tests.js (--pre-js): the host's GTEST_* variables for
// GoogleTest, whose getenv sees only emscripten's ENV, not Node's process.env;
// scripts/test-web-units.sh shards the run with GTEST_TOTAL_SHARDS and
// GTEST_SHARD_INDEX.
Module['preRun'] = [function() {
  for (var name in process.env) {
    if (name.startsWith('GTEST_')) ENV[name] = process.env[name];
  }
}];
