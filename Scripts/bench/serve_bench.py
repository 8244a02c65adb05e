#!/usr/bin/env python3
"""`make bench`, service part: the release `itinerary serve` over loopback, warm.

Usage: serve_bench.py [--binary .build/release/itinerary] [--bench .build/release/itinerary-bench]
                      [--quick] [--no-chromium]

Measures, on the generated 14-day trip (60 items) unless said otherwise:
  - PDF throughput, closed loop (4 clients), and latency at a fixed 100 renders/s;
  - HTML and Markdown throughput, closed loop (8 clients);
  - the 5,000-item year's book, one request at a time (median of 5);
  - resident memory after 1,000 and after 10,000 PDF renders (before the
    other formats and the long book, which raise the high-water mark once);
  - a warm headless Chromium printing the same trip's HTML to PDF (what
    Gotenberg-style services run), for the ratio.
Prints a Markdown table. The load generator runs on the same two cores as the
server, so every figure includes its cost.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

import serve_process

HERE = os.path.dirname(os.path.abspath(__file__))


def load(url, body, *args):
    out = subprocess.run([sys.executable, os.path.join(HERE, "serve_load.py"), url, "--body", body, "--json", *args],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def rss_mib(pid):
    """The server's resident memory with its render processes' (its children)."""
    children = []
    for task in os.listdir(f"/proc/{pid}/task"):
        children += open(f"/proc/{pid}/task/{task}/children").read().split()
    total = 0
    for each in [pid, *map(int, children)]:
        for line in open(f"/proc/{each}/status"):
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/itinerary")
    parser.add_argument("--bench", default=".build/release/itinerary-bench")
    parser.add_argument("--quick", action="store_true", help="fewer requests (a smoke run)")
    parser.add_argument("--no-chromium", action="store_true")
    opts = parser.parse_args()
    scale = 0.1 if opts.quick else 1
    work = tempfile.mkdtemp(prefix="serve-bench-")
    fortnight, year = os.path.join(work, "fortnight.json"), os.path.join(work, "year.json")
    subprocess.run([opts.bench, "generate", "14", "60", fortnight], check=True, capture_output=True)
    subprocess.run([opts.bench, "generate", "365", "5000", year], check=True, capture_output=True)

    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")
    server, base = serve_process.start([opts.binary, "serve", "--port", "0", "--queue", "256"], env=env)
    try:
        rows = []

        def row(what, figure, target, ok):
            rows.append(f"| {what} | {figure} | {target} | {('yes' if ok else '**no**') if target else ''} |")

        pdf, html, md = base + "/v1/render?format=pdf", base + "/v1/render?format=html", base + "/v1/render?format=md"
        load(pdf, fortnight, "--concurrency", "4", "--requests", str(int(300 * scale) + 20))  # warm-up
        before = load(pdf, fortnight, "--concurrency", "4", "--requests", str(int(1000 * scale)))
        rss_1000 = rss_mib(server.pid)
        throughput = before["throughput_rps"]
        row("14-day trip, PDF, 4 clients back to back", f"{throughput:.0f} renders/s, p99 {before['latency_ms']['p99']:.0f} ms",
            "≥ 150/s", throughput >= 150)
        # Memory: the same work again, nine times as much.
        more = int(9000 * scale)
        load(pdf, fortnight, "--concurrency", "4", "--requests", str(more))
        rss_10000 = rss_mib(server.pid)
        growth = (rss_10000 - rss_1000) / rss_1000
        done = int(300 * scale) + 20 + int(1000 * scale)
        row(f"resident memory after {done:,} and {done + more:,} PDF renders",
            f"{rss_1000:.0f} MB → {rss_10000:.0f} MB ({growth:+.1%})", "within 10 %", abs(growth) <= 0.10)
        single = load(pdf, fortnight, "--concurrency", "1", "--requests", str(int(200 * scale) + 20))
        one = single["latency_ms"]["p50"]
        row("14-day trip, PDF, one client at a time", f"p50 {one:.1f} ms, p99 {single['latency_ms']['p99']:.1f} ms", "", True)
        fixed = load(pdf, fortnight, "--rate", "100", "--duration", str(max(3, 10 * scale)))
        p99 = fixed["latency_ms"]["p99"]
        row("14-day trip, PDF, a fixed 100/s", f"p50 {fixed['latency_ms']['p50']:.1f} ms, p99 {p99:.1f} ms, "
            f"{sum(fixed['failed'].values())} failed", "p99 < 50 ms", p99 < 50 and not fixed["failed"])
        for name, url in (("HTML", html), ("Markdown", md)):
            load(url, fortnight, "--concurrency", "8", "--requests", str(int(500 * scale) + 20))
            result = load(url, fortnight, "--concurrency", "8", "--requests", str(int(5000 * scale)))
            row(f"14-day trip, {name}, 8 clients back to back",
                f"{result['throughput_rps']:.0f} renders/s, p99 {result['latency_ms']['p99']:.1f} ms",
                "≥ 1,000/s", result["throughput_rps"] >= 1000)
        book = load(pdf, year, "--concurrency", "1", "--requests", "6")
        row("5,000-item year, PDF book, one at a time", f"median {book['latency_ms']['p50']:.0f} ms "
            f"({book['ok']} runs)", "< 500 ms", book["latency_ms"]["p50"] < 500)
        if not opts.no_chromium:
            page = os.path.join(work, "fortnight.html")
            with urllib.request.urlopen(urllib.request.Request(html, data=open(fortnight, "rb").read(),
                                                               headers={"Content-Type": "application/json"})) as answer:
                open(page, "wb").write(answer.read())
            chrome = subprocess.run([sys.executable, os.path.join(HERE, "chromium_pdf.py"), page, "--runs", "10", "--json"],
                                    capture_output=True, text=True)
            if chrome.returncode == 0:
                chromium = json.loads(chrome.stdout)
                rows.append(f"| 14-day trip, warm headless Chromium HTML → PDF ({chromium['version']}) | "
                            f"median {chromium['median_ms']:.0f} ms, one at a time | ours one at a time: p50 {one:.1f} ms, "
                            f"{chromium['median_ms'] / one:.0f}× faster | |")
            else:
                rows.append(f"| warm headless Chromium | not measured: {chrome.stdout.strip() or chrome.stderr.strip()} | | |")
    finally:
        server.terminate()
        server.wait(timeout=30)
    print()
    print("Service, release build, 2 workers, over loopback (load generator on the same cores):")
    print()
    print("| what | figure | target | met |")
    print("|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
