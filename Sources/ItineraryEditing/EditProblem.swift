import ItineraryModel

/// Why an edit was refused: nothing is written. The sentence names the item
/// or field; every sentence is written in `EditProblem+Messages.swift`.
public struct EditProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case unknownItem, unknownDay, unknownNeighbour, neighbourOnOtherDay, neighbourIsItem
        case gameCannotMove, notUsersItem, invalidField
        case catalogueNotJSON, catalogueShape, catalogueGame, gameOutsideTrip
        case breaksRule, unreadableResult
        case differentTrips, differentGames, tripFieldsDiffer
    }

    public let code: Code
    /// The item the sentence is about, when there is one.
    public let itemID: String?
    public let message: String

    init(_ code: Code, item itemID: String? = nil, _ message: String) {
        self.code = code
        self.itemID = itemID
        self.message = message
    }

    public var description: String { message }
}
