import ItineraryConstraints
import ItineraryModel
import Testing
import TripGenerator

@Suite struct TripGeneratorTests {
    static let sizes: [(days: Int, items: Int)] = [(1, 0), (1, 1), (2, 3), (5, 12), (14, 60), (30, 200)]

    @Test(arguments: 0..<6, [1 as UInt64, 2, 3, 42, 0xDEAD_BEEF])
    func generatedTripIsValid(size: Int, seed: UInt64) throws {
        let (days, items) = Self.sizes[size]
        let itinerary = try ItineraryReader.read(bytes: TripGenerator.bytes(days: days, items: items, seed: seed))
        #expect(itinerary.items.count == items)
        #expect(itinerary.trip.dayCount == days)
        #expect(ConstraintChecker(itinerary).check().map(\.description) == [])
        // Every day's effective positions are distinct, so every order is settled by sortOrder alone.
        for day in OrderedItinerary(itinerary).days {
            let positions = day.entries.map(\.position)
            #expect(Set(positions).count == positions.count, "day \(day.number): \(positions)")
            #expect(positions.allSatisfy { $0.isFinite })
        }
    }

    @Test func sameSeedSameBytes() {
        #expect(TripGenerator.bytes(days: 14, items: 60, seed: 7) == TripGenerator.bytes(days: 14, items: 60, seed: 7))
        #expect(TripGenerator.bytes(days: 14, items: 60, seed: 7) != TripGenerator.bytes(days: 14, items: 60, seed: 8))
    }

    @Test func twoWeekTripHasEveryKindOfItem() throws {
        var seen = (
            rest: 0, withoutSortOrder: 0, gamesWithout: 0, travel: 0, categories: Set<Custom.Category>(), time: 0,
            location: 0, notes: 0, confirmation: 0
        )
        for seed: UInt64 in 1...5 {
            let itinerary = try ItineraryReader.read(bytes: TripGenerator.bytes(days: 14, items: 60, seed: seed))
            let ordered = OrderedItinerary(itinerary)
            seen.rest += ordered.days.filter(\.isRest).count
            for item in itinerary.items {
                if item.sortOrder == nil { seen.withoutSortOrder += 1 }
                if item.isGame && item.sortOrder == nil { seen.gamesWithout += 1 }
                if item.travel != nil { seen.travel += 1 }
                if let custom = item.custom {
                    seen.categories.insert(custom.category)
                    if custom.time != nil { seen.time += 1 }
                    if custom.location != nil { seen.location += 1 }
                }
                if item.notes != nil { seen.notes += 1 }
                if item.confirmation != nil { seen.confirmation += 1 }
            }
        }
        #expect(seen.rest > 0)
        #expect(seen.withoutSortOrder > seen.gamesWithout)
        #expect(seen.gamesWithout > 0)
        #expect(seen.travel > 0)
        #expect(seen.categories == Set(Custom.Category.allCases))
        #expect(seen.time > 0 && seen.location > 0 && seen.notes > 0 && seen.confirmation > 0)
    }

    @Test func yearLongTripIsValidAndComesBackToCities() throws {
        let itinerary = try ItineraryReader.read(bytes: TripGenerator.bytes(days: 365, items: 5_000, seed: 2026))
        #expect(itinerary.items.count == 5_000)
        #expect(itinerary.trip.dayCount == 365)
        let checker = ConstraintChecker(itinerary)
        #expect(checker.check().isEmpty)
        let cities = checker.visits.map(\.city)
        #expect(Set(cities).count < cities.count, "a long trip revisits cities, exercising the k-th travel rule")
        #expect(itinerary.games.count > 100)
    }
}
