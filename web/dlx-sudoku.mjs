// dlx-sudoku for JavaScript: the sudoku command's answers, from the same C++
// compiled to WebAssembly (sudoku.mjs), in Node or a browser. Each function
// takes the text the command reads (one puzzle a line, any format it reads)
// and options named as the command's in camelCase ({limit: 2, inputFormat:
// 'iss'}), and resolves to what `sudoku COMMAND -q` prints for that text, so
// the two faces can be compared line by line:
//
//   import {count, solve} from './dlx-sudoku.mjs';
//   await count('1...............\n', {limit: 0});   // '72\n'
//
// run() gives the whole outcome: standard output, standard error (the located
// message of a line that is not a puzzle) and the exit status, and takes an
// onProgress callback: a long run calls it, a few times a second after its
// first second, with what the command's progress line says on a terminal
// ('sudoku count: 0 of 1 puzzles; ...'), and with '' when done. Calls run one
// after another on one instance of the module; a page runs them in a worker
// (worker.mjs) so that it stays responsive and a long count can be stopped.
import createSudoku from './sudoku.mjs';

let ready = null;  // the module's instance, once loading has begun
let out = [], err = [];

function instance() {
  if (!ready) {
    ready = createSudoku({
      print: (line) => out.push(line),
      printErr: (line) => err.push(line),
    });
  }
  return ready;
}

// The command line of `sudoku COMMAND -q` with these options: {limit: 2} is
// --limit 2, {inputFormat: 'iss'} --input-format iss, {json: true} --json;
// false, null and undefined leave an option out.
export function commandLine(command, options = {}) {
  if (typeof command !== 'string' || !/^[a-z]+$/.test(command)) {
    throw new TypeError(`dlx-sudoku: no command '${command}'`);
  }
  const args = [command, '-q'];
  for (const [key, value] of Object.entries(options)) {
    if (value === false || value === null || value === undefined) continue;
    const flag = '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    args.push(flag);
    if (value !== true) args.push(String(value));
  }
  return args;
}

// Runs `sudoku COMMAND -q [options]` on `text` as its standard input:
// {stdout, stderr, exitCode}. The messages name the input <stdin>, as the
// command's do.
export async function run(command, text, options = {}, {onProgress} = {}) {
  const args = commandLine(command, options);
  const module = await instance();
  module.FS.writeFile('<stdin>', String(text));
  out = [];
  err = [];
  let exitCode;
  module.onProgress = onProgress;  // read by the command's progress line (tools/common/output.cpp)
  try {
    exitCode = module.callMain([...args, '<stdin>']);
  } finally {
    module.onProgress = undefined;
    module.FS.unlink('<stdin>');
  }
  const joined = (lines) => (lines.length ? lines.join('\n') + '\n' : '');
  return {stdout: joined(out), stderr: joined(err), exitCode};
}

async function printed(command, text, options) {
  return (await run(command, text, options)).stdout;
}

export const solve = (text, options) => printed('solve', text, options);
export const count = (text, options) => printed('count', text, options);
export const validate = (text, options) => printed('validate', text, options);
export const possibilities = (text, options) => printed('possibilities', text, options);
export const explain = (text, options) => printed('explain', text, options);
export const rate = (text, options) => printed('rate', text, options);
export const render = (text, options) => printed('render', text, options);
export const estimate = (text, options) => printed('estimate', text, options);
export const disambiguate = (text, options) => printed('disambiguate', text, options);
export const layout = (text, options) => printed('layout', text, options);
export const convert = (text, options) => printed('convert', text, options);
export const redundant = (text, options) => printed('redundant', text, options);
export const minimize = (text, options) => printed('minimize', text, options);
