#!/usr/bin/env python3
"""Reads a page of `sudoku explain --html` back: its sections, each with its
heading's summary and its frames (the step's text and its picture as an SVG
document). A page holds each section's first picture whole and every other one
as the edit that makes it from the one before (a JSON array of runs: lines
kept, lines removed, lines inserted); this applies them, as the page's script
does when a step is shown. scripts/make-pictures.sh takes the README's step
pictures from it, and the picture tests read pages with it.

  scripts/explain-page.py K [SECTION] < page.html    prints frame K of section SECTION (1)
"""

import argparse
import html.parser
import json
import sys


def apply_edit(before, edit):
    """The lines that `edit` makes from the lines `before`."""
    after, at = [], 0
    for keep, remove, insert in zip(edit[0::3], edit[1::3], edit[2::3]):
        after += before[at:at + keep]
        after += insert
        at += keep + remove
    return after + before[at:]


class PageReader(html.parser.HTMLParser):
    """The page's sections (attrs, summary, frames, pictures), and what else it
    holds: how many scripts, and every src or href that leaves the page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections, self.scripts, self.external = [], 0, []
        self.in_text, self.json = False, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("src", "href"):
            if key in a and not a[key].startswith("#"):
                self.external.append(a[key])
        if tag == "script":
            self.scripts += 1
            if a.get("type") == "application/json" and a.get("class") == "pictures":
                self.json = ""
        if tag == "section":
            self.sections.append({"attrs": a, "frames": [], "summary": "", "pictures": None})
        elif tag == "div" and "data-frame" in a:
            self.sections[-1]["frames"].append({"index": int(a["data-frame"]),
                                                "hidden": "hidden" in a, "svg": "", "text": "",
                                                "label": ""})
        elif tag == "p" and a.get("class") == "summary":
            self.in_text = "summary"
        elif tag == "p" and a.get("class") == "text":
            self.in_text = "text"
        elif tag == "b" and self.in_text == "text":
            self.in_text = "label"

    def handle_endtag(self, tag):
        if tag == "p":
            self.in_text = False
        elif tag == "b" and self.in_text == "label":
            self.in_text = "text"
        elif tag == "script" and self.json is not None:
            self.sections[-1]["pictures"] = json.loads(self.json)
            self.json = None

    def handle_data(self, data):
        if self.json is not None:
            self.json += data
        elif self.in_text == "summary":
            self.sections[-1]["summary"] += data
        elif self.in_text in ("text", "label"):
            frame = self.sections[-1]["frames"][-1]
            frame["text"] += data
            if self.in_text == "label":
                frame["label"] += data

    def close(self):
        super().close()
        for section in self.sections:
            lines = []
            for frame, edit in zip(section["frames"], section["pictures"] or []):
                lines = apply_edit(lines, edit)
                frame["svg"] = "\n".join(lines) + "\n"


def read_page(text):
    reader = PageReader()
    reader.feed(text)
    reader.close()
    return reader


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="explain-page.py",
        description="Prints one frame of a page of `sudoku explain --html`, read from "
                    "standard input, as an SVG document: the picture of that step.",
        epilog="example: sudoku explain -q --html - corpus/generated/9x9-evil.sdm | "
               "scripts/explain-page.py 19 > step19.svg")
    parser.add_argument("frame", type=int, help="the frame's number in its section: step k is frame "
                        "k, 0 the puzzle as given")
    parser.add_argument("section", type=int, nargs="?", default=1,
                        help="the section's number on the page, from 1 (one per puzzle; "
                             "default 1)")
    args = parser.parse_args(argv)
    page = read_page(sys.stdin.read())
    if not page.sections:
        parser.exit(1, "explain-page.py: standard input holds no section of a "
                       "`sudoku explain --html` page\n")
    if not 1 <= args.section <= len(page.sections):
        parser.exit(1, f"explain-page.py: there is no section {args.section}: the page has "
                       f"{len(page.sections)}\n")
    frames = page.sections[args.section - 1]["frames"]
    if not 0 <= args.frame < len(frames):
        parser.exit(1, f"explain-page.py: section {args.section} has frames 0 to "
                       f"{len(frames) - 1}, not {args.frame}\n")
    sys.stdout.write(frames[args.frame]["svg"])


if __name__ == "__main__":
    main()
