import ItineraryPresentation

/// What a laid-out box is: a trip's name, a game's time, a card, a map's land.
/// The PDF's structure tagger decides by it which element a text is (H1, H2, H3,
/// P, a table's cell) and the order a block's texts are read in, so a new role
/// must be decided there; the text snapshot prints its raw value.
package enum Role: String, Sendable, CaseIterable {
    // MARK: The title and headings

    /// The trip's name: the book's title, or the small kicker above a heading.
    case tripName = "trip-name"
    /// The trip's dates under its name.
    case dateRange = "date-range"
    /// The trip's summary line under its dates.
    case summary
    /// A theme's logo in the title band.
    case logo
    /// A day's heading.
    case dayHeader = "day-header"
    /// A part's heading (the bookings).
    case partHeader = "part-header"
    /// A sentence saying a part has nothing to show.
    case notice

    // MARK: A calendar feed

    /// What scanning the feed's QR code does.
    case subscribeScan = "subscribe-scan"
    /// The feed's URL beside its QR code.
    case subscribeURL = "subscribe-url"

    // MARK: Rows

    /// A game's card, behind its texts.
    case gameCard = "game-card"
    /// A game's sport, on its badge.
    case sport
    /// The pill behind a game's sport.
    case sportBadge = "sport-badge"
    /// A game's "away @ home".
    case matchup
    /// A game's teams' full names.
    case teams
    case venue
    /// A game's or a custom item's time.
    case time
    /// A travel row's band, behind its texts.
    case travelRow = "travel-row"
    /// The bar along a travel row's edge.
    case goldAccent = "gold-accent"
    /// A travel row's line: from, to, distance, duration.
    case travel
    /// A travel row's mode ("DRIVE").
    case mode
    /// A custom item's title.
    case title
    case address
    /// A booking's confirmation line.
    case confirmation
    case notes
    /// A rest day's text and its dashed frame.
    case rest

    // MARK: The bookings table

    /// A table's cell, in its header row or a booking's row.
    case cell
    /// The tinted band behind a table's header row.
    case tableBand = "table-band"

    // MARK: A route map

    /// The route panel's fill.
    case route
    /// The panel's outline.
    case routeEdge = "route-edge"
    /// The plain strip over the map under the panel's top row.
    case routeHeader = "route-header"
    /// "ROUTE · 5 STOPS" in the panel's top row.
    case routeCaption = "route-caption"
    /// A day's name beside its colour in the panel's top row.
    case dayLegend = "day-legend"
    /// "Start" or "End" beside its dot in the panel's top row.
    case legend
    /// The first stop's marker.
    case startMarker = "start-marker"
    /// The last stop's marker, or the ring around a round trip's start.
    case endMarker = "end-marker"
    /// Any other stop's marker.
    case marker
    /// The stop numbers on a marker.
    case markerNumber = "marker-number"
    /// A city's name on the map.
    case mapLabel = "map-label"
    /// The patch behind a city's name that keeps it readable.
    case labelBacking = "label-backing"
    /// The scale bar's distance.
    case scaleBar = "scale-bar"
    case land
    /// Water inside land: lakes, ponds.
    case water
    case stateBorders = "state-borders"
    case countryBorders = "country-borders"

    // MARK: Running header and footer

    /// A theme's paper under the whole page.
    case paper
    /// A theme's small logo in the running header.
    case headerLogo = "header-logo"
    /// The trip's name in the book's running header.
    case headerTrip = "header-trip"
    /// The trip's name in the footer.
    case footerTrip = "footer-trip"
    /// "Page 2 of 5" in the footer.
    case footerPage = "footer-page"
}

extension Role {
    /// A map layer's role.
    package init(_ kind: Basemap.Kind) {
        switch kind {
        case .land: self = .land
        case .water: self = .water
        case .stateBorder: self = .stateBorders
        case .countryBorder: self = .countryBorders
        }
    }
}
