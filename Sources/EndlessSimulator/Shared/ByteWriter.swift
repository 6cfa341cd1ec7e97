/// A growable byte buffer written through a raw pointer: the generator's response bodies.
///
/// ``TextBuffer`` appends to an `Array`, which checks uniqueness and capacity on every byte;
/// a body of 5,000 users is some six million appends, and those checks were a fifth of the
/// generation time. This buffer reserves once per value and then stores bytes directly. It
/// is noncopyable, so there is exactly one owner of its memory: no copy can alias it, and it
/// is freed when that owner is done (or turned into an array with ``makeArray()``).
struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `extra` more bytes, so the unchecked writes after it stay in bounds.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Writes one byte; room must have been reserved.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        put(byte)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    mutating func append(contentsOf bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { append($0) }
        guard done == nil else { return }
        reserve(bytes.count)
        for byte in bytes { put(byte) }
    }

    /// The decimal form of `value` (JS `String(n)` for integers).
    mutating func append(number value: Int) {
        reserve(20)
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var digits = 0
        var probe = magnitude
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        var position = count + digits - 1
        while magnitude > 0 {
            base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            position -= 1
        }
        count += digits
    }

    /// `utf8` as a JSON string the way `JSON.stringify` writes it (see
    /// ``TextBuffer/appendJSONString(_:)``), quotes included.
    mutating func appendJSONString(_ utf8: UnsafeBufferPointer<UInt8>) {
        var needsEscape = false
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            needsEscape = true
            break
        }
        guard needsEscape else { return appendQuoted(utf8) }
        var escaped = TextBuffer(capacity: utf8.count + 8)
        escaped.appendJSONString(utf8)
        escaped.bytes.withUnsafeBufferPointer { append($0) }
    }

    /// `"` + `utf8` + `"`, for text known to need no escaping.
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count + 2)
        put(UInt8(ascii: "\""))
        if utf8.count <= 24 {
            // Most values are a few bytes: a loop beats a call to memmove.
            for byte in utf8 { put(byte) }
        } else if let source = utf8.baseAddress {
            (base + count).update(from: source, count: utf8.count)
            count += utf8.count
        }
        put(UInt8(ascii: "\""))
    }

    /// The bytes written, as an array; the buffer is consumed.
    consuming func makeArray() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }
}
