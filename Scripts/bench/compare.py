#!/usr/bin/env python3
"""Two `itinerary` binaries over the same renders, runs alternating (after one
warm-up run each, and with the first of each pair changing every round), so
that a noisy machine slows both alike: the way to measure what one change costs.

    git worktree add /tmp/before <commit> && (cd /tmp/before && swift build -c release --static-swift-stdlib --product itinerary)
    swift build -c release --static-swift-stdlib --product itinerary
    .build/release/itinerary-bench generate 14 60 /tmp/trip-14.json    # TripGenerator's trips, as make bench makes them
    python3 Scripts/bench/compare.py /tmp/before/.build/release/itinerary .build/release/itinerary \
        --trip sample --trip /tmp/trip-14.json --layout book --layout day-sheets --format pdf --runs 15

`--trip sample` is the built-in sample trip. Prints the median and fastest wall
time of each binary for each trip, format and layout, process start included.
"""
import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--trip", action="append", default=[], help="a trip file, or 'sample' (repeatable)")
    parser.add_argument("--format", action="append", default=[], choices=["pdf", "html", "md", "ics", "gpx"], help="repeatable")
    parser.add_argument("--layout", action="append", default=[], help="book or day-sheets (repeatable)")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    trips = options.trip or ["sample"]
    formats = options.format or ["pdf"]
    layouts = options.layout or ["book"]
    binaries = {"before": options.before, "after": options.after}
    cases = [(trip, fmt, layout) for trip in trips for fmt in formats for layout in layouts]
    times = {(name, case): [] for name in binaries for case in cases}
    with tempfile.TemporaryDirectory() as folder:
        def run(binary, case):
            trip, fmt, layout = case
            command = [binary, "render"] + ([] if trip == "sample" else [trip])
            command += ["--format", fmt, "--layout", layout, "-o", str(Path(folder) / f"out.{fmt}")]
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return time.perf_counter() - start

        for case in cases:  # warm-up: the page cache and the fonts, for both
            for binary in binaries.values():
                run(binary, case)
        for index in range(options.runs):
            # Which binary goes first changes every round, so neither always follows the other.
            order = list(binaries.items())[::-1 if index % 2 else 1]
            for case in cases:
                for name, binary in order:
                    times[(name, case)].append(run(binary, case))
    print(f"| trip | format | layout | before median | before fastest | after median | after fastest |")
    print("|---|---|---|---:|---:|---:|---:|")
    for case in cases:
        trip, fmt, layout = case
        before, after = times[("before", case)], times[("after", case)]
        print(f"| {Path(trip).name} | {fmt} | {layout} | {statistics.median(before) * 1000:.1f} ms | {min(before) * 1000:.1f} ms "
              f"| {statistics.median(after) * 1000:.1f} ms | {min(after) * 1000:.1f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
