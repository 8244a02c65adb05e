import ItineraryEditing
import ItineraryModel
import Testing
import TestSupport

/// The cases of a two-copy merge the property test does not make on its own:
/// files from before ids were UUIDs, and trip fields with and without stamps.
@Suite struct CopyMergeTests {
    /// The sample with one more custom item, numbered the way `add` used to.
    func withItem(_ id: String, category: String, title: String, day: Int, at seconds: Int64) throws -> Itinerary {
        let sample = try Fixtures.sampleDocument()
        guard case .array(var items)? = sample["items"] else { throw NoItems() }
        items.append(
            object([
                "id": .string(id), "day": .number(JSONNumber(day)), "kind": .string("custom"),
                "category": .string(category), "title": .string(title),
                "modifiedAt": .string(Instant(seconds: seconds).isoUTC),
            ]))
        return try ItineraryReader.read(document: sample.replacing([.key("items")], with: .array(items)))
    }

    func stamped(_ itinerary: Itinerary, _ field: String, _ value: JSONValue, at seconds: Int64?) throws -> Itinerary {
        var document = itinerary.document.replacing([.key("trip"), .key(field)], with: value)
        if let seconds {
            document = document.replacing(
                [.key("trip"), .key("modifiedAt")], with: .string(Instant(seconds: seconds).isoUTC))
        }
        return try ItineraryReader.read(document: document)
    }

    func canonical(_ merge: CopyMerge) -> (root: String, items: Set<String>) {
        guard case .array(let items)? = merge.document["items"] else { return ("", []) }
        return (merge.document.replacing([.key("items")], with: nil).canonical, Set(items.map(\.canonical)))
    }

    @Test func twoItemsThatShareAnOldIDAreBothKept() throws {
        let phone = try withItem(
            "item-17", category: "restaurant", title: "Coney Island hot dogs", day: 2, at: 1_800_000_000)
        let laptop = try withItem("item-17", category: "activity", title: "Brewery tour", day: 3, at: 1_800_000_060)
        let one = try CopyMerge(mine: phone, theirs: laptop), other = try CopyMerge(mine: laptop, theirs: phone)
        for merge in [one, other] {
            let titles = merge.itinerary.items.compactMap(\.custom?.title)
            #expect(titles.contains("Coney Island hot dogs") && titles.contains("Brewery tour"))
            // The earlier keeps the id; the later has one derived from its content.
            #expect(merge.itinerary.items.first { $0.id == "item-17" }?.custom?.title == "Coney Island hot dogs")
            let moved = try #require(merge.itinerary.items.first { $0.custom?.title == "Brewery tour" })
            #expect(moved.id != "item-17" && moved.id.count == 36 && moved.id.split(separator: "-")[2].first == "5")
            #expect(
                merge.changes.contains(
                    .keptBoth(item: "item-17", kept: "Coney Island hot dogs", moved: "Brewery tour", newID: moved.id)))
        }
        #expect(canonical(one) == canonical(other))
        // Merging the result with either copy again changes nothing.
        let again = try CopyMerge(mine: one.itinerary, theirs: laptop)
        #expect(canonical(again) == canonical(one))
        #expect(try CopyMerge(mine: phone, theirs: one.itinerary).itinerary.items.count == one.itinerary.items.count)
    }

    @Test func anEditOfOneItemIsNotTakenForTwo() throws {
        // A new title alone, or a new category alone, is an edit of the same item.
        let a = try withItem("item-17", category: "restaurant", title: "Hot dogs", day: 2, at: 1_800_000_000)
        let retitled = try withItem(
            "item-17", category: "restaurant", title: "Coney Island hot dogs", day: 2, at: 1_800_000_060)
        let recategorised = try withItem("item-17", category: "note", title: "Hot dogs", day: 2, at: 1_800_000_060)
        for b in [retitled, recategorised] {
            let merge = try CopyMerge(mine: a, theirs: b)
            #expect(merge.itinerary.items.count == a.items.count)
            #expect(merge.changes == [.takenFromTheirs(item: "item-17")])
        }
    }

    @Test func aRemovedIDIsNotSplit() throws {
        let phone = try withItem("item-17", category: "restaurant", title: "Hot dogs", day: 2, at: 1_800_000_000)
        let laptop = try Editor(
            try withItem("item-17", category: "activity", title: "Brewery tour", day: 3, at: 1_800_000_000),
            now: Instant(seconds: 1_800_000_100)
        ).remove("item-17").itinerary
        let merge = try CopyMerge(mine: phone, theirs: laptop)
        #expect(!merge.itinerary.items.contains { $0.id == "item-17" })
    }

    @Test func tripFieldsWithoutStampsThatDifferAreRefusedBothWays() throws {
        let sample = try Fixtures.sample()
        let renamed = try stamped(
            try stamped(sample, "name", .string("Spring Fling"), at: nil), "units", .string("metric"), at: nil)
        var messages: [String] = []
        for (mine, theirs) in [(sample, renamed), (renamed, sample)] {
            #expect {
                try CopyMerge(mine: mine, theirs: theirs)
            } throws: { error in
                guard let problem = error as? EditProblem, problem.code == .tripFieldsDiffer else { return false }
                messages.append(problem.message)
                return true
            }
        }
        #expect(messages.count == 2 && messages[0] == messages[1])
        #expect(messages.first?.contains("trip.name, trip.units differ") == true)
    }

    @Test func theLaterStampedTripWinsBothWays() throws {
        let sample = try Fixtures.sample()
        let early = try stamped(sample, "name", .string("Spring Fling"), at: 1_800_000_000)
        let late = try stamped(sample, "name", .string("Spring Swing, again"), at: 1_800_000_100)
        for (mine, theirs) in [(early, late), (late, early), (sample, late)] {
            let merge = try CopyMerge(mine: mine, theirs: theirs)
            #expect(merge.itinerary.trip.name == "Spring Swing, again")
            #expect(
                merge.changes.contains(.tripFromTheirs(fields: ["name"])) == (mine.trip.name != "Spring Swing, again"))
        }
        // A stamped copy beats one without a stamp, in either order.
        #expect(try CopyMerge(mine: early, theirs: sample).itinerary.trip.name == "Spring Fling")
        // The same stamp: the smaller trip as canonical JSON, whichever copy is MINE.
        let other = try stamped(sample, "name", .string("Spring Thing"), at: 1_800_000_000)
        #expect(
            try CopyMerge(mine: early, theirs: other).itinerary.trip.name
                == CopyMerge(mine: other, theirs: early).itinerary.trip.name)
    }

    @Test func aBadTripStampIsRefusedByTheReader() throws {
        let document = try Fixtures.sampleDocument().replacing(
            [.key("trip"), .key("modifiedAt")], with: .string("yesterday"))
        #expect(throws: InputProblems.self) { try ItineraryReader.read(document: document) }
    }
}

private struct NoItems: Error {}
