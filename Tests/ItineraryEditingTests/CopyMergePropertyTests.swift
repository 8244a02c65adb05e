import ItineraryConstraints
import ItineraryEditing
import ItineraryModel
import PropertyBased
import Testing
import TestSupport
import TripGenerator

/// Three copies of one generated trip, each edited apart by random moves,
/// adds, removes and title changes at random instants (ties frequent): merging
/// them is commutative, associative and idempotent on the resulting trip, keeps
/// every item edited after every removal of it, revives none removed after
/// its last edit, and gives a valid trip.
@Suite struct CopyMergePropertyTests {
    @Test func mergingIsALastWriteWinsJoin() async {
        await propertyCheck(
            count: 40, input: Gen.uint64(), Gen.uint64().array(of: 0...8), Gen.uint64().array(of: 0...8),
            Gen.uint64().array(of: 0...8)
        ) { seed, a, b, c in
            let base = try ItineraryReader.read(
                bytes: TripGenerator.bytes(days: 3 + Int(seed % 4), items: 6 + Int(seed % 17), seed: seed))
            let copies = [derive(base, a), derive(base, b), derive(base, c)]
            let (x, y, z) = (copies[0], copies[1], copies[2])
            let xy = try merge(x, y), yx = try merge(y, x)
            #expect(Snapshot(xy) == Snapshot(yx), "commutative")
            #expect(Snapshot(try merge(xy, z)) == Snapshot(try merge(x, try merge(y, z))), "associative")
            #expect(Snapshot(try merge(x, x)) == Snapshot(x), "idempotent")
            #expect(Snapshot(try merge(xy, y)) == Snapshot(xy), "idempotent after a merge")
            let all = try merge(xy, z)
            #expect(ConstraintChecker(all).check().isEmpty, "valid")
            let kept = Set(all.items.map(\.id))
            // Every item added offline, in any copy, is in the result: adds never collide.
            let added = Set(copies.flatMap { $0.items.map(\.id) }).subtracting(base.items.map(\.id))
            #expect(added.isSubset(of: kept), "an added item is lost")
            // The trip's fields are the latest stamped copy's.
            let stamps = copies.compactMap(\.trip.modifiedAt)
            if let last = stamps.max(), stamps.filter({ $0 == last }).count == 1 {
                #expect(
                    all.trip.name == copies.first { $0.trip.modifiedAt == last }!.trip.name,
                    "the trip's latest change is kept")
            }
            for id in Set(copies.flatMap { $0.items.map(\.id) + $0.removed.map(\.id) }) {
                let edits = copies.flatMap { $0.items.filter { $0.id == id }.map(\.modifiedAt) }
                let removals = copies.flatMap { $0.removed.filter { $0.id == id }.map(\.removedAt) }
                if let lastRemoval = removals.max(), edits.contains(where: { $0.map { $0 > lastRemoval } ?? false }) {
                    #expect(kept.contains(id), "\(id) was edited after every removal and is lost")
                }
                if let lastRemoval = removals.max(), edits.allSatisfy({ $0.map { lastRemoval >= $0 } ?? true }) {
                    #expect(!kept.contains(id), "\(id) was removed after its last edit and came back")
                }
            }
        }
    }

    @Test func aTieGoesTheSameWayWhicheverCopyIsMine() throws {
        let base = try ItineraryReader.read(bytes: TripGenerator.bytes(days: 3, items: 10, seed: 7))
        let custom = try #require(base.items.first { $0.custom != nil })
        let one = retitle(base, custom.id, "Alpha", at: Instant(seconds: 1_800_000_000))
        let two = retitle(base, custom.id, "Beta", at: Instant(seconds: 1_800_000_000))
        let a = try merge(one, two), b = try merge(two, one)
        #expect(
            a.items.first { $0.id == custom.id }?.custom?.title == b.items.first { $0.id == custom.id }?.custom?.title)
    }

    /// Text that `==` takes as equal (composed and decomposed é) still
    /// breaks a tie by its bytes, whichever copy is MINE.
    @Test func canonicallyEquivalentTitlesTieByTheirBytes() throws {
        let base = try ItineraryReader.read(bytes: TripGenerator.bytes(days: 3, items: 10, seed: 7))
        let custom = try #require(base.items.first { $0.custom != nil })
        let one = retitle(base, custom.id, "Caf\u{E9}", at: Instant(seconds: 1_800_000_000))
        let two = retitle(base, custom.id, "Cafe\u{301}", at: Instant(seconds: 1_800_000_000))
        let a = try merge(one, two).items.first { $0.id == custom.id }?.custom?.title
        let b = try merge(two, one).items.first { $0.id == custom.id }?.custom?.title
        #expect(a.map { Array($0.utf8) } == b.map { Array($0.utf8) })
    }

    /// A removal in the same second as the item's last edit still stands after it.
    @Test func aRemovalIsNeverBeforeTheLastEdit() throws {
        let base = try ItineraryReader.read(bytes: TripGenerator.bytes(days: 3, items: 10, seed: 7))
        let custom = try #require(base.items.first { $0.custom != nil })
        let edited = try ItineraryReader.read(
            document: base.document.replacing(
                item: try #require(base.items.firstIndex { $0.id == custom.id }), "modifiedAt",
                with: .string("2027-01-15T08:00:00.5Z")))
        let removed = try Editor(edited, now: Instant(seconds: 1_800_000_000)).remove(custom.id).itinerary
        let tombstone = try #require(removed.removed.first)
        #expect(tombstone.removedAt >= Instant(iso: "2027-01-15T08:00:00.5Z")!)
        #expect(!(try merge(edited, removed)).items.contains { $0.id == custom.id })
    }

    /// What a merge must agree on: the whole document as canonical JSON, its
    /// items and tombstones in any order (each copy keeps its own file order).
    struct Snapshot: Equatable {
        let root: String
        let items: Set<String>
        let tombstones: Set<String>

        init(_ itinerary: Itinerary) {
            guard case .object(var root) = itinerary.document else {
                preconditionFailure("a read itinerary is an object")
            }
            func elements(_ key: String) -> Set<String> {
                if case .array(let elements)? = root[key] { Set(elements.map(\.canonical)) } else { [] }
            }
            items = elements("items")
            tombstones = elements("removed")
            root["items"] = nil
            root["removed"] = nil
            self.root = JSONValue.object(root).canonical
        }
    }

    func merge(_ mine: Itinerary, _ theirs: Itinerary) throws -> Itinerary {
        try CopyMerge(mine: mine, theirs: theirs).itinerary
    }

    /// A copy edited by one random step per choice, at instants among six, so edits often tie.
    func derive(_ base: Itinerary, _ choices: [UInt64]) -> Itinerary {
        var itinerary = base
        for choice in choices {
            let now = Instant(seconds: 1_800_000_000 + Int64((choice >> 48) % 6))
            let editor = Editor(itinerary, now: now)
            let customs = itinerary.items.filter { $0.custom != nil }
            switch choice % 5 {
            case 0:
                let checker = ConstraintChecker(itinerary)
                if let attempt = MoveAttempt(choice, itinerary: itinerary, checker: checker), attempt.allowed,
                    let edit = try? editor.move(attempt.id, toDay: attempt.day, attempt.placement)
                {
                    itinerary = edit.itinerary
                }
            case 1:
                let day = 1 + Int((choice >> 8) % UInt64(itinerary.trip.dayCount))
                var ids = SplitMix64(seed: choice)
                if let edit = try? editor.add(
                    NewItem(category: "activity", title: "Added \(choice % 1000)"), toDay: day, using: &ids)
                {
                    itinerary = edit.itinerary
                }
            case 2:
                guard !customs.isEmpty else { continue }
                if let edit = try? editor.remove(customs[Int((choice >> 8) % UInt64(customs.count))].id) {
                    itinerary = edit.itinerary
                }
            case 3:
                // A trip field changed, as the app stamps it.
                itinerary = renamed(itinerary, "Trip \(choice % 13)", at: now)
            default:
                guard !customs.isEmpty else { continue }
                itinerary = retitle(
                    itinerary, customs[Int((choice >> 8) % UInt64(customs.count))].id, "Title \(choice % 97)", at: now)
            }
        }
        return itinerary
    }

    /// The trip with a new name, stamped `time`.
    func renamed(_ itinerary: Itinerary, _ name: String, at time: Instant) -> Itinerary {
        let document = itinerary.document
            .replacing([.key("trip"), .key("name")], with: .string(name))
            .replacing([.key("trip"), .key("modifiedAt")], with: .string(time.isoUTC))
        return (try? ItineraryReader.read(document: document)) ?? itinerary
    }

    /// The item with a new title, edited at `time`.
    func retitle(_ itinerary: Itinerary, _ id: String, _ title: String, at time: Instant) -> Itinerary {
        guard let index = itinerary.items.firstIndex(where: { $0.id == id }) else { return itinerary }
        let document = itinerary.document
            .replacing(item: index, "title", with: .string(title))
            .replacing(item: index, "modifiedAt", with: .string(time.isoUTC))
        return (try? ItineraryReader.read(document: document)) ?? itinerary
    }
}
