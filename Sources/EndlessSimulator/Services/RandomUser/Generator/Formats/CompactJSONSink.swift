/// Writes compact JSON (`JSON.stringify` without spacing) straight into a byte buffer.
struct CompactJSONSink: ResponseSink, ~Copyable {
    var output: ByteWriter
    /// Whether the next member needs a comma before it; one flag is enough because every open
    /// and close resets it.
    private var needsComma = false

    init(capacity: Int) {
        output = ByteWriter(capacity: capacity)
    }

    /// The body written so far; the sink is consumed.
    consuming func makeBody() -> [UInt8] {
        output.makeArray()
    }

    /// `,"key":` (the comma only after a member), reserving room for `extra` value bytes too.
    @inline(__always)
    private mutating func key(_ key: StaticString?, reserving extra: Int = 0) {
        let keyLength = key?.utf8CodeUnitCount ?? 0
        output.reserve(keyLength + 4 + extra)
        if needsComma {
            output.put(UInt8(ascii: ","))
        }
        needsComma = true
        if let key {
            output.put(UInt8(ascii: "\""))
            key.withUTF8Buffer { name in
                for byte in name { output.put(byte) }
            }
            output.put(UInt8(ascii: "\""))
            output.put(UInt8(ascii: ":"))
        }
    }

    mutating func beginObject(_ key: StaticString?) {
        self.key(key, reserving: 1)
        output.put(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        output.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray(_ key: StaticString) {
        self.key(key, reserving: 1)
        output.put(UInt8(ascii: "["))
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
            let bytes = Array(utf8)
            bytes.withUnsafeBufferPointer { output.appendJSONString($0) }
        }
    }

    mutating func plainString(_ key: StaticString, _ utf8: UnsafeBufferPointer<UInt8>) {
        self.key(key)
        output.appendQuoted(utf8)
    }

    mutating func string(_ key: StaticString, from table: StringTable, _ index: Int) {
        self.key(key)
        if table.isJSONPlain {
            table.withUTF8(index) { output.appendQuoted($0) }
        } else {
            table.withUTF8(index) { output.appendJSONString($0) }
        }
    }

    mutating func integer(_ key: StaticString, _ value: Int) {
        self.key(key)
        output.append(number: value)
    }

    mutating func number(_ key: StaticString, _ value: Double) {
        self.key(key)
        if value.isFinite, value == value.rounded(), value.magnitude < 1e15 {
            output.append(number: Int(value))
        } else if value.isFinite {
            output.append(contentsOf: JSNumber.string(value).utf8)
        } else {
            output.append("null")
        }
    }

    mutating func null(_ key: StaticString) {
        self.key(key, reserving: 4)
        output.append("null")
    }

    mutating func undefined(_ key: StaticString) {
        // JSON.stringify drops members whose value is undefined.
    }
}
