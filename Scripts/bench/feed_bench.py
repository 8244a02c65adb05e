#!/usr/bin/env python3
"""`make bench`, feed part: what a calendar feed request costs against its parts.

Usage: feed_bench.py [--binary .build/release/itinerary] [--bench .build/release/itinerary-bench] [--quick]

A stand-in trip source (Python's http.server on loopback) serves the generated
14-day trip (60 items) and the 5,000-item year; the release `itinerary serve`
fronts it with --trip-source. One request at a time, the median of each:
  - fetch: GET of the trip from the source, by this script;
  - render: POST /v1/render?format=ics with the same trip as the body;
  - feed: GET /v1/feeds/TOKEN.ics (the service fetches, checks, renders);
  - 304: the feed again with If-None-Match (the same work, no body sent).
Issue #35 asks that a feed cost at most the ICS render plus the fetch.
Prints a Markdown table.
"""
import argparse
import http.server
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request


class Source(http.server.BaseHTTPRequestHandler):
    trips = {}

    def do_GET(self):
        trip_id = self.path.split("/")[-1]
        body = self.trips.get(trip_id)
        if body is None:
            self.send_response(404)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def timed(request, n):
    times = []
    for _ in range(n):
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                response.read()
        except urllib.error.HTTPError as error:
            if error.code != 304:
                raise
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/itinerary")
    parser.add_argument("--bench", default=".build/release/itinerary-bench")
    parser.add_argument("--quick", action="store_true")
    opts = parser.parse_args()
    work = tempfile.mkdtemp(prefix="feed-bench-")
    trips = {"fortnight": (14, 60, 1 if opts.quick else 200), "year": (365, 5000, 1 if opts.quick else 9)}
    for name, (days, items, _) in trips.items():
        path = os.path.join(work, name + ".json")
        subprocess.run([opts.bench, "generate", str(days), str(items), path], check=True, capture_output=True)
        Source.trips[name] = open(path, "rb").read()
    source = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Source)
    threading.Thread(target=source.serve_forever, daemon=True).start()
    secret = os.path.join(work, "secret")
    with open(secret, "w") as f:
        f.write(os.urandom(32).hex())
    template = f"http://127.0.0.1:{source.server_port}/trips/{{id}}"
    server = subprocess.Popen([opts.binary, "serve", "--port", "0", "--trip-source", template, "--feed-secret", secret],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = None
        deadline = time.time() + 60
        while port is None and time.time() < deadline:
            line = server.stdout.readline()
            if '"listening"' in line:
                port = json.loads(line)["port"]
        # The log goes on: read it, or a full pipe stops the server at its next line.
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "/ready", timeout=5):
                    break
            except Exception:
                time.sleep(0.2)
        print("| trip | fetch (ms) | ICS render (ms) | fetch + render | feed (ms) | feed, 304 (ms) | feed ÷ (fetch + render) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name, (days, items, n) in trips.items():
            url = subprocess.run([opts.binary, "feed-url", name, "--feed-secret", secret, "--base", base],
                                 check=True, capture_output=True, text=True).stdout.strip()
            fetch = urllib.request.Request(template.replace("{id}", name))
            render = urllib.request.Request(base + "/v1/render?format=ics", data=Source.trips[name],
                                            headers={"Content-Type": "application/json"})
            feed = urllib.request.Request(url)
            for request in (fetch, render, feed):
                timed(request, 2)  # warm
            with urllib.request.urlopen(feed) as response:
                etag = response.headers["ETag"]
            again = urllib.request.Request(url, headers={"If-None-Match": etag})
            results = {}
            # Alternated rounds, so that the machine's drift falls on every column alike.
            for _ in range(3):
                for key, request in (("fetch", fetch), ("render", render), ("feed", feed), ("304", again)):
                    results.setdefault(key, []).append(timed(request, max(1, n // 3)))
            m = {key: statistics.median(values) for key, values in results.items()}
            parts = m["fetch"] + m["render"]
            print(f"| {days} days, {items} items | {m['fetch']:.1f} | {m['render']:.1f} | {parts:.1f} | "
                  f"{m['feed']:.1f} | {m['304']:.1f} | {m['feed'] / parts:.2f} |")
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        source.shutdown()


if __name__ == "__main__":
    sys.exit(main())
