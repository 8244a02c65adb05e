/// A game from the catalogue: fixed in time and place.
public struct Game: Sendable, Hashable {
    public struct Team: Sendable, Hashable {
        public var abbr: String
        public var name: String
        public init(abbr: String, name: String) {
            self.abbr = abbr
            self.name = name
        }
    }

    public struct Stadium: Sendable, Hashable {
        public var name: String
        public var city: String
        public var latitude: Double
        public var longitude: Double
        public init(name: String, city: String, latitude: Double, longitude: Double) {
            self.name = name
            self.city = city
            self.latitude = latitude
            self.longitude = longitude
        }

        /// "Wrigley Field · Chicago".
        public var venue: String { name + " · " + city }
    }

    public var id: String
    public var sport: String
    public var away: Team
    public var home: Team
    public var start: Instant
    public var timeZone: Zone
    public var stadium: Stadium

    public init(id: String, sport: String, away: Team, home: Team, start: Instant, timeZone: Zone, stadium: Stadium) {
        self.id = id
        self.sport = sport
        self.away = away
        self.home = home
        self.start = start
        self.timeZone = timeZone
        self.stadium = stadium
    }

    /// "LAD @ CHC".
    public var matchup: String { away.abbr + " @ " + home.abbr }

    /// The calendar date the game starts on, in its venue's zone.
    public var localStartDate: CivilDate { timeZone.local(start).date }
}
