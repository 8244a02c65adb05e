#!/usr/bin/env python3
"""Queued renders against synchronous ones, one release server, one run (issue #44).

Usage: jobs_bench.py [--binary .build/release/itinerary] [--trip TRIP] [--jobs 300] [--rounds 3]
                    [--database postgres://…]

  - submission: median time of POST /v1/jobs (no callback) against POST /v1/validate,
    which reads and checks the same trip, one request at a time, in the server (its log
    lines' `ms`) and at the client;
  - throughput: PDFs a second from POST /v1/render with 4 clients back to back, against
    PDF jobs submitted by 4 clients, counted until the last callback arrives at a
    receiver on loopback.
Prints a Markdown table.
"""
import argparse
import base64
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import serve_process

HERE = os.path.dirname(os.path.abspath(__file__))


def post(url, body, headers=None):
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/itinerary")
    parser.add_argument("--trip", default="Tests/Fixtures/spring-swing.json")
    parser.add_argument("--jobs", type=int, default=300)
    parser.add_argument("--database")
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    trip = open(opts.trip, "rb").read()
    work = tempfile.mkdtemp(prefix="jobs-bench-")
    secret = os.path.join(work, "secret")
    open(secret, "w").write("whsec_" + base64.b64encode(os.urandom(32)).decode())

    arrived, lock, done = [], threading.Lock(), threading.Event()

    class Receiver(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with lock:
                arrived.append(time.monotonic())
                if len(arrived) >= opts.jobs:
                    done.set()
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    hook = f"http://127.0.0.1:{receiver.server_address[1]}/hook"

    command = [opts.binary, "serve", "--port", "0", "--queue", "1024", "--webhook-secret", secret,
               "--callback-allow", "127.0.0.1"] + (["--jobs", opts.database] if opts.database else [])
    handled = {}  # route → the server's own milliseconds per request (its log line's `ms`)

    def log_line(line):
        if '"message":"request"' in line:
            entry = json.loads(line)
            handled.setdefault(entry["route"], []).append(entry["ms"])

    server, base = serve_process.start(command, on_line=log_line)
    try:
        def timed(url, count):
            times = []
            for _ in range(count):
                start = time.perf_counter()
                post(url, trip)
                times.append((time.perf_counter() - start) * 1000)
                time.sleep(0.02)  # a job's own render runs between submissions, not during the next one
            return statistics.median(times)

        timed(base + "/v1/validate", 20)
        validate = timed(base + "/v1/validate", 100)
        submit = timed(base + "/v1/jobs?format=md", 100)
        time.sleep(0.5)
        validate_server = statistics.median(handled["/v1/validate"][-100:])
        submit_server = statistics.median(handled["/v1/jobs"][-100:])
        render = timed(base + "/v1/render?format=pdf", 30)
        time.sleep(2)  # the submitted Markdown jobs drain

        def synchronous():
            load = subprocess.run(
                [sys.executable, os.path.join(HERE, "serve_load.py"), base + "/v1/render?format=pdf", "--body",
                 opts.trip, "--json", "--concurrency", "4", "--requests", str(opts.jobs)],
                capture_output=True, text=True, check=True)
            return json.loads(load.stdout)["throughput_rps"]

        def queued():
            with lock:
                arrived.clear()
            done.clear()
            start = time.monotonic()
            with ThreadPoolExecutor(4) as pool:
                list(pool.map(lambda n: post(f"{base}/v1/jobs?format=pdf&callback={hook}", trip), range(opts.jobs)))
            done.wait(300)
            return len(arrived) / (max(arrived) - start)

        # Alternating rounds, so both see the same machine; medians.
        syncs, jobs_rates = [], []
        for _ in range(opts.rounds):
            syncs.append(synchronous())
            jobs_rates.append(queued())
        sync, jobs = statistics.median(syncs), statistics.median(jobs_rates)
    finally:
        server.terminate()
        server.wait(timeout=30)
    store = "PostgreSQL" if opts.database else "memory"
    print()
    print(f"Jobs ({store}), release build, `{os.path.basename(opts.trip)}`, over loopback:")
    print()
    print("| what | figure |")
    print("|---|---|")
    print(f"| POST /v1/validate (reads and checks the trip), median, in the server (its log's ms) | "
          f"{validate_server:.2f} ms |")
    print(f"| POST /v1/jobs (reads, checks, queues), median, in the server | {submit_server:.2f} ms "
          f"({submit_server / validate_server:.2f}×) |")
    print(f"| the same two at the client (the job's own render starts on the other core as it answers) | "
          f"{validate:.2f} and {submit:.2f} ms |")
    print(f"| POST /v1/render?format=pdf, one at a time, median | {render:.1f} ms |")
    print(f"| PDFs a second, /v1/render, 4 clients (median of {opts.rounds}) | {sync:.1f} "
          f"({', '.join(f'{x:.0f}' for x in syncs)}) |")
    print(f"| PDFs a second, {opts.jobs} jobs submitted by 4 clients, until the last callback (median of "
          f"{opts.rounds}, alternating) | {jobs:.1f} ({', '.join(f'{x:.0f}' for x in jobs_rates)}; "
          f"{jobs / sync:.2f}×) |")


if __name__ == "__main__":
    main()
