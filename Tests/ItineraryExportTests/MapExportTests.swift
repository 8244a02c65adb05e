import Foundation
import ItineraryExport
import ItineraryKit
import ItineraryModel
import ItineraryPresentation
import TestSupport
import Testing

/// KML and GeoJSON: a point for each item with coordinates in the traveller's
/// order, a line for each day's travel in the day's colour, read back by GDAL's
/// ogrinfo, gpsbabel and Python's geojson (check_maps.py); `--omit` as for GPX.
@Suite struct MapExportTests {
    /// The items with coordinates, in the itinerary's order: a game's stadium, a custom item's place.
    static func expectedPoints(_ trip: CheckedTrip) -> [(name: String, longitude: Double, latitude: Double)] {
        trip.ordered.entries.compactMap { entry in
            if let game = entry.game {
                return (oneLine(game.matchup), game.stadium.longitude, game.stadium.latitude)
            }
            if let custom = entry.item.custom, let place = custom.location {
                return (oneLine(custom.title), place.longitude, place.latitude)
            }
            return nil
        }
    }

    /// A name on one line, as map apps show it: line breaks and tabs as spaces, other controls left out.
    static func oneLine(_ text: String) -> String {
        let breaks = text.replacingOccurrences(of: "\r\n", with: "\n")
        return String(
            String.UnicodeScalarView(
                breaks.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    if ["\n", "\r", "\t", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) { return " " }
                    return scalar.properties.generalCategory == .control ? nil : scalar
                }))
    }

    @Test(arguments: ["sample", "three zones", "hostile"])
    func readersFindEveryPointAndLine(_ name: String) throws {
        let trip = try ExportReadBackTests.trip(name)
        let files = try trip.render([.kml, .geojson])
        let points = Self.expectedPoints(trip)
        let geojson = try JSONSerialization.jsonObject(with: Data(files[1][0])) as? [String: Any]
        let features = geojson?["features"] as? [[String: Any]] ?? []
        let lines = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" }
        var expected: [String: Any] = ["points": points.count, "lines": lines.count, "names": points.map(\.name)]
        if let first = points.first { expected["first_point"] = [first.longitude, first.latitude] }
        try Self.check(kml: files[0][0], geojson: files[1][0], expected: expected)
    }

    @Test func eachDaysTravelIsOneLineInItsColourFromWhereTheDayStarts() throws {
        let geojson = try JSONSerialization.jsonObject(with: Data(CheckedTrip.sample.render(.geojson)[0]))
        let features = (geojson as? [String: Any])?["features"] as? [[String: Any]] ?? []
        let lines = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" }
        // The sample's five days each move: Chicago, to Detroit, to Milwaukee, around Milwaukee, back to Chicago.
        #expect(lines.map { ($0["properties"] as? [String: Any])?["day"] as? Int } == [1, 2, 3, 4, 5])
        let strokes = lines.map { ($0["properties"] as? [String: Any])?["stroke"] as? String ?? "" }
        #expect(strokes == ["#2f5da8", "#d9822b", "#7a4fa3", "#3c8d5a", "#c2417c"])
        // Day 2 starts where day 1 ended (Wrigley Field is not the last stop: dinner is) and reaches Detroit.
        let day2 = (lines[1]["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] ?? []
        #expect(day2.first == [-87.6339, 41.8905])
        #expect(day2.last == [-83.0553, 42.3411])
    }

    @Test func pointsAreDescribedInTheDocumentsLanguage() throws {
        var options = RenderOptions()
        options.locale = "de"
        let kml = String(decoding: try CheckedTrip.sample.render(.kml, options: options)[0], as: UTF8.self)
        #expect(kml.contains("<description>Tag 1 · "))
        #expect(kml.contains("Aktivität"))
        options.locale = "ar"
        let arabic = String(decoding: try CheckedTrip.sample.render(.geojson, options: options)[0], as: UTF8.self)
        #expect(arabic.contains("اليوم"))
    }

    @Test func omittedAddressesAreLeftOutAsInGPX() throws {
        let full = String(decoding: try CheckedTrip.sample.render(.kml)[0], as: UTF8.self)
        #expect(full.contains("200 N Green St"))
        for format in [OutputFormat.kml, .geojson, .gpx] {
            let shared = String(
                decoding: try CheckedTrip.sample.render(format, options: RenderOptions(omit: [.addresses]))[0],
                as: UTF8.self)
            #expect(!shared.contains("200 N Green St"), "\(format)")
        }
    }

    @Test func aTripWithoutCoordinatesGivesEmptyCollections() throws {
        let trip = try CheckedTrip(
            bytes: Array(
                ExportReadBackTests.json(
                    games: [],
                    items: [#"{"id": "n1", "day": 1, "kind": "custom", "category": "note", "title": "Pack"}"#]
                ).utf8))
        let files = try trip.render([.kml, .geojson, .gpx])
        // Never a blank file: the trip's name, its dates and the sentence that says why there is nothing.
        let geojson = try #require(try JSONSerialization.jsonObject(with: Data(files[1][0])) as? [String: Any])
        #expect(geojson["type"] as? String == "FeatureCollection")
        #expect((geojson["features"] as? [Any])?.isEmpty == true)
        #expect(geojson["name"] as? String == "Test trip")
        #expect((geojson["description"] as? String)?.hasSuffix(" · No places with coordinates to map.") == true)
        let kml = String(decoding: files[0][0], as: UTF8.self)
        #expect(!kml.contains("<Placemark>") && kml.contains("No places with coordinates to map."))
        #expect(String(decoding: files[2][0], as: UTF8.self).contains("No places with coordinates to map.</desc>"))
        let german = try trip.render(.gpx, options: RenderOptions(locale: "de"))[0]
        #expect(String(decoding: german, as: UTF8.self).contains("Keine Orte mit Koordinaten für die Karte."))
    }

    static func check(kml: [UInt8], geojson: [UInt8], expected: [String: Any]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kmlFile = folder.appendingPathComponent("trip.kml"),
            geojsonFile = folder.appendingPathComponent("trip.geojson")
        let expectation = folder.appendingPathComponent("expected.json")
        try Data(kml).write(to: kmlFile)
        try Data(geojson).write(to: geojsonFile)
        try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys]).write(to: expectation)
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", ExportReadBackTests.scripts.appendingPathComponent("check_maps.py").path, kmlFile.path,
                geojsonFile.path, expectation.path,
            ])
        #expect(result.status == 0, "check_maps.py: \(result.stdout)\(result.stderr)")
    }
}
