import Testing
import ItineraryConstraints
import ItineraryModel
import TestSupport

/// The rules of the design, one example each, in the design's words.
@Suite struct ConstraintRuleTests {
    // MARK: "Chicago game day 1, rest day 2, Detroit game day 3"

    /// The design's own example, with the travel planned on the rest day.
    private func chicagoRestDetroit() throws -> ConstraintChecker {
        var plan = Plan(days: 3)
        plan.game("chi", day: 1, in: "Chicago")
        plan.game("det", day: 3, in: "Detroit")
        plan.travel("drive", from: "Chicago", to: "Detroit", day: 2, sortOrder: 50)
        return try plan.checker()
    }

    @Test func chicagoToDetroitIsValidAfterTheDay1Game() throws {
        let checker = try chicagoRestDetroit()
        #expect(checker.check().isEmpty)
        #expect(checker.isValid("drive", at: .at(1, 150)))
        #expect(checker.isValid("drive", at: .at(1, 100.001)))
        #expect(!checker.isValid("drive", at: .at(1, 50)))
        #expect(!checker.isValid("drive", at: .at(1, 100)), "at the game's own position is not after it")
    }

    @Test func chicagoToDetroitIsValidAnywhereOnTheRestDay() throws {
        let checker = try chicagoRestDetroit()
        for sortOrder in [-1e9, -1, 0, 50, 100, 100.5, 1e9] {
            #expect(checker.isValid("drive", at: .at(2, sortOrder)))
        }
    }

    @Test func chicagoToDetroitIsValidOnDay3BeforeTheGame() throws {
        let checker = try chicagoRestDetroit()
        #expect(checker.isValid("drive", at: .at(3, 99.5)))
        #expect(checker.isValid("drive", at: .at(3, -20)))
        #expect(!checker.isValid("drive", at: .at(3, 100)))
        #expect(!checker.isValid("drive", at: .at(3, 150)))
    }

    @Test func chicagoToDetroitBarriersAreTheTwoGames() throws {
        let checker = try chicagoRestDetroit()
        let barriers = try #require(checker.barriers(of: "drive"))
        #expect(barriers.departure.city == "Chicago")
        #expect(barriers.arrival.city == "Detroit")
        #expect(barriers.lastDeparture.itemID == "chi")
        #expect(barriers.firstArrival.itemID == "det")
        #expect(barriers.lastDeparture.label == "VIS @ CHI (day 1)")
        #expect(barriers.firstArrival.label == "VIS @ DET (day 3)")
        #expect(checker.validDayRange(of: "drive") == 1...3)
    }

    @Test func chicagoToDetroitDropZones() throws {
        let checker = try chicagoRestDetroit()
        #expect(
            checker.dropZones(for: "drive") == [
                DropZone(day: 1, after: "chi", before: nil),
                DropZone(day: 2, after: nil, before: nil),
                DropZone(day: 3, after: nil, before: "det"),
            ])
    }

    @Test func chicagoToDetroitBrokenEitherWayNamesTheBarrier() throws {
        let checker = try chicagoRestDetroit()
        let early = checker.violations(of: "drive", at: .at(1, 50))
        #expect(early.map(\.summary) == [#"travelBeforeBarrier @ items[2] (id "drive")"#])
        #expect(early.first?.message.contains("VIS @ CHI (day 1)") == true)
        let late = checker.violations(of: "drive", at: .at(3, 150))
        #expect(late.map(\.summary) == [#"travelAfterBarrier @ items[2] (id "drive")"#])
        #expect(late.first?.message.contains("VIS @ DET (day 3)") == true)
        #expect(late.first?.message.contains("Chicago → Detroit on day 3") == true)
    }

    // MARK: Games are fixed

    @Test func aGameStaysOnTheDayItStarts() throws {
        let checker = try chicagoRestDetroit()
        #expect(checker.isValid("chi", at: .at(1, 5)))
        #expect(!checker.isValid("chi", at: .at(2, 100)))
        #expect(checker.dropZones(for: "chi").isEmpty)
        #expect(checker.barriers(of: "chi") == nil)
        #expect(checker.validDayRange(of: "chi") == nil)
    }

    @Test func aGameOnTheWrongDayIsReported() throws {
        var plan = Plan(days: 3)
        plan.game("chi", day: 1, in: "Chicago", onDay: 2)
        let problems = try plan.checker().check()
        #expect(problems.map(\.summary) == [#"gameOnWrongDay @ items[0] (id "chi").day"#])
        #expect(problems.first?.message.contains("day 1") == true)
        #expect(problems.first?.message.contains("2026-01-05") == true)
    }

    @Test func aGamesDayIsItsDateInItsVenuesZone() throws {
        // 22:00 in Los Angeles is already 06:00 UTC on the 6th: still day 1, the venue's date.
        var late = Plan(days: 2)
        late.game("la", start: "2026-01-05T22:00:00-08:00", zone: "America/Los_Angeles", city: "Los Angeles", onDay: 1)
        #expect(try late.checker().check().isEmpty)
        var wrong = Plan(days: 2)
        wrong.game("la", start: "2026-01-05T22:00:00-08:00", zone: "America/Los_Angeles", city: "Los Angeles", onDay: 2)
        #expect(try wrong.checker().check().map(\.code) == [.gameOnWrongDay])
        // The offset the start is written with does not matter: 00:30 UTC on the 6th is the 5th in Los Angeles.
        var written = Plan(days: 2)
        written.game(
            "la", start: "2026-01-05T23:30:00-01:00", zone: "America/Los_Angeles", city: "Los Angeles", onDay: 1)
        #expect(try written.checker().check().isEmpty)
        // 00:30 in Tokyo on the 6th is 15:30 UTC on the 5th: day 2, the venue's date.
        var tokyo = Plan(days: 2)
        tokyo.game("tokyo", start: "2026-01-06T00:30:00+09:00", zone: "Asia/Tokyo", city: "Tokyo", onDay: 2)
        #expect(try tokyo.checker().check().isEmpty)
    }

    @Test func aGameBeforeOrAfterTheTripIsOnTheWrongDay() throws {
        var plan = Plan(days: 2)
        plan.game("chi", day: 0, in: "Chicago", onDay: 1)
        plan.game("det", day: 9, in: "Detroit", onDay: 2)
        let problems = try plan.checker().check()
        #expect(problems.map(\.code) == [.gameOnWrongDay, .gameOnWrongDay])
        #expect(problems.first?.message.contains("before the trip starts") == true)
        #expect(problems.last?.message.contains("after the trip ends") == true)
    }

    // MARK: Two games on one day

    @Test func twoGamesOnOneDayInOneCity() throws {
        var plan = Plan(days: 2)
        plan.game("matinee", day: 1, in: "Chicago", at: 13)
        plan.game("evening", day: 1, in: "Chicago", at: 19)
        plan.game("det", day: 2, in: "Detroit")
        plan.travel("drive", from: "Chicago", to: "Detroit", day: 2, sortOrder: 10)
        let checker = try plan.checker()
        #expect(checker.check().isEmpty)
        #expect(checker.visits.map(\.city) == ["Chicago", "Detroit"])
        #expect(checker.visits.first?.games.map(\.itemID) == ["matinee", "evening"])
        // The barrier is the later game of the visit it leaves.
        #expect(checker.barriers(of: "drive")?.lastDeparture.itemID == "evening")
        #expect(!checker.isValid("drive", at: .at(1, 100.5)))  // between the two games
        #expect(checker.violations(of: "drive", at: .at(1, 100.5)).first?.message.contains("VIS @ CHI (day 1)") == true)
        #expect(checker.isValid("drive", at: .at(1, 101.5)))
        #expect(
            checker.dropZones(for: "drive") == [
                DropZone(day: 1, after: "evening", before: nil),
                DropZone(day: 2, after: nil, before: "det"),
            ])
    }

    @Test func twoGamesOnOneDayInTwoCities() throws {
        var plan = Plan(days: 2)
        plan.game("chi", day: 1, in: "Chicago", at: 12)  // 18:00 UTC
        plan.game("det", day: 1, in: "Detroit", at: 19)  // 00:00 UTC on day 2, still day 1 in Detroit
        plan.travel("dash", from: "Chicago", to: "Detroit", day: 1, sortOrder: 100.5)
        let checker = try plan.checker()
        #expect(checker.check().isEmpty)
        #expect(checker.validDayRange(of: "dash") == 1...1)
        #expect(checker.isValid("dash", at: .at(1, 100.25)))
        #expect(!checker.isValid("dash", at: .at(1, 99)))
        #expect(!checker.isValid("dash", at: .at(1, 102)))
        #expect(!checker.isValid("dash", at: .at(2, 1)))
        #expect(checker.dropZones(for: "dash") == [DropZone(day: 1, after: "chi", before: "det")])
    }

    // MARK: Rest days

    @Test func travelMaySpanSeveralRestDays() throws {
        var plan = Plan(days: 5)
        plan.game("chi", day: 1, in: "Chicago")
        plan.game("bos", day: 5, in: "Boston")
        plan.travel("fly", from: "Chicago", to: "Boston", day: 3, sortOrder: 1)
        plan.custom("museum", day: 3, sortOrder: 5)
        let checker = try plan.checker()
        #expect(checker.check().isEmpty)
        #expect(checker.validDayRange(of: "fly") == 1...5)
        for day in 2...4 {
            #expect(checker.isValid("fly", at: .at(day, 1_000)))
        }
        #expect(
            checker.dropZones(for: "fly") == [
                DropZone(day: 1, after: "chi", before: nil),
                DropZone(day: 2, after: nil, before: nil),
                DropZone(day: 3, after: nil, before: "museum"),
                DropZone(day: 3, after: "museum", before: nil),
                DropZone(day: 4, after: nil, before: nil),
                DropZone(day: 5, after: nil, before: "bos"),
            ])
    }

    // MARK: Coming back: the revisit rule

    /// Chicago, Detroit, Milwaukee, rest, back to Chicago: the fixture's shape.
    private func roundTrip() -> Plan {
        var plan = Plan(days: 5)
        plan.game("chi-1", day: 1, in: "Chicago")
        plan.game("det", day: 2, in: "Detroit")
        plan.game("mil", day: 3, in: "Milwaukee")
        plan.game("chi-2", day: 5, in: "Chicago")
        plan.travel("to-det", from: "Chicago", to: "Detroit", day: 2, sortOrder: 10)
        plan.travel("to-mil", from: "Detroit", to: "Milwaukee", day: 3, sortOrder: 10)
        plan.travel("home", from: "Milwaukee", to: "Chicago", day: 4, sortOrder: 10)
        return plan
    }

    @Test func aTripThatEndsWhereItStarted() throws {
        let checker = try roundTrip().checker()
        #expect(checker.check().isEmpty)
        #expect(checker.visits.map(\.city) == ["Chicago", "Detroit", "Milwaukee", "Chicago"])
        // Coming home reaches the second Chicago visit, not the first.
        let home = try #require(checker.barriers(of: "home"))
        #expect(home.lastDeparture.itemID == "mil")
        #expect(home.firstArrival.itemID == "chi-2")
        #expect(checker.validDayRange(of: "home") == 3...5)
        #expect(checker.isValid("home", at: .at(5, 50)))
        #expect(!checker.isValid("home", at: .at(5, 150)))
        #expect(checker.validDayRange(of: "to-det") == 1...2)
    }

    @Test func theKthTravelConnectsTheKthPair() throws {
        // Chicago, Detroit, Chicago, Detroit: two Chicago → Detroit pairs.
        var plan = Plan(days: 4)
        plan.game("chi-1", day: 1, in: "Chicago")
        plan.game("det-1", day: 2, in: "Detroit")
        plan.game("chi-2", day: 3, in: "Chicago")
        plan.game("det-2", day: 4, in: "Detroit")
        plan.travel("first", from: "Chicago", to: "Detroit", day: 1, sortOrder: 200)
        plan.travel("back", from: "Detroit", to: "Chicago", day: 2, sortOrder: 200)
        plan.travel("second", from: "Chicago", to: "Detroit", day: 3, sortOrder: 200)
        let checker = try plan.checker()
        #expect(checker.check().isEmpty)
        #expect(checker.visitPairs(from: "Chicago", to: "Detroit").count == 2)
        #expect(checker.barriers(of: "first")?.firstArrival.itemID == "det-1")
        #expect(checker.barriers(of: "second")?.lastDeparture.itemID == "chi-2")
        #expect(checker.validDayRange(of: "first") == 1...2)
        #expect(checker.validDayRange(of: "second") == 3...4)
        // Moved before "first", "second" becomes the first Chicago → Detroit travel and may stand on day 1.
        #expect(checker.isValid("second", at: .at(1, 150)))
        // Moved onto day 2 it is still the second, and comes before the second Chicago visit it must leave.
        let early = checker.violations(of: "second", at: .at(2, 300))
        #expect(early.map(\.code) == [.travelBeforeBarrier])
        #expect(early.first?.message.contains("VIS @ CHI (day 3)") == true)
    }

    // MARK: Travel that connects nothing

    @Test func travelWhoseCitiesMatchNoPairOfVisits() throws {
        var plan = Plan(days: 3)
        plan.game("chi", day: 1, in: "Chicago")
        plan.game("det", day: 3, in: "Detroit")
        plan.travel("nowhere", from: "Chicago", to: "Boston", day: 2, sortOrder: 1)
        plan.travel("backwards", from: "Detroit", to: "Chicago", day: 2, sortOrder: 2)
        let checker = try plan.checker()
        let problems = checker.check()
        #expect(
            problems.map(\.summary) == [
                #"travelConnectsNoVisits @ items[2] (id "nowhere")"#,
                #"travelConnectsNoVisits @ items[3] (id "backwards")"#,
            ])
        #expect(problems.first?.message.contains("Chicago → Boston") == true)
        #expect(checker.barriers(of: "nowhere") == nil)
        #expect(checker.validDayRange(of: "nowhere") == nil)
        #expect(checker.dropZones(for: "nowhere").isEmpty)
        #expect(!checker.isValid("nowhere", at: .at(2, 1)))
    }

    @Test func travelInATripWithoutGames() throws {
        var plan = Plan(days: 2)
        plan.travel("drive", from: "Chicago", to: "Detroit", day: 1, sortOrder: 1)
        #expect(try plan.checker().check().map(\.code) == [.travelConnectsNoVisits])
    }

    @Test func moreTravelThanPairs() throws {
        var plan = Plan(days: 3)
        plan.game("chi", day: 1, in: "Chicago")
        plan.game("det", day: 3, in: "Detroit")
        plan.travel("one", from: "Chicago", to: "Detroit", day: 2, sortOrder: 1)
        plan.travel("two", from: "Chicago", to: "Detroit", day: 2, sortOrder: 2)
        let problems = try plan.checker().check()
        #expect(problems.map(\.summary) == [#"travelConnectsNoVisits @ items[3] (id "two")"#])
        #expect(problems.first?.message.contains("travel number 2") == true)
        #expect(problems.first?.message.contains("only once") == true)
    }

    // MARK: City names

    @Test func canonicallyEquivalentCityNamesMatch() throws {
        let composed = "Montr\u{E9}al", decomposed = "Montre\u{301}al"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        var plan = Plan(days: 3)
        plan.game("mtl-1", day: 1, in: composed, home: "MTL")
        plan.game("mtl-2", day: 1, in: decomposed, at: 21, home: "MTL")
        plan.game("bos", day: 3, in: "Boston")
        plan.travel("drive", from: decomposed, to: "Boston", day: 2, sortOrder: 1)
        let checker = try plan.checker()
        #expect(checker.check().isEmpty)
        #expect(checker.visits.count == 2, "both spellings are one visit")
        #expect(checker.barriers(of: "drive")?.lastDeparture.itemID == "mtl-2")
    }

    @Test(arguments: ["chicago", "Chicago ", "CHICAGO", "Chicago, IL"])
    func otherwiseCityNamesMatchExactly(spelling: String) throws {
        var plan = Plan(days: 3)
        plan.game("chi", day: 1, in: "Chicago")
        plan.game("det", day: 3, in: "Detroit")
        plan.travel("drive", from: spelling, to: "Detroit", day: 2, sortOrder: 1)
        #expect(try plan.checker().check().map(\.code) == [.travelConnectsNoVisits])
    }

    // MARK: Ids

    @Test func canonicallyEquivalentIDsAreTwoItems() throws {
        var plan = Plan(days: 3)
        plan.game("chi", day: 1, in: "Chicago")
        plan.game("det", day: 3, in: "Detroit")
        plan.travel("caf\u{E9}", from: "Chicago", to: "Detroit", day: 2, sortOrder: 1)
        plan.travel("cafe\u{301}", from: "Chicago", to: "Detroit", day: 2, sortOrder: 2)
        let problems = try plan.checker().check()
        // One pair of visits, two travel items: the second is one too many.
        #expect(problems.map(\.code) == [.travelConnectsNoVisits])
        #expect(problems.first?.location.path == [.key("items"), .index(3)])
    }

    @Test func unknownIDsHaveNoPlace() throws {
        let checker = try chicagoRestDetroit()
        #expect(!checker.isValid("missing", at: .at(1, 1)))
        #expect(checker.violations(of: "missing", at: .at(1, 1)).isEmpty)
        #expect(checker.dropZones(for: "missing").isEmpty)
        #expect(checker.barriers(of: "missing") == nil)
    }

    // MARK: Custom items are free

    @Test func customItemsGoAnywhere() throws {
        var plan = Plan(days: 3)
        plan.game("chi", day: 1, in: "Chicago")
        plan.game("det", day: 3, in: "Detroit")
        plan.travel("drive", from: "Chicago", to: "Detroit", day: 2, sortOrder: 50)
        plan.custom("dinner", day: 1, sortOrder: 5)
        plan.custom("note", day: 3)
        let checker = try plan.checker()
        #expect(checker.check().isEmpty)
        for day in 0...4 {
            for sortOrder in [-1e300, 0, 50, 100, 1e300] {
                #expect(checker.isValid("dinner", at: .at(day, sortOrder)))
            }
        }
        // Every gap of every day: day 1 has chi (2 gaps), day 2 has drive (2), day 3 det and note (3).
        let zones = checker.dropZones(for: "dinner")
        #expect(zones.count == 7)
        #expect(zones.contains(DropZone(day: 1, after: nil, before: "chi")))
        #expect(zones.contains(DropZone(day: 3, after: "det", before: "note")))
        #expect(zones.contains(DropZone(day: 3, after: "note", before: nil)))
    }
}
