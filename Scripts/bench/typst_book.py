#!/usr/bin/env python3
"""Make our trip book with Typst and time it beside ours (issue #33).

    python3 -m pip install typst==0.15.2
    python3 Scripts/bench/typst_book.py TRIP.json [--runs N] [--out DIR] [--ours BINARY]

Writes DIR/book.typ from an itinerary/v1 trip: a title block, the route as a
polyline of the items' coordinates (no basemap), then each day's header and
its items in document order (day, then sortOrder, modifiedAt, id; the rules of
docs/format.md), with games as cards, travel with a gold bar and custom items
as rows, on Letter paper in Inter. Trip text only ever enters the source as
Typst string literals, so no markup in it can change the document.

It then compiles the source with the `typst` package in a fresh Python
process per run, untagged and as PDF/UA-1 (Typst refuses to write a PDF/UA-1
file that does not conform, so a finished run is the check), and with --ours
also runs `BINARY render TRIP --format pdf --output DIR/ours.pdf` (PDF/UA-1).
Runs go round-robin, so every row comes from the same minutes of the same
machine. The table gives the median wall time (process start included) and
CPU time, the largest peak RSS of the child, and the output's size and page
count (pdfinfo). Turning JSON into the .typ source happens once, before
timing, and is not counted for Typst.
"""

import argparse
import datetime as dt
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

INTER = Path("/usr/share/fonts/opentype/inter")
CHILD = ("import sys, typst; typst.compile(sys.argv[1], output=sys.argv[2], "
         "pdf_tags=sys.argv[3] == 'tagged', pdf_standards=sys.argv[4:])")
DOT = {"restaurant": "#e0785a", "hotel": "#3aa58a", "activity": "#8b6fd6", "note": "#8a9bb0"}

PREAMBLE = """
#let ink = rgb("#1c2433")
#let muted = rgb("#6b7380")
#let gold = rgb("#d9a520")
#let sub(xs) = for x in xs { linebreak(); text(8pt, fill: muted, x) }
#let row(color, title, time, more) = block(breakable: false, width: 100%, inset: (y: 10pt), below: 0pt,
  stroke: (bottom: 0.5pt + luma(225)), grid(columns: (18pt, 1fr, auto), column-gutter: 6pt,
  circle(radius: 7pt, fill: rgb(color)), [#text(weight: "medium", title)#sub(more)], text(9pt, time)))
#let game(sport, matchup, time, teams, venue) = block(breakable: false, width: 100%, above: 8pt, below: 8pt,
  inset: 12pt, radius: 5pt, fill: rgb("#eef2f8"), stroke: 0.5pt + rgb("#c8d2e0"))[
  #box(fill: ink, radius: 6pt, inset: (x: 4pt, y: 2pt), text(7pt, fill: white, weight: "bold", sport))
  #text(14pt, weight: "bold", matchup) #h(1fr) #text(11pt, weight: "bold", time) \\
  #text(9pt, teams) \\ #text(8pt, fill: muted, venue)]
#let travel(route, mode, more) = block(breakable: false, width: 100%, above: 8pt, below: 8pt,
  inset: (left: 12pt, rest: 8pt), radius: 4pt, fill: rgb("#fdf6e0"), stroke: (left: 4pt + gold, rest: 0.5pt + gold))[
  #text(weight: "bold", route) #h(1fr) #text(7pt, weight: "bold", fill: rgb("#9a7410"), mode) #sub(more)]
#show heading.where(level: 2): it => block(width: 100%, above: 24pt, below: 8pt, inset: (bottom: 6pt),
  stroke: (bottom: 1pt + ink), text(13pt, it.body))
"""


def lit(text):
    """Returns `text` as a Typst string literal: only `\\`, `"` and control characters need escapes."""
    out = []
    for ch in str(text):
        if ch in '\\"':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append("\\u{%x}" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def arr(texts):
    """Returns a Typst array literal of strings (the trailing comma keeps one element an array)."""
    return "(" + "".join(lit(t) + ", " for t in texts) + ")"


def ordered_days(trip):
    """Returns the items of each day, 1 to dayCount, in document order (docs/format.md, Ordering)."""
    games = {g["id"]: g for g in trip.get("games") or []}
    days = {}
    for item in trip["items"]:
        days.setdefault(item["day"], []).append(item)
    count = trip["trip"].get("dayCount") or max(days, default=1)
    result = []
    for day in range(1, count + 1):
        items = days.get(day, [])
        unplaced = [i for i in items if i["kind"] == "game" and i.get("sortOrder") is None]
        unplaced.sort(key=lambda i: dt.datetime.fromisoformat(games[i["gameId"]]["start"]))
        order = {i["id"]: 100 + n for n, i in enumerate(unplaced)}
        for i in items:
            order.setdefault(i["id"], i.get("sortOrder"))
        key = lambda i: (order[i["id"]] if order[i["id"]] is not None else math.inf,
                         i.get("modifiedAt") or "", i["id"])
        result.append(sorted(items, key=key))
    return result, games


def clock(hhmm):
    return dt.datetime.strptime(hhmm, "%H:%M").strftime("%-I:%M %p")


def item_call(item, games, metric):
    """Returns the Typst call that draws one item."""
    address = (item.get("location") or {}).get("address")
    confirmation = item.get("confirmation") and f"Confirmation {item['confirmation']}"
    more = [line for line in [address, confirmation, *(item.get("notes") or "").splitlines()] if line]
    if item["kind"] == "game":
        g = games[item["gameId"]]
        start = dt.datetime.fromisoformat(g["start"]).astimezone(ZoneInfo(g["timeZone"]))
        return (f"#game({lit(g['sport'])}, {lit(g['away']['abbr'] + ' @ ' + g['home']['abbr'])}, "
                f"{lit(start.strftime('%-I:%M %p %Z'))}, {lit(g['away']['name'] + ' at ' + g['home']['name'])}, "
                f"{lit(g['stadium']['name'] + ' · ' + g['stadium']['city'])})")
    if item["kind"] == "travel":
        parts = [f"{item['fromCity']} → {item['toCity']}"]
        if item.get("distanceMiles") is not None:
            dist = item["distanceMiles"] * (1.609344 if metric else 1)
            parts.append(f"{dist:,.0f} {'km' if metric else 'mi'}")
        if item.get("durationMinutes") is not None:
            parts.append(f"{item['durationMinutes'] // 60}h {item['durationMinutes'] % 60}m")
        return f"#travel({lit(' · '.join(parts))}, {lit((item.get('mode') or 'drive').upper())}, {arr(more)})"
    time_ = clock(item["time"]) if item.get("time") else ""
    return f"#row({lit(DOT.get(item.get('category'), '#8a9bb0'))}, {lit(item['title'])}, {lit(time_)}, {arr(more)})"


def route_map(days, games, width=504, height=220):
    """Returns a figure with the route as a polyline through every item with coordinates."""
    points, cities = [], {}
    for items in days:
        for i in items:
            if i["kind"] == "game":
                s = games[i["gameId"]]["stadium"]
                cities[s["city"]] = (s["latitude"], s["longitude"])
                p = (s["latitude"], s["longitude"])
            elif "latitude" in (i.get("location") or {}):
                p = (i["location"]["latitude"], i["location"]["longitude"])
            else:
                continue
            if not points or points[-1] != p:
                points.append(p)
    if not points:
        return ""
    lats, lons = [p[0] for p in points], [p[1] for p in points]
    kx = math.cos(math.radians(statistics.mean(lats)))
    spanx, spany = max((max(lons) - min(lons)) * kx, 1e-6), max(max(lats) - min(lats), 1e-6)
    scale = min((width - 40) / spanx, (height - 40) / spany)
    xy = lambda p: (20 + (p[1] - min(lons)) * kx * scale, height - 20 - (p[0] - min(lats)) * scale)
    segments = ", ".join("curve.%s((%.1fpt, %.1fpt))" % ("move" if n == 0 else "line", *xy(p))
                         for n, p in enumerate(points))
    labels = "".join("#place(dx: %.1fpt, dy: %.1fpt, text(7pt, %s))\n" % (*xy(p), lit(c)) for c, p in cities.items())
    alt = f"Route map: {len(points):,} stops through {len(cities)} cities"
    return (f"#figure(alt: {lit(alt)}, box(width: {width}pt, height: {height}pt, radius: 4pt, clip: true, "
            f"fill: rgb(\"#f3f5f8\"))[\n#place(curve(stroke: 0.4pt + rgb(\"#4a5f8a\"), {segments}))\n{labels}])\n")


def book_source(trip):
    """Returns the whole .typ source of the trip book."""
    info = trip["trip"]
    days, games = ordered_days(trip)
    metric = info.get("units") == "metric"
    start = dt.date.fromisoformat(info["startDate"])
    end = start + dt.timedelta(days=len(days) - 1)
    travel = [i for d in days for i in d if i["kind"] == "travel"]
    cities = {g["stadium"]["city"] for g in games.values()} | {c for t in travel for c in (t["fromCity"], t["toCity"])}
    miles = sum(t.get("distanceMiles") or 0 for t in travel)
    summary = (f"{len(days)} days · {sum(i['kind'] == 'game' for d in days for i in d)} games · "
               f"{len(cities)} cities · {miles * (1.609344 if metric else 1):,.0f} {'km' if metric else 'mi'}")
    font = '#set text(font: "Inter")\n' if INTER.is_dir() else ""
    out = [f"#set document(title: {lit(info['name'])})\n#set text(size: 10pt, lang: \"en\")\n{font}",
           "#set page(paper: \"us-letter\", margin: (x: 0.75in, top: 0.7in, bottom: 0.9in), footer: context "
           f"text(8pt, fill: rgb(\"#6b7380\"))[#{lit(info['name'])} #h(1fr) Page #counter(page).display() of "
           "#counter(page).final().first()])\n", PREAMBLE,
           f"#heading(level: 1, text(22pt, {lit(info['name'])}))\n",
           f"#text(11pt, {lit(start.strftime('%a, %b %-d, %Y') + ' – ' + end.strftime('%a, %b %-d, %Y'))}) \\\n",
           f"#text(9pt, fill: muted, {lit(summary)})\n\n", route_map(days, games)]
    for n, items in enumerate(days, 1):
        date = start + dt.timedelta(days=n - 1)
        out.append(f"#heading(level: 2, {lit(f'Day {n} · ' + date.strftime('%A, %B %-d'))})\n")
        out.extend(item_call(i, games, metric) + "\n" for i in items)
    return "".join(out)


def run_once(cmd):
    """Runs `cmd` in a child process; returns its wall and CPU (user + system) seconds and peak RSS in KiB."""
    begin = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - begin
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"failed ({child.returncode}): {' '.join(map(str, cmd))}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def pages(pdf):
    """Returns the page count pdfinfo reads, or "?" without pdfinfo."""
    if not shutil.which("pdfinfo"):
        return "?"
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    return next((line.split()[1] for line in info.splitlines() if line.startswith("Pages:")), "?")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trip", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path("/tmp/typst-book"))
    parser.add_argument("--ours", help="our itinerary binary, timed alternately with Typst")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    source = args.out / "book.typ"
    source.write_text(book_source(json.loads(args.trip.read_text(encoding="utf-8-sig"))), encoding="utf-8")

    ua1, untagged, ours = (args.out / f for f in ("typst-ua1.pdf", "typst-untagged.pdf", "ours.pdf"))
    contestants = {}  # name: (command, the PDF it writes)
    if args.ours:
        contestants["ours (PDF/UA-1)"] = ([args.ours, "render", args.trip, "--format", "pdf", "--output", ours], ours)
    contestants["Typst PDF/UA-1"] = ([sys.executable, "-c", CHILD, source, ua1, "tagged", "ua-1"], ua1)
    contestants["Typst untagged"] = ([sys.executable, "-c", CHILD, source, untagged, "untagged"], untagged)
    results = {name: [] for name in contestants}
    for _ in range(args.runs):
        for name, (cmd, _) in contestants.items():
            results[name].append(run_once(cmd))

    print(f"{args.trip.name}, {args.runs} runs each, round-robin\n")
    print("| document | median wall s | min–max s | median CPU s | peak RSS MiB | size KiB | pages |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    medians, sizes = {}, {}
    for name, (_, pdf) in contestants.items():
        times, cpu, rss = zip(*results[name])
        medians[name], sizes[name] = statistics.median(times), os.path.getsize(pdf)
        print(f"| {name} | {medians[name]:.3f} | {min(times):.3f}–{max(times):.3f} | {statistics.median(cpu):.3f} | "
              f"{max(rss) / 1024:.0f} | {sizes[name] / 1024:,.0f} | {pages(pdf)} |")
    if args.ours:
        mine, theirs = "ours (PDF/UA-1)", "Typst PDF/UA-1"
        print(f"\nours / Typst PDF/UA-1: time {medians[mine] / medians[theirs]:.2f}× (target ≤ 0.85×), "
              f"size {sizes[mine] / sizes[theirs]:.2f}× (target ≤ 1×)")


if __name__ == "__main__":
    main()
