import Foundation
import ItineraryKit
import TestSupport
import Testing
import ZIPFoundation

/// Wallet passes as Apple's tooling reads them (`Scripts/check_pkpass.py`: OpenSSL's smime verify against a
/// test root standing in for Apple's, every hash, every image decoded, pass.json's fields), signed with
/// certificates the tests make as Apple's are made (`Scripts/make_certificates.sh`).
@Suite struct PassTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")

    /// The certificates, made once for the whole suite.
    static let certificates: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pass-certificates-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try? runProcess(
            URL(fileURLWithPath: "/bin/bash"),
            [scripts.appendingPathComponent("make_certificates.sh").path, folder.path])
        return folder
    }()

    static func path(_ name: String) -> String { certificates.appendingPathComponent(name).path }

    static func identity() throws -> SigningIdentity {
        try SigningIdentity(certificateFile: path("pass.pem"), keyFile: path("pass.key"))
    }

    static func options(
        locale: String? = nil, omit: Set<OmittedField> = [], theme: Theme? = nil
    ) throws -> RenderOptions {
        var options = RenderOptions(omit: omit, locale: locale, theme: theme)
        options.passIdentity = try identity()
        return options
    }

    /// A pass's files by name, in the zip's order.
    static func entries(_ bytes: [UInt8]) throws -> [(name: String, bytes: [UInt8])] {
        let archive = try Archive(data: Data(bytes), accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return (entry.path, Array(data))
        }
    }

    static func passJSON(_ bytes: [UInt8]) throws -> [String: Any] {
        let json = try #require(try entries(bytes).first { $0.name == "pass.json" }).bytes
        return try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    }

    /// Runs check_pkpass.py on a pass with what it must hold.
    static func check(_ pass: [UInt8], expected: [String: Any]) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trip.pkpass"), expectation = folder.appendingPathComponent("e.json")
        try Data(pass).write(to: file)
        try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys]).write(to: expectation)
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", scripts.appendingPathComponent("check_pkpass.py").path, file.path, expectation.path,
                path("testroot.pem"),
            ])
        #expect(result.status == 0, "check_pkpass.py: \(result.stdout)\(result.stderr)")
    }

    static let icons: [String: [Int]] = ["icon.png": [29, 29], "icon@2x.png": [58, 58], "icon@3x.png": [87, 87]]
    static let plainEntries = ["pass.json", "icon.png", "icon@2x.png", "icon@3x.png", "manifest.json", "signature"]

    @Test func everyGameOfTheSampleIsAPassAppleWouldTake() throws {
        let trip = CheckedTrip.sample
        let passes = try trip.render(.pkpass, options: try Self.options())
        #expect(passes.count == 4)
        #expect(
            trip.passNames.map(\.name) == [
                "mlb-2026-03-06-lad-chc", "nhl-2026-03-07-bos-det", "nba-2026-03-08-orl-mil", "nba-2026-03-10-atl-chi",
            ])
        // The third game: Orlando at Milwaukee, 8 PM in Chicago's zone, after the drive from Detroit.
        try Self.check(
            passes[2],
            expected: [
                "entries": Self.plainEntries, "images": Self.icons,
                "fields": [
                    "formatVersion": 1, "passTypeIdentifier": "pass.com.example.itinerary",
                    "teamIdentifier": "ABCDE12345", "organizationName": "Itinerary", "logoText": "Itinerary",
                    "description": "Orlando Magic at Milwaukee Bucks",
                    "groupingIdentifier": "5E0C6A2B-7F4D-4C1A-9B3E-2D8F6A1C0B47",
                    "backgroundColor": "rgb(20, 33, 61)", "foregroundColor": "rgb(255, 255, 255)",
                    "relevantDate": "2026-03-08T20:00:00-05:00",
                    "locations.0.latitude": 43.0451, "locations.0.longitude": -87.9172,
                    "eventTicket.primaryFields.0.label": "NBA", "eventTicket.primaryFields.0.value": "ORL @ MIL",
                    "eventTicket.secondaryFields.0.value": "Fiserv Forum",
                    "eventTicket.secondaryFields.1.value": "Milwaukee",
                    "eventTicket.headerFields.0.value": "2026-03-08T20:00:00-05:00",
                    "eventTicket.headerFields.0.dateStyle": "PKDateStyleMedium",
                    "eventTicket.headerFields.0.ignoresTimeZone": true,
                    "eventTicket.auxiliaryFields.0.timeStyle": "PKDateStyleShort",
                    "eventTicket.backFields.0.value": "Spring Swing 2026",
                    "eventTicket.backFields.1.label": "Day 3",
                    "eventTicket.backFields.4.label": "Drive",
                    "eventTicket.backFields.2.value": "Tickets are in the team app — section 112, row F",
                    "semantics.eventType": "PKEventTypeSports",
                    "semantics.eventName": "Orlando Magic at Milwaukee Bucks",
                    "semantics.eventStartDate": "2026-03-08T20:00:00-05:00",
                    "semantics.eventEndDate": "2026-03-08T22:30:00-05:00",
                    "semantics.venueName": "Fiserv Forum",
                    "semantics.venueLocation.latitude": 43.0451,
                    "semantics.homeTeamName": "Milwaukee Bucks", "semantics.homeTeamAbbreviation": "MIL",
                    "semantics.awayTeamName": "Orlando Magic", "semantics.awayTeamAbbreviation": "ORL",
                    "semantics.leagueName": "NBA",
                ],
            ])
        let back = try #require(try Self.passJSON(passes[2])["eventTicket"] as? [String: Any])["backFields"]
        let drive = try #require((back as? [[String: Any]])?.first { $0["label"] as? String == "Drive" })
        #expect((drive["value"] as? String)?.hasPrefix("Detroit → Milwaukee · 380 mi") == true, "\(drive)")
        // Detroit's game is in Detroit's zone.
        #expect(try Self.passJSON(passes[1])["relevantDate"] as? String == "2026-03-07T19:00:00-05:00")
    }

    /// The same game of the same trip has the same serial number on every render, whatever the language or
    /// the fields left out, so a pass issued again replaces the one in Wallet; two games never share one.
    @Test func serialNumbersAreStableAndUnique() throws {
        let trip = CheckedTrip.sample
        let first = try trip.render(.pkpass, options: try Self.options()).map { try Self.passJSON($0) }
        let again = try trip.render(.pkpass, options: try Self.options(locale: "de", omit: [.notes])).map {
            try Self.passJSON($0)
        }
        let serials = first.compactMap { $0["serialNumber"] as? String }
        #expect(serials.count == 4 && Set(serials).count == 4)
        #expect(again.compactMap { $0["serialNumber"] as? String } == serials)
        #expect(serials.allSatisfy { UUID(uuidString: $0) != nil && Array($0)[14] == "5" })
    }

    /// Apart from the signature (its signing time), the same trip gives the same bytes: the same entries in
    /// the same order with the same date.
    @Test func theSameTripGivesTheSameFilesButTheSignature() throws {
        let trip = CheckedTrip.sample
        let one = try Self.entries(try trip.render(.pkpass, options: try Self.options())[0])
        let two = try Self.entries(try trip.render(.pkpass, options: try Self.options())[0])
        #expect(one.map(\.name) == two.map(\.name))
        for (a, b) in zip(one, two) where a.name != "signature" { #expect(a.bytes == b.bytes, "\(a.name)") }
    }

    /// Every label comes from the catalogue of the language asked for; the dates stay ISO 8601 for the
    /// phone to write in its reader's language.
    @Test func labelsAreInTheLanguageAsked() throws {
        let pass = try Self.passJSON(try CheckedTrip.sample.render(.pkpass, options: try Self.options(locale: "de"))[0])
        let ticket = try #require(pass["eventTicket"] as? [String: [[String: Any]]])
        #expect(ticket["headerFields"]?.first?["label"] as? String == "Datum")
        #expect(ticket["secondaryFields"]?.map { $0["label"] as? String } == ["Spielstätte", "Stadt"])
        #expect(ticket["auxiliaryFields"]?.first?["label"] as? String == "Uhrzeit")
        #expect(ticket["backFields"]?.first?["label"] as? String == "Reise")
        #expect(pass["description"] as? String == "Los Angeles Dodgers zu Gast bei Chicago Cubs")
        #expect(ticket["headerFields"]?.first?["value"] as? String == "2026-03-06T13:20:00-06:00")
    }

    /// `omit` holds on the back of a pass: no confirmation, note or address of the way to the game.
    @Test func omittedFieldsStayOff() throws {
        let trip = CheckedTrip.sample
        let full = String(
            decoding: try Self.entries(try trip.render(.pkpass, options: try Self.options())[0])[0].bytes, as: UTF8.self
        )
        #expect(full.contains("HX-48213") && full.contains("200 N Green St") && full.contains("Late checkout"))
        let shared = try trip.render(.pkpass, options: try Self.options(omit: [.confirmations, .notes, .addresses]))
        try Self.check(
            shared[0],
            expected: [
                "entries": Self.plainEntries, "images": Self.icons,
                "fields": ["eventTicket.backFields.2.label": "Hotel"],
                "absent": ["HX-48213", "200 N Green St", "Late checkout", "confirmationNumber"],
            ])
    }

    /// A theme's name is the organisation, its logo (SVG, through librsvg) the logo at 1, 2 and 3 pixels a
    /// point within 160 × 50 points, its colours the ticket's, readable.
    @Test(arguments: ["northwind", "harbor"])
    func aThemeGivesItsLookAndLogo(_ name: String) throws {
        let theme = try Theme(contentsOf: Fixtures.directory.appendingPathComponent("themes/\(name).json").path)
        let pass = try CheckedTrip.sample.render(.pkpass, options: try Self.options(theme: theme))[0]
        let logo = try #require(try Self.entries(pass).first { $0.name == "logo.png" }).bytes
        let width = Int(logo[16]) << 24 | Int(logo[17]) << 16 | Int(logo[18]) << 8 | Int(logo[19])
        let height = Int(logo[20]) << 24 | Int(logo[21]) << 16 | Int(logo[22]) << 8 | Int(logo[23])
        #expect(width <= 160 && height <= 50 && (width == 160 || height == 50), "\(width)×\(height)")
        var images = Self.icons
        for scale in [1, 2, 3] {
            images[scale == 1 ? "logo.png" : "logo@\(scale)x.png"] = [width * scale, height * scale]
        }
        try Self.check(
            pass,
            expected: [
                "entries": [
                    "pass.json", "icon.png", "icon@2x.png", "icon@3x.png", "logo.png", "logo@2x.png",
                    "logo@3x.png", "manifest.json", "signature",
                ],
                "images": images,
                "fields": ["organizationName": theme.name],
                "absent": ["logoText"],
            ])
    }

    /// Every bundle entry is a pass of the trip, named as the command line names the files.
    @Test func theBundleHoldsEveryPass() throws {
        let trip = CheckedTrip.sample
        let bundle = try trip.render(.pkpasses, options: try Self.options())
        #expect(bundle.count == 1)
        let entries = try Self.entries(bundle[0])
        #expect(entries.map(\.name) == trip.passNames.map { "spring-swing-2026-\($0.name).pkpass" })
        try Self.check(entries[3].bytes, expected: ["entries": Self.plainEntries, "images": Self.icons, "fields": [:]])
    }

    @Test func oneGameAlone() throws {
        var options = try Self.options()
        options.game = "nhl-2026-03-07-bos-det"
        let passes = try CheckedTrip.sample.render(.pkpass, options: options)
        #expect(passes.count == 1)
        #expect(try Self.passJSON(passes[0])["description"] as? String == "Boston Bruins at Detroit Red Wings")
        options.game = "nope"
        #expect { try CheckedTrip.sample.render(.pkpass, options: options) } throws: {
            ($0 as? Problem)?.code == .badOption && ($0 as? Problem)?.location == "game"
        }
    }

    @Test func aTripWithoutGamesHasNoPass() throws {
        let json = """
            {"format": "itinerary/v1", "trip": {"id": "t", "name": "Quiet", "startDate": "2026-03-06", "dayCount": 1},
             "games": [], "items": []}
            """
        let trip = try CheckedTrip(bytes: Array(json.utf8))
        #expect(trip.passNames.isEmpty)
        #expect { try trip.render(.pkpass, options: try Self.options()) } throws: {
            ($0 as? Problem)?.code == .noGames
        }
    }

    /// What cannot sign a pass is refused before anything is drawn, naming the file at fault.
    @Test func identitiesThatCannotSignArePassedOver() throws {
        #expect { try CheckedTrip.sample.render(.pkpass) } throws: { ($0 as? Problem)?.code == .badOption }
        let refused: [(certificate: String, key: String, password: String?)] = [
            ("pass.pem", "other.key", nil), ("expired.pem", "pass.key", nil), ("pass.pem", "encrypted.key", nil),
            ("missing.pem", "pass.key", nil),
        ]
        for (certificate, key, password) in refused {
            #expect(throws: Problem.self, "\(certificate) \(key)") {
                try SigningIdentity(
                    certificateFile: Self.path(certificate), keyFile: Self.path(key),
                    passwordFile: password.map(Self.path))
            }
        }
        // An encrypted key with its password signs.
        var options = RenderOptions()
        options.passIdentity = try SigningIdentity(
            certificateFile: Self.path("pass.pem"), keyFile: Self.path("encrypted.key"),
            passwordFile: Self.path("password.txt"))
        #expect(try CheckedTrip.sample.render(.pkpass, options: options).count == 4)
        // A certificate without UID and OU is no Pass Type ID certificate.
        options.passIdentity = try SigningIdentity(
            certificateFile: Self.path("plain.pem"), keyFile: Self.path("pass.key"))
        #expect(throws: Problem.self) { try options.check() }
    }
}
