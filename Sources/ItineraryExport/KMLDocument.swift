import ItineraryModel
import ItineraryPresentation

/// The trip as KML 2.2 (OGC 07-147r2) for Google Earth, Google My Maps and
/// offline map apps: a folder of placemarks, one for each item with
/// coordinates, and a folder of the days' travel lines, each in its day's colour.
package enum KMLDocument {
    /// The file's bytes.
    package static func kml(_ trip: PresentedTrip) -> [UInt8] {
        let features = MapFeatures(trip)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
              <Document>
                <name>\(escape(features.name))</name>
                <description>\(escape(features.description))</description>

            """
        for day in Set(features.lines.map(\.day)).sorted() {
            guard let line = features.lines.first(where: { $0.day == day }) else { continue }
            out += """
                    <Style id="day-\(day)">
                      <LineStyle><color>\(kmlColour(line.colour))</color><width>4</width></LineStyle>
                    </Style>

                """
        }
        out += "    <Folder>\n      <name>\(escape(trip.formats.stops(features.points.count)))</name>\n"
        for point in features.points {
            out += """
                      <Placemark>
                        <name>\(escape(point.name))</name>
                        <description>\(escape(point.description))</description>
                        <ExtendedData>
                          <Data name="day"><value>\(point.day)</value></Data>
                          <Data name="kind"><value>\(escape(point.kind))</value></Data>
                        </ExtendedData>
                        <Point><coordinates>\(coordinates(point.latitude, point.longitude))</coordinates></Point>
                      </Placemark>

                """
        }
        out += "    </Folder>\n"
        if !features.lines.isEmpty {
            out += "    <Folder>\n      <name>\(escape(trip.formats.language.text(.routeTitle)))</name>\n"
            for line in features.lines {
                let path = line.coordinates.map { coordinates($0.latitude, $0.longitude) }.joined(separator: " ")
                out += """
                          <Placemark>
                            <name>\(escape(line.name))</name>
                            <styleUrl>#day-\(line.day)</styleUrl>
                            <ExtendedData>
                              <Data name="day"><value>\(line.day)</value></Data>
                              <Data name="stroke"><value>\(line.colour)</value></Data>
                            </ExtendedData>
                            <LineString><tessellate>1</tessellate><coordinates>\(path)</coordinates></LineString>
                          </Placemark>

                    """
            }
            out += "    </Folder>\n"
        }
        out += "  </Document>\n</kml>\n"
        return Array(out.utf8)
    }

    /// KML's colour: alpha, blue, green, red in hex (`#2f5da8` → `ffa85d2f`).
    static func kmlColour(_ hex: String) -> String {
        let rgb = Array(hex.dropFirst())
        return "ff" + String(rgb[4...5]) + String(rgb[2...3]) + String(rgb[0...1])
    }

    /// `longitude,latitude`, as KML orders them.
    private static func coordinates(_ latitude: Double, _ longitude: Double) -> String {
        GPXDocument.coordinate(longitude) + "," + GPXDocument.coordinate(latitude)
    }

    private static func escape(_ text: String) -> String { GPXDocument.escape(text) }
}
