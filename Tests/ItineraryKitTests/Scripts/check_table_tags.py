#!/usr/bin/env python3
"""The PDF's bookings table as its structure tree has it (pikepdf).

Usage: check_table_tags.py FILE.pdf ROWS

One Table, its first TR of six TH each with /Scope /Column, then ROWS rows of six TD; the part
is a Sect whose heading (H1 or H2) comes before the table. Prints one "ok:" line, or one "FAIL:"
sentence and exit 1.
"""
import sys

import pikepdf


def children(node):
    kids = node.get("/K")
    if kids is None:
        return []
    if isinstance(kids, pikepdf.Array):
        return [k for k in kids if isinstance(k, pikepdf.Dictionary) and "/S" in k]
    if isinstance(kids, pikepdf.Dictionary) and "/S" in kids:
        return [kids]
    return []


def walk(node, found):
    if str(node.get("/S", "")) == "/Table":
        found.append(node)
    for child in children(node):
        walk(child, found)


def main():
    path, rows = sys.argv[1], int(sys.argv[2])
    pdf = pikepdf.open(path)
    tables = []
    walk(pdf.Root.StructTreeRoot, tables)
    if len(tables) != 1:
        print(f"FAIL: {path}: {len(tables)} tables in the structure tree, not one")
        sys.exit(1)
    trs = children(tables[0])
    if any(str(tr.get("/S")) != "/TR" for tr in trs):
        print(f"FAIL: {path}: the table holds something other than TR")
        sys.exit(1)
    head = children(trs[0])
    if len(head) != 6 or any(str(c.get("/S")) != "/TH" for c in head):
        print(f"FAIL: {path}: the first row is not six TH")
        sys.exit(1)
    for th in head:
        attributes = th.get("/A")
        scopes = [a.get("/Scope") for a in (attributes if isinstance(attributes, pikepdf.Array) else [attributes]) if a is not None]
        if pikepdf.Name("/Column") not in scopes:
            print(f"FAIL: {path}: a TH without /Scope /Column")
            sys.exit(1)
    body = trs[1:]
    if len(body) != rows or any(len(children(tr)) != 6 or any(str(c.get("/S")) != "/TD" for c in children(tr)) for tr in body):
        print(f"FAIL: {path}: {len(body)} rows of data cells, expected {rows} of six TD")
        sys.exit(1)
    print(f"ok: {path}: Table > TR of six TH (/Scope /Column), then {rows} TR of six TD")


if __name__ == "__main__":
    main()
