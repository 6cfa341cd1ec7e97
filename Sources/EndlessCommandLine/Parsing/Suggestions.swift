/// "Did you mean" for mistyped options and commands.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a likely typo: within
    /// an edit distance of a third of its length (at least 2), or a candidate that starts
    /// with the word (`--res` → `--results`). Ties go to the first candidate, so the result
    /// is the same in every run.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if lowered.count >= 2, let prefixed = candidates.first(where: { $0.hasPrefix(lowered) }) {
            return prefixed
        }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, best.candidate.count / 3) else { return nil }
        return best.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours each cost 1 (`--resluts` is one edit from `--results`).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
