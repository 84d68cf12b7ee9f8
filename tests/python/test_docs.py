"""The Python examples of the README and of every docs/*.md page, run as doctests:
the docs cannot drift from the module."""

import doctest
import re

from conftest import SOURCE


def pages():
    return [SOURCE / "README.md"] + sorted((SOURCE / "docs").glob("*.md"))


def test_docs_python_examples():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    blocks = 0
    for page in pages():
        name = str(page.relative_to(SOURCE))
        text = page.read_text()
        for m in re.finditer(r"```python\n(.*?)```", text, re.S):
            if ">>>" not in m.group(1):
                continue  # a sketch, not a session
            blocks += 1
            # The block's line in the page, so that a failure names FILE and line.
            line = text.count("\n", 0, m.start(1))
            test = parser.get_doctest(m.group(1), {}, f"{name}:{line + 1}", name, line)
            runner.run(test)
    assert blocks, "neither the README nor docs/ has Python examples"
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 10
