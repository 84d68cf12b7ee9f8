"""A small client of the Chrome DevTools Protocol, for the browser tests: starts
Debian's headless Chromium on a page and talks to the page over a WebSocket
(python3-websocket). Nothing is downloaded: the browser is /usr/bin/chromium."""

import base64
import itertools
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib

try:
    import websocket
except ImportError as e:  # the browser tests say why they cannot run (missing())
    websocket = None
    NO_CLIENT = f"no DevTools client: {e}"

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def missing():
    """Why no browser test can run here: no WebSocket client or no Chromium (None
    when one can)."""
    if websocket is None:
        return NO_CLIENT
    if not shutil.which(CHROMIUM):
        return f"no {CHROMIUM} (scripts/setup.sh --sanitizers installs it)"
    return None


def skip_unless_available(required):
    """Skips the calling test when no browser test can run here, or fails it when
    `required` (DLX_REQUIRE_BROWSER=1, the README's test command)."""
    import pytest

    why = missing()
    if why and required:
        raise AssertionError(why)
    if why:
        pytest.skip(why)
# What the machine's probe starts Chromium with: without the networking flags the
# browser keeps knocking on a closed network.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--remote-debugging-port=0"]


class Browser:
    """Chromium showing one page; call() sends a DevTools command and returns its result."""

    def __init__(self, url, width=1200, height=900, timeout=60):
        self.profile = tempfile.mkdtemp(prefix="dlx-chromium-")
        self.process = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = None
        deadline = time.time() + timeout
        while port is None:
            line = self.process.stderr.readline()
            if not line:
                if self.process.poll() is not None or time.time() > deadline:
                    raise RuntimeError("Chromium did not start its DevTools server")
                continue
            m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m:
                port = int(m.group(1))
        # Keep draining stderr so that Chromium never blocks on a full pipe.
        import threading
        threading.Thread(target=self.process.stderr.read, daemon=True).start()
        page = None
        while page is None:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as r:
                pages = [t for t in json.load(r) if t.get("type") == "page"]
            if pages:
                page = pages[0]
            elif time.time() > deadline:
                raise RuntimeError("Chromium opened no page")
            else:
                time.sleep(0.1)
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=timeout)
        self.next_id = 0
        self.events = []  # what the page reported meanwhile (Network.requestWillBeSent, ...)
        # The page target exists before its document has loaded (about:blank first).
        self.wait_for(f"document.URL === {json.dumps(url)} && document.readyState === 'complete'",
                      timeout)

    def goto(self, url, width, height, scale=1, timeout=60):
        """Shows `url` in a viewport of width x height CSS pixels, each `scale`
        device pixels (a screenshot is then width * scale pixels wide)."""
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=scale, mobile=False)
        self.call("Page.navigate", url=url)
        self.wait_for(f"document.URL === {json.dumps(url)} && document.readyState === 'complete'",
                      timeout)

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if "method" in message:
                self.events.append(message)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page."""
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def result_of(self, expression):
        """The value a JavaScript expression's promise resolves to."""
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait_for(self, expression, timeout=30):
        deadline = time.time() + timeout
        while not self.evaluate(expression):
            if time.time() > deadline:
                raise TimeoutError(expression)
            time.sleep(0.05)

    def press(self, key, code=None, key_code=None):
        """A key pressed and released, as a person would (keydown, keyup)."""
        codes = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35}
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code or key,
                      windowsVirtualKeyCode=key_code or codes.get(key, 0))

    def screenshot(self):
        """The visible page as (width, height, rows of RGBA pixels)."""
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        return decode_png(data)

    def close(self):
        try:
            self.socket.close()
        finally:
            self.process.kill()
            self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def decode_png(data):
    """(width, height, pixels) of an 8-bit RGB or RGBA PNG, pixels as rows of
    (r, g, b, a) tuples; enough for Chromium's screenshots."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError("only 8-bit RGB(A), not interlaced")
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        # The common filters a channel at a time or a row at once; the rest byte by byte.
        if kind == 1:
            for c in range(channels):
                line[c::channels] = bytes(itertools.accumulate(line[c::channels],
                                                                lambda a, b: (a + b) & 255))
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind in (3, 4):
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                up = previous[i]
                if kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 255
                    continue
                up_left = previous[i - channels] if i >= channels else 0
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255
        alpha = line[3::4] if channels == 4 else itertools.repeat(255)
        rows.append(list(zip(line[0::channels], line[1::channels], line[2::channels], alpha)))
        previous = line
    return width, height, rows
