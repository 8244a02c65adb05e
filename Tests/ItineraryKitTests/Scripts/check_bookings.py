#!/usr/bin/env python3
"""The bookings part read back by other people's parsers, in the trip's order.

Usage: check_bookings.py EXPECTED.json [FILE.pdf] [FILE.html] [FILE.md]

EXPECTED.json: {"title": "Bookings" (the part's heading in the document's language, or null when the
part must be absent), "rows": [{"title": ..., "confirmation": ..., "address": ... or null}, ...]} in
the trip's order.
- PDF (pdftotext -raw: the order the page draws, which is the order it is tagged): after the heading, each row's title then its
  confirmation, row after row in the trip's order; nothing of the part when it is absent.
- HTML (html5lib, strict): a <table> with a <caption> (the heading) and six <th scope="col">;
  each <tbody> row's fourth cell is the title and fifth the confirmation, sixth the address ("–"
  when none), in order.
- Markdown (markdown-it, with GitHub tables): a table after the heading, the same cells in order.
Prints one "ok:" line a check; the first failure is one "FAIL:" sentence and exit 1.
"""
import json
import re
import subprocess
import sys

import html5lib
from markdown_it import MarkdownIt


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def squash(text):
    return re.sub(r"\s+", " ", text).strip()


def check_pdf(path, expected):
    def pdftotext(*flags):
        return squash(subprocess.run(["pdftotext", *flags, path, "-"], capture_output=True, text=True,
                                     check=True).stdout)
    # The order the page draws, which is the order it is tagged; right-to-left words come out a
    # glyph at a time there, so the heading is looked for in pdftotext's reading order.
    text, reading = pdftotext("-raw"), pdftotext()
    title, rows = expected["title"], expected["rows"]
    if title is None:
        for row in rows:
            if row["confirmation"] in text:
                fail(f"{path}: confirmation {row['confirmation']} is in a PDF whose confirmations are left out")
        print(f"ok: {path}: no bookings part")
        return
    if squash(title) not in reading:
        fail(f"{path}: no heading {title!r}")
    # The table is the document's last part: each confirmation's last appearance is on its row
    # (the days show each one earlier too).
    previous = text.rfind(rows[0]["confirmation"])
    previous = text.rfind(squash(rows[0]["title"]), 0, previous)
    if previous < 0:
        fail(f"{path}: the first booking's title is not before its confirmation")
    for index, row in enumerate(rows):
        found = text.find(squash(row["title"]), previous)
        confirmation = text.find(row["confirmation"], found) if found >= 0 else -1
        if found < 0 or confirmation < 0:
            fail(f"{path}: row {index + 1}: {row['title']!r} with {row['confirmation']} is not where the "
                 "trip's order puts it")
        if index + 1 < len(rows):
            following = text.find(squash(rows[index + 1]["title"]), found + len(squash(row["title"])))
            if 0 <= following < confirmation:
                fail(f"{path}: row {index + 1} ({row['title']!r}) does not hold {row['confirmation']}")
        previous = confirmation + len(row["confirmation"])
    print(f"ok: {path}: {len(rows)} bookings in the trip's order, each confirmation on its row")


def text_of(element):
    return squash("".join(element.itertext()))


def one_table(path, tables, expected):
    """No table where the bookings are left out (False: nothing more to check), else exactly one."""
    if expected["title"] is None:
        if tables:
            fail(f"{path}: a table where the bookings are left out")
        print(f"ok: {path}: no bookings table")
        return False
    if len(tables) != 1:
        fail(f"{path}: {len(tables)} tables, not one")
    return True


def check_html(path, expected):
    with open(path, "rb") as f:
        parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
        document = parser.parse(f)
    tables = document.findall(".//table")
    if not one_table(path, tables, expected):
        return
    table = tables[0]
    caption = table.find("caption")
    if caption is None or text_of(caption) != squash(expected["title"]):
        fail(f"{path}: the table's caption is not {expected['title']!r}")
    headers = table.findall("./thead/tr/th")
    if len(headers) != 6 or any(th.get("scope") != "col" for th in headers):
        fail(f"{path}: the header row is not six <th scope=\"col\">")
    rows = table.findall("./tbody/tr")
    if len(rows) != len(expected["rows"]):
        fail(f"{path}: {len(rows)} rows, expected {len(expected['rows'])}")
    for index, (row, want) in enumerate(zip(rows, expected["rows"])):
        cells = [text_of(td) for td in row.findall("td")]
        if len(cells) != 6 or cells[3] != squash(want["title"]) or cells[4] != want["confirmation"]:
            fail(f"{path}: row {index + 1} is {cells}, expected {want['title']!r} with {want['confirmation']}")
        if cells[5] != (squash(want["address"]) if want.get("address") else "–"):
            fail(f"{path}: row {index + 1}'s address is {cells[5]!r}")
    print(f"ok: {path}: a captioned table, six column headers, {len(rows)} rows in the trip's order")


def check_markdown(path, expected):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    tokens = MarkdownIt("commonmark").enable("table").parse(source)
    tables = [i for i, t in enumerate(tokens) if t.type == "table_open"]
    if not one_table(path, tables, expected):
        return
    rows, row, in_body = [], None, False
    for token in tokens[tables[0]:]:
        if token.type == "tbody_open":
            in_body = True
        elif token.type == "tr_open":
            row = []
        elif token.type == "inline" and row is not None:
            row.append(squash(token.content.replace("\\", "")))
        elif token.type == "tr_close":
            if in_body:
                rows.append(row)
            row = None
        elif token.type == "table_close":
            break
    heading = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open" and i < tables[0]]
    if not heading or squash(heading[-1]) != squash(expected["title"]):
        fail(f"{path}: the table does not follow the heading {expected['title']!r}")
    if len(rows) != len(expected["rows"]):
        fail(f"{path}: {len(rows)} rows, expected {len(expected['rows'])}")
    for index, (cells, want) in enumerate(zip(rows, expected["rows"])):
        if len(cells) != 6 or cells[3] != squash(want["title"]) or cells[4] != want["confirmation"]:
            fail(f"{path}: row {index + 1} is {cells}, expected {want['title']!r} with {want['confirmation']}")
    print(f"ok: {path}: a table after its heading, {len(rows)} rows in the trip's order")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        expected = json.load(f)
    for path in sys.argv[2:]:
        if path.endswith(".pdf"):
            check_pdf(path, expected)
        elif path.endswith(".html"):
            check_html(path, expected)
        elif path.endswith(".md"):
            check_markdown(path, expected)
        else:
            fail(f"{path}: not a PDF, HTML or Markdown file")


if __name__ == "__main__":
    main()
