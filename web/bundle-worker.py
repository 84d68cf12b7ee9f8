#!/usr/bin/env python3
"""Writes DIR/worker-source.js: the worker's source (the module sudoku.mjs, the API
dlx-sudoku.mjs and worker.mjs made into one classic script, their imports and
exports taken out) as a string the page reads with a <script> tag and starts from
a Blob. A page opened from disk (file://) cannot load a worker by URL, and
Chromium starts no module worker from a Blob there: a classic one it does.
    web/bundle-worker.py DIR   (scripts/build-web.sh)"""

import json
import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent


def main():
    out = Path(sys.argv[1])
    module = (out / "sudoku.mjs").read_text()
    exported = "export default createSudoku;"
    if exported not in module:
        sys.exit(f"bundle-worker: {out / 'sudoku.mjs'} does not end with '{exported}'")
    # The module's one use of import.meta, which a classic script cannot hold.
    module = module.replace(exported, "").replace("import.meta.url", "self.location.href")
    if "import.meta" in module:
        sys.exit(f"bundle-worker: {out / 'sudoku.mjs'} uses import.meta more than once")
    parts = [module]
    for name in ("dlx-sudoku.mjs", "worker.mjs"):
        text = (WEB / name).read_text()
        text = re.sub(r"^import .*?;\n", "", text, flags=re.M)
        parts.append(re.sub(r"^export ", "", text, flags=re.M))
    source = "\n".join(parts)
    (out / "worker-source.js").write_text(
        "// The page's worker, built by scripts/build-web.sh: see web/bundle-worker.py.\n"
        "self.DLX_SUDOKU_WORKER = " + json.dumps(source) + ";\n")


if __name__ == "__main__":
    main()
