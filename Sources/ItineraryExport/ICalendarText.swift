/// The pieces of RFC 5545's syntax: escaped text, folded lines, dates and times.
enum ICalendarText {
    /// TEXT escaped: backslash, semicolon and comma get a backslash, line breaks
    /// become `\n`, other control characters (which iCalendar forbids) a space.
    static func escape(_ text: String) -> String {
        escaped(text, lineBreak: "\\n")
    }

    /// TEXT for a one-line property (SUMMARY, LOCATION): line breaks become spaces.
    static func escapeLine(_ text: String) -> String {
        escaped(text, lineBreak: " ")
    }

    /// The text with every line break (CR LF, CR, LF, NEL, LS, PS) written as
    /// `lineBreak`, and the rest escaped as `escape` says.
    private static func escaped(_ text: String, lineBreak: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\", ";", ",":
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            case "\n" where afterCarriageReturn:
                break
            case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}":
                out += lineBreak
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += " "
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A content line folded at 75 octets (RFC 5545 §3.1): each continuation
    /// starts with a space, and no UTF-8 character is split. Ends with CRLF.
    static func folded(_ line: String) -> [UInt8] {
        var out: [UInt8] = []
        appendFolded(line, to: &out)
        return out
    }

    /// `folded`, appended to bytes being written.
    static func appendFolded(_ line: String, to out: inout [UInt8]) {
        // Most lines fit as they are.
        if line.utf8.count <= 75 {
            out += line.utf8
            out += [0x0D, 0x0A]
            return
        }
        let bytes = Array(line.utf8)
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            // Back up to the start of a character: continuation bytes are 10xxxxxx.
            var cut = start + limit
            while bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            out += bytes[start..<cut]
            out += [0x0D, 0x0A, 0x20]
            start = cut
            // A continuation line's leading space is one of its 75 octets.
            limit = 74
        }
        out += bytes[start...]
        out += [0x0D, 0x0A]
    }

    /// "20260306".
    static func date(_ date: CivilDate) -> String {
        Digits.pad(date.year, 4) + Digits.pad(date.month, 2) + Digits.pad(date.day, 2)
    }

    /// "20260306T132000": a local date and time, seconds since midnight given.
    static func localDateTime(_ date: CivilDate, seconds: Int) -> String {
        self.date(date) + "T" + Digits.pad(seconds / 3600, 2) + Digits.pad(seconds / 60 % 60, 2)
            + Digits.pad(seconds % 60, 2)
    }

    /// "20260306T192000Z".
    /// A DURATION value (RFC 5545 §3.3.6): `PT15M`, `PT1H30M`, `P1D`.
    static func duration(seconds: Int) -> String {
        let seconds = max(0, seconds)
        if seconds > 0, seconds % 86_400 == 0 { return "P\(seconds / 86_400)D" }
        var text = "PT"
        if seconds >= 3_600 { text += "\(seconds / 3_600)H" }
        if seconds % 3_600 >= 60 { text += "\(seconds % 3_600 / 60)M" }
        if seconds % 60 > 0 || seconds == 0 { text += "\(seconds % 60)S" }
        return text
    }

    static func utc(_ seconds: Int64) -> String {
        let (date, time) = civil(seconds)
        return localDateTime(date, seconds: time) + "Z"
    }

    /// The calendar date and seconds since midnight of a count of seconds since 1970.
    static func civil(_ seconds: Int64) -> (date: CivilDate, seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (CivilDate(daysSinceEpoch: Int(days)), Int(seconds - days * 86_400))
    }

    /// "-0500", "+0530".
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let text = sign + Digits.pad(magnitude / 3600, 2) + Digits.pad(magnitude / 60 % 60, 2)
        return magnitude % 60 == 0 ? text : text + Digits.pad(magnitude % 60, 2)
    }
}

import ItineraryModel
import ItineraryPresentation
