import Foundation
import ItineraryConstraints
import ItineraryEditing
import ItineraryModel
import Testing
import TestSupport

@Suite struct MoveTests {
    @Test func halfWayBetweenNeighbours() throws {
        let edit = try sampleEditor().move("i-dinner3", toDay: 4, .after("i-brunch"))
        let item = try #require(edit.itinerary.items.first { $0.id == "i-dinner3" })
        #expect(item.day == 4)
        #expect(item.sortOrder == 15)
        #expect(item.modifiedAt == testNow)
        #expect(dayIDs(edit.itinerary)[3] == ["i-brunch", "i-dinner3", "i-museum", "i-laundry"])
        #expect(
            edit.changes == [.moved(item: "i-dinner3", day: 4, after: "i-brunch", before: "i-museum", sortOrder: 15)])
    }

    @Test func startAndEndOfDay() throws {
        let editor = try sampleEditor()
        let first = try editor.move("i-museum", toDay: 4, .start)
        #expect(first.itinerary.items.first { $0.id == "i-museum" }?.sortOrder == 9)
        let last = try editor.move("i-museum", toDay: 4, .end)
        #expect(last.itinerary.items.first { $0.id == "i-museum" }?.sortOrder == 201)
        let empty = try editor.move("i-museum", toDay: 4, .before("i-brunch"))
        #expect(dayIDs(empty.itinerary)[3] == ["i-museum", "i-brunch", "i-laundry"])
    }

    @Test func neighbourWithoutSortOrderUsesItsEffectiveOne() throws {
        // i-g1 has no sortOrder: it stands at 100 (first game of its day).
        let edit = try sampleEditor().move("i-dinner1", toDay: 1, .before("i-g1"))
        #expect(edit.itinerary.items.first { $0.id == "i-dinner1" }?.sortOrder == 55)
        #expect(itemObject(edit.document, "i-g1")?["sortOrder"] == nil, "games keep standing where ordering puts them")
        #expect(dayIDs(edit.itinerary)[0] == ["i-hotel-in", "i-dinner1", "i-g1"])
    }

    @Test func onlyTheMovedItemChanges() throws {
        let sample = try Fixtures.sample()
        let edit = try sampleEditor().move("i-t2", toDay: 3, .start)
        guard case .array(let before)? = sample.document["items"], case .array(let after)? = edit.document["items"]
        else {
            Issue.record("no items")
            return
        }
        for (old, new) in zip(before, after) where old["id"] != .string("i-t2") {
            #expect(old == new)
        }
        var trimmedOld = sample.document, trimmedNew = edit.document
        trimmedOld["items"] = nil
        trimmedNew["items"] = nil
        #expect(trimmedOld == trimmedNew)
        let moved = try #require(itemObject(edit.document, "i-t2"))
        #expect(
            moved.keys == [
                "id", "day", "sortOrder", "kind", "fromCity", "toCity", "distanceMiles", "durationMinutes", "mode",
                "modifiedAt",
            ])
        #expect(withoutPosition(moved) == withoutPosition(try #require(itemObject(sample.document, "i-t2"))))
    }

    @Test func unknownFieldsAndLiteralsAreKept() throws {
        var text = String(decoding: Fixtures.sampleBytes, as: UTF8.self)
        text = text.replacingOccurrences(
            of: "\"format\": \"itinerary/v1\",",
            with: "\"format\": \"itinerary/v1\", \"x-app\": {\"theme\": \"dark\", \"ratio\": 1.50},")
        let document = try JSONValue(parsing: Array(text.utf8))
        let itinerary = try ItineraryReader.read(document: document)
        let edit = try Editor(itinerary, now: testNow).move("i-museum", toDay: 4, .start)
        #expect(edit.document["x-app"] == document["x-app"])
        #expect(edit.document.formatted.contains("\"ratio\": 1.50"))
    }

    @Test func gamesCannotMove() throws {
        let editor = try sampleEditor()
        let problem = refusal { () throws(EditProblem) in try editor.move("i-g2", toDay: 3, .start) }
        #expect(problem?.code == .gameCannotMove)
        #expect(problem?.itemID == "i-g2")
    }

    @Test func travelCannotCrossItsBarrierGame() throws {
        let editor = try sampleEditor()
        // Detroit → Milwaukee must come after BOS @ DET (day 2) and before ORL @ MIL (day 3).
        let early = refusal { () throws(EditProblem) in try editor.move("i-t2", toDay: 2, .before("i-g2")) }
        #expect(early?.code == .breaksRule)
        #expect(early?.message.contains("BOS @ DET") == true)
        let late = refusal { () throws(EditProblem) in try editor.move("i-t2", toDay: 3, .after("i-g3")) }
        #expect(late?.code == .breaksRule)
        #expect(late?.message.contains("ORL @ MIL") == true)
        let otherDay = refusal { () throws(EditProblem) in try editor.move("i-t2", toDay: 5, .end) }
        #expect(otherDay?.code == .breaksRule)
        #expect(try editor.move("i-t2", toDay: 2, .end).itinerary.items.first { $0.id == "i-t2" }?.day == 2)
    }

    @Test func unknownItemDayOrNeighbour() throws {
        let editor = try sampleEditor()
        #expect(refusal { () throws(EditProblem) in try editor.move("nope", toDay: 1, .start) }?.code == .unknownItem)
        #expect(
            refusal { () throws(EditProblem) in try editor.move("i-museum", toDay: 6, .start) }?.code == .unknownDay)
        #expect(
            refusal { () throws(EditProblem) in try editor.move("i-museum", toDay: 0, .start) }?.code == .unknownDay)
        #expect(
            refusal { () throws(EditProblem) in try editor.move("i-museum", toDay: 4, .after("nope")) }?.code
                == .unknownNeighbour)
        #expect(
            refusal { () throws(EditProblem) in try editor.move("i-museum", toDay: 4, .after("i-g1")) }?.code
                == .neighbourOnOtherDay)
        #expect(
            refusal { () throws(EditProblem) in try editor.move("i-museum", toDay: 4, .before("i-museum")) }?.code
                == .neighbourIsItem)
    }

    @Test func itemsWithoutSortOrderBeforeTheNewPlaceKeepTheirPlace() throws {
        var document = try Fixtures.sampleDocument()
        guard case .array(var items)? = document["items"] else { return }
        // Day 4: brunch (10), museum (20), then laundry without a sortOrder (it floats last, at 21).
        for index in items.indices where items[index]["id"] == .string("i-laundry") {
            items[index]["sortOrder"] = nil
        }
        document["items"] = .array(items)
        let editor = Editor(try ItineraryReader.read(document: document), now: testNow)
        let edit = try editor.move("i-dinner3", toDay: 4, .end)
        #expect(dayIDs(edit.itinerary)[3] == ["i-brunch", "i-museum", "i-laundry", "i-dinner3"])
        #expect(edit.changes.contains(.pinned(item: "i-laundry", sortOrder: 21)))
        // Before a floating item, nothing else needs to change.
        let before = try editor.move("i-dinner3", toDay: 4, .before("i-laundry"))
        #expect(dayIDs(before.itinerary)[3] == ["i-brunch", "i-museum", "i-dinner3", "i-laundry"])
        #expect(before.changes.count == 1)
    }

    @Test func anInvalidFileMayBeEditedWhenTheEditAddsNoViolation() throws {
        // Move i-t3 (Milwaukee → Chicago) after the Chicago game: the file breaks a rule.
        var document = try Fixtures.sampleDocument()
        guard case .array(var items)? = document["items"] else { return }
        for index in items.indices where items[index]["id"] == .string("i-t3") {
            items[index]["sortOrder"] = .number(JSONNumber(250))
        }
        document["items"] = .array(items)
        let broken = try ItineraryReader.read(document: document)
        #expect(ConstraintChecker(broken).check().count == 1)
        let editor = Editor(broken, now: testNow)
        // An unrelated edit goes through and says the old violation stands.
        let edit = try editor.move("i-museum", toDay: 4, .start)
        #expect(edit.standingViolations.map(\.location.id) == ["i-t3"])
        #expect(edit.standingViolationsNote != nil)
        // Moving the broken item itself must put it somewhere valid.
        #expect(refusal { () throws(EditProblem) in try editor.move("i-t3", toDay: 5, .end) }?.code == .breaksRule)
        let fixed = try editor.move("i-t3", toDay: 5, .start)
        #expect(fixed.standingViolations.isEmpty)
        #expect(fixed.standingViolationsNote == nil)
        // A new violation is refused even though the file was already invalid.
        #expect(refusal { () throws(EditProblem) in try editor.move("i-t1", toDay: 1, .start) }?.code == .breaksRule)
    }

    /// Ids compare by code points: a broken item whose id is only canonically
    /// equal to the moved one's is another item, and does not stop the move.
    @Test func aViolationOfAnotherItemWithAnEquivalentIdDoesNotRefuseAMove() throws {
        var document = try Fixtures.sampleDocument()
        guard case .array(var items)? = document["items"] else { return }
        for index in items.indices {
            if items[index]["id"] == .string("i-t3") {
                items[index]["id"] = .string("t-e\u{301}")
                items[index]["sortOrder"] = .number(JSONNumber(250))
            }
            if items[index]["id"] == .string("i-museum") { items[index]["id"] = .string("t-\u{E9}") }
        }
        document["items"] = .array(items)
        let broken = try ItineraryReader.read(document: document)
        #expect(ConstraintChecker(broken).check().map(\.location.id) == ["t-e\u{301}"])
        let edit = try Editor(broken, now: testNow).move("t-\u{E9}", toDay: 4, .start)
        #expect(edit.standingViolations.map(\.location.id) == ["t-e\u{301}"])
    }
}

@Suite struct PrecisionTests {
    /// Moving two items in turn into the gap after the same item halves that gap
    /// each time; a Double runs out after about fifty, then the day is renumbered.
    @Test func thousandsOfMovesIntoTheSameGap() throws {
        var itinerary = try Fixtures.sample()
        let original = itinerary
        var renumbered = 0
        let movers = ["i-museum", "i-laundry"]
        for step in 0..<3_000 {
            let mover = movers[step % 2]
            let edit = try Editor(itinerary, now: Instant(seconds: 1_800_000_000 + Int64(step))).move(
                mover, toDay: 4, .after("i-brunch"))
            itinerary = edit.itinerary
            if edit.changes.contains(where: { if case .renumbered = $0 { true } else { false } }) { renumbered += 1 }
            let day = OrderedItinerary(itinerary).days[3]
            let other = movers[(step + 1) % 2]
            #expect(day.entries.map(\.item.id) == ["i-brunch", mover, other], "step \(step)")
            let positions = day.entries.map(\.position)
            #expect(positions.allSatisfy { $0.isFinite } && Set(positions).count == positions.count)
        }
        #expect(renumbered > 20, "the gap ran out \(renumbered) times")
        #expect(ConstraintChecker(itinerary).check().isEmpty)
        // Every other day is untouched.
        #expect(
            dayIDs(itinerary).enumerated().filter { $0.offset != 3 }.map(\.element)
                == dayIDs(original).enumerated().filter { $0.offset != 3 }.map(\.element))
        for item in original.items where item.day != 4 {
            #expect(itemObject(itinerary.document, item.id) == itemObject(original.document, item.id))
        }
    }

    @Test func renumberingKeepsGamesInTheirOrder() throws {
        var itinerary = try Fixtures.sample()
        // Day 3: checkout (50), travel (75), game (100), dinner (150); squeeze dinner and checkout before the game.
        for step in 0..<200 {
            let mover = step % 2 == 0 ? "i-dinner3" : "i-checkout"
            itinerary = try Editor(itinerary, now: testNow).move(mover, toDay: 3, .before("i-g3")).itinerary
        }
        let day = OrderedItinerary(itinerary).days[2]
        #expect(day.entries.map(\.item.id) == ["i-t2", "i-dinner3", "i-checkout", "i-g3"])
        #expect(
            day.entries.map(\.position) == [10, 20, 30, 40]
                || day.entries.map(\.item.sortOrder).allSatisfy { $0 != nil })
        #expect(ConstraintChecker(itinerary).check().isEmpty)
    }
}
