#!/usr/bin/env python3
"""Two builds of `itinerary serve` side by side in one run: rounds of the same
closed-loop load against each, alternating, so both see the same machine.

Usage: serve_compare.py BEFORE AFTER TRIP [--format pdf] [--concurrency 4]
                        [--requests 300] [--rounds 3]
Prints each round's renders/s and the medians' ratio.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

import serve_process

HERE = os.path.dirname(os.path.abspath(__file__))


def start(binary):
    return serve_process.start([binary, "serve", "--port", "0", "--queue", "256"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("trip")
    parser.add_argument("--format", default="pdf")
    parser.add_argument("--concurrency", default="4")
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    servers = {name: start(binary) for name, binary in (("before", opts.before), ("after", opts.after))}
    rates = {"before": [], "after": []}
    try:
        for round in range(opts.rounds + 1):
            for name, (_, base) in servers.items():
                out = subprocess.run(
                    [sys.executable, os.path.join(HERE, "serve_load.py"), f"{base}/v1/render?format={opts.format}",
                     "--body", opts.trip, "--json", "--concurrency", opts.concurrency,
                     "--requests", str(opts.requests)], capture_output=True, text=True, check=True)
                result = json.loads(out.stdout)
                if round == 0:
                    continue  # the warm-up round
                rates[name].append(result["throughput_rps"])
                print(f"round {round}, {name}: {result['throughput_rps']:.1f} renders/s, "
                      f"p99 {result['latency_ms']['p99']:.0f} ms, failed {sum(result['failed'].values())}")
    finally:
        for server, _ in servers.values():
            server.terminate()
            server.wait(timeout=30)
    before, after = statistics.median(rates["before"]), statistics.median(rates["after"])
    print(f"median: before {before:.1f}, after {after:.1f} renders/s ({after / before:.2f}×)")


if __name__ == "__main__":
    main()
