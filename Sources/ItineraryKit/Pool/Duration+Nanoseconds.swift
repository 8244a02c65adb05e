extension Duration {
    /// The whole nanoseconds of the duration (an Int64 holds 292 years of them).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
