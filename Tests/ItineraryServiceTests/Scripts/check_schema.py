#!/usr/bin/env python3
"""Check the itinerary/v1 JSON Schema against the repository's trips.

Usage: check_schema.py SCHEMA_JSON [EXTRA_VALID_DIR]

  SCHEMA_JSON      the schema, e.g. docs/itinerary-v1.schema.json
                   or what `itinerary schema` prints.
  EXTRA_VALID_DIR  optional: a folder of more trips the reader accepts (the Swift
                   test writes generated ones there); every *.json in it, at any
                   depth, must pass.

Checks, with the `jsonschema` package (Draft202012Validator, no format checking):
  * the schema is a valid draft 2020-12 schema, declares that draft, has no
    tab and only local references ("#..."), so it can be embedded as it is;
  * every trip the reader accepts, or refuses only for a rule of the trip, passes:
    Tests/Fixtures/*.json, Tests/Fixtures/invalid/*.json (semantic faults:
    duplicate id, unknown game, game on the wrong day, travel rules) and any
    other itinerary file under Tests/ (a JSON file whose "format" is
    "itinerary/v1"), plus EXTRA_VALID_DIR;
  * every Tests/Fixtures/malformed/*.json (structurally broken) fails.

Files are read as the reader reads them: UTF-8, a byte-order mark ignored,
NaN and Infinity refused, a member name given twice refused, as the service refuses it. A file of
Tests/Fixtures/invalid/ that is not JSON (truncated.json) is skipped with a
note; anywhere else a file that is not JSON is an unexpected result.

Prints one line per file ("ok" or "UNEXPECTED", whether it passed, where) and
exits 1 when any result is unexpected, 2 on a usage or set-up error (missing
package, unreadable or invalid schema), 0 otherwise.
"""

import json
import os
import sys

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError, best_match
except ImportError:
    print("SETUP: check_schema.py needs the PyPI package jsonschema (pip install jsonschema)")
    sys.exit(2)

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

# The repository's top folder: this file is Tests/ItineraryServiceTests/Scripts/check_schema.py.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TESTS = os.path.join(ROOT, "Tests")
FIXTURES = os.path.join(TESTS, "Fixtures")
INVALID = os.path.join(FIXTURES, "invalid")
MALFORMED = os.path.join(FIXTURES, "malformed")


class NotJSON(Exception):
    pass


def refuse_constant(name):
    raise NotJSON(f"{name} is not JSON")


def load_json(path):
    """The document in a file, read as the itinerary reader reads it."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
        return json.loads(text, parse_constant=refuse_constant)
    except (UnicodeDecodeError, ValueError, NotJSON) as error:
        raise NotJSON(str(error).splitlines()[0]) from None


def relative(path):
    absolute = os.path.abspath(path)
    if absolute.startswith(ROOT + os.sep):
        return os.path.relpath(absolute, ROOT)
    return path


def json_files(folder, recursive=False):
    if not os.path.isdir(folder):
        return []
    if not recursive:
        return sorted(os.path.join(folder, name) for name in os.listdir(folder)
                      if name.endswith(".json") and os.path.isfile(os.path.join(folder, name)))
    found = []
    for directory, subdirectories, names in os.walk(folder):
        subdirectories.sort()
        found.extend(os.path.join(directory, name) for name in sorted(names) if name.endswith(".json"))
    return found


def local_refs_only(node, where="#"):
    """Every $ref that does not point inside the schema itself."""
    bad = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and not (isinstance(value, str) and value.startswith("#")):
                bad.append(f"{where}: $ref {value!r}")
            bad.extend(local_refs_only(value, f"{where}/{key}"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            bad.extend(local_refs_only(value, f"{where}/{index}"))
    return bad


def describe(error):
    place = "/" + "/".join(str(part) for part in error.absolute_path)
    message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
    return f"at {place}: {message}"


def load_schema(path):
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        schema = json.loads(raw.decode("utf-8"), parse_constant=refuse_constant)
    except (OSError, UnicodeDecodeError, ValueError, NotJSON) as error:
        print(f"SETUP: cannot read the schema {path}: {error}")
        sys.exit(2)
    problems = []
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        problems.append(f"not a valid draft 2020-12 schema: {error.message}")
    if not isinstance(schema, dict) or schema.get("$schema") != DRAFT_2020_12:
        problems.append(f"$schema is not {DRAFT_2020_12}")
    if b"\t" in raw:
        problems.append("the file holds a tab")
    problems.extend(f"not a local reference: {ref}" for ref in local_refs_only(schema))
    if problems:
        for problem in problems:
            print(f"SCHEMA: {problem}")
        sys.exit(2)
    print(f"ok          schema {relative(path)}: valid draft 2020-12, local references only, no tabs")
    return schema


def main(arguments):
    if len(arguments) not in (1, 2) or arguments[0] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[2])
        return 2
    schema = load_schema(arguments[0])
    validator = Draft202012Validator(schema)

    # (path, expected to pass, may be something other than JSON)
    cases = []
    for path in json_files(FIXTURES):
        cases.append((path, True, False))
    for path in json_files(INVALID):
        cases.append((path, True, True))
    for path in json_files(MALFORMED):
        cases.append((path, False, False))
    listed = {os.path.abspath(path) for path, _, _ in cases}
    # Other itinerary files anywhere under Tests/ (not the malformed ones).
    for path in json_files(TESTS, recursive=True):
        if os.path.abspath(path) in listed or os.path.abspath(path).startswith(MALFORMED + os.sep):
            continue
        try:
            document = load_json(path)
        except NotJSON:
            continue
        if isinstance(document, dict) and document.get("format") == "itinerary/v1":
            cases.append((path, True, False))
    if len(arguments) == 2:
        extra = arguments[1]
        if not os.path.isdir(extra):
            print(f"SETUP: {extra} is not a folder")
            return 2
        extra_files = json_files(extra, recursive=True)
        if not extra_files:
            print(f"SETUP: {extra} holds no .json file")
            return 2
        cases.extend((path, True, False) for path in extra_files)

    if not any(not expected for _, expected, _ in cases):
        print(f"SETUP: no malformed fixture in {relative(MALFORMED)}")
        return 2

    unexpected = 0
    for path, expected_pass, may_not_be_json in cases:
        name = relative(path)
        try:
            document = load_json(path)
        except NotJSON as error:
            if may_not_be_json:
                print(f"skip        {name}: not JSON ({error}); the reader refuses it before any schema")
            else:
                unexpected += 1
                print(f"UNEXPECTED  {name}: not JSON ({error})")
            continue
        error = best_match(validator.iter_errors(document))
        passed = error is None
        verdict = "passes" if passed else "fails "
        if passed == expected_pass:
            detail = "" if passed else f" ({describe(error)})"
            print(f"ok          {verdict} {name}{detail}")
        else:
            unexpected += 1
            detail = f" ({describe(error)})" if error is not None else " (a structurally broken file)"
            print(f"UNEXPECTED  {verdict} {name}{detail}")

    total = len(cases)
    if unexpected:
        print(f"{unexpected} of {total} files unexpected")
        return 1
    print(f"all {total} files as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
