#!/usr/bin/env python3
"""Check a GPX file written by `itinerary render --format gpx`.

Usage: check_gpx.py GPX_FILE EXPECTED_JSON

EXPECTED_JSON (written by the Swift test):
  {"name": "...",
   "waypoints": [{"name": "...", "lat": 41.9, "lon": -87.6, "sym": "..." | null,
                  "descContains": ["..."]}],
   "routes": [{"name": "...", "points": [{"name": "...", "lat": 41.9, "lon": -87.6}]}]}

Three independent readers:
  * gpxpy parses the file; metadata name, creator, version, waypoints and
    routes (in order) are compared with the expected JSON;
  * `gpsbabel -i gpx -f GPX_FILE -o gpx -F /dev/stdout` must exit 0 and its
    output must hold as many wpt, rte and rtept elements as expected;
  * `xmllint --nonet --noout --schema $GPX_XSD GPX_FILE` validates against the
    GPX 1.1 schema (skipped, with a NOTE line, only when GPX_XSD is unset).

Prints one line per failed check ("FAIL: ...") and exits 1 when any check
failed, 2 on a usage or set-up error (missing package, unreadable file) and 0
with one "OK: ..." line when everything holds.
"""

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

try:
    import gpxpy
except ImportError:
    print("SETUP: check_gpx.py needs the PyPI package gpxpy (pip install gpxpy)")
    sys.exit(2)

TOLERANCE = 1e-6
GPX11_NAMESPACE = "http://www.topografix.com/GPX/1/1"

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def close(a, b):
    return a is not None and b is not None and abs(float(a) - float(b)) <= TOLERANCE


def check_with_gpxpy(path, expected):
    try:
        with open(path, "r", encoding="utf-8") as handle:
            gpx = gpxpy.parse(handle)
    except Exception as error:  # noqa: BLE001 - any parse error is a failure
        fail(f"gpxpy cannot parse the file: {type(error).__name__}: {error}")
        return

    if gpx.version != "1.1":
        fail(f"gpx version is {gpx.version!r}, expected '1.1'")
    if gpx.name != expected.get("name"):
        fail(f"metadata name is {gpx.name!r}, expected {expected.get('name')!r}")
    if not gpx.creator or "itinerary" not in gpx.creator.lower():
        fail(f"creator {gpx.creator!r} does not contain 'itinerary'")

    want_waypoints = expected.get("waypoints", [])
    if len(gpx.waypoints) != len(want_waypoints):
        fail(f"{len(gpx.waypoints)} waypoints, expected {len(want_waypoints)}: "
             f"{[w.name for w in gpx.waypoints]}")
    for index, (got, want) in enumerate(zip(gpx.waypoints, want_waypoints)):
        where = f"wpt {index} ({want.get('name')!r})"
        if got.name != want.get("name"):
            fail(f"{where}: name is {got.name!r}, expected {want.get('name')!r}")
        if not (close(got.latitude, want.get("lat")) and close(got.longitude, want.get("lon"))):
            fail(f"{where}: at {got.latitude},{got.longitude}, expected {want.get('lat')},{want.get('lon')}")
        if got.symbol != want.get("sym"):
            fail(f"{where}: sym is {got.symbol!r}, expected {want.get('sym')!r}")
        for needle in want.get("descContains", []) or []:
            if got.description is None or needle not in got.description:
                fail(f"{where}: desc {got.description!r} does not contain {needle!r}")

    want_routes = expected.get("routes", [])
    if len(gpx.routes) != len(want_routes):
        fail(f"{len(gpx.routes)} routes, expected {len(want_routes)}: {[r.name for r in gpx.routes]}")
    for index, (got, want) in enumerate(zip(gpx.routes, want_routes)):
        where = f"rte {index} ({want.get('name')!r})"
        if got.name != want.get("name"):
            fail(f"{where}: name is {got.name!r}, expected {want.get('name')!r}")
        want_points = want.get("points", [])
        if len(got.points) != len(want_points):
            fail(f"{where}: {len(got.points)} rtept, expected {len(want_points)}: "
                 f"{[p.name for p in got.points]}")
        for number, (point, want_point) in enumerate(zip(got.points, want_points)):
            at = f"{where} rtept {number} ({want_point.get('name')!r})"
            if point.name != want_point.get("name"):
                fail(f"{at}: name is {point.name!r}, expected {want_point.get('name')!r}")
            if not (close(point.latitude, want_point.get("lat"))
                    and close(point.longitude, want_point.get("lon"))):
                fail(f"{at}: at {point.latitude},{point.longitude}, "
                     f"expected {want_point.get('lat')},{want_point.get('lon')}")


def local_name(tag):
    return tag.rsplit("}", 1)[-1]


def count_elements(root):
    counts = {"wpt": 0, "rte": 0, "rtept": 0}
    for element in root.iter():
        name = local_name(element.tag)
        if name in counts:
            counts[name] += 1
    return counts


def check_namespace(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        fail(f"not well-formed XML: {error}")
        return
    if root.tag != f"{{{GPX11_NAMESPACE}}}gpx":
        fail(f"root element is {root.tag}, expected {{{GPX11_NAMESPACE}}}gpx")


def check_with_gpsbabel(path, expected):
    gpsbabel = shutil.which("gpsbabel")
    if gpsbabel is None:
        fail("gpsbabel is not installed (apt-get install gpsbabel)")
        return
    # Output goes to a pipe: with -F /dev/stdout on a regular file gpsbabel
    # reopens and truncates it, so never point stdout at a file here.
    command = [gpsbabel, "-i", "gpx", "-f", path, "-o", "gpx", "-F", "/dev/stdout"]
    try:
        result = subprocess.run(command, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        fail("gpsbabel did not finish in 120 s")
        return
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().replace("\n", " | ")
        fail(f"gpsbabel exited {result.returncode}: {message[:300]}")
        return
    try:
        root = ET.fromstring(result.stdout)
    except ET.ParseError as error:
        fail(f"gpsbabel's output is not XML: {error}")
        return
    counts = count_elements(root)
    want = {
        "wpt": len(expected.get("waypoints", [])),
        "rte": len(expected.get("routes", [])),
        "rtept": sum(len(r.get("points", [])) for r in expected.get("routes", [])),
    }
    for name in ("wpt", "rte", "rtept"):
        if counts[name] != want[name]:
            fail(f"gpsbabel read {counts[name]} {name} elements, expected {want[name]}")


def check_with_xmllint(path):
    xsd = os.environ.get("GPX_XSD")
    if not xsd:
        print("NOTE: GPX_XSD is unset, schema validation with xmllint skipped")
        return
    if not os.path.isfile(xsd):
        fail(f"GPX_XSD={xsd} is not a file")
        return
    xmllint = shutil.which("xmllint")
    if xmllint is None:
        fail("xmllint is not installed (apt-get install libxml2-utils)")
        return
    command = [xmllint, "--nonet", "--noout", "--schema", xsd, path]
    result = subprocess.run(command, capture_output=True, timeout=120)
    if result.returncode != 0:
        lines = result.stderr.decode("utf-8", "replace").strip().splitlines()
        # One message per error: xmllint's parser errors add lines quoting the
        # source and a caret under it; those are joined to the message.
        errors = []
        for line in lines:
            if line.endswith("fails to validate"):
                continue
            if line.startswith(path + ":") or not errors:
                errors.append(line)
            elif line.strip():
                errors[-1] += " | " + line.strip()
        for line in errors[:10]:
            fail(f"xmllint: {line[:400]}")
        if len(errors) > 10:
            fail(f"xmllint: ... and {len(errors) - 10} more errors")
        if not errors:
            fail(f"xmllint exited {result.returncode}")


def main(argv):
    if len(argv) != 3:
        print("usage: check_gpx.py GPX_FILE EXPECTED_JSON")
        return 2
    path, expected_path = argv[1], argv[2]
    try:
        with open(expected_path, "r", encoding="utf-8") as handle:
            expected = json.load(handle)
        with open(path, "rb"):
            pass
    except (OSError, ValueError) as error:
        print(f"SETUP: cannot read input: {error}")
        return 2

    check_namespace(path)
    check_with_gpxpy(path, expected)
    check_with_gpsbabel(path, expected)
    check_with_xmllint(path)

    if failures:
        print(f"check_gpx: {len(failures)} check(s) failed")
        return 1
    routes = expected.get("routes", [])
    print(f"OK: check_gpx: {len(expected.get('waypoints', []))} waypoints, {len(routes)} routes, "
          f"{sum(len(r.get('points', [])) for r in routes)} route points "
          f"(gpxpy {getattr(gpxpy, '__version__', '?')})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
