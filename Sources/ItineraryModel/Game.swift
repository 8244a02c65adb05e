/// A game from the catalogue: fixed in time and place.
package struct Game: Sendable, Hashable {
    package struct Team: Sendable, Hashable {
        package var abbr: String
        package var name: String
        package init(abbr: String, name: String) {
            self.abbr = abbr
            self.name = name
        }
    }

    package struct Stadium: Sendable, Hashable {
        package var name: String
        package var city: String
        package var latitude: Double
        package var longitude: Double
        package init(name: String, city: String, latitude: Double, longitude: Double) {
            self.name = name
            self.city = city
            self.latitude = latitude
            self.longitude = longitude
        }

        /// "Wrigley Field · Chicago".
        package var venue: String { name + " · " + city }
    }

    package var id: String
    package var sport: String
    package var away: Team
    package var home: Team
    package var start: Instant
    package var timeZone: Zone
    package var stadium: Stadium
    /// When the schedule last changed this game (`merge-games` stamps the games it adds or changes).
    package var modifiedAt: Instant?

    package init(
        id: String, sport: String, away: Team, home: Team, start: Instant, timeZone: Zone, stadium: Stadium,
        modifiedAt: Instant? = nil
    ) {
        self.id = id
        self.sport = sport
        self.away = away
        self.home = home
        self.start = start
        self.timeZone = timeZone
        self.stadium = stadium
        self.modifiedAt = modifiedAt
    }

    /// "LAD @ CHC".
    package var matchup: String { away.abbr + " @ " + home.abbr }

    /// The calendar date the game starts on, in its venue's zone.
    package var localStartDate: CivilDate { timeZone.local(start).date }

    /// How long a game of each league lasts, in minutes: the format gives no end, and a
    /// calendar's event and a Wallet pass's time on the lock screen need one.
    package static let lengths: [String: Int] = [
        "MLB": 180, "NBA": 150, "WNBA": 120, "NHL": 150, "NFL": 195, "MLS": 120, "NWSL": 120,
    ]
    /// The length of a game of a league not in `lengths`, in minutes.
    package static let defaultLength = 180

    /// How long this game is expected to last, in minutes, by its league.
    package var expectedMinutes: Int { Self.lengths[sport.uppercased()] ?? Self.defaultLength }
}
