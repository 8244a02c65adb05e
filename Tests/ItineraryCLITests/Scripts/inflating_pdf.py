#!/usr/bin/env python3
"""inflating_pdf.py OUT.pdf MEBIBYTES [locked]: a PDF whose attached trip (an embedded file related to the
document as its /Source, application/json, as the finisher attaches one) inflates to MEBIBYTES MiB of
JSON-looking bytes while the file itself stays about a thousandth of that: a decompression bomb for the
reader of attached trips (issue #50). Only the standard library: zlib and the byte offsets of the xref."""
import sys
import zlib

out, mebibytes = sys.argv[1], int(sys.argv[2])

compressor = zlib.compressobj(9)
chunk = b" " * (1 << 20)
parts = [compressor.compress(b'{"format": "itinerary/v1", "trip": {"name": "')]
for _ in range(mebibytes):
    parts.append(compressor.compress(chunk))
parts.append(compressor.compress(b'"}}'))
parts.append(compressor.flush())
stream = b"".join(parts)

objects = [
    b"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(trip.json) 4 0 R] >> >> /AF [4 0 R] >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    b"<< /Type /Filespec /F (trip.json) /UF (trip.json) /AFRelationship /Source /EF << /F 5 0 R >> >>",
    b"<< /Type /EmbeddedFile /Subtype /application#2Fjson /Filter /FlateDecode /Length %d >>\nstream\n" % len(stream)
    + stream
    + b"\nendstream",
]
body = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for number, obj in enumerate(objects, start=1):
    offsets.append(len(body))
    body += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
xref = len(body)
body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for offset in offsets:
    body += b"%010d 00000 n \n" % offset
body += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
with open(out, "wb") as f:
    f.write(body)
