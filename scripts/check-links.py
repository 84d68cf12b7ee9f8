#!/usr/bin/env python3
"""Checks the relative links, images and #anchors of every Markdown file.

    scripts/check-links.py [ROOT]

ROOT (default: this repository) is searched for Markdown files with
`git ls-files '*.md'`, or, when it is not a git work tree, every *.md under it.
A link target must be a tracked file or a folder holding one (so a link into
build/ fails even where that folder exists), and an anchor must be a heading of
the target page, slugged as GitHub slugs headings, or an id/name of an HTML tag
there. External links (http:, mailto:, ...) are not fetched. Each broken link is
printed as `file:line: what is wrong`; the exit status is 1 if there is any, 0
if there is none. Standard library only, so CI needs nothing more.
"""

import html
import os
import re
import subprocess
import sys
import urllib.parse

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
# The "](target "title")" that ends a link or an image; the target may be <...>.
# Its "[text" may be on an earlier line (a wrapped paragraph), so it is not required.
INLINE = re.compile(r"\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
                    r"(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_LINK = re.compile(r"<(?:a|img|source)\b[^>]*?\b(?:href|src)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I)
HTML_ID = re.compile(r"<[a-z][^>]*?\b(?:id|name)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I)
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def markdown_files(root):
    """The Markdown files to check, relative to root, and the tracked files (None:
    not a git work tree, so existence on disk is what counts)."""
    try:
        run = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True)
        tracked = {p for p in run.stdout.decode().split("\0") if p}
        return sorted(p for p in tracked if p.endswith(".md")), tracked
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            found += [os.path.relpath(os.path.join(folder, f), root) for f in files if f.endswith(".md")]
        return sorted(found), None


def prose_lines(text):
    """(line number, line, the line with its code spans blanked out), outside
    fenced code blocks."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield number, line, CODE_SPAN.sub(lambda s: " " * len(s.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: its text as rendered (code spans keep their
    text, links their label, emphasis and tags go), lowercased, punctuation but
    '-' and '_' dropped, each space a '-'."""
    parts = []
    for k, part in enumerate(re.split(r"(`+[^`]*`+)", heading)):
        if k % 2:  # a code span: its text as it is
            parts.append(part.strip("`"))
            continue
        part = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", part)
        part = re.sub(r"<[^>]+>", "", part)
        part = re.sub(r"\*+|(?<!\w)_+|_+(?!\w)", "", part)
        parts.append(html.unescape(part))
    text = "".join(parts).lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(text):
    """Every anchor of a page: heading slugs (a repeated one gets -1, -2, ...)
    and the ids and names of its HTML tags."""
    found, seen = set(), {}
    previous = None
    for number, line, _ in prose_lines(text):
        m = HEADING.match(line)
        title = m.group(2) if m else None
        if not m and SETEXT.match(line) and previous and previous[0] == number - 1 and previous[1].strip():
            title = previous[1].strip()
        if title is not None:
            base = slug(title)
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        for m in HTML_ID.finditer(line):
            found.add(m.group(1)[1:-1])
        previous = (number, line)
    return found


def links(text):
    """(line number, target) of every link, image and reference definition."""
    for number, _, line in prose_lines(text):
        targets = [m.group(1) for m in INLINE.finditer(line)]
        targets += [m.group(1) for m in REFERENCE.finditer(line)]
        targets += [html.unescape(m.group(1)[1:-1]) for m in HTML_LINK.finditer(line)]
        for target in targets:
            if target.startswith("<") and target.endswith(">"):
                target = target[1:-1]
            yield number, target


def check(root):
    """The broken links under root, as 'file:line: what is wrong' lines."""
    files, tracked = markdown_files(root)
    tracked_dirs = None
    if tracked is not None:
        tracked_dirs = {os.path.dirname(p) for p in tracked}
        for d in list(tracked_dirs):
            while d:
                d = os.path.dirname(d)
                tracked_dirs.add(d)
    texts, page_anchors = {}, {}

    def read(path):
        if path not in texts:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                texts[path] = f.read()
        return texts[path]

    def exists(path):
        if tracked is None:
            return os.path.exists(os.path.join(root, path))
        return path in tracked or path in tracked_dirs

    problems = []
    for page in files:
        for number, target in links(read(page)):
            where = f"{page}:{number}"
            if not target or SCHEME.match(target) or target.startswith("//"):
                continue
            path, _, anchor = target.partition("#")
            path = urllib.parse.unquote(path)
            if path:
                base = "" if path.startswith("/") else os.path.dirname(page)
                resolved = os.path.normpath(os.path.join(base, path.lstrip("/")))
                if resolved == ".":
                    resolved = ""
                if resolved.startswith(".."):
                    problems.append(f"{where}: {target} points outside the repository")
                    continue
                if not exists(resolved):
                    problems.append(f"{where}: {target}: no such file"
                                    + (" in the repository" if tracked is not None else ""))
                    continue
            else:
                resolved = page
            if not anchor:
                continue
            anchor = urllib.parse.unquote(anchor)
            if resolved.endswith(".md") and os.path.isfile(os.path.join(root, resolved)):
                if resolved not in page_anchors:
                    page_anchors[resolved] = anchors(read(resolved))
                if anchor not in page_anchors[resolved]:
                    problems.append(f"{where}: {target}: {resolved} has no heading or id '{anchor}'")
            elif re.fullmatch(r"L(\d+)(?:-L(\d+))?", anchor) and os.path.isfile(os.path.join(root, resolved)):
                with open(os.path.join(root, resolved), "rb") as f:
                    count = f.read().count(b"\n") + 1
                last = max(int(n) for n in re.findall(r"\d+", anchor))
                if last > count:
                    problems.append(f"{where}: {target}: {resolved} has {count} lines")
            else:
                problems.append(f"{where}: {target}: cannot check anchor '{anchor}' of {resolved or '.'}")
    return problems


def main(argv):
    if len(argv) > 2:
        print(__doc__.strip().split("\n")[2], file=sys.stderr)
        return 2
    root = argv[1] if len(argv) == 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = check(os.path.abspath(root))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
