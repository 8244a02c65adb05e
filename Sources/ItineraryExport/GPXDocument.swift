import ItineraryModel
import ItineraryPresentation

/// The trip's stops as GPX 1.1 for GPS and map apps: a waypoint for every
/// stop with coordinates, and one route a day through that day's stops in
/// the itinerary's order. Elements stand in the order the GPX 1.1 schema
/// requires, which Garmin's tools insist on.
package enum GPXDocument {
    /// The file's bytes.
    /// - Parameters:
    ///   - time: seconds since 1970 written as the file's time (from `SOURCE_DATE_EPOCH`).
    ///   - version: the tool's version, for `creator`.
    package static func gpx(_ trip: PresentedTrip, time: Int64, version: String) -> [UInt8] {
        let ordered = trip.ordered
        let formats = trip.formats
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="itinerary \(escape(version))" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata>
                <name>\(escape(ordered.trip.name))</name>
                <desc>\(escape(trip.mapDescription))</desc>
                <time>\(Instant(seconds: time).isoUTC)</time>

            """
        let stops = ordered.days.map { (day: $0, stops: $0.route) }
        let all = stops.flatMap(\.stops)
        if let bounds = bounds(all) { out += "    " + bounds + "\n" }
        out += "  </metadata>\n"
        // Ids compare by code points: canonically equivalent ids are different items.
        let entries = Dictionary(
            ordered.entries.map { (CodePointKey($0.item.id), $0) }, uniquingKeysWith: { first, _ in first })
        for (day, dayStops) in stops {
            for stop in dayStops {
                let entry = entries[CodePointKey(stop.itemID)]
                out += "  <wpt lat=\"\(coordinate(stop.latitude))\" lon=\"\(coordinate(stop.longitude))\">\n"
                if let game = entry?.game { out += "    <time>\(game.start.isoUTC)</time>\n" }
                out += "    <name>\(escape(stop.name))</name>\n"
                out += "    <desc>\(escape(description(stop, entry: entry, day: day, formats: formats)))</desc>\n"
                out += "    <sym>\(symbol(entry))</sym>\n"
                let kind = entry?.game != nil ? "game" : entry?.item.custom?.category.rawValue ?? "stop"
                out += "    <type>\(escape(kind))</type>\n"
                out += "  </wpt>\n"
            }
        }
        for (day, dayStops) in stops where !dayStops.isEmpty {
            out += "  <rte>\n"
            out += "    <name>\(escape(formats.dayHeader(day.number, day.date)))</name>\n"
            out += "    <number>\(day.number)</number>\n"
            for stop in dayStops {
                out += "    <rtept lat=\"\(coordinate(stop.latitude))\" lon=\"\(coordinate(stop.longitude))\">\n"
                out += "      <name>\(escape(stop.name))</name>\n"
                out += "      <sym>\(symbol(entries[CodePointKey(stop.itemID)]))</sym>\n"
                out += "    </rtept>\n"
            }
            out += "  </rte>\n"
        }
        out += "</gpx>\n"
        return Array(out.utf8)
    }

    /// "Day 1 · Fri, Mar 6 · Wrigley Field · Chicago · LAD @ CHC, 1:20 PM CST".
    private static func description(_ stop: RouteStop, entry: Entry?, day: Day, formats: Formats) -> String {
        var parts = [formats.dayLabel(day.number) + formats.language.separator + formats.shortDate(day.date)]
        if let game = entry?.game {
            parts += [stop.name, game.matchup + ", " + formats.gameTime(game)]
        } else if let custom = entry?.item.custom {
            parts.append(formats.categoryName(custom.category))
            if let time = custom.time { parts.append(formats.time(time)) }
            if let address = custom.location?.address, !address.isEmpty { parts.append(address) }
        }
        return parts.joined(separator: formats.language.separator)
    }

    /// A symbol name Garmin and most apps know, by kind.
    private static func symbol(_ entry: Entry?) -> String {
        if entry?.game != nil { return "Stadium" }
        switch entry?.item.custom?.category {
        case .restaurant: return "Restaurant"
        case .hotel: return "Lodging"
        case .activity: return "Scenic Area"
        case .note, nil: return "Flag, Blue"
        }
    }

    private static func bounds(_ stops: [RouteStop]) -> String? {
        guard let first = stops.first else { return nil }
        var minLat = first.latitude, maxLat = first.latitude, minLon = first.longitude, maxLon = first.longitude
        for stop in stops {
            minLat = min(minLat, stop.latitude)
            maxLat = max(maxLat, stop.latitude)
            minLon = min(minLon, stop.longitude)
            maxLon = max(maxLon, stop.longitude)
        }
        return "<bounds minlat=\"\(coordinate(minLat))\" minlon=\"\(coordinate(minLon))\" "
            + "maxlat=\"\(coordinate(maxLat))\" maxlon=\"\(coordinate(maxLon))\"/>"
    }

    /// A coordinate as XML Schema's decimal: no exponent.
    static func coordinate(_ value: Double) -> String {
        let literal = JSONNumber(value).literal
        guard literal.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else {
            return literal
        }
        var text = String(format: "%.9f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Text for XML: the five special characters as entities, and characters
    /// XML 1.0 cannot hold (most control characters) left out.
    static func escape(_ text: String) -> String {
        // Most texts need nothing done.
        if !text.utf8.contains(where: {
            $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0xEF
        }) {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

import Foundation
