#!/usr/bin/env python3
"""What a client can do wrong, against a running `itinerary serve`, over real sockets.

Usage: check_service.py PORT HEAVY.json

The server must run with --workers 1 --queue 1 --body-timeout 1. HEAVY.json is
a valid trip that takes a while to render (the flood holds the worker with it).

Checks, each followed by a request that must still succeed:
  - every file of Tests/Fixtures/invalid and Tests/Fixtures/malformed, sent as a
    render and as a validation: a 4xx application/problem+json naming each problem;
  - a body declared larger than the limit: 413 at once, before the body is sent,
    and the connection closed;
  - a client that never finishes its body: 408 after the body timeout, the
    connection closed, while a render from another client goes through;
  - a flood past the queue: 429 with Retry-After for the excess, 200 for those
    admitted (and their PDFs whole);
  - garbage that is not HTTP: the connection answered 400 or closed, never a hang.
Prints one line per check; exits 1 on the first failure.
"""
import concurrent.futures
import json
import os
import socket
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def request(port, method, path, body=None, content_type="application/json", timeout=60):
    """One request on a new connection: (status, headers, body)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
    sock.sendall(head.encode() + b"\r\n" + (body or b""))
    return read_response(sock)


def read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the response head")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    sock.close()
    return status, headers, rest[:length]


def expect_problem(status, headers, body, allowed, what):
    if status not in allowed:
        fail(f"{what}: status {status}, expected {sorted(allowed)}: {body[:200]!r}")
    if headers.get("content-type") != "application/problem+json":
        fail(f"{what}: content type {headers.get('content-type')}")
    problem = json.loads(body)
    if problem.get("status") != status or not problem.get("detail"):
        fail(f"{what}: problem {problem}")
    return problem


def healthy(port, what):
    sample = open(os.path.join(FIXTURES, "spring-swing.json"), "rb").read()
    status, headers, body = request(port, "POST", "/v1/render?format=pdf", sample)
    if status != 200 or not body.startswith(b"%PDF"):
        fail(f"after {what}: a render answered {status}")


def refused_files(port):
    names = []
    for folder in ("invalid", "malformed"):
        for name in sorted(os.listdir(os.path.join(FIXTURES, folder))):
            if name.endswith(".json"):
                names.append(os.path.join(folder, name))
    for name in names:
        body = open(os.path.join(FIXTURES, name), "rb").read()
        for path in ("/v1/render?format=pdf", "/v1/validate"):
            problem = expect_problem(*request(port, "POST", path, body), {400, 413, 422}, f"{name} {path}")
            if not problem.get("problems"):
                fail(f"{name} {path}: no problems listed")
    healthy(port, "the refused files")
    print(f"ok: {len(names)} refused files, each a 4xx problem+json, as render and validate")


def unfinished_render(port, declared_length, first_bytes, timeout):
    """A render whose body declares `declared_length` bytes and sends only `first_bytes`: the open socket."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.sendall(b"POST /v1/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 + f"Content-Length: {declared_length}\r\n\r\n".encode() + first_bytes)
    return sock


def oversized(port):
    start = time.monotonic()
    sock = unfinished_render(port, 1073741824, b'{"format":', timeout=10)
    status, headers, body = read_response(sock)
    elapsed = time.monotonic() - start
    expect_problem(status, headers, body, {413}, "a 1 GiB body")
    if headers.get("connection") != "close" or elapsed > 2:
        fail(f"a 1 GiB body: connection {headers.get('connection')}, {elapsed:.2f} s")
    healthy(port, "the 1 GiB body")
    print(f"ok: a body declared as 1 GiB: 413 in {elapsed * 1000:.0f} ms, connection closed, nothing read")


def slow_client(port):
    start = time.monotonic()
    sock = unfinished_render(port, 5000, b'{"format": "itin', timeout=15)
    # While it dawdles, another client is served.
    healthy(port, "a slow client started")
    status, headers, body = read_response(sock)
    elapsed = time.monotonic() - start
    expect_problem(status, headers, body, {408}, "a body that never ends")
    if headers.get("connection") != "close" or not 0.8 < elapsed < 5:
        fail(f"a body that never ends: connection {headers.get('connection')}, {elapsed:.2f} s")
    healthy(port, "the slow client")
    print(f"ok: a body that never ends: 408 after {elapsed:.1f} s, connection closed; another client served meanwhile")


def flood(port, heavy):
    body = open(heavy, "rb").read()

    def one(_):
        return request(port, "POST", "/v1/render?format=pdf", body, timeout=120)

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(one, range(8)))
    statuses = sorted(status for status, _, _ in results)
    served = [r for r in results if r[0] == 200]
    refused = [r for r in results if r[0] == 429]
    if len(served) + len(refused) != 8 or not served or not refused:
        fail(f"a flood of 8 with 1 worker and a queue of 1: statuses {statuses}")
    for status, headers, answer in refused:
        expect_problem(status, headers, answer, {429}, "a refused request of the flood")
        if headers.get("retry-after") != "1":
            fail("a 429 without Retry-After")
    for _, _, answer in served:
        if not answer.startswith(b"%PDF") or b"%%EOF" not in answer[-64:]:
            fail("a PDF of the flood is not whole")
    healthy(port, "the flood")
    print(f"ok: a flood of 8 heavy renders: {len(served)} served whole, {len(refused)} refused with 429 and Retry-After")


def garbage(port):
    for junk in (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + os.urandom(64), b"GET / HTTP/9.9\r\n\r\n",
                 b"POST /v1/render HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
                 b"POST /v1/render HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n"):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(junk)
        try:
            data = sock.recv(4096)
        except (ConnectionResetError, socket.timeout) as error:
            if isinstance(error, socket.timeout):
                fail(f"garbage {junk[:20]!r}: no answer in 10 s")
            data = b""
        if data and not data.startswith(b"HTTP/1.1 4"):
            fail(f"garbage {junk[:20]!r}: answered {data[:40]!r}")
        sock.close()
    healthy(port, "garbage")
    print("ok: bytes that are not HTTP: 400 or closed, never an answer of 5xx")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    port, heavy = int(sys.argv[1]), sys.argv[2]
    refused_files(port)
    oversized(port)
    slow_client(port)
    flood(port, heavy)
    garbage(port)


if __name__ == "__main__":
    main()
