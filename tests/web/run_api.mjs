// Runs calls of the web build's JavaScript API (build/web/dlx-sudoku.mjs) for
// the tests: reads JSON lines {command, text, options} on standard input and
// prints, a JSON line each, {stdout, stderr, exitCode, ms}.
//   node tests/web/run_api.mjs build/web/dlx-sudoku.mjs < calls.jsonl
import {readFileSync} from 'node:fs';
import {pathToFileURL} from 'node:url';
import {resolve} from 'node:path';

const api = await import(pathToFileURL(resolve(process.argv[2])).href);
const lines = readFileSync(0, 'utf8').split('\n').filter((line) => line.trim());
for (const line of lines) {
  const {command, text, options} = JSON.parse(line);
  const start = performance.now();
  const result = await api.run(command, text, options || {});
  process.stdout.write(JSON.stringify({...result, ms: performance.now() - start}) + '\n');
}
