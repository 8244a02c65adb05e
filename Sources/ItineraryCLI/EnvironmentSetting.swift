extension [String: String] {
    /// A flag's value, else this environment's variable `name` unless it is empty: how `serve` (and the flags it
    /// shares with `render`) reads a file or URL setting.
    func setting(_ flag: String?, _ name: String) -> String? {
        flag ?? self[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
