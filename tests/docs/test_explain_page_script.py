"""scripts/explain-page.py as a person runs it: `--help` prints its usage and exits 0
(it used to die with a traceback), a frame it can print goes to standard output, and
a frame or section the page does not have, a page with no sections or an argument
that is not a number get a message and a nonzero exit, never a traceback. The page
is written here, as `sudoku explain --html` writes one: a section's frames, and its
pictures as edits (lines kept, removed, inserted) from the one before."""

import json
import os
import subprocess
import sys
from pathlib import Path

SOURCE = Path(os.environ.get("DLX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SCRIPT = SOURCE / "scripts" / "explain-page.py"

PICTURES = [[0, 0, ["<svg>", "<text>given</text>", "</svg>"]],
            [1, 1, ["<text>step 1</text>"], 1, 0, []]]
PAGE = ('<section id="p1"><p class="summary">two frames</p>'
        '<div data-frame="0"><p class="text">the puzzle</p></div>'
        '<div data-frame="1" hidden><p class="text"><b>step 1</b> a single</p></div>'
        '<script type="application/json" class="pictures">' + json.dumps(PICTURES)
        + '</script></section>')


def run(*args, page=PAGE):
    return subprocess.run([sys.executable, str(SCRIPT), *args], input=page,
                          capture_output=True, text=True, timeout=60)


def test_help_prints_the_usage_and_exits_0():
    done = run("--help", page="")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: explain-page.py [-h] frame [section]")
    assert "Traceback" not in done.stdout + done.stderr


def test_a_frame_is_its_picture_with_the_edits_applied():
    done = run("1")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "<svg>\n<text>step 1</text>\n</svg>\n"
    assert run("0", "1").stdout == "<svg>\n<text>given</text>\n</svg>\n"


def test_what_the_page_does_not_have_is_said_not_a_traceback():
    for args, page, said in [(("2",), PAGE, "section 1 has frames 0 to 1, not 2"),
                             (("0", "2"), PAGE, "there is no section 2: the page has 1"),
                             (("0",), "<p>not a page</p>", "holds no section"),
                             (("x",), PAGE, "invalid int value: 'x'"),
                             ((), PAGE, "the following arguments are required: frame")]:
        done = run(*args, page=page)
        assert done.returncode != 0, args
        assert said in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr, (args, done.stderr)
        assert done.stdout == "", args
