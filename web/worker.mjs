// The page's worker: runs each call the page posts ({id, command, text,
// options}) on the module and posts back {id, stdout, stderr, exitCode}, or
// {id, error}, and meanwhile {id, progress} with the progress line of a long
// call. The page stays responsive, and stops a long call by ending the
// worker (page.js).
import {run} from './dlx-sudoku.mjs';

self.onmessage = async (event) => {
  const {id, command, text, options} = event.data;
  try {
    const onProgress = (progress) => self.postMessage({id, progress});
    self.postMessage({id, ...(await run(command, text, options, {onProgress}))});
  } catch (error) {
    self.postMessage({id, error: String((error && error.message) || error)});
  }
};
