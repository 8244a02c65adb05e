#!/usr/bin/env python3
"""Writes two seeds of Tests/Fuzz/pdf-seeds (issue #52), each cff-type1c-font-pdfa.pdf with its Type1C
font program replaced by a crafted one:
  cff-repeated-sid-pdfa.pdf         65,535 glyphs whose charset names every glyph with one SID, a string
                                    of 64 KiB. Copied once per glyph, as the finisher's charset reader
                                    did, that was 4 GiB; with a 16 MB string, a terabyte.
  cff-glyph-name-delimiters-pdfa.pdf  three glyphs named "a/b", "(x)" and "sp ace", which /CharSet must
                                    write as the names /a#2Fb, /#28x#29 and /sp#20ace.
Run from the repository root."""
import re
import struct
import zlib

SEED = "Tests/Fuzz/pdf-seeds/cff-type1c-font-pdfa.pdf"


def index(items, off_size):
    """A CFF INDEX: count, offset size, offsets from 1, then the data."""
    if not items:
        return struct.pack(">H", 0)
    offsets, at = [], 1
    for item in items:
        offsets.append(at)
        at += len(item)
    offsets.append(at)
    packed = b"".join(offset.to_bytes(off_size, "big") for offset in offsets)
    return struct.pack(">HB", len(items), off_size) + packed + b"".join(items)


def integer(value):
    return b"\x1d" + struct.pack(">i", value)  # a 5-byte DICT integer, so the DICT's size is fixed


def program(strings, sids):
    """A name-keyed CFF program whose glyphs (.notdef, then one per SID) are empty, its own strings from SID 391."""
    header = bytes([1, 0, 4, 1])
    names = index([b"HGTDNQ+Inter-Bold"], 1)
    strings = index(strings, 3)
    subrs = index([], 1)
    char_strings = index([b""] * (len(sids) + 1), 1)
    charset = b"\x00" + b"".join(struct.pack(">H", sid) for sid in sids)  # format 0: a SID a glyph
    top_size = len(index([integer(0) + b"\x0f" + integer(0) + b"\x11"], 1))
    start = len(header) + len(names) + top_size + len(strings) + len(subrs)
    top = index([integer(start + len(char_strings)) + b"\x0f" + integer(start) + b"\x11"], 1)
    return header + names + top + strings + subrs + char_strings + charset


def write(path, cff):
    """The seed with object 34 (its last, the Type1C program) replaced; the cross-reference table still holds."""
    pdf = open(SEED, "rb").read()
    match = re.search(rb"34 0 obj\n<< /Filter /FlateDecode /Subtype /Type1C /Length (\d+) >>\nstream\n", pdf)
    body = zlib.compress(cff, 9)
    end = match.end() + int(match.group(1))
    head = pdf[: match.start()] + b"34 0 obj\n<< /Filter /FlateDecode /Subtype /Type1C /Length %d >>\nstream\n" % len(body)
    rest = pdf[end:]
    xref = rest.index(b"xref")
    out = head + body + rest[:xref]
    tail = re.sub(rb"startxref\n\d+", b"startxref\n%d" % len(out), rest[xref:])
    open(path, "wb").write(out + tail)
    print(f"{path}: {len(out + tail)} bytes")


write("Tests/Fuzz/pdf-seeds/cff-repeated-sid-pdfa.pdf", program([b"A" * 65536], [391] * 65534))
write("Tests/Fuzz/pdf-seeds/cff-glyph-name-delimiters-pdfa.pdf", program([b"a/b", b"(x)", b"sp ace"], [391, 392, 393]))
