/// The kitty graphics protocol commands the renderer and the capability probe send.
///
/// Every command carries `q=2`, so the terminal answers nothing (the input parser would
/// swallow an answer, but there is no reason to ask for one); `C=1` keeps the cursor where
/// it is, since the renderer positions it itself.
enum KittyCommands {
    /// The probe: a 1×1 RGB image in the query action, answered `OK` by a kitty-protocol
    /// terminal and ignored by others. Its id, 31, is what the answer carries.
    static let query = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    static let queryID = 31

    /// Deletes every placement on screen; the image data stays, to be placed again.
    static let deleteAllPlacements = Array("\u{1B}_Ga=d,d=a,q=2\u{1B}\\".utf8)

    /// Deletes every placement and every image on screen, data included: for leaving.
    static let deleteAllImages = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// Places an image the terminal holds over `size` cells at the cursor.
    static func place(image: UInt32, placement: UInt32, size: Size) -> [UInt8] {
        var out = ByteWriter()
        out.append("\u{1B}_Ga=p,i=")
        out.appendDecimal(Int(image))
        out.append(",p=")
        out.appendDecimal(Int(placement))
        out.append(",c=")
        out.appendDecimal(size.width)
        out.append(",r=")
        out.appendDecimal(size.height)
        out.append(",C=1,q=2\u{1B}\\")
        return out.bytes
    }

    /// Deletes an image and its data.
    static func deleteImage(_ image: UInt32) -> [UInt8] {
        var out = ByteWriter()
        out.append("\u{1B}_Ga=d,d=I,i=")
        out.appendDecimal(Int(image))
        out.append(",q=2\u{1B}\\")
        return out.bytes
    }

    /// A graphic's transmit-and-display escape (as chafa writes it) with an image and
    /// placement id: the ids go into its first chunk, `q=2` into every chunk.
    static func transmit(_ graphic: TerminalGraphic, image: UInt32, placement: UInt32, into out: inout ByteWriter) {
        out.bytes.reserveCapacity(out.bytes.count + graphic.escape.count + 40 + 4 * graphic.chunkStarts.count)
        var start = 0
        for (index, chunk) in graphic.chunkStarts.enumerated() {
            out.bytes.append(contentsOf: graphic.escape[start..<chunk])
            if index == 0 {
                out.append("i=")
                out.appendDecimal(Int(image))
                out.append(",p=")
                out.appendDecimal(Int(placement))
                out.append(",C=1,q=2,")
            } else {
                out.append("q=2,")
            }
            start = chunk
        }
        out.bytes.append(contentsOf: graphic.escape[start...])
    }
}
