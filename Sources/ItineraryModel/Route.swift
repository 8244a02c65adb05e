/// A place on the route: a stadium or a custom item's location.
package struct RouteStop: Sendable, Hashable {
    package let latitude: Double
    package let longitude: Double
    /// The city for a stadium; the item's title for a custom place.
    package let label: String
    /// "Wrigley Field · Chicago" for a stadium; the item's title for a custom place.
    package let name: String
    package let city: String?
    package let day: Int
    /// The id of the item the stop comes from.
    package let itemID: String
}

extension Day {
    /// The day's own stops, for a day sheet.
    package var route: [RouteStop] {
        OrderedItinerary.route(of: entries)
    }
}

extension OrderedItinerary {
    /// Everything with coordinates in itinerary order; consecutive stops at the same point merge.
    package var route: [RouteStop] {
        Self.route(of: entries)
    }

    static func route(of entries: [Entry]) -> [RouteStop] {
        var stops: [RouteStop] = []
        for entry in entries {
            let stop: RouteStop
            if let game = entry.game {
                stop = RouteStop(
                    latitude: game.stadium.latitude, longitude: game.stadium.longitude,
                    label: game.stadium.city, name: game.stadium.venue, city: game.stadium.city, day: entry.item.day,
                    itemID: entry.item.id)
            } else if let custom = entry.item.custom, let place = custom.location {
                stop = RouteStop(
                    latitude: place.latitude, longitude: place.longitude,
                    label: custom.title, name: custom.title, city: nil, day: entry.item.day, itemID: entry.item.id)
            } else {
                continue
            }
            if let last = stops.last, last.latitude == stop.latitude, last.longitude == stop.longitude { continue }
            stops.append(stop)
        }
        return stops
    }
}
