import Foundation
import Testing
@testable import ItineraryModel
import TestSupport

@Suite struct ItineraryReaderTests {
    // MARK: The fixture

    @Test func sampleReads() throws {
        let itinerary = try Fixtures.sample()
        #expect(itinerary.trip.name == "Spring Swing 2026")
        #expect(itinerary.trip.startDate == CivilDate(year: 2026, month: 3, day: 6))
        #expect(itinerary.trip.dayCount == 5)
        #expect(itinerary.trip.timeZone.identifier == "America/Chicago")
        #expect(itinerary.trip.units == .imperial)
        #expect(itinerary.games.count == 4)
        #expect(itinerary.items.count == 16)
        #expect(itinerary.items.map(\.id).first == "i-t2")
        let hotel = try #require(itinerary.items.first { $0.id == "i-hotel-in" })
        #expect(hotel.custom?.time == LocalTime(hour: 11, minute: 0))
        #expect(hotel.notes == "Late checkout requested.\nParking: garage on Lake St.")
        #expect(hotel.confirmation == "HX-48213")
        #expect(itinerary.items.first { $0.id == "i-g1" }?.sortOrder == nil)
    }

    @Test func builtInSampleIsTheFixture() throws {
        #expect(SampleTrip.bytes == Fixtures.sampleBytes)
        #expect(SampleTrip.itinerary().items.count == 16)
        if let shared = Fixtures.sharedDirectory {
            let data = try Data(contentsOf: shared.appendingPathComponent("spring-swing.json"))
            #expect([UInt8](data) == Fixtures.sampleBytes, "Tests/Fixtures is out of date with ../shared/fixtures")
        }
    }

    @Test func unknownFieldsAreAcceptedAndKept() throws {
        let extra = object(["color": text("#ff0000"), "tags": .array([number(1), .null])])
        let document = try Fixtures.sampleDocument()
            .replacing([.key("x-app")], with: extra)
            .replacing([.key("trip"), .key("cover")], with: text("beach.jpg"))
            .replacing(item: 2, "x-rating", with: literal("4.50"))
            .replacing([.key("games"), .index(0), .key("stadium"), .key("roof")], with: .bool(true))
        let itinerary = try ItineraryReader.read(bytes: document.bytes)
        #expect(itinerary.document == document)
        #expect(itinerary.document.formatted == document.formatted)
        #expect(itinerary.document.formatted.contains("\"x-rating\": 4.50"))
    }

    // MARK: Every problem, in one pass

    @Test func everyProblemIsReportedInOnePass() throws {
        let document = try Fixtures.sampleDocument()
            .replacing([.key("trip"), .key("startDate")], with: text("2026-02-30"))
            .replacing([.key("games"), .index(1), .key("timeZone")], with: text("Mars/Olympus_Mons"))
            .replacing(item: 0, "day", with: number(0))
            .replacing(item: 3, "kind", with: text("hike"))
            .replacing(item: 6, "title", with: text(String(repeating: "x", count: 501)))
            .replacing(item: 8, "time", with: text("7:30 PM"))
        let found = problems(reading: document).map(\.summary)
        #expect(
            found == [
                "badDate @ trip.startDate",
                "badZone @ games[1] (id \"mlb-2026-03-06-lad-chc\").timeZone",
                "dayOutOfRange @ items[0] (id \"i-t2\").day",
                "unknownValue @ items[3] (id \"i-hotel-in\").kind",
                "tooLong @ items[6] (id \"i-note2\").title",
                "badTime @ items[8] (id \"i-dinner1\").time",
            ])
    }

    @Test func problemSentenceOfTheIssueExample() throws {
        // Put i-t2 fifth, as in the issue's example, and on a day the trip does not have.
        let sample = try Fixtures.sampleDocument()
        guard case .array(var items)? = sample["items"] else {
            Issue.record("no items")
            return
        }
        items.insert(items.remove(at: 0), at: 4)
        let document = sample.replacing([.key("items")], with: .array(items)).replacing(item: 4, "day", with: number(0))
        let found = problems(reading: document)
        #expect(found.map(\.description) == [#"items[4] (id "i-t2").day: 0 is not a day of this trip (1…5)."#])
    }

    @Test func everyProblemHasAMessageOnOneLine() throws {
        let document = try Fixtures.sampleDocument()
            .replacing(item: 0, "id", with: text("two\nlines"))
            .replacing(item: 1, "id", with: text("two\nlines"))
            .replacing(item: 2, "category", with: text("bar\r\n"))
            .replacing([.key("trip"), .key("timeZone")], with: text("A\u{2028}B"))
        let found = problems(reading: document)
        #expect(found.map(\.code) == [.badZone, .duplicateID, .unknownValue])
        for problem in found {
            #expect(!problem.message.isEmpty)
            let lines = problem.description.split(whereSeparator: \.isNewline)
            #expect(lines.count == 1, "\(problem.description.debugDescription)")
        }
        #expect(found[1].location.description == #"items[1] (id "two\nlines").id"#)
    }

    // MARK: Missing fields and wrong types

    @Test func missingRequiredFields() throws {
        let sample = try Fixtures.sampleDocument()
        let cases: [(JSONValue, String)] = [
            (sample.replacing([.key("format")], with: nil), "missingField @ "),
            (sample.replacing([.key("trip")], with: nil), "missingField @ "),
            (sample.replacing([.key("items")], with: .null), "missingField @ "),
            (sample.replacing([.key("trip"), .key("name")], with: nil), "missingField @ trip"),
            (sample.replacing([.key("trip"), .key("startDate")], with: .null), "missingField @ trip"),
            (
                sample.replacing([.key("games"), .index(2), .key("stadium")], with: nil),
                #"missingField @ games[2] (id "nba-2026-03-10-atl-chi")"#
            ),
            (
                sample.replacing([.key("games"), .index(2), .key("home"), .key("abbr")], with: nil),
                #"missingField @ games[2] (id "nba-2026-03-10-atl-chi").home"#
            ),
            (sample.replacing(item: 1, "gameId", with: nil), #"missingField @ items[1] (id "i-g1")"#),
            (sample.replacing(item: 1, "day", with: nil), #"missingField @ items[1] (id "i-g1")"#),
            (sample.replacing(item: 5, "toCity", with: nil), #"missingField @ items[5] (id "i-t1")"#),
            (sample.replacing(item: 7, "title", with: nil), #"missingField @ items[7] (id "i-checkout")"#),
            (sample.replacing(item: 7, "kind", with: nil), #"missingField @ items[7] (id "i-checkout")"#),
            (sample.replacing(item: 7, "id", with: nil), "missingField @ items[7]"),
        ]
        for (document, expected) in cases {
            #expect(problems(reading: document).map(\.summary) == [expected])
        }
        let missingName = problems(reading: sample.replacing([.key("trip"), .key("name")], with: nil))
        #expect(missingName.first?.message.contains("\"name\"") == true)
    }

    @Test func gamesMayBeAbsentWithoutGameItems() throws {
        let document = document(games: nil, items: [customItem("a", day: 1)])
        #expect(problems(reading: document).isEmpty)
        let withGame = self.document(items: [gameItem("g", day: 1, game: "nope")])
        #expect(problems(reading: withGame).map(\.summary) == [#"unknownGame @ items[0] (id "g").gameId"#])
    }

    private func document(games: [JSONValue]? = nil, items: [JSONValue]) -> JSONValue {
        ItineraryModelTests.document(games: games, items: items)
    }

    @Test func nullCountsAsAbsentForOptionalFields() throws {
        let document = document(items: [
            object([
                "id": text("a"), "day": number(1), "sortOrder": .null, "modifiedAt": .null, "kind": text("custom"),
                "category": text("note"), "title": text("A"), "time": .null, "location": .null, "notes": .null,
            ])
        ]).replacing([.key("trip"), .key("timeZone")], with: .null).replacing([.key("games")], with: .null)
        let itinerary = try ItineraryReader.read(bytes: document.bytes)
        #expect(itinerary.trip.timeZone == .utc)
        #expect(itinerary.items[0].sortOrder == nil)
    }

    @Test func wrongTypes() throws {
        let sample = try Fixtures.sampleDocument()
        let cases: [(JSONValue, String)] = [
            (.array([]), "wrongType @ "),
            (sample.replacing([.key("trip")], with: text("trip")), "wrongType @ trip"),
            (sample.replacing([.key("trip"), .key("dayCount")], with: text("5")), "wrongType @ trip.dayCount"),
            (sample.replacing([.key("games")], with: object([:])), "wrongType @ games"),
            (sample.replacing([.key("items")], with: text("none")), "wrongType @ items"),
            (sample.replacing([.key("items"), .index(2)], with: number(7)), "wrongType @ items[2]"),
            (sample.replacing(item: 2, "title", with: number(7)), #"wrongType @ items[2] (id "i-dinner3").title"#),
            (
                sample.replacing(item: 2, "sortOrder", with: text("150")),
                #"wrongType @ items[2] (id "i-dinner3").sortOrder"#
            ),
            (
                sample.replacing(item: 2, "location", with: .array([number(43), number(-87)])),
                #"wrongType @ items[2] (id "i-dinner3").location"#
            ),
            (sample.replacing(item: 3, "notes", with: .bool(true)), #"wrongType @ items[3] (id "i-hotel-in").notes"#),
            (sample.replacing(item: 0, "day", with: text("3")), #"wrongType @ items[0] (id "i-t2").day"#),
            (sample.replacing(item: 0, "mode", with: number(1)), #"wrongType @ items[0] (id "i-t2").mode"#),
            (
                sample.replacing([.key("games"), .index(0), .key("stadium"), .key("latitude")], with: text("43")),
                #"wrongType @ games[0] (id "nba-2026-03-08-orl-mil").stadium.latitude"#
            ),
        ]
        for (document, expected) in cases {
            #expect(problems(reading: document).map(\.summary) == [expected])
        }
    }

    @Test func wrongFormat() throws {
        let found = problems(
            reading: try Fixtures.sampleDocument().replacing([.key("format")], with: text("itinerary/v2")))
        #expect(found.map(\.summary) == ["wrongFormat @ format"])
        #expect(found.first?.message.contains("itinerary/v2") == true)
    }

    // MARK: Lengths, counted in code points

    @Test func lengthsAreCountedInCodePoints() throws {
        let sample = try Fixtures.sampleDocument()
        func titleProblems(_ title: String) -> [String] {
            problems(reading: sample.replacing(item: 6, "title", with: text(title))).map(\.summary)
        }
        let decomposed = "e\u{301}"  // one character, two code points
        #expect(titleProblems(String(repeating: decomposed, count: 250)).isEmpty)
        #expect(
            titleProblems(String(repeating: decomposed, count: 251)) == [#"tooLong @ items[6] (id "i-note2").title"#])
        #expect(titleProblems(String(repeating: "🛫", count: 500)).isEmpty)  // 2,000 bytes, 500 code points
        #expect(titleProblems(String(repeating: "🛫", count: 501)) == [#"tooLong @ items[6] (id "i-note2").title"#])
        #expect(titleProblems("") == [#"empty @ items[6] (id "i-note2").title"#])
        #expect(titleProblems("   ") == [#"empty @ items[6] (id "i-note2").title"#])
    }

    @Test(arguments: [
        (["trip", "name"], 200, "200"), (["items", "3", "notes"], 2_000, "2,000"),
        (["items", "3", "confirmation"], 100, "100"),
    ])
    func lengthLimits(path: [String], limit: Int, shown: String) throws {
        let components = path.map { Int($0).map(Location.Component.index) ?? .key($0) }
        let sample = try Fixtures.sampleDocument()
        #expect(
            problems(reading: sample.replacing(components, with: text(String(repeating: "é", count: limit)))).isEmpty)
        let found = problems(
            reading: sample.replacing(components, with: text(String(repeating: "é", count: limit + 1))))
        #expect(found.map(\.code) == [.tooLong])
        #expect(found.first?.location.path == components)
        #expect(found.first?.message.contains("at most \(shown)") == true)
    }

    // MARK: Numbers

    @Test func dayCountRange() throws {
        let sample = try Fixtures.sampleDocument()
        func dayCountProblems(_ value: JSONValue) -> [String] {
            problems(reading: sample.replacing([.key("trip"), .key("dayCount")], with: value)).map(\.summary)
        }
        #expect(dayCountProblems(number(0)) == ["outOfRange @ trip.dayCount"])
        #expect(dayCountProblems(number(-3)) == ["outOfRange @ trip.dayCount"])
        #expect(dayCountProblems(number(3_661)) == ["outOfRange @ trip.dayCount"])
        #expect(dayCountProblems(number(3_660)).isEmpty)
        #expect(dayCountProblems(literal("5.0")).isEmpty)
        #expect(dayCountProblems(literal("2.5")) == ["notWholeNumber @ trip.dayCount"])
        #expect(dayCountProblems(literal("1e999")) == ["outOfRange @ trip.dayCount"])
        #expect(dayCountProblems(literal("-1e999")) == ["outOfRange @ trip.dayCount"])
    }

    @Test func dayRange() throws {
        let sample = try Fixtures.sampleDocument()
        func dayProblems(_ value: JSONValue) -> [String] {
            problems(reading: sample.replacing(item: 6, "day", with: value)).map(\.summary)
        }
        let here = #"items[6] (id "i-note2").day"#
        #expect(dayProblems(number(6)) == ["dayOutOfRange @ \(here)"])
        #expect(dayProblems(number(0)) == ["dayOutOfRange @ \(here)"])
        #expect(dayProblems(number(-1)) == ["dayOutOfRange @ \(here)"])
        #expect(dayProblems(literal("-0")) == ["dayOutOfRange @ \(here)"])
        #expect(dayProblems(literal("1.5")) == ["notWholeNumber @ \(here)"])
        #expect(dayProblems(literal("1e999")) == ["dayOutOfRange @ \(here)"])
        #expect(dayProblems(literal("9007199254740993")) == ["dayOutOfRange @ \(here)"])
        #expect(dayProblems(literal("5.0")).isEmpty)
    }

    @Test func dayCountDefaultsToTheLastDayUsed() throws {
        let withoutCount = document(items: [customItem("a", day: 3), customItem("b", day: 3_660)])
            .replacing([.key("trip"), .key("dayCount")], with: nil)
        #expect(try ItineraryReader.read(bytes: withoutCount.bytes).trip.dayCount == 3_660)
        let tooFar = withoutCount.replacing(item: 1, "day", with: number(3_661))
        let found = problems(reading: tooFar)
        #expect(found.map(\.summary) == [#"dayOutOfRange @ items[1] (id "b").day"#])
        #expect(found.first?.message.contains("3660") == true)
        let empty = document(items: []).replacing([.key("trip"), .key("dayCount")], with: nil)
        #expect(try ItineraryReader.read(bytes: empty.bytes).trip.dayCount == 1)
    }

    @Test func numbersOutOfRange() throws {
        let sample = try Fixtures.sampleDocument()
        let cases: [(JSONValue, String)] = [
            (sample.replacing(item: 2, "sortOrder", with: literal("1e999")), #"items[2] (id "i-dinner3").sortOrder"#),
            (sample.replacing(item: 2, "sortOrder", with: literal("-1E400")), #"items[2] (id "i-dinner3").sortOrder"#),
            (
                sample.replacing([.key("items"), .index(2), .key("location"), .key("latitude")], with: number(90.5)),
                #"items[2] (id "i-dinner3").location.latitude"#
            ),
            (
                sample.replacing(
                    [.key("items"), .index(2), .key("location"), .key("longitude")], with: number(-180.01)),
                #"items[2] (id "i-dinner3").location.longitude"#
            ),
            (
                sample.replacing(
                    [.key("games"), .index(3), .key("stadium"), .key("longitude")], with: literal("1e999")),
                #"games[3] (id "nhl-2026-03-07-bos-det").stadium.longitude"#
            ),
            (sample.replacing(item: 0, "distanceMiles", with: number(-1)), #"items[0] (id "i-t2").distanceMiles"#),
            (
                sample.replacing(item: 0, "durationMinutes", with: literal("1e999")),
                #"items[0] (id "i-t2").durationMinutes"#
            ),
        ]
        for (document, location) in cases {
            #expect(problems(reading: document).map(\.summary) == ["outOfRange @ \(location)"])
        }
        // A fractional or negative sortOrder is a position like any other.
        #expect(problems(reading: sample.replacing(item: 2, "sortOrder", with: literal("-12.625"))).isEmpty)
        let huge = problems(reading: sample.replacing(item: 2, "sortOrder", with: literal("1e999")))
        #expect(huge.first?.message.contains("1e999") == true)
    }

    // MARK: Names and formats of values

    @Test func unknownNamesOfKindsCategoriesModesAndUnits() throws {
        let sample = try Fixtures.sampleDocument()
        let cases: [(JSONValue, String)] = [
            (sample.replacing(item: 2, "kind", with: text("Custom")), #"items[2] (id "i-dinner3").kind"#),
            (sample.replacing(item: 2, "category", with: text("bar")), #"items[2] (id "i-dinner3").category"#),
            (sample.replacing(item: 0, "mode", with: text("teleport")), #"items[0] (id "i-t2").mode"#),
            (sample.replacing([.key("trip"), .key("units")], with: text("nautical")), "trip.units"),
        ]
        for (document, location) in cases {
            #expect(problems(reading: document).map(\.summary) == ["unknownValue @ \(location)"])
        }
        let mode = problems(reading: cases[2].0).first?.message ?? ""
        #expect(mode.contains("teleport") && mode.contains("\"flight\""))
    }

    @Test(arguments: [
        "2026-02-30", "2026-3-6", "2026-13-01", "0000-01-01", "2026-03-06T00:00:00Z", "", "06/03/2026", "2026-03-0a",
    ])
    func badStartDate(value: String) throws {
        let found = problems(
            reading: try Fixtures.sampleDocument().replacing([.key("trip"), .key("startDate")], with: text(value)))
        #expect(found.map(\.summary) == ["badDate @ trip.startDate"])
    }

    @Test func leapDayIsADate() throws {
        let leap = document(items: [customItem("a", day: 1)]).replacing(
            [.key("trip"), .key("startDate")], with: text("2028-02-29"))
        #expect(try ItineraryReader.read(bytes: leap.bytes).trip.startDate == CivilDate(year: 2028, month: 2, day: 29))
        let notLeap = leap.replacing([.key("trip"), .key("startDate")], with: text("2026-02-29"))
        #expect(problems(reading: notLeap).map(\.summary) == ["badDate @ trip.startDate"])
        #expect(CivilDate(iso: "2000-02-29") != nil)
        #expect(CivilDate(iso: "1900-02-29") == nil)
    }

    @Test(arguments: [
        "2026-03-08T20:00:00", "2026-03-08 20:00:00-05:00", "2026-03-08T25:00:00-05:00", "2026-03-08T20:00-05:00",
        "2026-03-08T20:00:00-0500", "2026-03-08T20:00:00+24:00", "2026-03-32T20:00:00Z", "2026-03-08T20:00:00.Z",
        "tomorrow", "",
    ])
    func badGameStart(value: String) throws {
        let found = problems(
            reading: try Fixtures.sampleDocument().replacing(
                [.key("games"), .index(0), .key("start")], with: text(value)))
        #expect(found.map(\.summary) == [#"badDateTime @ games[0] (id "nba-2026-03-08-orl-mil").start"#])
    }

    @Test func badModifiedAt() throws {
        let found = problems(
            reading: try Fixtures.sampleDocument().replacing(item: 2, "modifiedAt", with: text("2026-01-17")))
        #expect(found.map(\.summary) == [#"badDateTime @ items[2] (id "i-dinner3").modifiedAt"#])
        let fractional = try Fixtures.sampleDocument().replacing(
            item: 2, "modifiedAt", with: text("2026-01-17T11:01:16.250+01:00"))
        #expect(problems(reading: fractional).isEmpty)
    }

    @Test(arguments: ["24:00", "9:00", "09:60", "0900", "09:00:00", "9.00", "", "-1:00"])
    func badTime(value: String) throws {
        let found = problems(reading: try Fixtures.sampleDocument().replacing(item: 3, "time", with: text(value)))
        #expect(found.map(\.summary) == [#"badTime @ items[3] (id "i-hotel-in").time"#])
    }

    @Test(arguments: [
        "Mars/Olympus_Mons", "america/chicago ", "", "../../../etc/passwd", "/usr/share/zoneinfo/UTC", "Central Time",
    ])
    func badTimeZone(value: String) throws {
        let sample = try Fixtures.sampleDocument()
        #expect(
            problems(reading: sample.replacing([.key("trip"), .key("timeZone")], with: text(value))).map(\.summary)
                == ["badZone @ trip.timeZone"])
        #expect(
            problems(reading: sample.replacing([.key("games"), .index(2), .key("timeZone")], with: text(value))).map(
                \.summary)
                == [#"badZone @ games[2] (id "nba-2026-03-10-atl-chi").timeZone"#])
    }

    @Test func teamAbbreviations() throws {
        let sample = try Fixtures.sampleDocument()
        let at: [Location.Component] = [.key("games"), .index(0), .key("away"), .key("abbr")]
        #expect(problems(reading: sample.replacing(at, with: text("O"))).map(\.code) == [.outOfRange])
        #expect(problems(reading: sample.replacing(at, with: text("ORLAN"))).map(\.code) == [.tooLong])
        #expect(problems(reading: sample.replacing(at, with: text("O1"))).map(\.code) == [.outOfRange])
        #expect(problems(reading: sample.replacing(at, with: text("MTL"))).isEmpty)
    }

    // MARK: References between parts

    @Test func duplicateIDFixture() throws {
        let found = problems(reading: Fixtures.bytes("invalid/duplicate-id.json"))
        #expect(found.map(\.summary) == [#"duplicateID @ items[4] (id "i-g3").id"#])
        #expect(found.first?.message.contains(#"items[3] (id "i-g3")"#) == true)
    }

    @Test func composedAndDecomposedIDsAreDifferentIDs() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)  // Swift's String equality would merge them
        let distinct = document(items: [customItem(composed, day: 1), customItem(decomposed, day: 1)])
        let itinerary = try ItineraryReader.read(bytes: distinct.bytes)
        #expect(itinerary.items.count == 2)
        let same = document(items: [customItem(composed, day: 1), customItem(composed, day: 2)])
        #expect(problems(reading: same).map(\.summary) == [#"duplicateID @ items[1] (id "café").id"#])
    }

    @Test func gameIDsCompareByCodePoints() throws {
        let composed = "g-caf\u{E9}", decomposed = "g-cafe\u{301}"
        let games = [
            gameObject(composed, start: "2026-03-06T19:00:00-06:00", away: "AAA"),
            gameObject(decomposed, start: "2026-03-07T19:00:00-06:00", away: "BBB"),
        ]
        let both = document(
            games: games, items: [gameItem("x", day: 2, game: decomposed), gameItem("y", day: 1, game: composed)])
        let itinerary = try ItineraryReader.read(bytes: both.bytes)
        #expect(itinerary.game(of: itinerary.items[0])?.away.abbr == "BBB")
        #expect(itinerary.game(of: itinerary.items[1])?.away.abbr == "AAA")
        // A reference must name the game with the same code points.
        let onlyComposed = document(games: [games[0]], items: [gameItem("x", day: 1, game: decomposed)])
        #expect(problems(reading: onlyComposed).map(\.summary) == [#"unknownGame @ items[0] (id "x").gameId"#])
        let twice = document(games: [games[0], games[0]], items: [])
        #expect(problems(reading: twice).map(\.summary) == [#"duplicateID @ games[1] (id "g-café").id"#])
    }

    @Test func editingTheCatalogueKeepsLookupsRight() throws {
        var itinerary = try Fixtures.sample()
        itinerary.games.removeAll { $0.id == "nba-2026-03-08-orl-mil" }  // the first game: every other moves up
        #expect(itinerary.game(id: "nba-2026-03-08-orl-mil") == nil)
        #expect(itinerary.game(id: "nhl-2026-03-07-bos-det")?.matchup == "BOS @ DET")
        itinerary.games.append(itinerary.games[0])
        itinerary.games[0].id = "renamed"
        #expect(itinerary.game(id: "renamed")?.matchup == "LAD @ CHC")
    }

    @Test func unknownGameFixture() throws {
        let index = try sampleIndex(of: "i-g3")
        let found = problems(reading: Fixtures.bytes("invalid/unknown-game.json"))
        #expect(found.map(\.summary) == [#"unknownGame @ items[\#(index)] (id "i-g3").gameId"#])
        #expect(found.first?.message.contains("nba-2026-03-08-xxx-mil") == true)
    }

    @Test func gameListedTwice() throws {
        let found = problems(
            reading: try Fixtures.sampleDocument().replacing(item: 4, "gameId", with: text("mlb-2026-03-06-lad-chc")))
        #expect(found.map(\.summary) == [#"gameListedTwice @ items[4] (id "i-g3").gameId"#])
    }

    @Test func travelNeedsASortOrder() throws {
        let found = problems(reading: try Fixtures.sampleDocument().replacing(item: 0, "sortOrder", with: nil))
        #expect(found.map(\.summary) == [#"missingSortOrder @ items[0] (id "i-t2").sortOrder"#])
        let null = problems(reading: try Fixtures.sampleDocument().replacing(item: 0, "sortOrder", with: .null))
        #expect(null.map(\.code) == [.missingSortOrder])
    }

    @Test func notJSONReportsLineAndColumn() {
        let found = problems(reading: Fixtures.bytes("invalid/truncated.json"))
        #expect(found.map(\.code) == [.notJSON])
        #expect(found.first?.location.line == 128)
        #expect(found.first?.location.description.hasPrefix("line 128, column ") == true)
    }

    // MARK: Size limits

    @Test func moreThanTheItemLimitIsOneProblem() throws {
        let items = [String](repeating: "null", count: ItineraryReader.maximumItems + 1).joined(separator: ",")
        let text =
            #"{"format": "itinerary/v1", "trip": {"id": "t", "name": "n", "startDate": "2026-03-06"}, "items": ["#
            + items + "]}"
        let found = problems(reading: Array(text.utf8))
        #expect(found.map(\.summary) == ["tooManyItems @ items"])
        #expect(found.first?.message.contains("100,000") == true)
    }

    @Test func theItemLimitItselfIsAllowed() throws {
        // 100,000 items pass the count; each is then judged on its own (here: not an object).
        let items = [String](repeating: "null", count: ItineraryReader.maximumItems).joined(separator: ",")
        let text =
            #"{"format": "itinerary/v1", "trip": {"id": "t", "name": "n", "startDate": "2026-03-06"}, "items": ["#
            + items + "]}"
        let found = problems(reading: Array(text.utf8))
        #expect(found.count == ItineraryReader.maximumItems)
        #expect(found.allSatisfy { $0.code == .wrongType })
        #expect(found.last?.location.description == "items[99999]")
    }

    @Test func moreThan32MiBIsOneProblem() throws {
        // Exactly the limit is parsed (and fails at once on its first byte); one byte more is not.
        var bytes = [UInt8](repeating: 0x20, count: ItineraryReader.maximumBytes)
        bytes[0] = UInt8(ascii: "x")
        #expect(problems(reading: bytes).map(\.summary) == ["notJSON @ line 1, column 1"])
        bytes.append(0x20)
        let found = problems(reading: bytes)
        #expect(found.map(\.summary) == ["tooLarge @ "])
        #expect(found.first?.message.contains("32 MiB") == true)
    }
}

/// Numbers too large for their field are out of that field's range, said with the range.
@Suite struct LargeNumberMessageTests {
    @Test func aHugeDayIsNotADayOfTheTrip() throws {
        let document = try Fixtures.sampleDocument().replacing(item: 0, "day", with: literal("1000000000000000"))
        let found = problems(reading: document)
        #expect(found.map(\.code) == [.dayOutOfRange])
        #expect(found.first?.message.contains("(1…5)") == true)
    }

    @Test func aHugeDayCountSaysItsRange() throws {
        let document = try Fixtures.sampleDocument().replacing(
            [.key("trip"), .key("dayCount")], with: literal("1e300"))
        let found = problems(reading: document)
        #expect(found.map(\.code) == [.outOfRange])
        #expect(found.first?.message.contains("1…3660") == true)
    }
}
