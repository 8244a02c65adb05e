import Testing
import ItineraryConstraints
import ItineraryModel
import TestSupport

/// The rules over the acceptance fixtures.
@Suite struct FixtureConstraintTests {
    private func checker(_ fixture: String) throws -> ConstraintChecker {
        ConstraintChecker(try ItineraryReader.read(bytes: Fixtures.bytes(fixture)))
    }

    @Test func sampleKeepsEveryRule() throws {
        let checker = try checker("spring-swing.json")
        #expect(checker.check().isEmpty)
        #expect(checker.visits.map(\.city) == ["Chicago", "Detroit", "Milwaukee", "Chicago"])
    }

    @Test func sampleBarriers() throws {
        let checker = try checker("spring-swing.json")
        let pairs: [(travel: String, after: String, before: String, days: ClosedRange<Int>)] = [
            ("i-t1", "LAD @ CHC (day 1)", "BOS @ DET (day 2)", 1...2),
            ("i-t2", "BOS @ DET (day 2)", "ORL @ MIL (day 3)", 2...3),
            ("i-t3", "ORL @ MIL (day 3)", "ATL @ CHI (day 5)", 3...5),  // back to Chicago: the second visit
        ]
        for pair in pairs {
            let barriers = try #require(checker.barriers(of: pair.travel))
            #expect(barriers.lastDeparture.label == pair.after)
            #expect(barriers.firstArrival.label == pair.before)
            #expect(checker.validDayRange(of: pair.travel) == pair.days)
        }
    }

    @Test func sampleDropZonesOfTheDetroitToMilwaukeeDrive() throws {
        let checker = try checker("spring-swing.json")
        #expect(
            checker.dropZones(for: "i-t2") == [
                DropZone(day: 2, after: "i-g2", before: "i-note2"),
                DropZone(day: 2, after: "i-note2", before: nil),
                DropZone(day: 3, after: nil, before: "i-checkout"),
                DropZone(day: 3, after: "i-checkout", before: "i-g3"),
            ])
    }

    @Test func travelBeforeDepartureGame() throws {
        let problems = try checker("invalid/travel-before-departure-game.json").check()
        #expect(problems.map(\.summary) == [#"travelBeforeBarrier @ items[0] (id "i-t2")"#])
        // The sentence of the style guide's example, in full.
        #expect(
            problems.first?.description
                == #"items[0] (id "i-t2"): travel Detroit → Milwaukee on day 2 comes before its barrier game "#
                + #"BOS @ DET (day 2); it must come after every game of the Detroit visit it leaves."#
        )
    }

    @Test func travelAfterArrivalGame() throws {
        let index = try #require(
            try ItineraryReader.read(bytes: Fixtures.sampleBytes).items.firstIndex { $0.id == "i-t1" })
        let problems = try checker("invalid/travel-after-arrival-game.json").check()
        #expect(problems.map(\.summary) == [#"travelAfterBarrier @ items[\#(index)] (id "i-t1")"#])
        #expect(problems.first?.message.contains("BOS @ DET (day 2)") == true)
        #expect(problems.first?.message.contains("Chicago → Detroit on day 3") == true)
    }

    @Test func gameOnWrongDay() throws {
        let problems = try checker("invalid/game-on-wrong-day.json").check()
        #expect(problems.map(\.code) == [.gameOnWrongDay])
        #expect(problems.first?.location.path.last == .key("day"))
        #expect(problems.first?.message.contains("BOS @ DET") == true)
    }
}
