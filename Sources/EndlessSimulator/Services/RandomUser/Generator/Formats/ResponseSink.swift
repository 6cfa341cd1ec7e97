/// Receives a response as a stream of members, in output order. The compact JSON sink writes
/// bytes directly (the hot path); the tree sink builds a `ResponseNode` for the other formats.
protocol ResponseSink {
    /// Opens an object; `key` is nil for the root object and for array elements.
    mutating func beginObject(_ key: StaticString?)
    mutating func endObject()
    /// Opens an array member.
    mutating func beginArray(_ key: StaticString)
    mutating func endArray()
    /// A string member, given as UTF-8.
    mutating func string(_ key: StaticString, _ utf8: some Collection<UInt8>)
    mutating func integer(_ key: StaticString, _ value: Int)
    /// A non-integer-safe number (a fractional `info.page`).
    mutating func number(_ key: StaticString, _ value: Double)
    mutating func null(_ key: StaticString)
    /// A key whose value is JS `undefined` (LEGO's country): JSON omits it, the other formats
    /// show it (§7).
    mutating func undefined(_ key: StaticString)
}

extension ResponseSink {
    mutating func string(_ key: StaticString, _ text: String) {
        string(key, text.utf8)
    }
}
