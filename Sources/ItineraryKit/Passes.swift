import Foundation
import ItineraryPass
import ItineraryPresentation
import ItinerarySigning

/// What only Wallet passes read: the game asked for and who signs.
package struct PassOptions: Sendable {
    var game: String?
    var identity: SigningIdentity?
}

extension RenderOptions {
    /// Refuses a pass identity whose certificate is not a Pass Type ID certificate (no UID or OU).
    func checkPasses() throws(Problem) {
        if let identity = passIdentity, identity.passIssuer == nil {
            throw PassProblems.notAPassCertificate(identity.name)
        }
    }

    /// The game whose Wallet pass `pkpass` and `pkpasses` make, by its id; nil: every game's.
    public var game: String? {
        get { passes.game }
        set { passes.game = newValue }
    }

    /// Signs Wallet passes (`pkpass`, `pkpasses`): the app's Pass Type ID certificate, whose subject's UID
    /// is the pass type identifier and OU the team identifier, then Apple's WWDR intermediate, and its key.
    public var passIdentity: SigningIdentity? {
        get { passes.identity }
        set { passes.identity = newValue }
    }
}

extension Problem.Code {
    /// A trip without a game asked for Wallet passes: there is no pass to make.
    public static let noGames = Problem.Code(rawValue: "noGames")
}

extension CheckedTrip {
    /// Each game's id, in the trip's order, and the name its Wallet pass's file is given after the trip's
    /// (`nba-2026-03-08-orl-mil`: the id as a file name, unique in the trip): the order in which
    /// `render(.pkpass)` gives the passes, one a game.
    public var passNames: [(game: String, name: String)] {
        var taken: Set<String> = []
        return ordered.days.flatMap(\.entries).compactMap(\.game).map { game in
            let stem = Self.fileStem(game.id)
            var name = stem == "trip" ? "game" : stem, number = 1
            while !taken.insert(name).inserted {
                number += 1
                name = (stem == "trip" ? "game" : stem) + "-\(number)"
            }
            return (game.id, name)
        }
    }

    /// The passes of `pkpass` (one a game, or the one of `options.game`), or the bundle of `pkpasses`.
    func passes(_ trip: PresentedTrip, options: RenderOptions, bundle: Bool) throws(Problem) -> [[UInt8]] {
        guard let identity = options.passIdentity else { throw PassProblems.noIdentity() }
        guard let issuer = identity.passIssuer else { throw PassProblems.notAPassCertificate(identity.name) }
        let theme = options.theme
        let design = PassDocument.Design(
            organizationName: theme?.name ?? PassDocument.Design.builtIn.organizationName,
            palette: theme?.look.palette ?? .builtIn, hasLogo: theme?.look.logo != nil)
        var passes = PassDocument.passes(
            trip,
            issuer: PassDocument.Issuer(
                passTypeIdentifier: issuer.passTypeIdentifier, teamIdentifier: issuer.teamIdentifier),
            design: design)
        let names = Dictionary(passNames.map { ($0.game, $0.name) }, uniquingKeysWith: { first, _ in first })
        if let game = options.game {
            passes = passes.filter { $0.gameID == game }
            guard !passes.isEmpty else { throw PassProblems.unknownGame(game, in: passNames.map(\.game)) }
        }
        guard !passes.isEmpty else { throw PassProblems.noGames() }
        var pictures: [Sport: [PassPackage.File]] = [:]
        var files: [PassPackage.File] = []
        do throws(PassPackage.Failure) {
            for pass in passes {
                let sport = Sport(league: pass.league)
                let art: [PassPackage.File]
                if let drawn = pictures[sport] {
                    art = drawn
                } else {
                    art = try PassPictures.files(
                        sport: sport, design: design, logo: theme?.look.logo, font: theme?.font)
                    pictures[sport] = art
                }
                let bytes = try PassPackage.pkpass([("pass.json", pass.json)] + art) {
                    manifest throws(PassPackage.Failure) in
                    do throws(SigningFailure) {
                        return try identity.passSignature(of: manifest)
                    } catch {
                        throw PassPackage.Failure(error.description)
                    }
                }
                files.append((fileStem + "-" + (names[pass.gameID] ?? "game") + ".pkpass", bytes))
            }
            return bundle ? [try PassPackage.zip(files)] : files.map(\.bytes)
        } catch {
            throw Problem(code: .renderFailed, "cannot make the Wallet pass: \(error.description)")
        }
    }
}

/// Every sentence about a Wallet pass that cannot be made.
enum PassProblems {
    static func noIdentity() -> Problem {
        Problem(
            code: .badOption, location: "passIdentity",
            "a Wallet pass is signed with the app's Pass Type ID certificate and key; none was given.")
    }

    static func notAPassCertificate(_ name: String) -> Problem {
        Problem(
            code: .badSigningIdentity, location: "passIdentity",
            "the certificate (\(name)) is not a Pass Type ID certificate: its subject needs the pass type "
                + "identifier as its UID and the team identifier as its OU.")
    }

    static func unknownGame(_ game: String, in games: [String]) -> Problem {
        let list = games.prefix(20).map { "\"\($0.shownInMessage)\"" }.joined(separator: ", ")
        return Problem(
            code: .badOption, location: "game",
            "the trip has no game \"\(game.shownInMessage)\""
                + (games.isEmpty ? "." : "; its games are \(list)\(games.count > 20 ? ", …" : "")."))
    }

    static func noGames() -> Problem {
        Problem(code: .noGames, "the trip has no game, so there is no Wallet pass to make.")
    }
}
