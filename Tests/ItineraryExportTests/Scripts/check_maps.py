#!/usr/bin/env python3
"""Check a trip's map files: the KML and the GeoJSON written by `itinerary`.

Usage: check_maps.py FILE.kml FILE.geojson EXPECTATION.json

EXPECTATION.json (written by the Swift test):
  {"points": 5, "lines": 1, "first_point": [-87.6553, 41.9484],
   "names": ["Wrigley Field", "..."]}
  points: how many Point features each file holds; lines: how many LineStrings;
  first_point: the first point as [lon, lat]; names: the points' names, in order.

Readers, each an independent one:
  * GDAL's ogrinfo (`-ro -al -so` for the layers and their feature counts,
    `-ro -al -geom=SUMMARY` for each feature's geometry type) on both files:
    the KML may spread its placemarks over several layers (one per folder,
    the document's own placemarks in a layer named after the document), whose
    counts are summed; the GeoJSON is one layer;
  * `gpsbabel -i kml -f FILE.kml -o gpx -F -`: exits 0, and its GPX holds the
    points as waypoints (count, names in order, the first at first_point) and
    the lines as tracks or routes;
  * ElementTree on the KML: a KML 2.2 document whose Point placemarks come in
    order with the expected names, the first at first_point ("lon,lat" order);
  * the PyPI package geojson: `geojson.loads(text).is_valid`, a FeatureCollection
    of Point and LineString features, every position [lon, lat] in range, the
    first point at first_point, the names in order, every LineString with a
    `stroke` property "#rrggbb"; and the same points as the KML, in order.

Prints one "OK: ..." line per check that holds. At the first failure it prints
one "FAIL: ..." sentence and exits 1; it exits 2 on a usage or set-up error
(a missing package or tool, a file it cannot read) and 0 when every check holds.
"""

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

try:
    import geojson
except ImportError:
    print("SETUP: check_maps.py needs the PyPI package geojson (pip install geojson)")
    sys.exit(2)

TOLERANCE = 1e-6
TIMEOUT = 120
KML_NAMESPACE = "http://www.opengis.net/kml/2.2"
GPX_NAMESPACES = ("http://www.topografix.com/GPX/1/0", "http://www.topografix.com/GPX/1/1")
STROKE = re.compile(r"#[0-9a-fA-F]{6}")


class Failure(Exception):
    pass


def fail(message):
    raise Failure(message)


def ok(message):
    print("OK: " + message, flush=True)


def plural(number, word):
    return f"{number} {word}" + ("" if number == 1 else "s")


def first_at(expected):
    return f", the first at {expected['first_point']}" if expected["points"] else ""


def close(a, b):
    return all(abs(float(x) - float(y)) <= TOLERANCE for x, y in zip(a, b)) and len(a) == len(b)


def run(command, what):
    """The command's standard output (a pipe, never a file: gpsbabel reopens a regular file)."""
    tool = shutil.which(command[0])
    if tool is None:
        package = "gdal-bin" if command[0] == "ogrinfo" else command[0]
        print(f"SETUP: {command[0]} is not installed (apt-get install {package})")
        sys.exit(2)
    try:
        result = subprocess.run([tool] + command[1:], stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        fail(f"{what} did not finish in {TIMEOUT} s.")
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().replace("\n", " | ")
        fail(f"{what} exited {result.returncode}: {message[:300]}")
    return result.stdout.decode("utf-8", "replace")


# ---------------------------------------------------------------------------
# ogrinfo


def ogr_layers(path):
    """`ogrinfo -ro -al -so`: [(layer name, its Geometry line, its Feature Count)]."""
    text = run(["ogrinfo", "-ro", "-al", "-so", path], f"ogrinfo -ro -al -so {path}")
    layers = []
    for line in text.splitlines():
        if line.startswith("Layer name: "):
            layers.append([line[len("Layer name: "):], None, None])
        elif line.startswith("Geometry: ") and layers:
            layers[-1][1] = line[len("Geometry: "):]
        elif line.startswith("Feature Count: ") and layers:
            layers[-1][2] = int(line[len("Feature Count: "):])
    if any(count is None for _, _, count in layers):
        fail(f"ogrinfo -so printed no layer with a feature count for {path}: {text[:300]!r}")
    return [tuple(layer) for layer in layers]


def geometry_kind(name):
    """POINT, LINESTRING, ... without the dimension: 'POINT Z', '3D Point', 'Line String' are POINT, LINESTRING."""
    name = re.sub(r"\b(3D|25D|Z|M|ZM)\b", "", name.upper().replace("25D", " 25D")).replace(" ", "")
    return name


def ogr_feature_kinds(path):
    """`ogrinfo -ro -al -geom=SUMMARY`: the geometry kind of every feature, layer by layer."""
    text = run(["ogrinfo", "-ro", "-al", "-nomd", "-geom=SUMMARY", path], f"ogrinfo -ro -al -geom=SUMMARY {path}")
    kinds = []
    in_feature = False
    for line in text.splitlines():
        if line.startswith("OGRFeature("):
            kinds.append(None)
            in_feature = True
        elif in_feature and kinds[-1] is None:
            match = re.match(r"  ([A-Z][A-Z0-9 ]*?) : ", line + " ")
            if match:
                kinds[-1] = geometry_kind(match.group(1))
    return kinds


def check_ogr(path, label, expected, one_layer):
    want_total = expected["points"] + expected["lines"]
    layers = ogr_layers(path)
    total = sum(count for _, _, count in layers)
    if one_layer and len(layers) != 1:
        fail(f"ogrinfo reads {len(layers)} layers in the {label}, expected one: {[name for name, _, _ in layers]}")
    if total != want_total:
        fail(f"ogrinfo -so counts {total} features in the {label} "
             f"({', '.join(f'{name}: {count}' for name, _, count in layers)}), expected {want_total}.")
    for name, geometry, count in layers:
        if count and geometry_kind(geometry) not in ("POINT", "LINESTRING", "UNKNOWN(ANY)"):
            fail(f"ogrinfo says the {label}'s layer {name!r} holds {geometry} geometries, "
                 f"expected points and line strings.")
    kinds = ogr_feature_kinds(path)
    points, lines = kinds.count("POINT"), kinds.count("LINESTRING")
    others = sorted({str(kind) for kind in kinds if kind not in ("POINT", "LINESTRING")})
    if len(kinds) != total or others:
        fail(f"ogrinfo lists {len(kinds)} features in the {label} (-so said {total}), "
             f"with geometries other than Point and LineString: {others}")
    if points != expected["points"] or lines != expected["lines"]:
        fail(f"ogrinfo reads {points} points and {lines} line strings in the {label}, "
             f"expected {expected['points']} and {expected['lines']}.")
    where = f"{len(layers)} layers" if len(layers) > 1 else "one layer"
    ok(f"ogrinfo reads the {label}: {plural(points, 'point')} and {plural(lines, 'line string')} in {where}")


# ---------------------------------------------------------------------------
# gpsbabel and the KML itself


def local_name(tag):
    return tag.rsplit("}", 1)[-1]


def check_gpsbabel(path, expected):
    text = run(["gpsbabel", "-i", "kml", "-f", path, "-o", "gpx", "-F", "-"],
               f"gpsbabel -i kml -f {path} -o gpx -F -")
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as error:
        fail(f"gpsbabel's GPX from the KML is not XML: {error}")
    if local_name(root.tag) != "gpx" or root.tag.strip("{").split("}")[0] not in GPX_NAMESPACES:
        fail(f"gpsbabel's output has the root element {root.tag}, not a GPX one.")
    waypoints = [element for element in root if local_name(element.tag) == "wpt"]
    lines = [element for element in root if local_name(element.tag) in ("trk", "rte")]
    if len(waypoints) != expected["points"]:
        fail(f"gpsbabel reads {len(waypoints)} waypoints in the KML, expected {expected['points']}.")
    if len(lines) != expected["lines"]:
        fail(f"gpsbabel reads {len(lines)} tracks and routes in the KML, expected {expected['lines']} lines.")
    names = []
    for waypoint in waypoints:
        name = next((child.text for child in waypoint if local_name(child.tag) == "name"), None)
        names.append(name)
    if names != expected["names"]:
        fail(f"gpsbabel reads the KML's waypoints as {names}, expected {expected['names']}.")
    if waypoints:
        first = (float(waypoints[0].get("lon")), float(waypoints[0].get("lat")))
        if not close(first, expected["first_point"]):
            fail(f"gpsbabel reads the KML's first waypoint at lon {first[0]}, lat {first[1]}, "
                 f"expected {expected['first_point']} (lon, lat).")
    ok(f"gpsbabel turns the KML into GPX: {plural(len(waypoints), 'waypoint')} with the names in order"
       f"{first_at(expected)}, and {len(lines)} tracks or routes")


def kml_positions(text, what):
    """The positions of a KML coordinates element: [(lon, lat), ...]."""
    positions = []
    for token in (text or "").split():
        parts = token.split(",")
        try:
            positions.append(tuple(float(part) for part in parts))
        except ValueError:
            fail(f"the KML's {what} has coordinates {token!r} that are not numbers.")
        if len(parts) not in (2, 3):
            fail(f"the KML's {what} has coordinates {token!r}, expected lon,lat[,alt].")
    return positions


def kml_points(path):
    """The KML's Point placemarks in document order: [(name, (lon, lat))], and its LineString count."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        fail(f"the KML is not well-formed XML: {error}")
    if root.tag != f"{{{KML_NAMESPACE}}}kml":
        fail(f"the KML's root element is {root.tag}, expected {{{KML_NAMESPACE}}}kml.")
    points, lines = [], 0
    for placemark in root.iter(f"{{{KML_NAMESPACE}}}Placemark"):
        name = placemark.findtext(f"{{{KML_NAMESPACE}}}name")
        for point in placemark.iter(f"{{{KML_NAMESPACE}}}Point"):
            positions = kml_positions(point.findtext(f"{{{KML_NAMESPACE}}}coordinates"), f"point {name!r}")
            if len(positions) != 1:
                fail(f"the KML's point {name!r} has {len(positions)} positions, expected one.")
            points.append((name, positions[0][:2]))
        for line in placemark.iter(f"{{{KML_NAMESPACE}}}LineString"):
            if len(kml_positions(line.findtext(f"{{{KML_NAMESPACE}}}coordinates"), f"line {name!r}")) < 2:
                fail(f"the KML's line {name!r} has fewer than two positions.")
            lines += 1
    return points, lines


def check_kml(path, expected):
    points, lines = kml_points(path)
    names = [name for name, _ in points]
    if names != expected["names"]:
        fail(f"the KML's point placemarks are {names}, expected {expected['names']}.")
    if lines != expected["lines"]:
        fail(f"the KML has {lines} LineStrings, expected {expected['lines']}.")
    for name, (lon, lat) in points:
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            fail(f"the KML's point {name!r} is at {lon},{lat}, not a lon,lat position.")
    if points and not close(points[0][1], expected["first_point"]):
        fail(f"the KML's first point is at {points[0][1]}, expected {expected['first_point']} (lon, lat).")
    ok(f"the KML (KML 2.2): {plural(len(points), 'point placemark')} in order with their names"
       f"{first_at(expected)} as lon,lat, {plural(lines, 'LineString')}")
    return points


# ---------------------------------------------------------------------------
# GeoJSON


def check_geojson(path, expected, kml):
    with open(path, "r", encoding="utf-8") as handle:
        text = handle.read()
    try:
        document = geojson.loads(text)
    except ValueError as error:
        fail(f"the GeoJSON is not JSON: {error}")
    if not getattr(document, "is_valid", False):
        errors = document.errors() if hasattr(document, "errors") else "not a GeoJSON object"
        fail(f"geojson says the GeoJSON is not valid: {errors}")
    if document.get("type") != "FeatureCollection":
        fail(f"the GeoJSON is a {document.get('type')}, expected a FeatureCollection.")
    ok(f"geojson {geojson.__version__} reads the GeoJSON: a valid FeatureCollection "
       f"of {len(document['features'])} features")

    points, lines = [], 0
    for index, feature in enumerate(document["features"]):
        geometry = feature.get("geometry") or {}
        properties = feature.get("properties") or {}
        kind = geometry.get("type")
        if kind == "Point":
            position = geometry["coordinates"]
            if len(position) not in (2, 3) or not (-180 <= position[0] <= 180 and -90 <= position[1] <= 90):
                fail(f"the GeoJSON's point {index} ({properties.get('name')!r}) has coordinates {position}, "
                     f"not [lon, lat].")
            points.append((properties.get("name"), tuple(position[:2])))
        elif kind == "LineString":
            stroke = properties.get("stroke")
            if not isinstance(stroke, str) or not STROKE.fullmatch(stroke):
                fail(f"the GeoJSON's line {index} ({properties.get('name')!r}) has stroke {stroke!r}, "
                     f"expected a colour #rrggbb.")
            for position in geometry["coordinates"]:
                if not (-180 <= position[0] <= 180 and -90 <= position[1] <= 90):
                    fail(f"the GeoJSON's line {index} has the position {position}, not [lon, lat].")
            lines += 1
        else:
            fail(f"the GeoJSON's feature {index} is a {kind}, expected Point or LineString.")
    if len(points) != expected["points"] or lines != expected["lines"]:
        fail(f"the GeoJSON has {len(points)} points and {lines} lines, "
             f"expected {expected['points']} and {expected['lines']}.")
    names = [name for name, _ in points]
    if names != expected["names"]:
        fail(f"the GeoJSON's points are named {names}, expected {expected['names']}.")
    if points and not close(points[0][1], expected["first_point"]):
        fail(f"the GeoJSON's first point is at {list(points[0][1])}, expected {expected['first_point']} [lon, lat].")
    ok(f"the GeoJSON: {plural(len(points), 'point')} in order with their names{first_at(expected)} "
       f"as [lon, lat], {plural(lines, 'LineString')}, each with a stroke #rrggbb")

    for number, ((kml_name, kml_at), (name, at)) in enumerate(zip(kml, points)):
        if kml_name != name or not close(kml_at, at):
            fail(f"point {number}: the KML has {kml_name!r} at {kml_at}, the GeoJSON {name!r} at {at}.")
    ok("the KML and the GeoJSON hold the same points, in the same order")


def main(argv):
    if len(argv) != 4:
        print("usage: check_maps.py FILE.kml FILE.geojson EXPECTATION.json")
        return 2
    kml_path, geojson_path, expected_path = argv[1:]
    try:
        with open(expected_path, "r", encoding="utf-8") as handle:
            expected = json.load(handle)
        for path in (kml_path, geojson_path):
            with open(path, "rb"):
                pass
        first = expected.get("first_point")  # may be absent (or null) when there are no points
        expected = {"points": int(expected["points"]), "lines": int(expected["lines"]),
                    "first_point": [float(value) for value in first] if first is not None else None,
                    "names": list(expected["names"])}
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"SETUP: cannot read input: {error}")
        return 2
    if len(expected["names"]) != expected["points"]:
        print("SETUP: EXPECTATION.json needs as many names as points.")
        return 2
    if expected["points"] and (expected["first_point"] is None or len(expected["first_point"]) != 2):
        print("SETUP: EXPECTATION.json needs a first_point [lon, lat] when there are points.")
        return 2

    try:
        check_ogr(kml_path, "KML", expected, one_layer=False)
        check_ogr(geojson_path, "GeoJSON", expected, one_layer=True)
        check_gpsbabel(kml_path, expected)
        kml = check_kml(kml_path, expected)
        check_geojson(geojson_path, expected, kml)
    except Failure as failure:
        print(f"FAIL: {failure}")
        return 1
    print(f"OK: check_maps: {plural(expected['points'], 'point')} and {plural(expected['lines'], 'line')}, "
          f"the same in the KML and the GeoJSON")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
