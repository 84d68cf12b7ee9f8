"""scripts/check-links.py on pages written here: it reports a broken link, a broken
anchor and a missing image, each as FILE:LINE, and exits 1; on the same pages
mended it reports nothing and exits 0. Together with docs.links, which runs it on
the repository, this shows the check can fail."""

import os
import subprocess
import sys
from pathlib import Path

SOURCE = Path(os.environ.get("DLX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SCRIPT = SOURCE / "scripts" / "check-links.py"

PAGE = """# A page

## The `sudoku` command: solve_many, *fast* & [linked](other.md)!

## Twice

## Twice

See [the command](#the-sudoku-command-solve_many-fast--linked), [the second
one](#twice-1), [another page's part](sub/other.md#its-heading) and ![a
picture](sub/picture.svg); `[not a link](nowhere.md)`.

```
[not a link either](nowhere.md)
```

[a broken link](sub/missing.md) and [a broken
anchor](sub/other.md#no-such-heading)
<img src="sub/missing.svg" alt="a missing picture">
[too many](#twice-2)
"""


def write_fixture(root):
    (root / "sub").mkdir()
    (root / "page.md").write_text(PAGE)
    (root / "other.md").write_text("# Other\n")
    (root / "sub" / "other.md").write_text("# Its heading\n")
    (root / "sub" / "picture.svg").write_text("<svg/>\n")


def check(root):
    run = subprocess.run([sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True,
                         timeout=60)
    return run.returncode, run.stdout.splitlines()


def test_broken_links_and_anchors_are_reported(tmp_path):
    write_fixture(tmp_path)
    status, lines = check(tmp_path)
    assert status == 1
    assert lines == [
        "page.md:17: sub/missing.md: no such file",
        "page.md:18: sub/other.md#no-such-heading: sub/other.md has no heading or id 'no-such-heading'",
        "page.md:19: sub/missing.svg: no such file",
        "page.md:20: #twice-2: page.md has no heading or id 'twice-2'",
    ]


def test_mended_pages_pass(tmp_path):
    write_fixture(tmp_path)
    page = tmp_path / "page.md"
    text = page.read_text().split("[a broken link]")[0]
    page.write_text(text)
    assert check(tmp_path) == (0, [])
