import ItineraryModel

/// Why an edit was refused: nothing is written. The sentence names the item
/// or field; every sentence is written in `EditProblem+Messages.swift`.
package struct EditProblem: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable {
        case unknownItem, unknownDay, unknownNeighbour, neighbourOnOtherDay, neighbourIsItem
        case gameCannotMove, notUsersItem, invalidField
        case catalogueNotJSON, catalogueShape, catalogueGame, gameOutsideTrip
        case breaksRule, unreadableResult
        case differentTrips, differentGames, tripFieldsDiffer
    }

    package let code: Code
    /// The item the sentence is about, when there is one.
    package let itemID: String?
    /// The file the problem is in when it is not the trip's: a game schedule's name.
    package let file: String?
    /// The sentence, without the file.
    package let message: String

    init(_ code: Code, item itemID: String? = nil, file: String? = nil, _ message: String) {
        self.code = code
        self.itemID = itemID
        self.file = file
        self.message = message
    }

    package var description: String { file.map { "\($0): \(message)" } ?? message }
}
