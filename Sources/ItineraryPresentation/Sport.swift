/// The sport a game's league plays, for the pictogram that stands for it (a Wallet pass's icon).
/// A trip names leagues (`MLB`, `NBA`, …) in `sport`; a league this table does not know is `.other`,
/// drawn as a stadium.
package enum Sport: String, Sendable, Hashable, CaseIterable {
    case baseball, basketball, hockey, americanFootball, soccer, other

    /// The sport of a league as a trip names it (`MLB`, `wnba`), or of a sport's own English name.
    package init(league: String) {
        let name = league.trimmingCharacters(in: .whitespaces).uppercased()
        self = Self.leagues.first { $0.value.contains(name) }?.key ?? .other
    }

    /// The leagues the format's documentation names and their neighbours, by sport.
    private static let leagues: [Sport: Set<String>] = [
        .baseball: ["MLB", "MILB", "NPB", "KBO", "BASEBALL"],
        .basketball: ["NBA", "WNBA", "G LEAGUE", "EUROLEAGUE", "NCAAB", "BASKETBALL"],
        .hockey: ["NHL", "AHL", "ECHL", "KHL", "PWHL", "HOCKEY", "ICE HOCKEY"],
        .americanFootball: ["NFL", "CFL", "NCAAF", "UFL", "AMERICAN FOOTBALL"],
        .soccer: [
            "MLS", "NWSL", "USL", "EPL", "PREMIER LEAGUE", "BUNDESLIGA", "LA LIGA", "SERIE A", "LIGUE 1", "SOCCER",
        ],
    ]
}
