/// Receives a response as a stream of members, in output order. The compact JSON sink writes
/// bytes directly (the hot path, noncopyable because it owns its buffer); the tree sink
/// builds a `ResponseNode` for the other formats.
protocol ResponseSink: ~Copyable {
    /// Opens an object; `key` is nil for the root object and for array elements.
    mutating func beginObject(_ key: StaticString?)
    mutating func endObject()
    /// Opens an array member.
    mutating func beginArray(_ key: StaticString)
    mutating func endArray()
    /// A string member, given as UTF-8.
    mutating func string(_ key: StaticString, _ utf8: some Collection<UInt8>)
    /// A string member the encoder composed itself from text that needs no JSON escaping
    /// (digits, hex, dates, URLs and list entries checked at load): a sink may copy it as is.
    mutating func plainString(_ key: StaticString, _ utf8: UnsafeBufferPointer<UInt8>)
    /// A string member taken from entry `index` of a list.
    mutating func string(_ key: StaticString, from table: StringTable, _ index: Int)
    mutating func integer(_ key: StaticString, _ value: Int)
    /// A non-integer-safe number (a fractional `info.page`).
    mutating func number(_ key: StaticString, _ value: Double)
    mutating func null(_ key: StaticString)
    /// A key whose value is JS `undefined` (LEGO's country): JSON omits it, the other formats
    /// show it (§7).
    mutating func undefined(_ key: StaticString)
}

extension ResponseSink where Self: ~Copyable {
    mutating func string(_ key: StaticString, _ text: String) {
        string(key, text.utf8)
    }

    mutating func plainString(_ key: StaticString, _ utf8: UnsafeBufferPointer<UInt8>) {
        string(key, utf8)
    }

    mutating func string(_ key: StaticString, from table: StringTable, _ index: Int) {
        string(key, table.utf8(index))
    }

    /// ``plainString(_:_:)`` for bytes in an array.
    mutating func plainString(_ key: StaticString, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { plainString(key, $0) }
    }
}
