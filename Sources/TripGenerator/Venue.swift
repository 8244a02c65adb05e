/// A home team and where it plays: the places the generated trips visit.
struct Venue {
    let sport: String
    let abbr: String
    let team: String
    let stadium: String
    let city: String
    let latitude: Double
    let longitude: Double
    let timeZone: String

    static let all: [Venue] = [
        Venue(
            sport: "MLB", abbr: "CHC", team: "Chicago Cubs", stadium: "Wrigley Field", city: "Chicago",
            latitude: 41.9484, longitude: -87.6553, timeZone: "America/Chicago"),
        Venue(
            sport: "NBA", abbr: "CHI", team: "Chicago Bulls", stadium: "United Center", city: "Chicago",
            latitude: 41.8807, longitude: -87.6742, timeZone: "America/Chicago"),
        Venue(
            sport: "NHL", abbr: "DET", team: "Detroit Red Wings", stadium: "Little Caesars Arena", city: "Detroit",
            latitude: 42.3411, longitude: -83.0553, timeZone: "America/Detroit"),
        Venue(
            sport: "MLB", abbr: "DET", team: "Detroit Tigers", stadium: "Comerica Park", city: "Detroit",
            latitude: 42.3390, longitude: -83.0485, timeZone: "America/Detroit"),
        Venue(
            sport: "NBA", abbr: "MIL", team: "Milwaukee Bucks", stadium: "Fiserv Forum", city: "Milwaukee",
            latitude: 43.0451, longitude: -87.9172, timeZone: "America/Chicago"),
        Venue(
            sport: "MLB", abbr: "MIL", team: "Milwaukee Brewers", stadium: "American Family Field", city: "Milwaukee",
            latitude: 43.0280, longitude: -87.9712, timeZone: "America/Chicago"),
        Venue(
            sport: "MLB", abbr: "NYY", team: "New York Yankees", stadium: "Yankee Stadium", city: "New York",
            latitude: 40.8296, longitude: -73.9262, timeZone: "America/New_York"),
        Venue(
            sport: "NBA", abbr: "NYK", team: "New York Knicks", stadium: "Madison Square Garden", city: "New York",
            latitude: 40.7505, longitude: -73.9934, timeZone: "America/New_York"),
        Venue(
            sport: "MLB", abbr: "BOS", team: "Boston Red Sox", stadium: "Fenway Park", city: "Boston",
            latitude: 42.3467, longitude: -71.0972, timeZone: "America/New_York"),
        Venue(
            sport: "NHL", abbr: "BOS", team: "Boston Bruins", stadium: "TD Garden", city: "Boston", latitude: 42.3662,
            longitude: -71.0621, timeZone: "America/New_York"),
        Venue(
            sport: "NHL", abbr: "TOR", team: "Toronto Maple Leafs", stadium: "Scotiabank Arena", city: "Toronto",
            latitude: 43.6435, longitude: -79.3791, timeZone: "America/Toronto"),
        Venue(
            sport: "MLB", abbr: "TOR", team: "Toronto Blue Jays", stadium: "Rogers Centre", city: "Toronto",
            latitude: 43.6414, longitude: -79.3894, timeZone: "America/Toronto"),
        Venue(
            sport: "NHL", abbr: "MTL", team: "Montréal Canadiens", stadium: "Centre Bell", city: "Montréal",
            latitude: 45.4961, longitude: -73.5693, timeZone: "America/Toronto"),
        Venue(
            sport: "MLB", abbr: "PHI", team: "Philadelphia Phillies", stadium: "Citizens Bank Park",
            city: "Philadelphia", latitude: 39.9061, longitude: -75.1665, timeZone: "America/New_York"),
        Venue(
            sport: "MLB", abbr: "PIT", team: "Pittsburgh Pirates", stadium: "PNC Park", city: "Pittsburgh",
            latitude: 40.4469, longitude: -80.0057, timeZone: "America/New_York"),
        Venue(
            sport: "MLB", abbr: "CLE", team: "Cleveland Guardians", stadium: "Progressive Field", city: "Cleveland",
            latitude: 41.4962, longitude: -81.6852, timeZone: "America/New_York"),
        Venue(
            sport: "MLB", abbr: "CIN", team: "Cincinnati Reds", stadium: "Great American Ball Park", city: "Cincinnati",
            latitude: 39.0979, longitude: -84.5082, timeZone: "America/New_York"),
        Venue(
            sport: "MLB", abbr: "STL", team: "St. Louis Cardinals", stadium: "Busch Stadium", city: "St. Louis",
            latitude: 38.6226, longitude: -90.1928, timeZone: "America/Chicago"),
        Venue(
            sport: "MLB", abbr: "MIN", team: "Minnesota Twins", stadium: "Target Field", city: "Minneapolis",
            latitude: 44.9817, longitude: -93.2776, timeZone: "America/Chicago"),
        Venue(
            sport: "MLB", abbr: "KC", team: "Kansas City Royals", stadium: "Kauffman Stadium", city: "Kansas City",
            latitude: 39.0517, longitude: -94.4803, timeZone: "America/Chicago"),
        Venue(
            sport: "NBA", abbr: "DAL", team: "Dallas Mavericks", stadium: "American Airlines Center", city: "Dallas",
            latitude: 32.7905, longitude: -96.8103, timeZone: "America/Chicago"),
        Venue(
            sport: "MLB", abbr: "HOU", team: "Houston Astros", stadium: "Minute Maid Park", city: "Houston",
            latitude: 29.7573, longitude: -95.3555, timeZone: "America/Chicago"),
        Venue(
            sport: "MLB", abbr: "ATL", team: "Atlanta Braves", stadium: "Truist Park", city: "Atlanta",
            latitude: 33.8907, longitude: -84.4677, timeZone: "America/New_York"),
        Venue(
            sport: "NBA", abbr: "MIA", team: "Miami Heat", stadium: "Kaseya Center", city: "Miami", latitude: 25.7814,
            longitude: -80.1870, timeZone: "America/New_York"),
        Venue(
            sport: "MLB", abbr: "COL", team: "Colorado Rockies", stadium: "Coors Field", city: "Denver",
            latitude: 39.7559, longitude: -104.9942, timeZone: "America/Denver"),
        Venue(
            sport: "MLB", abbr: "ARI", team: "Arizona Diamondbacks", stadium: "Chase Field", city: "Phoenix",
            latitude: 33.4455, longitude: -112.0667, timeZone: "America/Phoenix"),
        Venue(
            sport: "MLB", abbr: "LAD", team: "Los Angeles Dodgers", stadium: "Dodger Stadium", city: "Los Angeles",
            latitude: 34.0739, longitude: -118.2400, timeZone: "America/Los_Angeles"),
        Venue(
            sport: "NBA", abbr: "LAL", team: "Los Angeles Lakers", stadium: "Crypto.com Arena", city: "Los Angeles",
            latitude: 34.0430, longitude: -118.2673, timeZone: "America/Los_Angeles"),
        Venue(
            sport: "MLB", abbr: "SF", team: "San Francisco Giants", stadium: "Oracle Park", city: "San Francisco",
            latitude: 37.7786, longitude: -122.3893, timeZone: "America/Los_Angeles"),
        Venue(
            sport: "MLB", abbr: "SEA", team: "Seattle Mariners", stadium: "T-Mobile Park", city: "Seattle",
            latitude: 47.5914, longitude: -122.3325, timeZone: "America/Los_Angeles"),
        Venue(
            sport: "NHL", abbr: "VAN", team: "Vancouver Canucks", stadium: "Rogers Arena", city: "Vancouver",
            latitude: 49.2778, longitude: -123.1089, timeZone: "America/Vancouver"),
        Venue(
            sport: "NHL", abbr: "CGY", team: "Calgary Flames", stadium: "Scotiabank Saddledome", city: "Calgary",
            latitude: 51.0374, longitude: -114.0519, timeZone: "America/Edmonton"),
        Venue(
            sport: "MLS", abbr: "SEA", team: "Seattle Sounders", stadium: "Lumen Field", city: "Seattle",
            latitude: 47.5952, longitude: -122.3316, timeZone: "America/Los_Angeles"),
        Venue(
            sport: "MLS", abbr: "POR", team: "Portland Timbers", stadium: "Providence Park", city: "Portland",
            latitude: 45.5215, longitude: -122.6917, timeZone: "America/Los_Angeles"),
        Venue(
            sport: "NFL", abbr: "DEN", team: "Denver Broncos", stadium: "Empower Field at Mile High", city: "Denver",
            latitude: 39.7439, longitude: -105.0201, timeZone: "America/Denver"),
        Venue(
            sport: "NFL", abbr: "KC", team: "Kansas City Chiefs", stadium: "GEHA Field at Arrowhead Stadium",
            city: "Kansas City", latitude: 39.0489, longitude: -94.4839, timeZone: "America/Chicago"),
    ]

    static let cities: [String] = {
        var seen: [String] = []
        for venue in all where !seen.contains(venue.city) { seen.append(venue.city) }
        return seen
    }()
}
