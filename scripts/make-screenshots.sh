#!/usr/bin/env bash
# Takes the web page's screenshots in docs/web.md (docs/screenshots/web-*.png) in
# headless Chromium, by the test that checks them (tests/web/test_web.py,
# test_screenshots_for_the_docs), from the page scripts/build-web.sh built.
#   scripts/make-screenshots.sh [OUT_DIR]      (default: docs/screenshots)
# Unlike the SVG pictures (scripts/make-pictures.sh), screenshots depend on the
# browser's fonts and version, so the tests check that each shows a board
# rather than compare them with these.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-docs/screenshots}")
DLX_WEB_SCREENSHOTS="$out" DLX_REQUIRE_WEB=1 DLX_REQUIRE_BROWSER=1 \
  /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/web -k screenshots
ls "$out"/web-*.png
