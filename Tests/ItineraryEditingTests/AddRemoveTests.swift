import ItineraryEditing
import ItineraryModel
import Testing
import TestSupport
import TripGenerator

@Suite struct AddRemoveTests {
    @Test func addsAtTheEndOfTheDayWithANewID() throws {
        let new = NewItem(
            category: "restaurant", title: "Frozen custard", time: "21:30", latitude: 43.04, longitude: -87.91,
            address: "3131 S 27th St, Milwaukee", notes: "Cash only", confirmation: "LC-7")
        let edit = try sampleEditor().add(new, toDay: 3)
        let added = try #require(edit.itinerary.items.last)
        #expect(isTimeOrderedUUID(added.id))
        // Version 7: the first 48 bits are the Unix milliseconds of `now`.
        #expect(added.id.hasPrefix(String(testNow.seconds * 1000, radix: 16).leftPadded(to: 12).prefix(8)))
        #expect(added.day == 3)
        #expect(added.modifiedAt == testNow)
        #expect(
            added.custom
                == Custom(
                    category: .restaurant, title: "Frozen custard", time: LocalTime(hour: 21, minute: 30),
                    location: Place(latitude: 43.04, longitude: -87.91, address: "3131 S 27th St, Milwaukee")))
        #expect(added.notes == "Cash only" && added.confirmation == "LC-7")
        #expect(dayIDs(edit.itinerary)[2].last == added.id)
        #expect(added.sortOrder == 151)
        #expect(edit.changes.first == .added(item: added.id, day: 3, title: "Frozen custard"))
    }

    /// Two copies of one trip each add an item apart: the ids differ, so a
    /// merge keeps both (they were both "item-17" when ids were numbered).
    @Test func copiesEditedApartGiveDifferentIDs() throws {
        let base = try Fixtures.sample()
        let phone = try Editor(base, now: testNow).add(
            NewItem(category: "restaurant", title: "Coney Island hot dogs"), toDay: 2)
        let laptop = try Editor(base, now: testNow).add(NewItem(category: "activity", title: "Brewery tour"), toDay: 3)
        #expect(phone.itinerary.items.last!.id != laptop.itinerary.items.last!.id)
        let merged = try CopyMerge(mine: phone.itinerary, theirs: laptop.itinerary)
        #expect(merged.itinerary.items.count == base.items.count + 2)
    }

    /// A seeded generator gives the same id again: tests and tools that need repeatable ids can have them.
    @Test func aSeededGeneratorRepeatsTheID() throws {
        var one = SplitMix64(seed: 9), two = SplitMix64(seed: 9)
        let a = try sampleEditor().add(NewItem(category: "note", title: "n"), toDay: 1, using: &one)
        let b = try sampleEditor().add(NewItem(category: "note", title: "n"), toDay: 1, using: &two)
        #expect(a.itinerary.items.last!.id == b.itinerary.items.last!.id)
    }

    @Test func theNewIDIsUnique() throws {
        var itinerary = try Fixtures.sample()
        var ids: Set<String> = []
        for _ in 0..<5 {
            itinerary = try Editor(itinerary, now: testNow).add(NewItem(category: "note", title: "n"), toDay: 1)
                .itinerary
            ids.insert(itinerary.items.last!.id)
        }
        #expect(ids.count == 5)
        #expect(Set(itinerary.items.map(\.id)).count == itinerary.items.count)
    }

    @Test func badFieldsAreNamed() throws {
        let editor = try sampleEditor()
        let category = refusal { () throws(EditProblem) in
            try editor.add(NewItem(category: "food", title: "x"), toDay: 1)
        }
        #expect(category?.code == .invalidField)
        #expect(category?.message.contains("category") == true)
        let time = refusal { () throws(EditProblem) in
            try editor.add(NewItem(category: "note", title: "x", time: "25:00"), toDay: 1)
        }
        #expect(time?.message.contains("time") == true)
        let title = refusal { () throws(EditProblem) in try editor.add(NewItem(category: "note", title: " "), toDay: 1)
        }
        #expect(title?.message.contains("title") == true)
        let latitude = refusal { () throws(EditProblem) in
            try editor.add(NewItem(category: "note", title: "x", latitude: 95, longitude: 0), toDay: 1)
        }
        #expect(latitude?.message.contains("location.latitude") == true)
        #expect(
            refusal { () throws(EditProblem) in
                try editor.add(NewItem(category: "note", title: "x", latitude: 5), toDay: 1)
            }?.code == .invalidField)
        #expect(
            refusal { () throws(EditProblem) in try editor.add(NewItem(category: "note", title: "x"), toDay: 9) }?.code
                == .unknownDay)
    }

    @Test func removesOnlyTheUsersItems() throws {
        let editor = try sampleEditor()
        let edit = try editor.remove("i-museum")
        #expect(edit.itinerary.items.count == 15)
        #expect(!edit.itinerary.items.contains { $0.id == "i-museum" })
        #expect(edit.changes == [.removed(item: "i-museum", day: 4, title: "Harley-Davidson Museum")])
        #expect(refusal { () throws(EditProblem) in try editor.remove("i-g1") }?.code == .notUsersItem)
        #expect(refusal { () throws(EditProblem) in try editor.remove("i-t1") }?.code == .notUsersItem)
        #expect(refusal { () throws(EditProblem) in try editor.remove("nope") }?.code == .unknownItem)
    }
}
