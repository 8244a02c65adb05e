import Synchronization

/// Large trees a run has finished with: the parsed JSON document, the web
/// view, the documents made. A year-long trip is a few hundred thousand
/// small objects; freeing them one by one costs more than writing the
/// Markdown did. A command-line run, which exits right after writing,
/// turns `keepsUntilExit` on and lets the exit return all of the memory at
/// once; anything else (the tests, a library user) frees them as usual.
public enum Leftovers {
    private static let kept = Mutex<(isOn: Bool, values: [Any])>((false, []))

    /// Whether `drop` keeps what it is given until the process ends.
    public static var keepsUntilExit: Bool {
        get { kept.withLock { $0.isOn } }
        set { kept.withLock { $0.isOn = newValue } }
    }

    /// Done with `value`: kept until exit when that is on, freed now otherwise.
    public static func drop(_ value: Any) {
        // Only the lock's holder touches the list.
        nonisolated(unsafe) let value = value
        kept.withLock { state in
            if state.isOn { state.values.append(value) }
        }
    }
}
