#!/usr/bin/env python3
"""A .pkpass checked as Apple's tooling checks one.

Usage: check_pkpass.py PASS.pkpass EXPECTED.json ROOT.pem

 1. The zip: its entries, in order, each dated 1980-01-01 (the one date every entry has).
 2. manifest.json names every other file but the signature, each with its SHA-1.
 3. The signature: `openssl smime -verify -binary -inform DER -content manifest.json` against ROOT (a
    root standing in for Apple's), the chain carried in it (the signer's certificate and the WWDR
    intermediate), a signingTime among the signed attributes; the same check of a changed manifest fails.
 4. Every image decoded (Pillow) at the size EXPECTED says.
 5. pass.json: each field EXPECTED names (a path such as "semantics.eventStartDate" or
    "eventTicket.backFields.0.label") has its value; no text EXPECTED lists as absent appears; the
    colours are rgb(r, g, b) and the text and labels read at 4.5:1 on the background (WCAG 2);
    every date is ISO 8601 with an offset; the relevant interval holds the start and spans at most 24 h.
Prints every difference and exits 1 when there is one.
"""
import datetime as dt
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile

from PIL import Image

errors = []


def fail(message):
    errors.append(message)


def run(arguments):
    return subprocess.run(arguments, capture_output=True)


def luminance(rgb):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def colour(text, name):
    match = re.fullmatch(r"rgb\((\d{1,3}), (\d{1,3}), (\d{1,3})\)", text or "")
    if not match or any(int(c) > 255 for c in match.groups()):
        fail(f"{name}: {text!r} is not rgb(r, g, b)")
        return (0, 0, 0)
    return tuple(int(c) for c in match.groups())


def at(document, path):
    value = document
    for part in path.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return "<missing>"
    return value


def timestamp(text, name):
    try:
        value = dt.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        fail(f"{name}: {text!r} is not an ISO 8601 date")
        return None
    if value.tzinfo is None:
        fail(f"{name}: {text!r} has no offset")
        return None
    return value


def check_signature(folder, names):
    manifest = os.path.join(folder, "manifest.json")
    signature = os.path.join(folder, "signature")
    verify = ["openssl", "smime", "-verify", "-binary", "-inform", "DER", "-in", signature, "-content"]
    result = run(verify + [manifest, "-CAfile", sys.argv[3], "-purpose", "any", "-out", os.devnull])
    if result.returncode != 0:
        fail(f"openssl smime -verify: {result.stderr.decode(errors='replace').strip()}")
    changed = os.path.join(folder, "changed.json")
    with open(manifest, "rb") as f:
        data = f.read()
    with open(changed, "wb") as f:
        f.write(data.replace(b"{", b"{ ", 1))
    if run(verify + [changed, "-CAfile", sys.argv[3], "-purpose", "any", "-out", os.devnull]).returncode == 0:
        fail("a changed manifest verifies")
    printed = run(["openssl", "cms", "-cmsout", "-print", "-inform", "DER", "-in", signature])
    text = printed.stdout.decode(errors="replace")
    if "signingTime" not in text:
        fail("the signature has no signingTime")
    if "eContent: <ABSENT>" not in text:
        fail("the signature is not detached")
    certificates = run(["openssl", "pkcs7", "-inform", "DER", "-in", signature, "-print_certs", "-noout"])
    subjects = re.findall(r"^subject=(.*)$", certificates.stdout.decode(errors="replace"), re.M)
    if len(subjects) != 2:
        fail(f"the signature carries {len(subjects)} certificates, not the signer's and the WWDR intermediate")
    elif "UID = " not in subjects[0] or "OU = " not in subjects[0]:
        fail(f"the signer's subject has no UID and OU: {subjects[0]}")


def main():
    with open(sys.argv[2], encoding="utf-8") as f:
        expected = json.load(f)
    archive = zipfile.ZipFile(sys.argv[1])
    names = [info.filename for info in archive.infolist()]
    if names != expected["entries"]:
        fail(f"entries: {names}, expected {expected['entries']}")
    for info in archive.infolist():
        if info.date_time != (1980, 1, 1, 0, 0, 0):
            fail(f"{info.filename}: dated {info.date_time}")
    files = {name: archive.read(name) for name in names}
    manifest = json.loads(files.get("manifest.json", b"{}"))
    others = sorted(set(names) - {"manifest.json", "signature"})
    if sorted(manifest) != others:
        fail(f"the manifest names {sorted(manifest)}, the pass has {others}")
    for name, digest in manifest.items():
        if name in files and hashlib.sha1(files[name]).hexdigest() != digest:
            fail(f"{name}: SHA-1 {hashlib.sha1(files[name]).hexdigest()}, the manifest says {digest}")
    with tempfile.TemporaryDirectory() as folder:
        for name in ("manifest.json", "signature"):
            with open(os.path.join(folder, name), "wb") as f:
                f.write(files.get(name, b""))
        check_signature(folder, names)
    for name, size in expected["images"].items():
        try:
            image = Image.open(io.BytesIO(files[name]))
            image.load()
        except Exception as error:  # noqa: BLE001 - any failure to decode is the finding
            fail(f"{name}: cannot be decoded ({error})")
            continue
        if image.format != "PNG" or list(image.size) != size:
            fail(f"{name}: {image.format} {image.size}, expected PNG {size}")
    document = json.loads(files.get("pass.json", b"{}"))
    for path, value in expected["fields"].items():
        if at(document, path) != value:
            fail(f"pass.json {path}: {at(document, path)!r}, expected {value!r}")
    text = files.get("pass.json", b"").decode("utf-8")
    for absent in expected.get("absent", []):
        if absent in text:
            fail(f"pass.json holds {absent!r}, which should be left out")
    background = colour(document.get("backgroundColor"), "backgroundColor")
    for name in ("foregroundColor", "labelColor"):
        ratio = contrast(colour(document.get(name), name), background)
        if ratio < 4.5:
            fail(f"{name} on backgroundColor: {ratio:.2f}:1, below 4.5:1")
    start = timestamp(at(document, "semantics.eventStartDate"), "semantics.eventStartDate")
    timestamp(document.get("relevantDate"), "relevantDate")
    for index, interval in enumerate(document.get("relevantDates", [])):
        first = timestamp(interval.get("startDate"), f"relevantDates[{index}].startDate")
        last = timestamp(interval.get("endDate"), f"relevantDates[{index}].endDate")
        if first and last and start and not (first <= start < last and last - first <= dt.timedelta(hours=24)):
            fail(f"relevantDates[{index}]: {first} to {last} does not hold the start {start} within 24 hours")
    for section in ("headerFields", "primaryFields", "secondaryFields", "auxiliaryFields", "backFields"):
        for field in at(document, "eventTicket." + section) or []:
            if "dateStyle" in field or "timeStyle" in field:
                timestamp(field.get("value"), f"eventTicket.{section}.{field.get('key')}")
    keys = [f.get("key") for s in document.get("eventTicket", {}).values() for f in s]
    if len(keys) != len(set(keys)):
        fail(f"field keys are not unique: {keys}")
    for error in errors:
        print(error)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
