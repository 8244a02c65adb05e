import Foundation

/// What a command made and no longer needs, kept until the process ends.
/// A year-long trip is some hundred thousand small objects: freeing them one
/// by one costs more than writing the Markdown did, and the exit that follows
/// returns all of the memory at once.
enum KeptUntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var values: [Any] = []

    static func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        values.append(value)
    }
}
