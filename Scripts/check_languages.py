#!/usr/bin/env python3
"""Check a trip's localised documents against an independent CLDR source (babel).

    python3 Scripts/check_languages.py DIR --catalogues Sources/ItineraryPresentation/Catalogues

DIR has one folder per BCP 47 tag (en-XA, the pseudo-locale, is skipped) holding trip.json
and the trip.pdf (book), .html, .md, .ics, .gpx rendered from it in that language. Checks:
 1. Every day has a Markdown heading with babel's wide weekday and wide format-context month
    ("марта"; "3月" where the locale writes months as numbers), both also in the PDF text;
    no English month/weekday name in a non-English document (see 4).
 2. Each custom item's time appears in the Markdown as babel's short time.
 3. The summary paragraph shows the total distance (miles or km, per trip.units or the
    region's measurement system) with the locale's digits and grouping.
 4. No literal word (3+ letters) of en.json in a non-English Markdown, HTML text/<title>/
    aria-label/alt, PDF text, ICS SUMMARY/DESCRIPTION, GPX <name>/<desc>, once the trip's own
    text (never translated) is removed, unless the language's catalogue uses it too ("Hotel").
 5. ar/he: <html dir="rtl">, and on PDF page 1 outside the route-map panel text hugs the right
    edge of the content box (width - 54 pt): of the lines touching one content edge (6 pt),
    >=60% of text width touches the right and <20% the left, >=60% of all text width is on
    the right half, and the title touches the right edge. Item text sits in inset cards, so
    edge tests only count lines reaching an edge. Other languages: the mirror image, no rtl.
 6. <html lang> is the folder's tag (or starts with it).
 7. Each travel item's duration appears in the Markdown as CLDR's short hour and minute units
    joined by the short unit list ("4 Std., 30 Min."; DURATION_WIDTH).
Why babel: the documents come from Foundation/ICU; expectations from ICU would test ICU
against itself. babel has its own CLDR build, so a wrong locale, context, pattern or numbering
system shows up. Where the CLDR versions differ, failures give both exact strings; known babel
data errors are corrected (CLDR_FIXES, reported on stderr) and babel's missing
minimumGroupingDigits (es/it/pl "1579" but "12.579") is applied here. Needs poppler's pdftotext.
"""
import argparse
import datetime as dt
import html
import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

try:
    from babel import Locale
    from babel.core import get_cldr_version, get_global
    from babel.dates import format_skeleton, format_time, get_day_names, get_month_names
    from babel.localedata import load
    from babel.lists import _style_fallbacks
    from babel.numbers import format_decimal
    from babel.units import format_unit
except ImportError:
    sys.exit("check_languages.py needs babel: pip install babel")

RTL = {"ar", "he", "fa", "ur"}
MIN_GROUPING_2 = {"es", "it", "pl", "pt-PT"}  # CLDR minimumGroupingDigits=2; babel ignores it
# Known CLDR data errors in babel's build, with the corrected text: CLDR 47 gives ko abbreviated
# day periods as "AM"/"PM"; CLDR 48.2 restored 오전/오후 (see formatjs/formatjs#6927). Applied
# ones are printed as notes on stderr, not hidden.
CLDR_FIXES = {"ko": {"AM": "오전", "PM": "오후"}}
MILES_REGIONS = {"US", "LR", "MM", "GB"}  # CLDR measurementData US/UK (babel lacks it)
MARGIN, TOL = 54.0, 6.0
# U+202F/U+00A0/U+2009 -> space; bidi controls (pdftotext wraps RTL runs in them) removed
NORM = {0x202F: " ", 0x00A0: " ", 0x2009: " "}
NORM.update(dict.fromkeys(map(ord, "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")))
WORD = r"[^\W\d_]"
NOT_TRIP_TEXT = {"id", "gameId", "kind", "category", "mode", "format", "timeZone", "units", "locale",
                 "startDate", "start", "modifiedAt", "removedAt", "time"}


norm = lambda s: s.translate(NORM)


def squash(s):
    """Whitespace collapsed, casefolded, without emoji (the PDF draws some as pictures, no text)."""
    s = "".join(c for c in norm(s) if unicodedata.category(c) != "So" and c not in "\ufe0e\ufe0f\u200d")
    return re.sub(r"\s+", " ", s).strip().casefold()


def lam_alef(s):
    """pdftotext writes Cairo's ActualText "لا" (lam-alef ligature) reversed: compare both ways alike."""
    return re.sub("ل([اأإآ])", r"\1ل", s)


def groups(s):
    """Contents of the top-level {...} groups of s."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(s):
        depth += (c == "{") - (c == "}")
        if c == "{" and depth == 1:
            start = i + 1
        elif c == "}" and depth == 0:
            out.append(s[start:i])
    return out


def literals(msg):
    """The literal text of an ICU MessageFormat message: no {args}, plural keys or #."""
    text, i = [], 0
    while i < len(msg):
        c = msg[i]
        if c == "{":
            body = groups(msg[i:])[0]
            i += len(body) + 2
            parts = body.split(",", 2)
            if len(parts) == 3 and parts[1].strip() in ("plural", "select", "selectordinal"):
                text += [" " + literals(sub) + " " for sub in groups(parts[2])]
            else:
                text.append(" ")
        elif msg.startswith("''", i):
            text.append("'")
            i += 2
        else:
            text.append(" " if c == "#" else c)
            i += 1
    return "".join(text)


def catalogue_words(path):
    msgs = json.loads(path.read_text(encoding="utf-8"))
    return {w.casefold() for m in msgs.values() for w in re.findall(WORD + "{3,}", literals(m))}


def trip_strings(node, key=None):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from trip_strings(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from trip_strings(v, key)
    elif isinstance(node, str) and key not in NOT_TRIP_TEXT:
        yield node
        yield from node.splitlines()


def without_trip_text(text, strings):
    text = squash(text)
    for s in strings:
        text = text.replace(s, " \u00b6 ")
    return text


def word_at(text, word, ctx=0):
    return re.search(rf".{{0,{ctx}}}(?<!{WORD}){re.escape(word)}(?!{WORD}).{{0,{ctx}}}", text, re.I)


def html_text(src):
    src = re.sub(r"(?is)<(script|style)\b.*?</\1\s*>", " ", src)
    attrs = re.findall(r'(?i)\s(?:alt|aria-label)="([^"]*)"', src)
    return html.unescape(re.sub(r"<[^>]+>", " ", src) + "\n" + "\n".join(attrs))


def ics_text(src):
    src = re.sub(r"\r?\n[ \t]", "", src)
    vals = re.findall(r"(?m)^(?:SUMMARY|DESCRIPTION)(?:;[^:\n]*)?:(.*)$", src)
    unesc = {"n": "\n", "N": "\n", ",": ",", ";": ";", "\\": "\\"}
    return "\n".join(re.sub(r"\\(.)", lambda m: unesc.get(m.group(1), m.group(1)), v) for v in vals)


def gpx_text(src):
    return "\n".join(html.unescape(v) for v in re.findall(r"(?s)<(?:name|desc)>(.*?)</(?:name|desc)>", src))


def pdf_lines(path):
    """Page 1 of the PDF: (width, [(xMin, yMin, xMax, text)])."""
    out = subprocess.run(["pdftotext", "-bbox-layout", "-f", "1", "-l", "1", str(path), "-"],
                         capture_output=True, text=True, check=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', out).group(1))
    lines = []
    for m in re.finditer(r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">(.*?)</line>', out, re.S):
        words = " ".join(html.unescape(w) for w in re.findall(r"<word[^>]*>(.*?)</word>", m.group(4)))
        lines.append((float(m.group(1)), float(m.group(2)), float(m.group(3)), words))
    return width, lines


def line_has(line, needle):
    """pdftotext -bbox-layout emits RTL text one glyph per word in visual order: match reversed too."""
    h, n = re.sub(r"\s+", "", norm(line)).casefold(), re.sub(r"\s+", "", norm(needle)).casefold()
    return n in h or n[::-1] in h or n[::-1] in h.replace("لا", "ال")


def direction_failures(width, lines, route_title, first_weekday, rtl):
    """Text blocks of page 1 outside the route map panel hug the reading-start edge."""
    top = next((y for _, y, _, t in lines if line_has(t, route_title)), None)
    bottom = next((y for _, y, _, t in lines if top is not None and y > top and line_has(t, first_weekday)), None)
    if top is None or bottom is None:
        return [f"page 1: cannot find the route panel ({route_title!r}) or the first day heading ({first_weekday!r})"]
    rows = [(x0, x1, t) for x0, y, x1, t in lines if not top - 2 <= y < bottom - 2]
    right_edge = width - MARGIN
    at_r = lambda x0, x1: x1 >= right_edge - TOL and x0 > MARGIN + TOL
    at_l = lambda x0, x1: x0 <= MARGIN + TOL and x1 < right_edge - TOL
    flush = sum(x1 - x0 for x0, x1, _ in rows if at_r(x0, x1) or at_l(x0, x1)) or 1
    r_share = sum(x1 - x0 for x0, x1, _ in rows if at_r(x0, x1)) / flush
    l_share = sum(x1 - x0 for x0, x1, _ in rows if at_l(x0, x1)) / flush
    mass = sum(x1 - x0 for x0, x1, _ in rows) or 1
    r_mass = sum(x1 - x0 for x0, x1, _ in rows if (x0 + x1) / 2 > width / 2) / mass
    own, other, own_mass = (r_share, l_share, r_mass) if rtl else (l_share, r_share, 1 - r_mass)
    x0, _, x1, title = lines[0]
    title_ok = at_r(x0, x1) if rtl else at_l(x0, x1)
    if own >= 0.6 and other < 0.2 and own_mass >= 0.6 and title_ok:
        return []
    side = "right" if rtl else "left"
    return [f"page 1 not {side}-aligned: edge-flush text width {own:.0%} at the {side} edge, "
            f"{other:.0%} at the other (want >=60%, <20%); {own_mass:.0%} of text on the {side} half "
            f"(want >=60%); title {title!r} x {x0:.1f}-{x1:.1f}"]


# Travel durations are written at CLDR's short width ("4 Std., 30 Min."), hours and minutes
# joined by the language's short unit list (Scripts/cldr-durations copies the patterns).
DURATION_WIDTH = "short"


def locale_chain(loc):
    """The locale and the ones it inherits from, up to root (CLDR's parentLocales first)."""
    name, names, parents = str(loc), [], get_global("parent_exceptions")
    while name != "root":
        names.append(name)
        name = parents.get(name) or ("_".join(name.split("_")[:-1]) or "root")
    return names + ["root"]


def unit_list_pair(loc, width=DURATION_WIDTH):
    """The pattern joining two units ("{0}, {1}"), resolved as TR35 resolves a path: up the
    locale chain for the part "2", then the style's alias in root (unit-short -> standard).
    babel's format_list does not: it takes the first style a locale has, even without "2"."""
    for style in (f"unit-{width}", *_style_fallbacks.get(f"unit-{width}", [])):
        for name in locale_chain(loc):
            pattern = load(name, merge_inherited=False).get("list_patterns", {}).get(style, {}).get("2")
            if pattern:
                return pattern
    raise LookupError(f"no unit list pattern for {loc}")


def cldr_duration(minutes, loc):
    """A travel duration as CLDR writes it: "4 hr, 30 min", "2 hr", "45 min", "0 min"."""
    hours, rest = divmod(minutes, 60)
    parts = ([format_unit(hours, "duration-hour", length=DURATION_WIDTH, locale=loc)] if hours else []) + (
        [format_unit(rest, "duration-minute", length=DURATION_WIDTH, locale=loc)] if rest or not hours else [])
    return parts[0] if len(parts) == 1 else unit_list_pair(loc).format(*parts)


def md_line_with(md, needle):
    return next((ln.strip() for ln in reversed(md.splitlines()) if needle in ln), "(no line with the item)")


def check(tag, d, cats, en_words, en_names, report):
    fail = lambda f, what: report.append(f"{tag} {f}: {what}")
    files = {n: d / n for n in ("trip.json", "trip.pdf", "trip.html", "trip.md", "trip.ics", "trip.gpx")}
    missing = [fail(n, "missing") for n, p in files.items() if not p.is_file()]
    if missing:
        return
    loc = Locale.parse(tag, sep="-")
    doc = json.loads(files["trip.json"].read_text(encoding="utf-8"))
    trip, items = doc["trip"], doc.get("items", [])
    md = files["trip.md"].read_text(encoding="utf-8")
    src_html = files["trip.html"].read_text(encoding="utf-8")
    pdf = norm(subprocess.run(["pdftotext", "-enc", "UTF-8", str(files["trip.pdf"]), "-"],
                              capture_output=True, text=True, check=True).stdout)
    md_n, pdf_c = norm(md), lam_alef(pdf.casefold())
    headings = [ln.casefold() for ln in md_n.splitlines() if ln.startswith("## ")]

    # 1. Weekday and month names of every day of the trip.
    start = dt.date.fromisoformat(trip["startDate"])
    days = trip.get("dayCount") or max([i["day"] for i in items] or [1])
    wdays, months = get_day_names("wide", "format", loc), get_month_names("wide", "format", loc)
    first_weekday = wdays[start.weekday()]
    for n in range(days):
        date = start + dt.timedelta(days=n)
        wd, mon = wdays[date.weekday()], months[date.month]
        if mon.casefold() not in norm(format_skeleton("MMMMd", date, locale=loc)).casefold():
            mon = get_month_names("abbreviated", "format", loc)[date.month]  # numeric months: 3月
        if not any(wd.casefold() in h and mon.casefold() in h for h in headings):
            fail("trip.md", f"no day heading with {wd!r} and {mon!r} for {date}")
        for name in (wd, mon):
            if lam_alef(name.casefold()) not in pdf_c:
                fail("trip.pdf", f"{name!r} ({date}) not in the text")

    # 2. Times of custom items, as CLDR short times.
    for it in items:
        if it.get("kind") == "custom" and it.get("time"):
            h, m = map(int, it["time"].split(":"))
            want = norm(format_time(dt.time(h, m), format="short", locale=loc))
            fixed = want
            for old, new in CLDR_FIXES.get(tag, {}).items():
                fixed = fixed.replace(old, new)
            if want not in md_n and fixed != want and fixed in md_n:
                print(f"note: {tag} trip.md: time {it['time']}: babel {want!r} corrected to {fixed!r} "
                      "(CLDR_FIXES)", file=sys.stderr)
            elif want not in md_n:
                fail("trip.md", f"time {it['time']}: babel (CLDR {get_cldr_version()}) gives {want!r}; "
                     f"document line: {norm(md_line_with(md, it.get('title', '')))!r}")

    # 3. Total distance in the summary line.
    miles = sum(i.get("distanceMiles") or 0 for i in items if i.get("kind") == "travel")
    region = loc.territory or get_global("likely_subtags").get(loc.language, "_ZZ").split("_")[-1]
    system = trip.get("units") or ("imperial" if region in MILES_REGIONS else "metric")
    value = round(miles) if system == "imperial" else round(miles * 1.609344)
    want = norm(format_decimal(value, locale=loc, group_separator=value >= 10000 or tag not in MIN_GROUPING_2))
    para = next((p for p in re.split(r"\n\s*\n", md_n) if p.strip() and not p.lstrip().startswith("#")), "")
    if not re.search(rf"(?<!\d){re.escape(want)}(?!\d)", para):
        fail("trip.md", f"summary {para.strip()!r} lacks total {want!r} ({system}, {miles} mi)")

    # 7. Travel durations, from CLDR's unit patterns and unit list.
    for it in items:
        if it.get("kind") == "travel" and it.get("durationMinutes") is not None:
            want = norm(cldr_duration(round(it["durationMinutes"]), loc))
            if want not in md_n:
                fail("trip.md", f"duration of {it['durationMinutes']} min: babel (CLDR {get_cldr_version()}) "
                     f"gives {want!r}; document line: "
                     f"{norm(md_line_with(md, it.get('fromCity', '') + ' → ' + it.get('toCity', '')))!r}")

    # 4. No English catalogue word (or month/weekday name) outside the trip's own text.
    if tag.split("-")[0] != "en":
        strings = sorted({squash(s) for s in trip_strings(doc) if s.strip()}, key=len, reverse=True)
        own = catalogue_words(cats / f"{tag}.json") | {n.casefold() for w in ("wide", "abbreviated") for c in ("format", "stand-alone")
                for n in list(get_day_names(w, c, loc).values()) + list(get_month_names(w, c, loc).values())}
        texts = {"trip.md": md, "trip.html": html_text(src_html), "trip.pdf": pdf,
                 "trip.ics": ics_text(files["trip.ics"].read_text(encoding="utf-8")),
                 "trip.gpx": gpx_text(files["trip.gpx"].read_text(encoding="utf-8"))}
        for name, text in texts.items():
            rest = without_trip_text(text, strings)
            bad = sorted(w for w in en_words | en_names if w not in own and word_at(rest, w))
            if bad:
                fail(name, f"English words {bad} in {[word_at(rest, w, 30).group(0) for w in bad[:3]]}")

    # 5 and 6. Direction and language of the HTML; direction of the PDF page.
    rtl = tag.split("-")[0] in RTL
    m = re.search(r"(?is)<html\b([^>]*)>", src_html)
    attrs = dict((k.lower(), v) for k, v in re.findall(r'([\w-]+)\s*=\s*"([^"]*)"', m.group(1) if m else ""))
    lang = attrs.get("lang", "").replace("_", "-").lower()
    if not (lang == tag.lower() or lang.startswith(tag.lower() + "-")):
        fail("trip.html", f"<html lang={attrs.get('lang')!r}>, want {tag!r}")
    if (attrs.get("dir", "ltr").lower() == "rtl") != rtl:
        fail("trip.html", f"<html dir={attrs.get('dir')!r}>, want {'rtl' if rtl else 'ltr or none'}")
    route_title = literals(json.loads((cats / f"{tag}.json").read_text(encoding="utf-8"))["route.title"]).strip()
    for what in direction_failures(*pdf_lines(files["trip.pdf"]), route_title, first_weekday, rtl):
        fail("trip.pdf", what)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--catalogues", type=Path, required=True)
    args = ap.parse_args()
    en_words = catalogue_words(args.catalogues / "en.json")
    en = Locale.parse("en")
    en_names = {n.casefold() for c in ("format", "stand-alone")
                for n in list(get_day_names("wide", c, en).values()) + list(get_month_names("wide", c, en).values())}
    report = []
    tags = sorted(p.name for p in args.dir.iterdir() if p.is_dir() and p.name != "en-XA")
    if not tags:
        report.append(f"- {args.dir}: no language folders")
    for tag in tags:
        try:
            check(tag, args.dir / tag, args.catalogues, en_words, en_names, report)
        except Exception as e:  # a broken file is a failure of that language, not a crash
            report.append(f"{tag} -: check failed: {type(e).__name__}: {e}")
    for line in report:
        print(line)
    sys.exit(1 if report else 0)


if __name__ == "__main__":
    main()
