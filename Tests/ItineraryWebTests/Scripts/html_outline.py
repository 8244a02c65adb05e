#!/usr/bin/env python3
"""Parse an HTML file with html5lib in strict mode (any HTML5 parse error
fails) and print its outline as JSON for the Swift tests."""
import json
import sys

import html5lib


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else "#comment"


def text(element):
    return " ".join("".join(element.itertext()).split())


def classes(element):
    return (element.get("class") or "").split()


def main(path):
    with open(path, "rb") as handle:
        data = handle.read()
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        root = parser.parse(data)
    except html5lib.html5parser.ParseError as error:
        position, code, variables = parser.errors[0] if parser.errors else ((0, 0), str(error), {})
        print(json.dumps({"parseError": "line %d, column %d: %s %s" % (position[0], position[1], code, variables)}))
        return
    elements, attributes = [], []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        elements.append(local(element.tag))
        for name, value in element.attrib.items():
            attributes.append([local(element.tag), local(name), value])
    days = []
    for section in root.iter("section"):
        if "day" not in classes(section):
            continue
        header = next(section.iter("h2"), None)
        rest = next((p for p in section.iter("p") if "rest" in classes(p)), None)
        items = []
        for item in section.iter("li"):
            if item.get("data-kind") is None:
                continue
            title = next((e for e in item.iter() if "title" in classes(e)), None)
            notes = next((e for e in item.iter() if "notes" in classes(e)), None)
            items.append({
                "kind": item.get("data-kind"),
                "id": item.get("data-id"),
                "title": text(title) if title is not None else None,
                "notes": "".join(notes.itertext()) if notes is not None else None,
                "text": text(item),
            })
        days.append({"header": text(header) if header is not None else None,
                     "rest": text(rest) if rest is not None else None,
                     "items": items})
    svgs = [e for e in root.iter() if local(e.tag) == "svg"]
    svg = None
    if svgs:
        title = next((e for e in svgs[0].iter() if local(e.tag) == "title"), None)
        desc = next((e for e in svgs[0].iter() if local(e.tag) == "desc"), None)
        svg = {"role": svgs[0].get("role"), "labelledby": svgs[0].get("aria-labelledby"),
               "title": text(title) if title is not None else None,
               "desc": text(desc) if desc is not None else None,
               "markers": len([e for e in svgs[0].iter() if "marker" in classes(e)]),
               "labels": [text(e) for e in svgs[0].iter() if "place" in classes(e)]}
    stops = [text(e) for e in root.iter() if "stop-name" in classes(e)]
    html = root if local(root.tag) == "html" else next(root.iter("html"))
    head_title = next(root.iter("title"), None)
    print(json.dumps({
        "parseError": None,
        "lang": html.get("lang"),
        "title": text(head_title) if head_title is not None else None,
        "h1": [text(e) for e in root.iter("h1")],
        "elements": elements,
        "attributes": attributes,
        "days": days,
        "svg": svg,
        "stops": stops,
        "styles": ["".join(e.itertext()) for e in root.iter("style")],
    }, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
