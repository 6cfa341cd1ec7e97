/// Which glyphs may draw ink outside their cell.
///
/// A terminal draws each cell's glyph from the font, and many glyphs of complex scripts are
/// wider or deeper than a monospace cell: in xterm with DejaVu Sans Mono the tail of Arabic
/// reh (ر) reaches into the cell on its left and below the row. When the terminal later
/// writes one cell, it clears that cell's rectangle only, so ink a former neighbour left
/// there stays: a diff that rewrites "Mr رضا" as "Mr Sondre" from the fourth column leaves a
/// mark like a cedilla in front of the S (seen once in xterm after scrolling past Persian
/// names, and reproduced under Xvfb). The renderer therefore repaints the rows around a
/// changed cell that held such a glyph (see ``FrameRenderer``).
///
/// The classification is by script, not by font: combining marks, Hebrew, Arabic, Syriac,
/// Thaana, N'Ko, the Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer, their presentation
/// forms, and emoji (drawn from fallback fonts at their own size).
enum GlyphOverflow {
    /// Whether any scalar of `grapheme` may draw outside its cell.
    static func mayOverflow(_ grapheme: String) -> Bool {
        for scalar in grapheme.unicodeScalars where mayOverflow(scalar.value) { return true }
        return false
    }

    static func mayOverflow(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x300: return false
        case 0x300...0x36F: return true  // combining diacritical marks
        case 0x370..<0x590: return false  // Greek, Cyrillic, Armenian
        case 0x590...0x109F: return true  // Hebrew … Myanmar
        case 0x1780...0x17FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF: return true
        case 0xFB1D...0xFDFF, 0xFE20...0xFE2F, 0xFE70...0xFEFF: return true  // presentation forms, half marks
        case 0x1F000...0x1FAFF: return true  // emoji and pictographs
        default: return false
        }
    }
}
