/// The JSON error bodies the service writes itself, `{"error":"…"}`, compact and escaped
/// exactly like the live service's (the generator's `JSON.stringify` rules).
enum ErrorBody {
    /// `{"error":"<message>"}` as bytes.
    static func json(_ message: String) -> [UInt8] {
        var buffer = TextBuffer(capacity: message.utf8.count + 16)
        buffer.append("{\"error\":")
        buffer.appendJSONString(message.utf8)
        buffer.append(UInt8(ascii: "}"))
        return buffer.bytes
    }
}
