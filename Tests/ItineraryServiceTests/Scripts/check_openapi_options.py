#!/usr/bin/env python3
"""The OpenAPI document's query parameters of POST /v1/render against the options type.

Usage: check_openapi_options.py openapi.yaml options.json

options.json is what the Swift test writes from the types themselves (each
option's choices, range and default, and the parameters the service reads).
Prints every difference and exits 1 when there is one.
"""
import json
import sys

import yaml


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        document = yaml.safe_load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        ours = json.load(f)
    parameters = {p["name"]: p for p in document["paths"]["/v1/render"]["post"]["parameters"] if p.get("in") == "query"}
    errors = []
    if set(parameters) != set(ours):
        errors.append(f"parameters: the document has {sorted(parameters)}, the service reads {sorted(ours)}")
    for name, spec in sorted(ours.items()):
        if name not in parameters:
            continue
        schema = parameters[name].get("schema", {})
        for key in ("type", "enum", "default", "minimum", "maximum"):
            if key not in spec:
                continue
            theirs, mine = schema.get(key), spec[key]
            if key == "enum" and isinstance(theirs, list):  # the same choices, in the order the document lists them
                theirs, mine = sorted(theirs), sorted(mine)
            if theirs != mine:
                errors.append(f"{name}.{key}: the document says {schema.get(key)!r}, the type {spec[key]!r}")
        if "list" in spec:
            choice = "(" + "|".join(spec["list"]) + ")"
            pattern = f"^{choice}(,{choice})*$"
            if schema.get("pattern") != pattern:
                errors.append(f"{name}.pattern: the document says {schema.get('pattern')!r}, the type {pattern!r}")
    for error in errors:
        print(error)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
