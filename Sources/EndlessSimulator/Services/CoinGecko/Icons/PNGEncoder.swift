/// A minimal PNG writer for the simulator's generated icons: 8-bit RGBA, no filtering, the
/// image data in stored (uncompressed) deflate blocks. Any PNG decoder reads it; an icon of
/// 128 × 128 is 64 KiB, served over loopback.
enum PNGEncoder {
    /// The PNG file of an RGBA image.
    /// - Parameters:
    ///   - width: pixels across, at least 1.
    ///   - height: pixels down, at least 1.
    ///   - rgba: `width × height × 4` bytes, rows top to bottom.
    /// - Returns: the file's bytes.
    static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA bytes do not match the size")
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        for row in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: rgba[(row * width * 4)..<((row + 1) * width * 4)])
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, into: &file)
        chunk("IDAT", zlibStored(raw), into: &file)
        chunk("IEND", [], into: &file)
        return file
    }

    /// A zlib stream of stored blocks (at most 65,535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            output.append(isLast ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        output += bigEndian(b << 16 | a)
        return output
    }

    private static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        file += bigEndian(UInt32(data.count))
        file += typeBytes
        file += data
        file += bigEndian(crc32(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static let crcTable: [UInt32] = (0..<256).map { (index: UInt32) in
        var value = index
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC-32 PNG chunks carry.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
