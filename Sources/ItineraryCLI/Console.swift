import ItineraryKit
import Foundation

/// Standard output and error, written without buffering surprises.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// The library's problem (code, location, sentence), which the commands print;
/// the reader's own, with its JSON path, is `ItineraryModel.Problem`.
typealias Problem = ItineraryKit.Problem
