#!/usr/bin/env python3
"""What a render service's memory does when it draws many themes (issue #52): `itinerary serve
--workers 2` with 16 themes, each set in another installed family, draws the sample trip's PDF in
English, Arabic and Japanese with every theme, round after round. After the built-in look (each
language three times) and after every round, the proportional set size (Pss, /proc/PID/smaps_rollup)
of the service and of its render processes, summed: shared pages counted once.

  python3 Scripts/bench/theme_memory.py --binary .build/release/itinerary [--rounds 5] [--binary OTHER]

With two binaries, each is measured in turn (the same themes, the same requests)."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
import serve_process  # noqa: E402

# Text families, the first 16 installed are used: each theme's typeface is another map of fonts.
FAMILIES = [
    "Liberation Serif", "Liberation Sans", "Liberation Mono", "Liberation Sans Narrow", "DejaVu Serif",
    "DejaVu Sans Mono", "Noto Serif", "Noto Sans Mono", "Noto Sans Display", "Noto Serif Display",
    "NanumMyeongjo", "NanumGothicCoding", "NanumBarunGothic", "NanumSquare", "NanumSquareRound",
    "Noto Naskh Arabic", "Noto Kufi Arabic", "Noto Sans Hebrew", "DejaVu Math TeX Gyre",
]
LANGUAGES = ["en", "ar", "ja"]


def installed():
    listed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    names = {name.strip() for line in listed.splitlines() for name in line.split(",")}
    return [family for family in FAMILIES if family in names][:16]


def pss_kib(pid):
    """The process's Pss and its children's, in KiB: the sum, and each (the service's first)."""
    pids = [pid]
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as children:
            pids += [int(child) for child in children.read().split()]
    each = []
    for process in pids:
        try:
            with open(f"/proc/{process}/smaps_rollup") as rollup:
                each.append(next(int(line.split()[1]) for line in rollup if line.startswith("Pss:")))
        except (FileNotFoundError, StopIteration):
            pass
    return sum(each), each


def mib(each):
    return " + ".join(f"{value / 1024:.0f}" for value in each)


def post(base, query, body):
    request = urllib.request.Request(
        f"{base}/v1/render?{query}", data=body, headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=120) as answer:
        answer.read()
        return answer.status


def measure(binary, themes, rounds, trip):
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")
    server, base = serve_process.start(
        [binary, "serve", "--port", "0", "--workers", "2", "--themes", themes], env=env)
    try:
        for _ in range(3):
            for language in LANGUAGES:
                post(base, f"format=pdf&locale={language}", trip)
        built_in, each = pss_kib(server.pid)
        print(f"{binary}: built-in look, en ar ja: {built_in / 1024:.0f} MiB (service + render processes: {mib(each)})")
        names = sorted(name[:-5] for name in os.listdir(themes))
        readings = []
        for round_number in range(1, rounds + 1):
            for theme in names:
                for language in LANGUAGES:
                    post(base, f"format=pdf&locale={language}&theme={theme}", trip)
            reading, each = pss_kib(server.pid)
            readings.append(reading)
            print(f"  round {round_number}: {len(names)} themes × {len(LANGUAGES)} languages: "
                  f"{reading / 1024:.0f} MiB, {(reading - built_in) / 1024:+.0f} MiB over the built-in look "
                  f"({mib(each)})")
        return built_in, readings
    finally:
        server.terminate()
        server.wait(timeout=60)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", action="append", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    families = installed()
    if len(families) < 16:
        raise SystemExit(f"only {len(families)} of the families are installed: {families}")
    with tempfile.TemporaryDirectory() as themes:
        for index, family in enumerate(families):
            with open(os.path.join(themes, f"t{index:02}.json"), "w") as theme:
                json.dump({"name": family, "font": family}, theme)
        trip = subprocess.run([arguments.binary[0], "sample"], capture_output=True).stdout
        print(f"families: {', '.join(families)}")
        for binary in arguments.binary:
            measure(binary, themes, arguments.rounds, trip)


main()
