#!/usr/bin/env python3
"""Subscribe to a trip's calendar feed the way a calendar app does, against real processes.

Usage: check_feed.py ITINERARY_BINARY TRIP_JSON

TRIP_JSON is a valid itinerary/v1 trip (e.g. Tests/Fixtures/spring-swing.json).
The script starts, all on 127.0.0.1:
  - a stand-in trip source (http.server in a thread) that serves trips by id
    from a dict it can change, records every request it gets, and misbehaves
    on purpose for some ids (gone, missing, slow, redirect, huge, notjson, ...);
  - `ITINERARY serve --port 0 --trip-source TEMPLATE --feed-secret FILE
    --source-timeout 1` (the main service), a second one whose template points
    to a closed port, and a third with --feed-max-age 120;
and mints feed URLs with `ITINERARY feed-url`.

Checks, each printed as one "ok: ..." line:
  - the feed: text/calendar, strong ETag, Last-Modified, Cache-Control max-age;
    NAME/X-WR-CALNAME, REFRESH-INTERVAL/X-PUBLISHED-TTL (from max-age), SOURCE
    (the feed's URL), LAST-MODIFIED of events from their items' (and games') modifiedAt;
  - HEAD: the same headers, no body; If-None-Match / If-Modified-Since: 304, no body;
  - ?locale=de changes the text, not the times; --feed-max-age is honoured;
  - vdirsyncer (http storage -> filesystem storage) subscribes and syncs; the
    game's DTSTART is right; after the trip changes at the source (a game moved,
    a custom item removed with a tombstone) a second sync has the new time and
    no event for the removed item; ETag and Last-Modified move on;
  - `itinerary merge-games` moves a game and stamps it (and nothing else): a
    client sending only If-Modified-Since gets the new feed, then 304;
  - every failure of the source: its status (404, 410, 502, 504), Retry-After
    where it is due, a problem+json with a detail, never 500, never a hang;
  - a forged token, a token of another secret, a token whose base64 differs
    only in unused bits, and garbage: 404 with the very body of a trip the
    source does not know, and the source never asked;
  - hostile ids (../x, a/b, x?y, x#y, x@h, %2F): the source sees only paths
    under the template's prefix with the id percent-encoded as one segment;
  - the same trip gives the same bytes; /metrics counts feed requests;
    the secret never appears in the service's output.
Exits 0 when all hold, 1 with one "FAIL: ..." sentence at the first failure,
2 on a usage or set-up problem (a missing package or tool, a trip that has no
game or custom item to change). The whole run is bounded by TOTAL_SECONDS.
"""

import copy
import datetime as dt
import email.utils
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zoneinfo
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

try:
    import icalendar
except ImportError:
    print("SETUP: check_feed.py needs the PyPI package icalendar (pip install icalendar)")
    sys.exit(2)

# ---------------------------------------------------------------------------
# Settings that the Swift side may change: edit here.

# Some non-comment line of /metrics containing this text must exist after the
# run and differ from before (feed requests, 304s, source failures).
METRICS_SUBSTRING = "feed"
# The service's defaults: Cache-Control max-age and the calendar's refresh interval.
DEFAULT_MAX_AGE = 900
# --feed-max-age of the third service.
OTHER_MAX_AGE = 120
# --source-timeout of the services; the stand-in's `slow` id answers after SLOW_SECONDS.
SOURCE_TIMEOUT = 1
SLOW_SECONDS = 4
# Bigger than the service's source body limit (32 MiB).
HUGE_BYTES = 33 << 20
# The template's fixed parts: TEMPLATE = http://127.0.0.1:PORT + PREFIX + {id} + SUFFIX.
PREFIX = "/api/trips/"
SUFFIX = "/itinerary"
# Ids the service must percent-encode into one path segment (the source 404s them).
HOSTILE_IDS = ["../x", "a/b", "x?y", "x#y", "x@h", "%2F"]
# Ids that are a dot segment or empty even when encoded as the template says: either
# `feed-url` refuses to mint them, or the service must not send such a segment.
DOT_IDS = ["..", ".", ""]
# A valid trip served under an id that needs encoding: its feed must answer 200.
EXOTIC_ID = "Zürich 26/ü?&#%"
# Bounds: the whole run, one HTTP exchange, one vdirsyncer or feed-url run, a service's start.
TOTAL_SECONDS = 60
HTTP_TIMEOUT = 10
TOOL_TIMEOUT = 20
START_TIMEOUT = 20

# ---------------------------------------------------------------------------
# Reporting


class Failure(Exception):
    pass


def fail(message):
    raise Failure(message)


def ok(message):
    print("ok: " + message, flush=True)


def setup_error(message):
    print("SETUP: " + message, flush=True)
    sys.exit(2)


# ---------------------------------------------------------------------------
# HTTP over a raw socket: every byte the service sends is seen (a body after a
# 304 or a HEAD is a failure), nothing goes through a proxy, every read is bounded.


class Answer:
    def __init__(self, status, headers, body, extra):
        self.status = status
        self.headers = headers  # lower-case name -> value (repeated fields joined by ", ")
        self.body = body
        self.extra = extra  # bytes after a response that has no body (must be empty)

    def header(self, name):
        return self.headers.get(name.lower())


def http(port, method, target, headers=None, timeout=HTTP_TIMEOUT):
    deadline = time.monotonic() + timeout
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        lines = [f"{method} {target} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
                 "User-Agent: check_feed.py"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        return read_answer(sock, method, deadline)


def read_answer(sock, method, deadline):
    buffer = bytearray()

    def more(limit=1 << 20):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise socket.timeout("the answer took too long")
        sock.settimeout(remaining)
        chunk = sock.recv(limit)
        buffer.extend(chunk)
        return bool(chunk)

    while b"\r\n\r\n" not in buffer:
        if not more():
            raise ConnectionError("the connection closed before the head of the answer")
    head, _, rest = bytes(buffer).partition(b"\r\n\r\n")
    buffer[:] = rest
    head_lines = head.decode("latin-1").split("\r\n")
    status = int(head_lines[0].split()[1])
    headers = {}
    for line in head_lines[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        headers[name] = headers[name] + ", " + value if name in headers else value

    if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        # No body may follow: wait a moment for stray bytes, then stop.
        deadline = min(deadline, time.monotonic() + 0.5)
        try:
            while more():
                pass
        except (socket.timeout, ConnectionError):
            pass
        return Answer(status, headers, b"", bytes(buffer))
    if "chunked" in headers.get("transfer-encoding", "").lower():
        body = bytearray()
        while True:
            while b"\r\n" not in buffer:
                if not more():
                    raise ConnectionError("the connection closed inside a chunked body")
            size_line, _, _ = bytes(buffer).partition(b"\r\n")
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            start = len(size_line) + 2
            while len(buffer) < start + size + 2:
                if not more():
                    raise ConnectionError("the connection closed inside a chunk")
            body += buffer[start:start + size]
            del buffer[:start + size + 2]
            if size == 0:
                return Answer(status, headers, bytes(body), b"")
    if "content-length" in headers:
        length = int(headers["content-length"])
        while len(buffer) < length:
            if not more():
                raise ConnectionError(f"the connection closed after {len(buffer)} of {length} body bytes")
        return Answer(status, headers, bytes(buffer[:length]), bytes(buffer[length:]))
    while more():
        pass
    return Answer(status, headers, bytes(buffer), b"")


def target_of(url):
    parts = urllib.parse.urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def get(port, target, what, headers=None, method="GET"):
    try:
        return http(port, method, target, headers)
    except (OSError, ValueError, IndexError) as error:
        fail(f"{what}: {method} {target} got no whole answer in {HTTP_TIMEOUT} s ({type(error).__name__}: {error}).")


# ---------------------------------------------------------------------------
# The stand-in trip source


class TripSource:
    """Serves trips by id at PREFIX + id + SUFFIX and records every request."""

    def __init__(self):
        self.trips = {}  # id -> bytes of a trip
        self.requests = []  # (method, raw target, Host header)
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        source = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            timeout = 30

            def log_message(self, *args):
                pass

            def do_HEAD(self):
                self.do_GET()

            def do_GET(self):
                with source.lock:
                    source.requests.append((self.command, self.path, self.headers.get("Host")))
                try:
                    source.answer(self)
                except (BrokenPipeError, ConnectionResetError, socket.timeout):
                    self.close_connection = True

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass  # a service that hangs up early (a body too large, a timeout) is expected

        self.server = Server(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()

    @property
    def template(self):
        return f"http://127.0.0.1:{self.port}{PREFIX}{{id}}{SUFFIX}"

    def mark(self):
        with self.lock:
            return len(self.requests)

    def since(self, mark):
        with self.lock:
            return list(self.requests[mark:])

    def close(self):
        self.stopping.set()
        self.server.shutdown()
        self.server.server_close()

    @staticmethod
    def send(handler, status, body=b"", content_type="application/json", headers=()):
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            handler.send_header(name, value)
        handler.end_headers()
        if handler.command != "HEAD":
            handler.wfile.write(body)

    def answer(self, handler):
        path = handler.path
        if path == "/redirect-target" + SUFFIX:
            # Only a service that follows redirects comes here.
            return self.send(handler, 200, self.trips.get("redirect-target", b"{}"))
        segment = path[len(PREFIX):-len(SUFFIX)] if path.startswith(PREFIX) and path.endswith(SUFFIX) else None
        if segment is None or "/" in segment or "?" in segment or "#" in segment:
            return self.send(handler, 404, b'{"error":"no such path"}')
        trip_id = urllib.parse.unquote(segment)
        if trip_id == "gone":
            return self.send(handler, 410, b'{"error":"gone"}')
        if trip_id == "missing":
            return self.send(handler, 404, b'{"error":"missing"}')
        if trip_id == "error500":
            return self.send(handler, 500, b'{"error":"broken"}')
        if trip_id == "slow":
            until = time.monotonic() + SLOW_SECONDS
            while time.monotonic() < until and not self.stopping.is_set():
                time.sleep(0.05)
            return self.send(handler, 200, self.trips.get("redirect-target", b"{}"))
        if trip_id == "redirect":
            return self.send(handler, 302, b"", headers=[("Location", "/redirect-target" + SUFFIX)])
        if trip_id == "notjson":
            return self.send(handler, 200, b"hello")
        if trip_id == "invalid":
            return self.send(handler, 200, b'{"format":"itinerary/v1"}')
        if trip_id == "huge":
            # Declared and sent: HUGE_BYTES of JSON whitespace.
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(HUGE_BYTES))
            handler.end_headers()
            return self.stream_spaces(handler, chunked=False)
        if trip_id == "hugestream":
            # The same, chunked: no Content-Length to refuse it by.
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Transfer-Encoding", "chunked")
            handler.end_headers()
            return self.stream_spaces(handler, chunked=True)
        with self.lock:
            body = self.trips.get(trip_id)
        if body is None:
            return self.send(handler, 404, b'{"error":"unknown trip"}')
        return self.send(handler, 200, body)

    def stream_spaces(self, handler, chunked):
        handler.close_connection = True
        block = b" " * (1 << 20)
        sent = 0
        while sent < HUGE_BYTES and not self.stopping.is_set():
            piece = block[:HUGE_BYTES - sent]
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            sent += len(piece)
        if chunked:
            handler.wfile.write(b"0\r\n\r\n")


BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def flip_low_bit(character):
    """The base64url character whose 6-bit value differs from this one's in the lowest bit."""
    index = BASE64URL.find(character)
    return BASE64URL[index ^ 1] if index >= 0 else ("A" if character != "A" else "B")


def closed_port():
    """A socket bound to a port and never listening: connections to it are refused, and the
    kernel hands its port to no one else (the services started next bind port 0) while it is held."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    return sock


# ---------------------------------------------------------------------------
# The service and the command line


class Service:
    """`ITINERARY serve` on 127.0.0.1, port 0; its output collected by threads."""

    def __init__(self, binary, name, arguments):
        self.name = name
        self.output = []  # stdout and stderr lines
        self.port = None
        self.listening = threading.Event()
        command = [binary, "serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        for stream in (self.process.stdout, self.process.stderr):
            threading.Thread(target=self.drain, args=(stream,), daemon=True).start()

    def drain(self, stream):
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.output.append(line)
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and entry.get("message") == "listening" and self.port is None:
                try:
                    self.port = int(entry.get("port"))
                except (TypeError, ValueError):
                    continue
                self.listening.set()

    def tail(self):
        return " | ".join(self.output[-5:]) or "(no output)"

    def wait_ready(self):
        deadline = time.monotonic() + START_TIMEOUT
        while not self.listening.wait(0.1):
            if self.process.poll() is not None:
                fail(f"the {self.name} service exited with status {self.process.returncode} before listening: "
                     f"{self.tail()}")
            if time.monotonic() > deadline:
                fail(f"the {self.name} service logged no \"listening\" line with a port in {START_TIMEOUT} s: "
                     f"{self.tail()}")
        while True:
            try:
                if http(self.port, "GET", "/ready", timeout=2).status == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                fail(f"the {self.name} service was not ready in {START_TIMEOUT} s: {self.tail()}")
            time.sleep(0.1)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


def feed_url(binary, trip_id, secret, base, locale=None):
    """The URL `feed-url` prints, or None when it refuses the id (exit status not 0)."""
    command = [binary, "feed-url", trip_id, "--feed-secret", secret, "--base", base]
    if locale:
        command += ["--locale", locale]
    try:
        result = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, timeout=TOOL_TIMEOUT)
    except subprocess.TimeoutExpired:
        fail(f"`itinerary feed-url {trip_id!r}` did not finish in {TOOL_TIMEOUT} s.")
    if result.returncode != 0:
        return None
    url = result.stdout.decode("utf-8", "replace").strip()
    pattern = re.escape(base) + r"/v1/feeds/([A-Za-z0-9._~-]+)\.ics"
    if locale:
        pattern += r"\?locale=" + re.escape(locale)
    if not re.fullmatch(pattern, url):
        fail(f"`itinerary feed-url {trip_id!r}` printed {url!r}, not {base}/v1/feeds/TOKEN.ics"
             + (f"?locale={locale}" if locale else "") + " with a token of unreserved characters.")
    return url


def must_mint(binary, trip_id, secret, base, locale=None):
    url = feed_url(binary, trip_id, secret, base, locale)
    if url is None:
        fail(f"`itinerary feed-url {trip_id!r} --base {base}` exited with an error.")
    return url


def token_of(url):
    return re.search(r"/v1/feeds/([^/?#]+)\.ics", url).group(1)


# ---------------------------------------------------------------------------
# vdirsyncer: an http storage (the feed) synced into a filesystem storage.

VDIRSYNCER_CONFIG = """\
[general]
status_path = {status}

[pair feed]
a = "feed_remote"
b = "feed_local"
collections = null
conflict_resolution = "a wins"

[storage feed_remote]
type = "http"
read_only = true
url = {url}

[storage feed_local]
type = "filesystem"
path = {local}
fileext = ".ics"
"""


class Subscription:
    """A calendar app subscribed to the feed. vdirsyncer's http storage replaces
    every UID by a hash of the event, so events are told apart by their SUMMARY."""

    def __init__(self, url, folder):
        self.local = os.path.join(folder, "calendar")
        os.makedirs(self.local)  # discover asks before creating it; stdin is closed
        self.config = os.path.join(folder, "vdirsyncer.conf")
        with open(self.config, "w", encoding="utf-8") as handle:
            # The values are JSON, as vdirsyncer reads them.
            handle.write(VDIRSYNCER_CONFIG.format(status=json.dumps(os.path.join(folder, "status") + "/"),
                                                  url=json.dumps(url), local=json.dumps(self.local + "/")))

    def run(self, *arguments):
        command = ["vdirsyncer", "-c", self.config] + list(arguments)
        try:
            result = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, timeout=TOOL_TIMEOUT)
        except subprocess.TimeoutExpired:
            fail(f"`vdirsyncer {' '.join(arguments)}` did not finish in {TOOL_TIMEOUT} s.")
        if result.returncode != 0:
            message = result.stderr.decode("utf-8", "replace").strip().replace("\n", " | ")
            fail(f"`vdirsyncer {' '.join(arguments)}` exited {result.returncode}: {message[-400:]}")

    def sync(self):
        self.run("sync")
        events = []
        for name in sorted(os.listdir(self.local)):
            with open(os.path.join(self.local, name), "rb") as handle:
                try:
                    calendar = icalendar.Calendar.from_ical(handle.read())
                except ValueError as error:
                    fail(f"vdirsyncer stored {name}, which icalendar cannot read: {error}")
            events += calendar.walk("VEVENT")
        return events


# ---------------------------------------------------------------------------
# Reading the feed


def unfolded_lines(body):
    text = body.decode("utf-8")
    return re.sub(r"\r\n[ \t]", "", text).split("\r\n")


def calendar_properties(body):
    """The VCALENDAR's own properties: name -> (parameters, raw value)."""
    properties = {}
    depth = 0
    for line in unfolded_lines(body):
        if line.startswith("BEGIN:"):
            depth += 1
            continue
        if line.startswith("END:"):
            depth -= 1
            continue
        if depth != 1 or not line:
            continue
        match = re.match(r"([A-Za-z0-9-]+)((?:;[^:]*)?):(.*)", line)
        if match:
            properties.setdefault(match.group(1).upper(), (match.group(2).upper(), match.group(3)))
    return properties


def unescape_text(value):
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def duration_seconds(value):
    match = re.fullmatch(r"P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?", value or "")
    if not match or value in ("P", "PT"):
        return None
    weeks, days, hours, minutes, seconds = (int(part or 0) for part in match.groups())
    return (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds


def parse_events(body, what):
    try:
        return icalendar.Calendar.from_ical(body).walk("VEVENT")
    except ValueError as error:
        fail(f"{what}: icalendar cannot read the feed: {error}")


def summary(event):
    return str(event.get("SUMMARY", ""))


def events_of_game(events, game):
    away, home = game["away"]["abbr"], game["home"]["abbr"]
    return [e for e in events if re.search(rf"\b{re.escape(away)}\b.*\b{re.escape(home)}\b", summary(e))]


def events_of_title(events, title):
    return [e for e in events if title in summary(e)]


def one(found, what):
    if len(found) != 1:
        fail(f"{what}: {len(found)} events match, expected exactly one: {[summary(e) for e in found]}")
    return found[0]


def instant(text):
    value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if value.tzinfo is None:
        raise ValueError(f"{text!r} has no offset")
    return value


def start_of(event, what):
    value = event.decoded("DTSTART")
    if not isinstance(value, dt.datetime) or value.tzinfo is None:
        fail(f"{what}: DTSTART {value!r} is not a time with a zone.")
    return value


def http_date(text, what):
    try:
        value = email.utils.parsedate_to_datetime(text or "")
    except (TypeError, ValueError):
        value = None
    if value is None or value.tzinfo is None or not (text or "").endswith("GMT"):
        fail(f"{what}: {text!r} is not an HTTP-date.")
    return value


def format_http_date(value):
    return email.utils.format_datetime(value.astimezone(dt.timezone.utc), usegmt=True)


# ---------------------------------------------------------------------------
# Expectations on answers


def expect_feed(answer, what, max_age):
    if answer.status != 200:
        fail(f"{what}: the service answered {answer.status}, expected 200: {answer.body[:200]!r}")
    content_type = re.sub(r"\s+", "", (answer.header("content-type") or "").lower())
    if content_type != "text/calendar;charset=utf-8":
        fail(f"{what}: Content-Type is {answer.header('content-type')!r}, expected 'text/calendar; charset=utf-8'.")
    etag = answer.header("etag") or ""
    if not re.fullmatch(r'"[\x21\x23-\x7e]*"', etag):
        fail(f"{what}: ETag {etag!r} is not a strong entity tag.")
    http_date(answer.header("last-modified"), f"{what}: Last-Modified")
    cache = answer.header("cache-control") or ""
    if not re.search(rf"(^|[ ,])max-age={max_age}($|[ ,])", cache):
        fail(f"{what}: Cache-Control is {cache!r}, expected max-age={max_age}.")
    if not answer.body.startswith(b"BEGIN:VCALENDAR\r\n"):
        fail(f"{what}: the body does not start with BEGIN:VCALENDAR: {answer.body[:80]!r}")
    return etag


def expect_problem(answer, statuses, what, retry_after=False):
    if answer.status not in statuses:
        fail(f"{what}: the service answered {answer.status}, expected {' or '.join(map(str, statuses))}: "
             f"{answer.body[:200]!r}")
    content_type = (answer.header("content-type") or "").split(";")[0].strip().lower()
    if content_type != "application/problem+json":
        fail(f"{what}: Content-Type is {answer.header('content-type')!r}, expected application/problem+json.")
    try:
        problem = json.loads(answer.body)
    except ValueError:
        fail(f"{what}: the problem is not JSON: {answer.body[:200]!r}")
    if not isinstance(problem, dict) or not isinstance(problem.get("detail"), str) or not problem["detail"].strip():
        fail(f"{what}: the problem has no detail sentence: {answer.body[:200]!r}")
    if "status" in problem and problem["status"] != answer.status:
        fail(f"{what}: the problem says status {problem['status']}, the answer is {answer.status}.")
    if retry_after:
        value = answer.header("retry-after")
        if not retry_after_valid(value):
            fail(f"{what}: Retry-After is {value!r}, expected seconds or an HTTP-date.")
    return problem


def retry_after_valid(value):
    if value is None:
        return False
    if re.fullmatch(r"\d+", value):
        return True
    try:
        return email.utils.parsedate_to_datetime(value) is not None
    except (TypeError, ValueError):
        return False


def expect_not_modified(answer, etag, what):
    if answer.status != 304:
        fail(f"{what}: the service answered {answer.status}, expected 304.")
    if answer.extra or answer.body:
        fail(f"{what}: a 304 came with {len(answer.extra)} bytes of body.")
    if answer.header("etag") != etag:
        fail(f"{what}: the 304 carries ETag {answer.header('etag')!r}, expected {etag!r}.")


# ---------------------------------------------------------------------------
# The trip and its change


def pick_game(trip):
    """A game item whose game can move by 2 hours within its day, with a matchup no other game has."""
    games = {game["id"]: game for game in trip.get("games") or []}
    pairs = [(g["away"]["abbr"], g["home"]["abbr"]) for g in games.values()]
    for item in trip["items"]:
        game = games.get(item.get("gameId")) if item.get("kind") == "game" else None
        if game is None or pairs.count((game["away"]["abbr"], game["home"]["abbr"])) != 1:
            continue
        start = instant(game["start"])
        zone = zoneinfo.ZoneInfo(game["timeZone"])
        for shift in (dt.timedelta(hours=2), dt.timedelta(hours=-2)):
            if (start + shift).astimezone(zone).date() == start.astimezone(zone).date():
                return item, game, shift
    setup_error("the trip has no game that can be moved by two hours within its day.")


def pick_custom(trip):
    """A custom item whose title no other item's title contains (timed ones first)."""
    titles = [item.get("title", "") for item in trip["items"] if item.get("kind") == "custom"]
    candidates = [item for item in trip["items"] if item.get("kind") == "custom"
                  and sum(item["title"] in other for other in titles) == 1]
    candidates.sort(key=lambda item: "time" not in item)
    if not candidates:
        setup_error("the trip has no custom item with a title of its own to remove.")
    return candidates[0]


def latest_stamp(trip):
    stamps = [instant("2000-01-01T00:00:00Z")]
    for entry in [trip.get("trip", {})] + list(trip.get("items", [])) + list(trip.get("games") or []):
        if entry.get("modifiedAt"):
            stamps.append(instant(entry["modifiedAt"]))
    for tombstone in trip.get("removed") or []:
        stamps.append(instant(tombstone["removedAt"]))
    return max(stamps)


def changed(trip, game_item, game, shift, custom, stamp):
    """The trip with the game moved (its modifiedAt and its item's bumped) and the custom item removed."""
    new = copy.deepcopy(trip)
    text = stamp.strftime("%Y-%m-%dT%H:%M:%SZ")
    for entry in new["games"]:
        if entry["id"] == game["id"]:
            entry["start"] = (instant(game["start"]) + shift).isoformat()
            entry["modifiedAt"] = text
    for item in new["items"]:
        if item["id"] == game_item["id"]:
            item["modifiedAt"] = text
    new["items"] = [item for item in new["items"] if item["id"] != custom["id"]]
    new["removed"] = [t for t in new.get("removed") or [] if t["id"] != custom["id"]]
    new["removed"].append({"id": custom["id"], "removedAt": text})
    return new


def as_bytes(trip):
    return json.dumps(trip, ensure_ascii=False, indent=2).encode("utf-8")


# ---------------------------------------------------------------------------
# The checks


class Run:
    def __init__(self, binary, trip):
        self.binary = binary
        self.trip = trip
        self.trip_id = trip["trip"]["id"]
        self.services = []
        # What the run changes, chosen before anything starts (a trip without them is a set-up error).
        self.game_item, self.game, self.shift = pick_game(trip)
        self.custom = pick_custom(trip)
        self.folder = tempfile.mkdtemp(prefix="check_feed.")

    def start(self):
        self.secret = os.path.join(self.folder, "feed.secret")
        self.other_secret = os.path.join(self.folder, "other.secret")
        for path in (self.secret, self.other_secret):
            with open(path, "w", encoding="ascii") as handle:
                handle.write(secrets.token_hex(32))
            os.chmod(path, 0o600)
        self.source = TripSource()
        self.source.trips[self.trip_id] = as_bytes(self.trip)
        self.source.trips["redirect-target"] = as_bytes(self.trip)
        self.source.trips[EXOTIC_ID] = as_bytes(self.trip)
        common = ["--feed-secret", self.secret, "--source-timeout", str(SOURCE_TIMEOUT)]
        self.main = Service(self.binary, "main", ["--trip-source", self.source.template] + common)
        self.closed = closed_port()
        refused = f"http://127.0.0.1:{self.closed.getsockname()[1]}{PREFIX}{{id}}{SUFFIX}"
        self.refused = Service(self.binary, "closed-port", ["--trip-source", refused] + common)
        self.short = Service(self.binary, "max-age", ["--trip-source", self.source.template,
                                                      "--feed-max-age", str(OTHER_MAX_AGE)] + common)
        self.services = [self.main, self.refused, self.short]
        for service in self.services:
            service.wait_ready()
        self.base = f"http://127.0.0.1:{self.main.port}"
        ok(f"three services listening on 127.0.0.1 (ports {self.main.port}, {self.refused.port}, "
           f"{self.short.port}); stand-in trip source on port {self.source.port}")

    def stop(self):
        for service in self.services:
            service.stop()
        if getattr(self, "source", None):
            self.source.close()
        if getattr(self, "closed", None):
            self.closed.close()

    def mint(self, trip_id, locale=None, secret=None, base=None):
        return must_mint(self.binary, trip_id, secret or self.secret, base or self.base, locale)

    def fetch(self, url, what, headers=None, method="GET", port=None):
        return get(port or self.main.port, target_of(url), what, headers, method)

    def metrics(self):
        answer = get(self.main.port, "/metrics", "/metrics")
        if answer.status != 200:
            fail(f"/metrics answered {answer.status}.")
        return [line for line in answer.body.decode("utf-8", "replace").splitlines()
                if METRICS_SUBSTRING in line and not line.startswith("#")]

    # -- the feed as it is

    def feed(self):
        self.url = self.mint(self.trip_id)
        answer = self.fetch(self.url, "the feed")
        self.first_fetch = time.monotonic()
        self.etag = expect_feed(answer, "the feed", DEFAULT_MAX_AGE)
        self.last_modified = answer.header("last-modified")
        self.headers = answer.headers
        self.body = answer.body
        self.length = len(answer.body)
        ok(f"GET the feed: 200 text/calendar, {self.length} bytes, ETag {self.etag}, "
           f"Last-Modified {self.last_modified}, Cache-Control {answer.header('cache-control')}")
        self.calendar_properties(answer.body, self.url, DEFAULT_MAX_AGE, "the feed")
        ok(f"the calendar: NAME and X-WR-CALNAME {self.trip['trip']['name']!r}, REFRESH-INTERVAL and "
           f"X-PUBLISHED-TTL of {DEFAULT_MAX_AGE} s, SOURCE is the feed's URL")
        events = parse_events(answer.body, "the feed")
        checked = self.last_modified_of_items(events, self.trip, "the feed")
        ok(f"{len(events)} events; LAST-MODIFIED equals the item's modifiedAt for {checked} items that have one")

    def calendar_properties(self, body, url, max_age, what):
        properties = calendar_properties(body)
        name = self.trip["trip"]["name"]
        for key in ("NAME", "X-WR-CALNAME"):
            if key not in properties or unescape_text(properties[key][1]) != name:
                fail(f"{what}: {key} is {properties.get(key, (None, None))[1]!r}, expected {name!r}.")
        for key in ("REFRESH-INTERVAL", "X-PUBLISHED-TTL"):
            parameters, value = properties.get(key, ("", None))
            if key == "REFRESH-INTERVAL" and "VALUE=DURATION" not in parameters:
                fail(f"{what}: REFRESH-INTERVAL has no VALUE=DURATION parameter ({parameters!r}).")
            if duration_seconds(value) != max_age:
                fail(f"{what}: {key} is {value!r}, expected a duration of {max_age} s.")
        parameters, value = properties.get("SOURCE", ("", None))
        if "VALUE=URI" not in parameters or value != url:
            fail(f"{what}: SOURCE{parameters} is {value!r}, expected ;VALUE=URI:{url}.")

    def last_modified_of_items(self, events, trip, what):
        games = {game["id"]: game for game in trip.get("games") or []}
        checked = 0
        for item in trip["items"]:
            if not item.get("modifiedAt"):
                continue
            if item.get("kind") == "game":
                found = events_of_game(events, games[item["gameId"]])
            elif item.get("kind") == "custom":
                found = events_of_title(events, item["title"])
            else:
                continue
            if len(found) != 1:
                continue
            stamp = found[0].get("LAST-MODIFIED")
            want = instant(item["modifiedAt"]).replace(microsecond=0)
            if stamp is None or stamp.dt != want:
                fail(f"{what}: the event {summary(found[0])!r} has LAST-MODIFIED "
                     f"{stamp.dt if stamp else None}, expected its item's modifiedAt {want}.")
            checked += 1
        return checked

    def head_and_conditionals(self):
        head = self.fetch(self.url, "HEAD of the feed", method="HEAD")
        if head.status != 200 or head.extra:
            fail(f"HEAD of the feed: status {head.status} with {len(head.extra)} bytes of body, expected 200 and none.")
        for name in ("etag", "last-modified", "cache-control", "content-type"):
            if head.header(name) != self.headers.get(name):
                fail(f"HEAD of the feed: {name} is {head.header(name)!r}, GET said {self.headers.get(name)!r}.")
        if head.header("content-length") not in (None, str(self.length)):
            fail(f"HEAD of the feed: Content-Length {head.header('content-length')}, GET sent {self.length} bytes.")
        ok("HEAD of the feed: 200, the same ETag, Last-Modified, Cache-Control and Content-Type, no body")

        weak = "W/" + self.etag
        cases = [
            ("If-None-Match with the ETag", {"If-None-Match": self.etag}),
            ("If-None-Match with a list holding the ETag", {"If-None-Match": '"other", ' + self.etag}),
            ("If-None-Match with the weak form of the ETag", {"If-None-Match": weak}),
            ("If-Modified-Since equal to Last-Modified", {"If-Modified-Since": self.last_modified}),
            ("If-Modified-Since a second after Last-Modified",
             {"If-Modified-Since": format_http_date(http_date(self.last_modified, "Last-Modified")
                                                    + dt.timedelta(seconds=1))}),
        ]
        for what, headers in cases:
            expect_not_modified(self.fetch(self.url, what, headers), self.etag, what)
        expect_not_modified(self.fetch(self.url, "HEAD with If-None-Match", {"If-None-Match": self.etag}, "HEAD"),
                            self.etag, "HEAD with If-None-Match")
        earlier = format_http_date(http_date(self.last_modified, "Last-Modified") - dt.timedelta(seconds=1))
        full = [
            ("If-None-Match with another ETag", {"If-None-Match": '"not-the-etag"'}),
            ("If-Modified-Since a second before Last-Modified", {"If-Modified-Since": earlier}),
            ("If-None-Match with another ETag and If-Modified-Since equal to Last-Modified",
             {"If-None-Match": '"not-the-etag"', "If-Modified-Since": self.last_modified}),
        ]
        for what, headers in full:
            answer = self.fetch(self.url, what, headers)
            if answer.status != 200 or answer.body != self.body:
                fail(f"{what}: the service answered {answer.status} with {len(answer.body)} bytes, "
                     f"expected 200 and the whole feed.")
        ok(f"conditional requests: {len(cases) + 1} answered 304 with the ETag and no body "
           f"(If-None-Match exact, in a list, weak; If-Modified-Since at or after Last-Modified; HEAD); "
           f"{len(full)} that do not match answered 200 with the feed")

    def locale(self):
        url = self.mint(self.trip_id, locale="de")
        answer = self.fetch(url, "the feed with ?locale=de")
        etag = expect_feed(answer, "the feed with ?locale=de", DEFAULT_MAX_AGE)
        if etag == self.etag:
            fail("the feed with ?locale=de has the same ETag as the feed without it.")
        self.calendar_properties(answer.body, url, DEFAULT_MAX_AGE, "the feed with ?locale=de")
        english = {str(e["UID"]): e for e in parse_events(self.body, "the feed")}
        german = {str(e["UID"]): e for e in parse_events(answer.body, "the feed with ?locale=de")}
        if set(english) != set(german):
            fail("the feed with ?locale=de has other event UIDs than the feed without it.")
        texts = lambda event: (summary(event), str(event.get("DESCRIPTION", "")))  # noqa: E731
        differ = [uid for uid in english if texts(english[uid]) != texts(german[uid])]
        if not differ:
            fail("the feed with ?locale=de has the same event text as the feed without it.")
        for uid in english:
            if english[uid].get("DTSTART") and english[uid].decoded("DTSTART") != german[uid].decoded("DTSTART"):
                fail(f"the feed with ?locale=de moves the event {uid}.")
        ok(f"?locale=de: {len(differ)} of {len(english)} events in other words, the same UIDs and times, "
           f"another ETag, SOURCE with ?locale=de")

    def max_age(self):
        url = self.mint(self.trip_id, base=f"http://127.0.0.1:{self.short.port}")
        answer = self.fetch(url, f"the feed of the --feed-max-age {OTHER_MAX_AGE} service", port=self.short.port)
        expect_feed(answer, f"the feed of the --feed-max-age {OTHER_MAX_AGE} service", OTHER_MAX_AGE)
        self.calendar_properties(answer.body, url, OTHER_MAX_AGE, f"the --feed-max-age {OTHER_MAX_AGE} feed")
        ok(f"--feed-max-age {OTHER_MAX_AGE}: Cache-Control max-age={OTHER_MAX_AGE}, "
           f"REFRESH-INTERVAL and X-PUBLISHED-TTL of {OTHER_MAX_AGE} s")

    # -- a calendar app subscribed

    def subscribe(self):
        self.subscription = Subscription(self.url, os.path.join(self.folder, "vdirsyncer"))
        self.subscription.run("discover")
        events = self.subscription.sync()
        self.synced_count = len(events)
        want = len(parse_events(self.body, "the feed"))
        if len(events) != want:
            fail(f"vdirsyncer stored {len(events)} events, the feed has {want}.")
        event = one(events_of_game(events, self.game), f"the synced event of {self.game['id']}")
        start = start_of(event, f"the synced event of {self.game['id']}")
        if start != instant(self.game["start"]):
            fail(f"the synced event of {self.game['id']} starts at {start}, expected {self.game['start']}.")
        one(events_of_title(events, self.custom["title"]), f"the synced event of item {self.custom['id']}")
        ok(f"vdirsyncer synced {len(events)} events; {summary(event)!r} starts at {start.isoformat()}, "
           f"as the trip says ({self.game['start']})")

    def change_and_resync(self):
        now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0) - dt.timedelta(seconds=10)
        stamp = max(now, latest_stamp(self.trip).replace(microsecond=0) + dt.timedelta(seconds=1))
        self.changed = changed(self.trip, self.game_item, self.game, self.shift, self.custom, stamp)
        with self.source.lock:
            self.source.trips[self.trip_id] = as_bytes(self.changed)
        new_start = instant(self.game["start"]) + self.shift

        answer = self.fetch(self.url, "the changed feed")
        etag = expect_feed(answer, "the changed feed", DEFAULT_MAX_AGE)
        if etag == self.etag:
            fail(f"the trip changed at the source but the ETag stayed {etag}.")
        last_modified = http_date(answer.header("last-modified"), "the changed feed's Last-Modified")
        if last_modified <= http_date(self.last_modified, "Last-Modified"):
            fail(f"the trip changed (modifiedAt {stamp.isoformat()}) but Last-Modified went from "
                 f"{self.last_modified} to {answer.header('last-modified')}.")
        for what, headers in [("If-None-Match with the old ETag", {"If-None-Match": self.etag}),
                              ("If-Modified-Since the old Last-Modified", {"If-Modified-Since": self.last_modified})]:
            again = self.fetch(self.url, what, headers)
            if again.status != 200 or again.body != answer.body:
                fail(f"after the change, {what}: {again.status}, expected 200 and the new feed.")
        events = parse_events(answer.body, "the changed feed")
        event = one(events_of_game(events, self.game), f"the changed feed's event of {self.game['id']}")
        if start_of(event, "the changed feed's game") != new_start:
            fail(f"the changed feed's game starts at {event.decoded('DTSTART')}, expected {new_start}.")
        if events_of_title(events, self.custom["title"]):
            fail(f"the changed feed still has an event for the removed item {self.custom['id']}.")
        self.last_modified_of_items(events, self.changed, "the changed feed")
        self.changed_last_modified = answer.header("last-modified")
        ok(f"after the change: a new ETag {etag}, Last-Modified {answer.header('last-modified')}, "
           f"the old validators get 200, the game's LAST-MODIFIED is its new modifiedAt, the removed item is gone")

        synced = self.subscription.sync()
        if len(synced) != self.synced_count - 1:
            fail(f"after the change vdirsyncer holds {len(synced)} events, expected {self.synced_count - 1}.")
        event = one(events_of_game(synced, self.game), f"the re-synced event of {self.game['id']}")
        start = start_of(event, f"the re-synced event of {self.game['id']}")
        if start != new_start:
            fail(f"after the second sync {summary(event)!r} starts at {start}, expected {new_start}.")
        if events_of_title(synced, self.custom["title"]):
            fail(f"after the second sync the removed item {self.custom['id']} ({self.custom['title']!r}) "
                 f"is still in the calendar.")
        ok(f"vdirsyncer's second sync: {summary(event)!r} moved to {start.isoformat()}, "
           f"{self.custom['title']!r} (a tombstone now) is gone, {len(synced)} events")

    def schedule_change(self):
        """A game moved by `itinerary merge-games` alone, no item touched: the game gets a stamp, and a
        client that sends only If-Modified-Since gets the new feed."""
        trip_path, schedule_path = (os.path.join(self.folder, name) for name in ("merged.json", "schedule.json"))
        with open(trip_path, "w", encoding="utf-8") as handle:
            json.dump(self.changed, handle)
        games = copy.deepcopy(self.changed["games"])
        moved = next(g for g in games if g["id"] == self.game["id"])
        moved["start"] = (instant(moved["start"]) + dt.timedelta(minutes=30)).isoformat()
        with open(schedule_path, "w", encoding="utf-8") as handle:
            json.dump({"games": games}, handle)
        before = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
        result = subprocess.run([self.binary, "merge-games", trip_path, schedule_path], capture_output=True,
                                text=True, timeout=TOOL_TIMEOUT)
        if result.returncode != 0:
            fail(f"`itinerary merge-games` exited {result.returncode}: {result.stderr.strip()}")
        with open(trip_path, encoding="utf-8") as handle:
            merged = json.load(handle)
        stamps = {g["id"]: g.get("modifiedAt") for g in merged["games"]}
        stamp = stamps[self.game["id"]]
        if not stamp or instant(stamp) < before:
            fail(f"merge-games moved {self.game['id']} but stamped it {stamp!r} (the run began at {before}).")
        kept = {g["id"]: g.get("modifiedAt") for g in self.changed["games"] if g["id"] != self.game["id"]}
        if any(stamps[game_id] != value for game_id, value in kept.items()):
            fail(f"merge-games changed the stamps of games it did not change: {kept} -> {stamps}")
        if [i.get("modifiedAt") for i in merged["items"]] != [i.get("modifiedAt") for i in self.changed["items"]]:
            fail("merge-games stamped items when only a game's time changed.")
        with self.source.lock:
            self.source.trips[self.trip_id] = as_bytes(merged)

        answer = self.fetch(self.url, "the feed after merge-games",
                            {"If-Modified-Since": self.changed_last_modified})
        if answer.status != 200:
            fail(f"a client sending only If-Modified-Since {self.changed_last_modified} after merge-games moved "
                 f"a game got {answer.status}, expected 200 and the new feed.")
        last_modified = http_date(answer.header("last-modified"), "Last-Modified after merge-games")
        if last_modified != instant(stamp).replace(microsecond=0):
            fail(f"after merge-games Last-Modified is {answer.header('last-modified')}, expected the game's "
                 f"stamp {stamp}.")
        event = one(events_of_game(parse_events(answer.body, "the feed after merge-games"), self.game),
                    "the event of the game merge-games moved")
        modified = event.get("LAST-MODIFIED")
        if modified is None or modified.dt != instant(stamp).replace(microsecond=0):
            fail(f"the moved game's event has LAST-MODIFIED {modified.dt if modified else None}, expected {stamp}.")
        again = self.fetch(self.url, "the feed after merge-games, If-Modified-Since its Last-Modified",
                           {"If-Modified-Since": answer.header("last-modified")})
        if again.status != 304:
            fail(f"If-Modified-Since the new Last-Modified got {again.status}, expected 304.")
        ok(f"merge-games moved a game and stamped it alone ({stamp}): a client sending only If-Modified-Since "
           f"got 200 and Last-Modified {answer.header('last-modified')}, then 304; the event's LAST-MODIFIED "
           f"is the game's stamp")

    # -- failures

    def failures(self):
        self.missing_body = None
        cases = [
            ("missing", "the source answers 404", [404], False),
            ("gone", "the source answers 410", [410], False),
            ("error500", "the source answers 500", [502], False),
            ("redirect", "the source answers 302", [502], False),
            ("notjson", "the source answers hello", [502], False),
            ("invalid", "the source answers JSON that is not a trip", [502], False),
            ("huge", f"the source sends {HUGE_BYTES >> 20} MiB with a Content-Length", [502], False),
            ("hugestream", f"the source sends {HUGE_BYTES >> 20} MiB chunked", [502], False),
            ("slow", f"the source answers after {SLOW_SECONDS} s", [504], True),
        ]
        for trip_id, what, statuses, retry in cases:
            url = self.mint(trip_id)
            mark = self.source.mark()
            started = time.monotonic()
            answer = self.fetch(url, what)
            elapsed = time.monotonic() - started
            expect_problem(answer, statuses, what, retry_after=retry)
            if trip_id == "missing":
                self.missing = answer
            if trip_id == "slow" and elapsed > SOURCE_TIMEOUT + 2:
                fail(f"{what}: the 504 took {elapsed:.1f} s with --source-timeout {SOURCE_TIMEOUT}.")
            if trip_id == "redirect" and any(path.startswith("/redirect-target") for _, path, _ in
                                              self.source.since(mark)):
                fail("the service followed the source's redirect.")
            ok(f"{what}: {answer.status} problem+json in {elapsed * 1000:.0f} ms"
               + (f", Retry-After {answer.header('retry-after')}" if retry else ""))

        url = self.mint(self.trip_id, base=f"http://127.0.0.1:{self.refused.port}")
        answer = self.fetch(url, "the source refuses the connection", port=self.refused.port)
        expect_problem(answer, [502], "the source refuses the connection", retry_after=True)
        ok(f"the source's port is closed: 502 problem+json, Retry-After {answer.header('retry-after')}")

        exotic = self.mint(EXOTIC_ID)
        answer = self.fetch(exotic, f"the trip under the id {EXOTIC_ID!r}")
        expect_feed(answer, f"the trip under the id {EXOTIC_ID!r}", DEFAULT_MAX_AGE)
        ok(f"a trip under the id {EXOTIC_ID!r}: 200, the source found it under the encoded id")

    def forged_tokens(self):
        token = token_of(self.url)
        parts = token.split(".")
        mac = parts[-1] if len(parts) > 1 else token[len(token) // 2:]
        # A character in the middle of the MAC: its every bit counts (the last
        # character of base64 may carry padding bits a lenient decoder ignores).
        at = token.rindex(mac) + len(mac) // 2
        flip = lambda text, i: text[:i] + ("A" if text[i] != "A" else "B") + text[i + 1:]  # noqa: E731
        other = token_of(self.mint(self.trip_id, secret=self.other_secret))
        forged = {
            "a token with one character of its MAC changed": flip(token, at),
            # The last character of a base64 MAC (of 32 bytes: 2 bits; of 16: 4) carries unused
            # bits; changing the lowest one of its value alone, a decoder that ignores them
            # would take the token as valid: tokens must be compared as text, not as bytes.
            "a token with an unused bit of its last character changed": token[:-1] + flip_low_bit(token[-1]),
            "a token with its first character changed": flip(token, 0),
            "a token minted with another secret": other,
            "a token cut short": token[:-4],
            "a token with a character more": token + "A",
            "a token without its MAC": parts[0] if len(parts) > 1 else token[:len(token) // 2],
            "garbage": "garbage",
            "a token of 600 characters": "A" * 600,
        }
        mark = self.source.mark()
        for what, bad in forged.items():
            if bad == token:
                continue
            answer = self.fetch(f"/v1/feeds/{bad}.ics", what)
            expect_problem(answer, [404], what)
            if answer.body != self.missing.body or answer.header("content-type") != self.missing.header("content-type"):
                fail(f"{what}: the 404 differs from a trip the source does not know: "
                     f"{answer.body[:200]!r} against {self.missing.body[:200]!r}")
        asked = self.source.since(mark)
        if asked:
            fail(f"tokens that do not verify reached the trip source: {[path for _, path, _ in asked]}")
        ok(f"{len(forged)} forged, foreign or garbage tokens: 404 with the body of an unknown trip, "
           f"the source never asked")

    def hostile_ids(self):
        mark = self.source.mark()
        refused_to_mint = []
        for trip_id in HOSTILE_IDS + DOT_IDS:
            url = feed_url(self.binary, trip_id, self.secret, self.base)
            if url is None:
                if trip_id in HOSTILE_IDS:
                    fail(f"`itinerary feed-url {trip_id!r}` refused an id that only needs percent-encoding.")
                refused_to_mint.append(trip_id)
                continue
            answer = self.fetch(url, f"the id {trip_id!r}")
            expect_problem(answer, [404], f"the id {trip_id!r}")
        asked = self.source.since(mark)
        expected_host = f"127.0.0.1:{self.source.port}"
        seen = set()
        for method, path, host in asked:
            segment = path[len(PREFIX):-len(SUFFIX)] if path.startswith(PREFIX) and path.endswith(SUFFIX) else None
            if segment is None or not re.fullmatch(r"(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+", segment):
                fail(f"for a hostile id the service asked the source for {path!r}, not {PREFIX}<one encoded "
                     f"segment>{SUFFIX}.")
            decoded = urllib.parse.unquote(segment)
            canonical = urllib.parse.quote(decoded, safe="")
            if re.sub(r"%[0-9a-f]{2}", lambda m: m.group(0).upper(), segment) != canonical:
                fail(f"for the id {decoded!r} the service asked for the segment {segment!r}, expected {canonical!r}.")
            if decoded in (".", ".."):
                fail(f"the id {decoded!r} reached the source as the dot segment {path!r}.")
            if decoded not in HOSTILE_IDS + DOT_IDS:
                fail(f"the source was asked for the id {decoded!r}, which no token named.")
            if host != expected_host:
                fail(f"for the id {decoded!r} the service sent Host {host!r}, expected {expected_host!r}.")
            seen.add(decoded)
        ok(f"{len(HOSTILE_IDS)} hostile ids ({', '.join(HOSTILE_IDS)}): 404; the source saw {len(asked)} requests, "
           f"each under {PREFIX} with the id as one percent-encoded segment and Host {expected_host}"
           + (f"; feed-url refused {refused_to_mint}" if refused_to_mint else ""))

    def determinism(self):
        wait = self.first_fetch + 1.1 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        answer = self.fetch(self.url, "the feed, fetched again")
        if answer.body != self.body or answer.header("etag") != self.etag:
            fail("the same trip fetched again gave other bytes or another ETag (a DTSTAMP from the clock?).")
        ok("the same trip fetched again, seconds later: the same bytes and ETag")

    def no_secret_in_output(self):
        for path in (self.secret, self.other_secret):
            with open(path, encoding="ascii") as handle:
                text = handle.read().strip()
            for service in self.services:
                if any(text in line for line in service.output):
                    fail(f"the {service.name} service wrote its feed secret to its output.")
        ok("no secret in the services' output")


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    binary, trip_path = os.path.abspath(argv[1]), argv[2]
    if not os.access(binary, os.X_OK):
        setup_error(f"{binary} is not an executable.")
    if shutil.which("vdirsyncer") is None:
        setup_error("vdirsyncer is not installed (apt-get install vdirsyncer).")
    try:
        with open(trip_path, encoding="utf-8-sig") as handle:
            trip = json.load(handle)
        trip["trip"]["id"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        setup_error(f"cannot read the trip {trip_path}: {error}")

    def out_of_time(signum, frame):
        raise Failure(f"the run took longer than {TOTAL_SECONDS} s.")

    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(TOTAL_SECONDS)
    run = Run(binary, trip)
    try:
        run.start()
        before = run.metrics()
        run.feed()
        run.head_and_conditionals()
        run.locale()
        run.max_age()
        run.subscribe()
        run.failures()
        run.forged_tokens()
        run.hostile_ids()
        run.determinism()
        run.change_and_resync()
        run.schedule_change()
        after = run.metrics()
        if not after or after == before:
            fail(f"/metrics has no line with {METRICS_SUBSTRING!r} that changed over the run: {after[:5]}")
        ok(f"/metrics: {len(after)} lines with {METRICS_SUBSTRING!r}, changed by the run")
        run.no_secret_in_output()
        print("ok: check_feed: every check passed", flush=True)
        return 0
    except Failure as failure:
        print(f"FAIL: {failure}", flush=True)
        return 1
    finally:
        signal.alarm(0)
        run.stop()
        shutil.rmtree(run.folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
