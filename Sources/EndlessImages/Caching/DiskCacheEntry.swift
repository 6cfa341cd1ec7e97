import EndlessDigest
import Foundation

/// The file format of one disk cache entry: a 48-byte header, then the downloaded bytes.
///
/// ```
/// 0   8  magic "EIMGv001" (format and version)
/// 8   8  payload length, little-endian UInt64
/// 16 32  SHA-256 of the payload
/// 48  …  payload
/// ```
///
/// Renames are atomic, but a crash between write and flush, a full disk or a foreign writer can
/// still leave a short or garbled file under a valid name. The length and checksum catch every
/// such entry, so it is dropped and fetched again instead of failing to decode forever.
enum DiskCacheEntry {
    static let magic = Array("EIMGv001".utf8)
    static let headerSize = 48

    /// The file contents for `payload`.
    static func encode(_ payload: Data) -> Data {
        var file = Data(capacity: headerSize + payload.count)
        file.append(contentsOf: magic)
        withUnsafeBytes(of: UInt64(payload.count).littleEndian) { file.append(contentsOf: $0) }
        file.append(contentsOf: Digest.sha256.hash(payload))
        file.append(payload)
        return file
    }

    /// The payload of `file`, or `nil` if the file is not a complete, intact entry.
    static func decode(_ file: Data) -> Data? {
        guard file.count >= headerSize else { return nil }
        let bytes = file.startIndex
        guard file[bytes..<bytes + 8].elementsEqual(magic) else { return nil }
        var length: UInt64 = 0
        for (shift, byte) in file[bytes + 8..<bytes + 16].enumerated() {
            length |= UInt64(byte) << (8 * UInt64(shift))
        }
        guard length == UInt64(file.count - headerSize) else { return nil }
        let payload = file[(bytes + headerSize)...]
        guard file[bytes + 16..<bytes + 48].elementsEqual(Digest.sha256.hash(payload)) else {
            return nil
        }
        return Data(payload)
    }
}
