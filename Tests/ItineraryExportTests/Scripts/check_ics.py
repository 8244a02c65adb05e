#!/usr/bin/env python3
"""Check an iCalendar file written by `itinerary render --format ics`.

Usage: check_ics.py ICS_FILE EXPECTED_JSON

EXPECTED_JSON (written by the Swift test):
  {"calname": "...",
   "events": [{"uid": "...", "summary": "...", "kind": "timed" | "allday",
               "startUTC": "2026-03-06T19:20:00Z", "endUTC": "...",  # timed
               "tzid": "America/Chicago",                             # timed, optional
               "endTzid": "America/New_York",                         # timed, optional
               "date": "2026-03-06", "endDate": "2026-03-07",         # allday (end exclusive)
               "transparent": true | false,
               "location": "..." | null, "geo": [lat, lon] | null,
               "descriptionContains": ["..."]}]}

Prints one line per failed check ("FAIL: ...") and exits 1 when any check
failed, 2 on a usage or set-up error (missing package, unreadable file) and 0
with one "OK: ..." line when everything holds.

The instants of timed events are computed from the file's own VTIMEZONE
(icalendar's Timezone.to_tz(), with lookup_tzid=False where the installed
icalendar has that parameter, so the tz database is NOT consulted), and each
VTIMEZONE is compared separately with zoneinfo on the 1st and 15th of every
month, 12:00 UTC, of every year the events cover.
"""

import datetime as dt
import inspect
import json
import re
import sys

try:
    import zoneinfo
except ImportError:  # Python < 3.9
    print("SETUP: check_ics.py needs Python 3.9+ (zoneinfo)")
    sys.exit(2)

try:
    import icalendar
    from icalendar import Timezone
except ImportError:
    print("SETUP: check_ics.py needs the PyPI package icalendar (pip install icalendar)")
    sys.exit(2)

UTC = dt.timezone.utc
MAX_OCTETS = 75
MAX_REPORTED = 5  # line-level problems of one kind reported before summarising
TOLERANCE = 1e-6

# Property names RFC 5545 / RFC 7986 allow in each component (X- names are
# always allowed). A name outside these is reported: it is what an unescaped
# newline inside a value looks like once the line after it is parsed.
COMMON_EVENT = {
    "DTSTAMP", "UID", "DTSTART", "CLASS", "CREATED", "DESCRIPTION", "GEO",
    "LAST-MODIFIED", "LOCATION", "ORGANIZER", "PRIORITY", "SEQUENCE", "STATUS",
    "SUMMARY", "TRANSP", "URL", "RECURRENCE-ID", "RRULE", "DTEND", "DURATION",
    "ATTACH", "ATTENDEE", "CATEGORIES", "COMMENT", "CONTACT", "EXDATE",
    "REQUEST-STATUS", "RELATED-TO", "RESOURCES", "RDATE", "COLOR", "IMAGE",
    "CONFERENCE",
}
KNOWN_PROPERTIES = {
    "VCALENDAR": {"PRODID", "VERSION", "CALSCALE", "METHOD", "NAME", "DESCRIPTION",
                  "UID", "LAST-MODIFIED", "URL", "CATEGORIES", "REFRESH-INTERVAL",
                  "SOURCE", "COLOR", "IMAGE"},
    "VEVENT": COMMON_EVENT,
    "VTODO": COMMON_EVENT | {"DUE", "COMPLETED", "PERCENT-COMPLETE"},
    "VJOURNAL": COMMON_EVENT,
    "VTIMEZONE": {"TZID", "LAST-MODIFIED", "TZURL"},
    "STANDARD": {"DTSTART", "TZOFFSETTO", "TZOFFSETFROM", "RRULE", "COMMENT", "RDATE", "TZNAME"},
    "DAYLIGHT": {"DTSTART", "TZOFFSETTO", "TZOFFSETFROM", "RRULE", "COMMENT", "RDATE", "TZNAME"},
    "VALARM": {"ACTION", "TRIGGER", "DURATION", "REPEAT", "DESCRIPTION", "SUMMARY",
               "ATTENDEE", "ATTACH", "UID", "ACKNOWLEDGED", "RELATED-TO"},
}
# TEXT properties whose value is one line: no newline even after unescaping.
SINGLE_LINE_TEXT = {"SUMMARY", "LOCATION", "UID", "X-WR-CALNAME", "X-WR-TIMEZONE",
                    "PRODID", "TZID", "TZNAME", "CATEGORIES", "STATUS", "TRANSP",
                    "CLASS", "NAME"}
# TEXT properties in which backslash escapes are checked.
TEXT_PROPERTIES = SINGLE_LINE_TEXT | {"DESCRIPTION", "COMMENT", "X-WR-CALDESC"}

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


# ---------------------------------------------------------------- raw layer

CONTENT_LINE = re.compile(
    r'^(?P<name>[A-Za-z0-9-]+)'
    r'(?P<params>(?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*)'
    r':(?P<value>.*)$', re.S)
PARAM = re.compile(r';([A-Za-z0-9-]+)=((?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)')


class RawProperty:
    def __init__(self, name, params, value, line_number):
        self.name = name
        self.params = params
        self.value = value
        self.line_number = line_number


class RawComponent:
    def __init__(self, name, line_number):
        self.name = name
        self.line_number = line_number
        self.properties = []
        self.children = []

    def get(self, name):
        found = [p for p in self.properties if p.name == name]
        return found

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


def check_physical_lines(data):
    """CRLF endings, 75 octets, every physical line valid UTF-8 on its own.

    Returns the physical lines (split on LF, a CR before it removed) so that
    the structure can still be read and reported when line endings are wrong.
    """
    if not data:
        fail("the file is empty")
        return []
    unterminated = not data.endswith(b"\n")
    if unterminated:
        fail("the last line does not end with CRLF")
        data += b"\r\n"
    physical = data[:-1].split(b"\n")
    problems = {"ending": [], "long": [], "utf8": []}
    for number, line in enumerate(physical, 1):
        if line.endswith(b"\r"):
            line = line[:-1]
            physical[number - 1] = line
        else:
            problems["ending"].append(f"line {number}: ends with a bare LF, not CRLF: {line[:50]!r}")
        if b"\r" in line:
            problems["ending"].append(f"line {number}: contains a bare CR: {line[:50]!r}")
        if len(line) > MAX_OCTETS:
            problems["long"].append(f"line {number}: {len(line)} octets, more than {MAX_OCTETS}: {line[:40]!r}...")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as error:
            problems["utf8"].append(f"line {number}: not valid UTF-8 on its own (a fold splits a character?): {error}")
    for messages in problems.values():
        for message in messages[:MAX_REPORTED]:
            fail(message)
        if len(messages) > MAX_REPORTED:
            fail(f"... and {len(messages) - MAX_REPORTED} more lines like that")
    return physical


def unfold(physical):
    """Logical content lines as (first physical line number, text)."""
    logical = []
    for number, line in enumerate(physical, 1):
        if line[:1] in (b" ", b"\t") and logical:
            logical[-1][1].append(line[1:])
        else:
            logical.append((number, [line]))
    out = []
    for number, parts in logical:
        text = b"".join(parts).decode("utf-8", "replace")
        out.append((number, text))
    return out


def parse_raw(data):
    physical = check_physical_lines(data)
    if not physical:
        return None
    stack = []
    root = None
    for number, text in unfold(physical):
        if text == "":
            fail(f"line {number}: empty content line")
            continue
        match = CONTENT_LINE.match(text)
        if not match:
            fail(f"line {number}: not a content line NAME[;PARAM=..]:VALUE "
                 f"(an unescaped newline in the value before it?): {text[:60]!r}")
            continue
        name = match.group("name").upper()
        value = match.group("value")
        params = {}
        for key, val in PARAM.findall(match.group("params")):
            params[key.upper()] = val[1:-1] if val.startswith('"') and val.endswith('"') else val
        if name == "BEGIN":
            component = RawComponent(value.upper(), number)
            if not re.fullmatch(r"[A-Za-z0-9-]+", value):
                fail(f"line {number}: malformed BEGIN:{value[:30]!r}")
            if stack:
                stack[-1].children.append(component)
            elif root is None:
                root = component
            else:
                fail(f"line {number}: a second top-level component {value}")
            stack.append(component)
            continue
        if name == "END":
            if not stack or stack[-1].name != value.upper():
                fail(f"line {number}: END:{value[:30]} does not close "
                     f"{stack[-1].name if stack else 'anything'}")
            else:
                stack.pop()
            continue
        if not stack:
            fail(f"line {number}: property {name} outside any component")
            continue
        component = stack[-1]
        allowed = KNOWN_PROPERTIES.get(component.name)
        if allowed is not None and name not in allowed and not name.startswith("X-"):
            fail(f"line {number}: unexpected property {name!r} in {component.name} "
                 f"(an unescaped newline in the value before it?): {text[:60]!r}")
        if name in TEXT_PROPERTIES:
            # Escapes read left to right: "\\\\d" is an escaped backslash, then "d".
            bad = [m.group(0) for m in re.finditer(r"\\(.|$)", value) if m.group(1) not in ("\\", ";", ",", "n", "N")]
            if bad:
                fail(f"line {number}: {name} has invalid backslash escape(s) {bad}: {value[:60]!r}")
        component.properties.append(RawProperty(name, params, value, number))
    if stack:
        fail(f"component {stack[-1].name} (line {stack[-1].line_number}) is never closed")
    if root is None:
        fail("no BEGIN:VCALENDAR")
    elif root.name != "VCALENDAR":
        fail(f"the top-level component is {root.name}, not VCALENDAR")
    return root


def unescape_text(value):
    """RFC 5545 TEXT unescaping: \\\\ \\; \\, \\n \\N."""
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


# ---------------------------------------------------------- time helpers

def parse_utc(text):
    """'2026-03-06T19:20:00Z' -> aware UTC datetime."""
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


def parse_raw_datetime(value):
    """Raw DATE-TIME value -> (naive datetime, is_utc); None when malformed."""
    match = re.fullmatch(r"(\d{8}T\d{6})(Z?)", value)
    if not match:
        return None
    return dt.datetime.strptime(match.group(1), "%Y%m%dT%H%M%S"), match.group(2) == "Z"


def parse_raw_date(value):
    if not re.fullmatch(r"\d{8}", value):
        return None
    return dt.datetime.strptime(value, "%Y%m%d").date()


def tzinfo_from_vtimezone(component):
    """A tzinfo built from the VTIMEZONE itself, never from the tz database.

    icalendar >= 6.1 defaults to lookup_tzid=True, which returns the tz
    database's zone for a known TZID and ignores the component: pass False.
    icalendar 4.x/5.x always build from the component (pytz-based).
    """
    parameters = inspect.signature(Timezone.to_tz).parameters
    if "lookup_tzid" in parameters:
        return component.to_tz(lookup_tzid=False)
    return component.to_tz()


def localize(naive, tz):
    if hasattr(tz, "localize"):  # pytz (icalendar < 6, or the pytz provider)
        return tz.localize(naive)
    return naive.replace(tzinfo=tz)


def iso(moment):
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ----------------------------------------------------------------- checks

def main(argv):
    if len(argv) != 3:
        print("usage: check_ics.py ICS_FILE EXPECTED_JSON")
        return 2
    ics_path, expected_path = argv[1], argv[2]
    try:
        with open(ics_path, "rb") as handle:
            data = handle.read()
        with open(expected_path, "r", encoding="utf-8") as handle:
            expected = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"SETUP: cannot read input: {error}")
        return 2

    raw_root = parse_raw(data)

    # --- icalendar parse
    calendar = None
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except Exception as error:  # noqa: BLE001 - any parse error is a failure
        fail(f"icalendar cannot parse the file: {type(error).__name__}: {error}")
    if calendar is not None:
        for component in calendar.walk():
            for error in getattr(component, "errors", []) or []:
                fail(f"icalendar reported a parse error in {component.name}: {error}")

    if raw_root is None or raw_root.name != "VCALENDAR":
        return finish()

    # --- calendar properties
    def single(component, name, where):
        found = component.get(name)
        if len(found) != 1:
            fail(f"{where}: {len(found)} {name} properties, expected exactly 1")
            return None
        return found[0]

    version = single(raw_root, "VERSION", "VCALENDAR")
    if version and version.value != "2.0":
        fail(f"VERSION is {version.value!r}, expected '2.0'")
    prodid = single(raw_root, "PRODID", "VCALENDAR")
    if prodid and "itinerary" not in prodid.value.lower():
        fail(f"PRODID {prodid.value!r} does not mention itinerary")
    # icalendar 7 keeps X-WR-CALNAME as vUnknown, still escaped (even through
    # Calendar.calendar_name), so the raw value is unescaped here.
    calname = single(raw_root, "X-WR-CALNAME", "VCALENDAR")
    if calname and unescape_text(calname.value) != expected.get("calname"):
        fail(f"X-WR-CALNAME is {unescape_text(calname.value)!r}, expected {expected.get('calname')!r}")

    # --- unescaped newlines in parsed values
    if calendar is not None:
        for component in calendar.walk():
            for name, value in component.property_items(recursive=False):
                if name in ("BEGIN", "END"):
                    continue
                values = value if isinstance(value, list) else [value]
                for item in values:
                    if isinstance(item, str):
                        plain = str(item)
                    else:
                        plain = item.to_ical() if hasattr(item, "to_ical") else item
                        if isinstance(plain, bytes):
                            plain = plain.decode("utf-8", "replace")
                        plain = str(plain)
                    if "\r" in plain or ("\n" in plain and name in SINGLE_LINE_TEXT):
                        fail(f"{component.name} {name} contains a raw newline: {plain[:60]!r}")

    # --- VTIMEZONEs and TZID references
    raw_zones = {}
    for component in raw_root.children:
        if component.name == "VTIMEZONE":
            tzid = component.get("TZID")
            name = tzid[0].value if tzid else None
            raw_zones.setdefault(name, 0)
            raw_zones[name] += 1
    used_tzids = {}
    for component in raw_root.walk():
        for prop in component.properties:
            if "TZID" in prop.params:
                used_tzids.setdefault(prop.params["TZID"], prop.line_number)
    for tzid, line in sorted(used_tzids.items()):
        count = raw_zones.get(tzid, 0)
        if count != 1:
            fail(f"TZID={tzid} (first used line {line}) has {count} VTIMEZONE components, expected exactly 1")

    zone_tzinfo = {}
    if calendar is not None:
        for component in calendar.walk("VTIMEZONE"):
            tzid = str(component.get("TZID"))
            try:
                zone_tzinfo[tzid] = tzinfo_from_vtimezone(component)
            except Exception as error:  # noqa: BLE001
                fail(f"VTIMEZONE {tzid}: Timezone.to_tz() failed: {type(error).__name__}: {error}")

    # --- events
    raw_events = [c for c in raw_root.children if c.name == "VEVENT"]
    parsed_events = list(calendar.walk("VEVENT")) if calendar is not None else []
    expected_events = expected.get("events", [])

    raw_uids = [e.get("UID")[0].value if e.get("UID") else None for e in raw_events]
    parsed_uids = [str(e.get("UID")) if e.get("UID") is not None else None for e in parsed_events]
    expected_uids = [e["uid"] for e in expected_events]
    if len(raw_events) != len(expected_events):
        fail(f"{len(raw_events)} VEVENTs in the file, expected {len(expected_events)}")
    if parsed_uids != expected_uids:
        if sorted(u or "" for u in parsed_uids) == sorted(expected_uids):
            fail(f"VEVENTs are out of order: file has {parsed_uids}, expected {expected_uids}")
        else:
            fail(f"VEVENT UIDs {parsed_uids} differ from the expected {expected_uids}")

    years = set()
    for event in expected_events:
        for key in ("startUTC", "endUTC"):
            if event.get(key):
                years.add(parse_utc(event[key]).year)
        for key in ("date", "endDate"):
            if event.get(key):
                years.add(dt.date.fromisoformat(event[key]).year)

    by_uid = {}
    for raw_event, parsed_event, uid in zip(raw_events, parsed_events, parsed_uids):
        by_uid.setdefault(uid, (raw_event, parsed_event))
    for index, want in enumerate(expected_events):
        uid = want["uid"]
        where = f"event {index} ({uid})"
        if uid not in by_uid:
            fail(f"{where}: no VEVENT with this UID")
            continue
        raw_event, event = by_uid[uid]
        check_event(where, want, raw_event, event, zone_tzinfo, years)

    for raw_event, uid in zip(raw_events, raw_uids):
        if uid is None:
            fail(f"VEVENT at line {raw_event.line_number} has no UID")

    # --- every VTIMEZONE vs zoneinfo
    if not years:
        print("NOTE: no event dates, VTIMEZONE offsets not compared with zoneinfo")
    for tzid, tz in zone_tzinfo.items():
        check_zone_against_zoneinfo(tzid, tz, years)

    return finish(f"{len(expected_events)} events, {len(zone_tzinfo)} VTIMEZONEs")


def check_event(where, want, raw_event, event, zone_tzinfo, years):
    def text(name):
        value = event.get(name)
        return None if value is None else str(value)

    if text("SUMMARY") != want.get("summary"):
        fail(f"{where}: SUMMARY is {text('SUMMARY')!r}, expected {want.get('summary')!r}")
    if text("LOCATION") != want.get("location"):
        fail(f"{where}: LOCATION is {text('LOCATION')!r}, expected {want.get('location')!r}")

    stamps = raw_event.get("DTSTAMP")
    if len(stamps) != 1:
        fail(f"{where}: {len(stamps)} DTSTAMP properties, expected exactly 1")
    else:
        parsed = parse_raw_datetime(stamps[0].value)
        if parsed is None or not parsed[1]:
            fail(f"{where}: DTSTAMP {stamps[0].value!r} is not a UTC DATE-TIME (…Z)")

    geo = event.get("GEO")
    want_geo = want.get("geo")
    if want_geo is None:
        if geo is not None:
            fail(f"{where}: GEO {geo.to_ical()!r} present, expected none")
    elif geo is None:
        fail(f"{where}: GEO missing, expected {want_geo}")
    elif (abs(float(geo.latitude) - want_geo[0]) > TOLERANCE
          or abs(float(geo.longitude) - want_geo[1]) > TOLERANCE):
        fail(f"{where}: GEO is {geo.latitude};{geo.longitude}, expected {want_geo[0]};{want_geo[1]}")

    description = text("DESCRIPTION")
    for needle in want.get("descriptionContains", []) or []:
        if description is None or needle not in description:
            fail(f"{where}: DESCRIPTION {description!r} does not contain {needle!r}")

    transp = raw_event.get("TRANSP")
    actual_transp = transp[0].value.upper() if transp else "OPAQUE"  # RFC 5545 default
    want_transp = "TRANSPARENT" if want.get("transparent") else "OPAQUE"
    if actual_transp != want_transp:
        fail(f"{where}: TRANSP is {actual_transp}, expected {want_transp}")

    starts, ends = raw_event.get("DTSTART"), raw_event.get("DTEND")
    if len(starts) != 1:
        fail(f"{where}: {len(starts)} DTSTART properties, expected exactly 1")
        return
    if len(ends) != 1:
        fail(f"{where}: {len(ends)} DTEND properties, expected exactly 1")
        return
    start, end = starts[0], ends[0]

    kind = want.get("kind")
    if kind == "allday":
        for prop, key in ((start, "date"), (end, "endDate")):
            if prop.params.get("VALUE", "").upper() != "DATE":
                fail(f"{where}: {prop.name} has no VALUE=DATE parameter: {prop.value!r}")
            if "TZID" in prop.params:
                fail(f"{where}: all-day {prop.name} has a TZID parameter")
            day = parse_raw_date(prop.value)
            if day is None:
                fail(f"{where}: {prop.name} {prop.value!r} is not a DATE")
            elif want.get(key) is None:
                fail(f"{where}: expected JSON has no {key!r} for an all-day event")
            elif day != dt.date.fromisoformat(want[key]):
                fail(f"{where}: {prop.name} is {day.isoformat()}, expected {want[key]}")
            if day is not None:
                years.add(day.year)
        if actual_transp != "TRANSPARENT":
            fail(f"{where}: all-day event is {actual_transp}, expected TRANSP:TRANSPARENT")
    elif kind == "timed":
        if want.get("tzid") is not None and start.params.get("TZID") != want["tzid"]:
            fail(f"{where}: DTSTART TZID is {start.params.get('TZID')!r}, expected {want['tzid']!r}")
        if want.get("endTzid") is not None and end.params.get("TZID") != want["endTzid"]:
            fail(f"{where}: DTEND TZID is {end.params.get('TZID')!r}, expected {want['endTzid']!r}")
        for prop, key in ((start, "startUTC"), (end, "endUTC")):
            moment = instant(where, prop, zone_tzinfo)
            if moment is None:
                continue
            years.add(moment.year)
            if want.get(key) is None:
                fail(f"{where}: expected JSON has no {key!r} for a timed event")
            elif moment != parse_utc(want[key]):
                fail(f"{where}: {prop.name} {prop.value} (TZID={prop.params.get('TZID')}) is "
                     f"{iso(moment)} by the file's VTIMEZONE, expected {want[key]}")
    else:
        fail(f"{where}: expected JSON has unknown kind {kind!r}")


def instant(where, prop, zone_tzinfo):
    """The UTC instant of a DATE-TIME property, via the file's VTIMEZONE."""
    if prop.params.get("VALUE", "DATE-TIME").upper() != "DATE-TIME":
        fail(f"{where}: timed {prop.name} has VALUE={prop.params['VALUE']}")
        return None
    parsed = parse_raw_datetime(prop.value)
    if parsed is None:
        fail(f"{where}: {prop.name} {prop.value!r} is not a DATE-TIME")
        return None
    naive, is_utc = parsed
    tzid = prop.params.get("TZID")
    if is_utc:
        if tzid is not None:
            fail(f"{where}: {prop.name} is UTC (…Z) and has TZID={tzid} too")
        return naive.replace(tzinfo=UTC)
    if tzid is None:
        fail(f"{where}: {prop.name} {prop.value} is a floating time (no TZID, no Z)")
        return None
    tz = zone_tzinfo.get(tzid)
    if tz is None:
        fail(f"{where}: {prop.name} TZID={tzid} has no usable VTIMEZONE in the file")
        return None
    return localize(naive, tz).astimezone(UTC)


def check_zone_against_zoneinfo(tzid, tz, years):
    try:
        reference = zoneinfo.ZoneInfo(tzid)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError) as error:
        fail(f"VTIMEZONE {tzid}: not an IANA zone known to zoneinfo ({error})")
        return
    for year in sorted(years):
        for month in range(1, 13):
            for day in (1, 15):
                moment = dt.datetime(year, month, day, 12, tzinfo=UTC)
                try:
                    got = moment.astimezone(tz).utcoffset()
                except Exception as error:  # noqa: BLE001
                    fail(f"VTIMEZONE {tzid}: no offset at {iso(moment)}: {type(error).__name__}: {error}")
                    return
                want = moment.astimezone(reference).utcoffset()
                if got != want:
                    fail(f"VTIMEZONE {tzid}: offset at {iso(moment)} is {fmt_offset(got)}, "
                         f"zoneinfo says {fmt_offset(want)}")


def fmt_offset(delta):
    if delta is None:
        return "None"
    minutes = int(delta.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    minutes = abs(minutes)
    return f"{sign}{minutes // 60:02d}{minutes % 60:02d}"


def finish(summary=""):
    if failures:
        print(f"check_ics: {len(failures)} check(s) failed")
        return 1
    print(f"OK: check_ics: {summary} (icalendar {getattr(icalendar, '__version__', '?')})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
