/// One loaded list, stored as a single UTF-8 byte pool with end offsets: cheap to load, to pick
/// from and to copy into a JSON body.
struct StringTable: Sendable {
    private let pool: [UInt8]
    private let ends: [Int]

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
    }

    var count: Int { ends.count }

    /// The UTF-8 bytes of entry `index`.
    func utf8(_ index: Int) -> ArraySlice<UInt8> {
        pool[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// Entry `index` as a `String`.
    func string(_ index: Int) -> String {
        String(decoding: utf8(index), as: UTF8.self)
    }
}
