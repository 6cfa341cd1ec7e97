/// Writes compact JSON (`JSON.stringify` without spacing) straight into a byte buffer.
struct CompactJSONSink: ResponseSink {
    var output: TextBuffer
    /// Whether the next member needs a comma before it; one flag is enough because every open
    /// and close resets it.
    private var needsComma = false

    init(capacity: Int) {
        output = TextBuffer(capacity: capacity)
    }

    private mutating func key(_ key: StaticString?) {
        if needsComma {
            output.append(UInt8(ascii: ","))
        }
        needsComma = true
        if let key {
            output.append(UInt8(ascii: "\""))
            output.append(key)
            output.append("\":")
        }
    }

    mutating func beginObject(_ key: StaticString?) {
        self.key(key)
        output.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        output.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray(_ key: StaticString) {
        self.key(key)
        output.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        output.append(UInt8(ascii: "]"))
        needsComma = true
    }

    mutating func string(_ key: StaticString, _ utf8: some Collection<UInt8>) {
        self.key(key)
        // Contiguous bytes (arrays, slices, native strings) are scanned and copied in bulk.
        let done: Void? = utf8.withContiguousStorageIfAvailable { output.appendJSONString($0) }
        if done == nil {
            output.appendJSONString(utf8)
        }
    }

    mutating func integer(_ key: StaticString, _ value: Int) {
        self.key(key)
        output.append(number: value)
    }

    mutating func number(_ key: StaticString, _ value: Double) {
        self.key(key)
        output.appendJSONNumber(value)
    }

    mutating func null(_ key: StaticString) {
        self.key(key)
        output.append("null")
    }

    mutating func undefined(_ key: StaticString) {
        // JSON.stringify drops members whose value is undefined.
    }
}
