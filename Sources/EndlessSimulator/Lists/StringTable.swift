/// One loaded list, stored as a single UTF-8 byte pool with end offsets: cheap to load, to pick
/// from and to copy into a JSON body.
struct StringTable: Sendable {
    private let pool: [UInt8]
    private let ends: [Int]
    /// No entry holds a byte JSON must escape (`"`, `\`, controls): the official lists, and
    /// most others, so a JSON body copies their entries as they are.
    let isJSONPlain: Bool

    init(_ entries: [String]) {
        var pool: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(entries.count)
        for entry in entries {
            pool.append(contentsOf: entry.utf8)
            ends.append(pool.count)
        }
        self.pool = pool
        self.ends = ends
        isJSONPlain = !pool.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    var count: Int { ends.count }

    /// The UTF-8 bytes of entry `index`.
    func utf8(_ index: Int) -> ArraySlice<UInt8> {
        pool[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// Calls `body` with the UTF-8 bytes of entry `index`, without copying them.
    @inline(__always)
    func withUTF8<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        let end = ends[index]
        return try pool.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Entry `index` as a `String`.
    func string(_ index: Int) -> String {
        String(decoding: utf8(index), as: UTF8.self)
    }
}
