// The page: each button runs the command of its name on the puzzles pasted, in
// a worker (worker.mjs, started from worker-source.js so that a page opened
// from disk works too), and shows what the command prints, its progress, the
// first puzzle's picture (after Solve or Count: its solution, or where two
// solutions differ; after All possibilities: them as pencil marks), and an
// explanation's step-through page. A click on a cell of the picture selects
// it, and the keyboard edits the first puzzle's givens there (`sudoku convert
// --set`). window.dlxSudoku is the same API as dlx-sudoku.mjs, through the
// worker: dlxSudoku.count(text, {limit: 2}) resolves to what `sudoku count -q
// --limit 2` prints.
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
      const {id, error, progress, ...result} = event.data;
      const call = pending.get(id);
      if (!call) return;
      if (progress !== undefined) {
        if (call.onProgress) call.onProgress(progress);
        return;
      }
      pending.delete(id);
      if (error !== undefined) call.reject(new Error(error));
      else call.resolve(result);
    };
    worker.onerror = (event) => {
      for (const call of pending.values()) call.reject(new Error(event.message));
      pending.clear();
    };
  }

  // {stdout, stderr, exitCode} of `sudoku COMMAND -q [options]` on `text`;
  // onProgress(line) hears a long call's progress.
  function run(command, text, options = {}, {onProgress} = {}) {
    if (!worker) startWorker();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, {resolve, reject, onProgress});
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
  const puzzles = $('puzzles');
  const buttons = [...document.querySelectorAll('button[data-command]')];
  let started = 0, ticker = null, progress = '';
  let redraw = null;  // the timer of a picture to draw after typing (redrawSoon)

  function busy(on, what) {
    for (const b of buttons) b.disabled = on;
    $('stop').disabled = !on;
    clearInterval(ticker);
    progress = '';
    if (on) {
      started = performance.now();
      const tick = () => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        status.textContent = `${what}: ${seconds} s` + (progress ? ` · ${progress}` : '');
      };
      tick();
      ticker = setInterval(tick, 200);
    }
  }
  const onProgress = (line) => { progress = line; };

  // The options every call shares (how the puzzles are read), and the command's own.
  function inputOptions() {
    const format = $('inputFormat').value;
    return format ? {inputFormat: format} : {};
  }
  function options(command) {
    const o = inputOptions();
    if (command === 'count') o.limit = $('limit').value || 2;
    if (command === 'possibilities') o.threshold = $('threshold').value || 1;
    return o;
  }

  // The first puzzle of the text: its line, and the line's index.
  function firstPuzzle() {
    const lines = puzzles.value.split('\n');
    const index = lines.findIndex((line) => line.trim() && !line.startsWith('#'));
    return {lines, index, line: index < 0 ? '' : lines[index]};
  }

  // The first puzzle's picture: plain, or with what a command found (render's
  // --differences after Solve and Count, --possibilities after All possibilities).
  let selected = null;  // the cell being edited: 'r3c4'
  let drawn = 0;  // the last picture asked for: an older one arriving late is dropped
  async function draw(marks = {}) {
    const mine = ++drawn;
    clearTimeout(redraw);  // this picture is of the text as it is now
    const {line} = firstPuzzle();
    if (!line || $('inputFormat').value === 'grid') {
      picture.innerHTML = '';
      return;
    }
    const r = await run('render', line + '\n', {...inputOptions(), ...marks});
    if (mine !== drawn) return;
    picture.innerHTML = r.stdout.startsWith('<svg') ? r.stdout : '';
    showSelection();
  }

  function showSelection() {
    const svg = picture.querySelector('svg');
    if (!svg) return;
    svg.querySelector('.page-selection')?.remove();
    const cell = selected && svg.querySelector(`.sd-cell rect[data-cell="${selected}"]`);
    if (!cell) return;
    const ring = cell.cloneNode();
    ring.setAttribute('class', 'page-selection');
    ring.setAttribute('fill', 'none');
    ring.setAttribute('stroke', '#1a73e8');
    ring.setAttribute('stroke-width', '3');
    svg.appendChild(ring);
  }

  async function answer(command) {
    const text = puzzles.value.trim() + '\n';
    const o = options(command);
    busy(true, command);
    output.textContent = '';
    steps.hidden = true;
    try {
      await draw();
      const r = await run(command, text, o, {onProgress});
      output.textContent = r.stdout + r.stderr;
      if (command === 'explain' && r.exitCode === 0) {
        const page = await run('explain', text, {...inputOptions(), html: '-'});
        steps.srcdoc = page.stdout;
        steps.hidden = false;
      }
      if (r.exitCode !== 2) {
        if (command === 'solve' || command === 'count') await draw({differences: true});
        if (command === 'possibilities') await draw({possibilities: true});
      }
      status.textContent = `${command}: done in ` +
          `${((performance.now() - started) / 1000).toFixed(2)} s (exit ${r.exitCode})`;
    } catch (error) {
      status.textContent = error.message === 'stopped' ? 'stopped' : `${command}: ${error.message}`;
    } finally {
      busy(false);
    }
  }

  // Edits the first puzzle's given in the selected cell: `value` a digit or
  // letter, '.' to empty it. The puzzles are first written a line each when
  // they came in another format (grids), so that the line can be edited.
  let edits = Promise.resolve();  // one after another: each reads the text the last wrote
  function edit(value) {
    const cell = selected;
    edits = edits.then(() => editCell(cell, value));
  }
  async function editCell(cell, value) {
    if (!cell || !$('stop').disabled) return;  // nothing selected, or a call under way
    try {
      if ($('inputFormat').value) {
        const lines = await run('convert', puzzles.value.trim() + '\n', {...inputOptions(), to: 'line'});
        if (lines.exitCode !== 0) {
          status.textContent = `edit: ${lines.stderr.trim()}`;
          return;
        }
        puzzles.value = lines.stdout.replace(/\n$/, '');
        $('inputFormat').value = '';
      }
      const {lines, index, line} = firstPuzzle();
      const r = await run('convert', line + '\n', {to: 'line', set: `${cell}=${value}`});
      if (r.exitCode !== 0) {
        status.textContent = `edit: ${r.stderr.trim().replace(/^<stdin>:\d+:\d+: /, '')}`;
        return;
      }
      lines[index] = r.stdout.trim();
      puzzles.value = lines.join('\n');
      status.textContent = `${cell} ${value === '.' ? 'emptied' : '= ' + value}`;
      await draw();
    } catch (error) {
      status.textContent = `edit: ${error.message}`;
    }
  }

  // The next cell in a direction, if the picture has one there.
  // (a samurai's: over the positions outside its grids).
  function neighbour(cell, rows, columns) {
    const [, r, c] = /^r(\d+)c(\d+)$/.exec(cell).map(Number);
    for (let k = 1; k <= 36; ++k) {
      const name = `r${r + rows * k}c${c + columns * k}`;
      if (picture.querySelector(`.sd-cell rect[data-cell="${name}"]`)) return name;
    }
    return cell;
  }

  picture.addEventListener('click', (event) => {
    const cell = event.target.closest && event.target.closest('.sd-cell rect[data-cell]');
    if (!cell) return;
    selected = cell.dataset.cell;
    picture.focus();
    showSelection();
    status.textContent = `${selected}: type a digit (letters from A for 10), Backspace to empty`;
  });
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  picture.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!selected) {
      const first = picture.querySelector('.sd-cell rect[data-cell]');
      if (!first || !(event.key in moves)) return;
      selected = first.dataset.cell;
    } else if (event.key in moves) {
      selected = neighbour(selected, ...moves[event.key]);
    } else if (event.key === 'Escape') {
      selected = null;
    } else if (/^[0-9a-zA-Z]$/.test(event.key)) {
      edit(event.key.toUpperCase());
    } else if (['Backspace', 'Delete', '.', ' '].includes(event.key)) {
      edit('.');
    } else {
      return;
    }
    event.preventDefault();
    showSelection();
  });
  // The picture follows the text as it is typed or pasted (a moment after).
  const redrawSoon = () => {
    clearTimeout(redraw);
    redraw = setTimeout(() => { if ($('stop').disabled) draw().catch(() => {}); }, 300);
  };
  puzzles.addEventListener('input', redrawSoon);
  $('inputFormat').addEventListener('change', redrawSoon);
  // Ctrl+Enter in the puzzles: Count (is it unique?).
  puzzles.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && $('stop').disabled) {
      event.preventDefault();
      answer('count');
    }
  });

  for (const b of buttons) b.addEventListener('click', () => answer(b.dataset.command));
  $('stop').addEventListener('click', () => stop());  // the call under way says 'stopped'
  // Load the module now, so that the first answer is quick; then the first picture.
  run('count', '').then(() => {
    status.textContent = 'Ready.';
    return draw();
  }, (error) => { status.textContent = `Cannot start: ${error.message}`; });
})();
