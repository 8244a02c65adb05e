#!/usr/bin/env python3
"""The service's defences of issue #50, tried from outside as an attacker would, against the real
`itinerary serve` in a network namespace of this script's own (`unshare --net --mount`, so nothing
it starts is reachable from, or reaches, a real network):

  - a DNS server of its own (127.0.0.1:53, put in /etc/resolv.conf by a bind mount that only this
    namespace sees) answers `rebind.example` spelled in lowercase with a public address
    (203.0.113.7, TEST-NET-3, on the namespace's loopback) and every other spelling with 127.0.0.1,
    and answers `flip.example` with the public address once and with 127.0.0.1 after that: a
    receiver on 127.0.0.1 must never be reached, whatever the callback's case or DNS's mood;
  - receivers that send their headers and then nothing, or drip one byte at a time: each attempt
    ends within --delivery-timeout, and jobs to a good receiver are delivered meanwhile;
  - API keys: missing, wrong, revoked by SIGHUP, a broken file on SIGHUP keeping the keys there were,
    and logs that name keys without holding them.

Usage: check_security.py ITINERARY_BINARY TRIP.json   (as root: it makes the namespace itself)
Prints `ok: …` per check; exits 1 at the first failure, 2 when it cannot run.
"""
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

PUBLIC = "203.0.113.7"


def fail(message):
    print("FAIL:", message, flush=True)
    sys.exit(1)


def ok(message):
    print("ok:", message, flush=True)


if os.environ.get("CHECK_SECURITY_INSIDE") != "1":
    if os.geteuid() != 0 or not shutil.which("unshare"):
        print("FAIL: check_security.py needs root and unshare (util-linux) to make its network namespace")
        sys.exit(2)
    environment = dict(os.environ, CHECK_SECURITY_INSIDE="1")
    sys.exit(subprocess.call(["unshare", "--net", "--mount", "--fork", sys.executable] + sys.argv, env=environment))

BINARY, TRIP = sys.argv[1], sys.argv[2]
TRIP_BYTES = open(TRIP, "rb").read()
work = tempfile.mkdtemp(prefix="check-security-")


def run(*command):
    subprocess.run(command, check=True, capture_output=True)


# The namespace: loopback up, a "public" address on it, and a resolver that only this namespace sees.
run("mount", "--make-rprivate", "/")
run("ip", "link", "set", "lo", "up")
run("ip", "addr", "add", PUBLIC + "/32", "dev", "lo")
resolv = os.path.join(work, "resolv.conf")
with open(resolv, "w") as f:
    f.write("nameserver 127.0.0.1\noptions timeout:1 attempts:1\n")
run("mount", "--bind", resolv, "/etc/resolv.conf")

# MARK: DNS

queries = []  # the names asked, as spelled
flips = {}
dns_lock = threading.Lock()


def answer_for(name):
    lower = name.lower()
    if lower == "rebind.example":
        return PUBLIC if name == lower else "127.0.0.1"
    if lower == "flip.example":
        with dns_lock:
            flips[lower] = flips.get(lower, 0) + 1
            return PUBLIC if flips[lower] == 1 else "127.0.0.1"
    if lower in ("good.example", "stall.example", "drip.example"):
        return PUBLIC
    return None


def dns_server():
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 53))
    while True:
        data, peer = sock.recvfrom(512)
        if len(data) < 12:
            continue
        labels, offset = [], 12
        while offset < len(data) and data[offset] != 0:
            length = data[offset]
            labels.append(data[offset + 1:offset + 1 + length].decode("ascii", "replace"))
            offset += 1 + length
        question_end = offset + 5
        qtype = struct.unpack("!H", data[offset + 1:offset + 3])[0]
        name = ".".join(labels)
        with dns_lock:
            queries.append((name, qtype))
        address = answer_for(name) if qtype == 1 else None
        known = name.lower() in ("rebind.example", "flip.example", "good.example", "stall.example", "drip.example")
        flags = 0x8180 if (known or qtype != 1) else 0x8183  # NOERROR, or NXDOMAIN for a name it does not know
        header = data[:2] + struct.pack("!HHHHH", flags, 1, 1 if address else 0, 0, 0)
        answer = b""
        if address:
            answer = b"\xc0\x0c" + struct.pack("!HHIH", 1, 1, 0, 4) + socket.inet_aton(address)
        sock.sendto(header + data[12:question_end] + answer, peer)


threading.Thread(target=dns_server, daemon=True).start()

# MARK: Receivers

hits = {"good": [], "evil": []}
hits_lock = threading.Lock()


def serving(address, port, serve):
    """Listens on address:port and serves each connection on a thread of its own."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind((address, port))
    server.listen(64)

    def accept():
        while True:
            connection, _ = server.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()


def read_head(connection):
    """A request's bytes up to and past the end of its head; None if the client closed first."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    return data


def http_receiver(address, port, label):
    """A receiver that answers 200 and records what it got."""

    def serve(connection):
        with connection:
            connection.settimeout(10)
            data = read_head(connection)
            if data is None:
                return
            head, _, body = data.partition(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n")[1:]:
                key, _, value = line.partition(b":")
                if key.strip().lower() == b"content-length":
                    length = int(value.strip())
            while len(body) < length:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                body += chunk
            with hits_lock:
                hits[label].append((time.monotonic(), head.split(b"\r\n")[0].decode(), head))
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

    serving(address, port, serve)


attempts = {"stall": [], "drip": []}


def stalling_receiver(address, port, label, drip):
    """Reads the request, sends the answer's head with a body it never (or only slowly) sends."""

    def serve(connection):
        start = time.monotonic()
        try:
            connection.settimeout(30)
            if read_head(connection) is None:
                return
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
            while True:
                if drip:
                    connection.sendall(b"x")
                    time.sleep(0.5)
                else:
                    if not connection.recv(65536):  # waits, sending nothing, until the client gives up
                        break
        except OSError:
            pass
        finally:
            with hits_lock:
                attempts[label].append(time.monotonic() - start)
            connection.close()

    serving(address, port, serve)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


HOOK_PORT, STALL_PORT, DRIP_PORT, SERVICE_PORT = free_port(), free_port(), free_port(), free_port()
http_receiver(PUBLIC, HOOK_PORT, "good")
http_receiver("127.0.0.1", HOOK_PORT, "evil")  # what a rebinding would reach: the same port on loopback
stalling_receiver(PUBLIC, STALL_PORT, "stall", drip=False)
stalling_receiver(PUBLIC, DRIP_PORT, "drip", drip=True)

# MARK: The service

secret = os.path.join(work, "webhook-secret")
with open(secret, "w") as f:
    f.write("whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYq=" + "\n")


def new_key(name, scopes):
    made = subprocess.run([BINARY, "api-key", name, "--scopes", scopes], check=True, capture_output=True, text=True)
    key, line = made.stdout.strip().split("\n")
    return key, line


JOBS_KEY, JOBS_LINE = new_key("booking-app", "render,jobs")
OLD_KEY, OLD_LINE = new_key("old-app", "render")
NEW_KEY, NEW_LINE = new_key("new-app", "render")
keys_file = os.path.join(work, "keys.txt")
with open(keys_file, "w") as f:
    f.write("# keys of the test\n" + JOBS_LINE + "\n" + OLD_LINE + "\n")

log_path = os.path.join(work, "service.log")
log = open(log_path, "w")
service = subprocess.Popen(
    [BINARY, "serve", "--port", str(SERVICE_PORT), "--workers", "1", "--webhook-secret", secret,
     "--api-keys", keys_file, "--delivery-timeout", "2", "--delivery-attempts", "1", "--delivery-backoff", "0.2"],
    stdout=log, stderr=subprocess.STDOUT)


def stop():
    if service.poll() is None:
        service.send_signal(signal.SIGTERM)
        try:
            service.wait(timeout=30)
        except subprocess.TimeoutExpired:
            service.kill()
    shutil.rmtree(work, ignore_errors=True)


BASE = f"http://127.0.0.1:{SERVICE_PORT}"


def request(method, path, body=None, key=None, headers=None):
    all_headers = dict(headers or {})
    if key:
        all_headers["Authorization"] = "Bearer " + key
    if body is not None:
        all_headers["Content-Type"] = "application/json"
    req = urllib.request.Request(BASE + path, data=body, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def submit(callback):
    status, _, body = request("POST", "/v1/jobs?format=md&callback=" + urllib.request.quote(callback, safe=":/"),
                              TRIP_BYTES, key=JOBS_KEY)
    return status, json.loads(body)


def finished(job_id, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _, _, body = request("GET", f"/v1/jobs/{job_id}", key=JOBS_KEY)
        job = json.loads(body)
        if job["status"] in ("delivered", "failed"):
            return job
        time.sleep(0.2)
    fail(f"job {job_id} did not finish in {seconds} s: {job}")


try:
    for _ in range(300):
        try:
            if request("GET", "/ready")[0] == 200:
                break
        except OSError:
            pass
        if service.poll() is not None:
            fail("the service stopped: " + open(log_path).read()[-2000:])
        time.sleep(0.1)
    else:
        fail("the service was not ready in 30 s")

    # Keys, from outside.
    if request("POST", "/v1/validate", TRIP_BYTES)[0] != 401:
        fail("a request without a key was not refused")
    if request("POST", "/v1/validate", TRIP_BYTES, key=OLD_KEY + "x")[0] != 401:
        fail("a wrong key was taken")
    if request("POST", "/v1/validate", TRIP_BYTES, key=OLD_KEY)[0] != 200:
        fail("a good key was refused")
    with open(keys_file, "w") as f:
        f.write(JOBS_LINE + "\n" + NEW_LINE + "\n")
    service.send_signal(signal.SIGHUP)
    time.sleep(1)
    if request("POST", "/v1/validate", TRIP_BYTES, key=OLD_KEY)[0] != 401:
        fail("a key removed from the file and SIGHUP still works")
    if request("POST", "/v1/validate", TRIP_BYTES, key=NEW_KEY)[0] != 200:
        fail("a key added to the file and SIGHUP does not work")
    with open(keys_file, "w") as f:
        f.write("broken line\n")
    service.send_signal(signal.SIGHUP)
    time.sleep(1)
    if request("POST", "/v1/validate", TRIP_BYTES, key=NEW_KEY)[0] != 200:
        fail("a broken keys file on SIGHUP dropped the keys there were")
    if f"{keys_file}:1: a key's line has three fields" not in open(log_path).read():
        fail("a broken keys file on SIGHUP was not logged with its file and line")
    ok("keys: none, wrong, revoked and added by SIGHUP, a broken file keeps the keys there were")

    # Callbacks whose names a DNS server of the test's own answers as an attacker would.
    spellings = ["Rebind.example", "REBIND.EXAMPLE", "rebind.EXAMPLE", "rEbInD.eXaMpLe"]
    jobs = []
    for spelling in spellings:
        status, job = submit(f"http://{spelling}:{HOOK_PORT}/hook")
        if status != 202:
            fail(f"a callback to {spelling} was refused at submission: {job}")
        jobs.append(job["id"])
    status, flip = submit(f"http://flip.example:{HOOK_PORT}/hook")
    if status != 202:
        fail(f"a callback to flip.example (public on its first answer) was refused: {flip}")
    for job_id in jobs:
        job = finished(job_id)
        if job["status"] != "delivered":
            fail(f"a callback to a host in capitals was not delivered to its checked address: {job}")
    flipped = finished(flip["id"])
    if flipped["status"] != "failed" or "loopback" not in (flipped.get("error") or ""):
        fail(f"flip.example, loopback on its second answer, was not refused before delivery: {flipped}")
    if hits["evil"]:
        fail(f"{len(hits['evil'])} deliveries reached 127.0.0.1: {hits['evil'][:3]}")
    if len(hits["good"]) != len(spellings):
        fail(f"{len(hits['good'])} deliveries reached the checked address, not {len(spellings)}")
    asked = {name for name, _ in queries}
    if any(name != name.lower() for name in asked):
        fail(f"a name was resolved in another spelling than the one checked: {sorted(asked)}")
    hosts = {line.split(b":", 1)[1].strip() for _, _, head in hits["good"] for line in head.split(b"\r\n")[1:]
             if line.lower().startswith(b"host:")}
    if hosts != {f"rebind.example:{HOOK_PORT}".encode()}:
        fail(f"the deliveries' Host headers: {hosts}")
    ok(f"callbacks in {len(spellings)} spellings and one that rebinds: 0 reached 127.0.0.1, "
       f"{len(hits['good'])} the checked address")

    # Receivers that stall: six of them queued before three jobs to a good receiver.
    started = time.monotonic()
    stalled = [submit(f"http://{'stall' if n % 2 else 'drip'}.example:{STALL_PORT if n % 2 else DRIP_PORT}/")[1]["id"]
               for n in range(6)]
    good = [submit(f"http://rebind.example:{HOOK_PORT}/after")[1]["id"] for _ in range(3)]
    for job_id in good:
        job = finished(job_id, seconds=30)
        if job["status"] != "delivered":
            fail(f"a job to a good receiver queued behind stalling ones was not delivered: {job}")
    took = time.monotonic() - started
    for job_id in stalled:
        job = finished(job_id)
        if job["status"] != "failed" or "no answer in time" not in (job.get("error") or ""):
            fail(f"a callback that stalls after its headers did not time out: {job}")
    longest = max(attempts["stall"] + attempts["drip"])
    if longest > 4:
        fail(f"an attempt at a stalling receiver lasted {longest:.1f} s, past --delivery-timeout 2")
    ok(f"6 receivers that stall after their headers (3 silent, 3 dripping): each attempt ended in at most "
       f"{longest:.1f} s, and 3 jobs behind them were delivered in {took:.1f} s")

    text = open(log_path).read()
    for key in (JOBS_KEY, OLD_KEY, NEW_KEY):
        if key in text:
            fail("a key was written in the log")
    if '"key":"booking-app"' not in text:
        fail("the log does not name the key that made a request")
    ok("the log names keys (booking-app) and holds none of them")
finally:
    stop()
