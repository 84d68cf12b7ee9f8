// The page's worker: runs each call the page posts ({id, command, text,
// options}) on the module and posts back {id, stdout, stderr, exitCode}, or
// {id, error}. The page stays responsive meanwhile, and stops a long call by
// ending the worker (page.js).
import {run} from './dlx-sudoku.mjs';

self.onmessage = async (event) => {
  const {id, command, text, options} = event.data;
  try {
    self.postMessage({id, ...(await run(command, text, options))});
  } catch (error) {
    self.postMessage({id, error: String((error && error.message) || error)});
  }
};
