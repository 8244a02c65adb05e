#!/usr/bin/env python3
"""Time a WARM headless Chromium turning an HTML file into a PDF.

This is the cost a Gotenberg-style service pays per document once its browser
is already running: navigate to the page, wait for the load event, print to
PDF. Browser start-up is paid once and not counted, nor is one warm-up run.

Usage:
    chromium_pdf.py FILE.html [--runs 10] [--chromium /usr/bin/chromium] [--json]

Chromium is started once with --headless --remote-debugging-pipe and driven
over the DevTools protocol on the pipe (fd 3: Chromium reads, fd 4: Chromium
writes; each message is JSON followed by a NUL byte). Each run is timed from
Page.navigate to the file:// URL to the decoded Page.printToPDF data.

Output: one line such as
    chromium warm html→pdf: median 412.3 ms, min 380.1 ms, max 455.0 ms over 10 runs
    (Chromium 156.0.8078.79)   [all on one line]
or with --json: {"median_ms", "min_ms", "max_ms", "runs", "version"}.

Standard library only (Python 3.8+). On Debian: apt-get install chromium.
"""
import argparse
import base64
import fcntl
import json
import os
import pathlib
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class DevTools:
    """A minimal DevTools-protocol client over Chromium's debugging pipe."""

    def __init__(self, executable, timeout=60.0):
        self.timeout = timeout
        self.next_id = 0
        self.buffer = b""
        self.events = []  # events received while waiting for something else
        self.profile = tempfile.mkdtemp(prefix="chromium-pdf-")
        self.log = tempfile.TemporaryFile()
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        # Move the child's ends above 10 so dup2 onto 3 and 4 cannot clobber them.
        hi_r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
        hi_w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)

        def child_fds():
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-dev-shm-usage", "--hide-scrollbars",
             "--mute-audio", "--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            pass_fds=(3, 4), preexec_fn=child_fds)
        for fd in (to_chrome_r, from_chrome_w, hi_r, hi_w):
            os.close(fd)

    def _read_message(self, deadline):
        chunks, scanned = [self.buffer], self.buffer
        while b"\0" not in scanned:  # only look for the NUL in new data
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_chrome], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                self.log.seek(0)
                tail = self.log.read()[-2000:].decode(errors="replace")
                raise RuntimeError("Chromium closed the pipe (exited?)\n" + tail)
            chunks.append(chunk)
            scanned = chunk
        message, self.buffer = b"".join(chunks).split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        """Send a command and return its result, keeping events for later."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method} failed: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method, session=None):
        deadline = time.monotonic() + self.timeout
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method and event.get("sessionId") == session:
                    return self.events.pop(i)
            message = self._read_message(deadline)
            if "method" in message:
                self.events.append(message)

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_chrome)
        os.close(self.from_chrome)
        shutil.rmtree(self.profile, ignore_errors=True)


def render_once(browser, session, url):
    """Navigate, wait for load, print; return the seconds it took."""
    browser.events.clear()
    start = time.perf_counter()
    navigation = browser.send("Page.navigate", {"url": url}, session)
    if navigation.get("errorText"):
        raise RuntimeError(f"navigation to {url} failed: {navigation['errorText']}")
    browser.wait_event("Page.loadEventFired", session)
    result = browser.send("Page.printToPDF", {"printBackground": True}, session)
    pdf = base64.b64decode(result["data"])
    elapsed = time.perf_counter() - start
    if not pdf.startswith(b"%PDF"):
        raise RuntimeError("Page.printToPDF did not return a PDF")
    return elapsed


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("html", help="the HTML file to print")
    parser.add_argument("--runs", type=int, default=10, help="timed runs (default 10)")
    parser.add_argument("--chromium", help="the Chromium executable (default: chromium on PATH)")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    names = [args.chromium] if args.chromium else CANDIDATES
    executable = next((shutil.which(n) for n in names if shutil.which(n)), None)
    if executable is None:
        sys.exit(f"chromium_pdf.py: Chromium not found ({args.chromium or 'chromium'}); "
                 "install it (Debian: apt-get install chromium) or pass --chromium PATH.")
    page = pathlib.Path(args.html)
    if not page.is_file():
        sys.exit(f"chromium_pdf.py: no such HTML file: {args.html}")
    url = page.resolve().as_uri()

    browser = DevTools(executable)
    try:
        version = browser.send("Browser.getVersion")["product"].split("/", 1)[-1]
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget",
                               {"targetId": target, "flatten": True})["sessionId"]
        browser.send("Page.enable", session=session)
        render_once(browser, session, url)  # warm-up, not counted
        times = [render_once(browser, session, url) * 1000 for _ in range(args.runs)]
    except (RuntimeError, TimeoutError) as error:
        browser.process.kill()
        sys.exit(f"chromium_pdf.py: {error}")
    finally:
        browser.close()

    result = {"median_ms": round(statistics.median(times), 1), "min_ms": round(min(times), 1),
              "max_ms": round(max(times), 1), "runs": args.runs, "version": version}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"chromium warm html→pdf: median {result['median_ms']} ms, min {result['min_ms']} ms, "
              f"max {result['max_ms']} ms over {args.runs} runs (Chromium {version})")


if __name__ == "__main__":
    main()
