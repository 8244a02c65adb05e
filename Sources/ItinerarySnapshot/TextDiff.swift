/// A unified diff of two texts' lines, as `diff -u` prints it, for HTML and
/// Markdown snapshots. Lines common to both ends are set aside first; the
/// rest is compared by longest common subsequence when small enough, and
/// shown as one removed and one added block otherwise.
package enum TextDiff {
    /// The diff, and how many lines it adds or removes; nil when the texts are the same.
    package static func unified(
        _ old: String, _ new: String, oldName: String, newName: String, context: Int = 3
    ) -> (text: String, changed: Int)? {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        // Bytes, not `==`: canonically equivalent text is a change in a snapshot.
        func same(_ x: Substring, _ y: Substring) -> Bool { x.utf8.elementsEqual(y.utf8) }
        var prefix = 0
        while prefix < a.count, prefix < b.count, same(a[prefix], b[prefix]) { prefix += 1 }
        guard prefix < a.count || prefix < b.count else { return nil }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
            same(a[a.count - 1 - suffix], b[b.count - 1 - suffix])
        { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        var edits: [(Character, Substring)] = []
        if !middleA.isEmpty, !middleB.isEmpty, (middleA.count + 1) * (middleB.count + 1) <= 4_000_000 {
            // Longest common subsequence, table from the end.
            let n = middleA.count, m = middleB.count
            var table = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] =
                        same(middleA[i], middleB[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, same(middleA[i], middleB[j]) {
                    edits.append((" ", middleA[i])); i += 1; j += 1
                } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                    edits.append(("+", middleB[j])); j += 1
                } else {
                    edits.append(("-", middleA[i])); i += 1
                }
            }
        } else {
            edits = middleA.map { ("-", $0) } + middleB.map { ("+", $0) }
        }
        let before = a[max(0, prefix - context)..<prefix].map { (Character(" "), $0) }
        let after = a[(a.count - suffix)..<min(a.count, a.count - suffix + context)].map { (Character(" "), $0) }
        let lines = before + edits + after
        let oldCount = lines.filter { $0.0 != "+" }.count, newCount = lines.filter { $0.0 != "-" }.count
        let start = max(0, prefix - context) + 1
        var out = "--- \(oldName)\n+++ \(newName)\n@@ -\(start),\(oldCount) +\(start),\(newCount) @@\n"
        for (mark, line) in lines { out += String(mark) + line + "\n" }
        return (out, edits.filter { $0.0 != " " }.count)
    }
}
