// The page: each button runs the command of its name on the puzzles pasted, in
// a worker (worker.mjs, started from worker-source.js so that a page opened
// from disk works too), and shows what the command prints, the first puzzle's
// picture, and an explanation's step-through page. window.dlxSudoku is the
// same API as dlx-sudoku.mjs, through the worker: dlxSudoku.count(text,
// {limit: 2}) resolves to what `sudoku count -q --limit 2` prints.
'use strict';

(() => {
  let worker = null;
  let pending = new Map();  // call id -> {resolve, reject}
  let nextId = 1;

  function startWorker() {
    const url = URL.createObjectURL(
        new Blob([self.DLX_SUDOKU_WORKER], {type: 'text/javascript'}));
    worker = new Worker(url);  // a classic worker: a module one does not start from a Blob on file://
    worker.onmessage = (event) => {
      const {id, error, ...result} = event.data;
      const call = pending.get(id);
      if (!call) return;
      pending.delete(id);
      if (error !== undefined) call.reject(new Error(error));
      else call.resolve(result);
    };
    worker.onerror = (event) => {
      for (const call of pending.values()) call.reject(new Error(event.message));
      pending.clear();
    };
  }

  // {stdout, stderr, exitCode} of `sudoku COMMAND -q [options]` on `text`.
  function run(command, text, options = {}) {
    if (!worker) startWorker();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, {resolve, reject});
      worker.postMessage({id, command, text: String(text), options});
    });
  }

  // Ends the calls under way (a long count): the worker goes, a new one comes.
  function stop() {
    if (worker) worker.terminate();
    worker = null;
    for (const call of pending.values()) call.reject(new Error('stopped'));
    pending.clear();
  }

  const printed = (command) => async (text, options) => (await run(command, text, options)).stdout;
  const api = {run, stop};
  for (const command of ['solve', 'count', 'validate', 'possibilities', 'explain', 'rate', 'render',
                         'estimate', 'disambiguate', 'layout', 'convert', 'redundant', 'minimize']) {
    api[command] = printed(command);
  }
  window.dlxSudoku = api;

  // ---- The page's controls ----
  const $ = (id) => document.getElementById(id);
  const status = $('status'), output = $('output'), picture = $('picture'), steps = $('steps');
  const buttons = [...document.querySelectorAll('button[data-command]')];
  let started = 0, ticker = null;

  function busy(on, what) {
    for (const b of buttons) b.disabled = on;
    $('stop').disabled = !on;
    clearInterval(ticker);
    if (on) {
      started = performance.now();
      const tick = () => {
        status.textContent = `${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`;
      };
      tick();
      ticker = setInterval(tick, 200);
    }
  }

  function options(command) {
    const o = {};
    const format = $('inputFormat').value;
    if (format) o.inputFormat = format;
    if (command === 'count') o.limit = $('limit').value || 2;
    if (command === 'possibilities') o.threshold = $('threshold').value || 1;
    return o;
  }

  async function draw(text, o) {
    const first = text.split('\n').find((line) => line.trim() && !line.startsWith('#'));
    if (!first) return;
    const r = await run('render', first + '\n', o);
    picture.innerHTML = r.exitCode === 0 || r.stdout.startsWith('<svg') ? r.stdout : '';
  }

  async function answer(command) {
    const text = $('puzzles').value.trim() + '\n';
    const o = options(command);
    busy(true, command);
    output.textContent = '';
    steps.hidden = true;
    try {
      const input = {...o};
      delete input.limit;
      delete input.threshold;
      await draw(text, input);
      const r = await run(command, text, o);
      output.textContent = r.stdout + r.stderr;
      if (command === 'explain' && r.exitCode === 0) {
        const page = await run('explain', text, {...input, html: '-'});
        steps.srcdoc = page.stdout;
        steps.hidden = false;
      }
      status.textContent = `${command}: done in ` +
          `${((performance.now() - started) / 1000).toFixed(2)} s (exit ${r.exitCode})`;
    } catch (error) {
      status.textContent = error.message === 'stopped' ? 'stopped' : `${command}: ${error.message}`;
    } finally {
      busy(false);
    }
  }

  for (const b of buttons) b.addEventListener('click', () => answer(b.dataset.command));
  $('stop').addEventListener('click', () => stop());  // the call under way says 'stopped'
  // Load the module now, so that the first answer is quick.
  run('count', '').then(() => { status.textContent = 'Ready.'; },
                        (error) => { status.textContent = `Cannot start: ${error.message}`; });
})();
